import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'

/**
 * Every golden log of tests/replay, opened as a local file in the developers' timeline
 * (devtools.html), replays IDENTICAL in the browser under this build, as it does in Node (the
 * replay stage): the in-browser check (docs/timeline.md) reads the file the same way, so a log
 * that holds "[redacted]" where the player typed a secret drives the actors there as it did live.
 */
const kit = useBrowser()
const dir = path.resolve(import.meta.dirname, '../replay')
const goldens = readdirSync(dir).filter((f) => f.endsWith('.ndjson')).sort()

describe('the golden logs in the timeline', () => {
  it('finds the golden logs, those with secrets among them', () => {
    expect(goldens).toEqual(expect.arrayContaining(['boot-default-site.ndjson', 'music.ndjson', 'session-flow.ndjson', 'secrets-account.ndjson', 'secrets-game-phone.ndjson']))
  })

  it.each(goldens)('%s replays IDENTICAL in the browser', async (name) => {
    const file = path.join(dir, name)
    const records = readFileSync(file, 'utf8').trim().split('\n').length - 1
    const { page, errors } = await kit.open('desktop')
    await page.goto(`${kit.hallUrl}/devtools.html`)
    await page.getByLabel('Log file').setInputFiles(file)
    await page.getByRole('listbox', { name: 'Records' }).waitFor()
    await page.getByRole('button', { name: 'Check replay against this build' }).click()
    const report = page.getByRole('status', { name: 'Divergence report' })
    await report.waitFor()
    expect(await report.textContent()).toContain(`IDENTICAL: ${records.toLocaleString('en')} records replay exactly under this build`)
    expect(errors).toEqual([])
  })
})
