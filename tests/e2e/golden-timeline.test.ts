import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { parseNdjson, toNdjson, type LogFile } from '../../src/bus/ndjson'
import { checkGolden, describeOutcome, type ExpectFile } from '../../src/devtools/golden'
import { expectationLines, readExpectFileFor } from '../replay/expect-file'
import { useBrowser } from './support/browser'
import { runTsx } from './support/tsx'

/**
 * Every golden log of tests/replay, opened as a local file in the developers' timeline
 * (devtools.html), is checked in the browser under this build as `npm run replay` checks it in Node
 * (the replay stage): a log with no expectation file must replay IDENTICAL ("Check replay against
 * this build"); a golden test with one (`<name>.expect.json`, found and read by
 * tests/replay/expect-file.ts, as scripts/replay.ts does) is checked by "Make a test from here" at
 * its `until`, its part under test from its `from`, its expectations in npm run golden's words: the
 * same `checkGolden`, whose lines must be the ones Node prints. The in-browser check (docs/timeline.md)
 * reads the file the same way, so a log that holds "[redacted]" where the player typed a secret
 * drives the actors there as it did live.
 */
const kit = useBrowser()
const dir = path.resolve(import.meta.dirname, '../replay')
const goldens = readdirSync(dir).filter((f) => f.endsWith('.ndjson')).sort()

const readLog = (file: string): LogFile => {
  const parsed = parseNdjson(readFileSync(file, 'utf8'))
  if (!parsed.ok) throw new Error(`${file}: ${parsed.error.message}`)
  return parsed.file
}

const openInTimeline = async (page: Page, file: string): Promise<void> => {
  await page.goto(`${kit.hallUrl}/devtools.html`)
  await page.getByLabel('Log file').setInputFiles(file)
  await page.getByRole('listbox', { name: 'Records' }).waitFor()
}

/** "Check replay against this build": the divergence report's text. */
const identicalCheck = async (page: Page): Promise<string> => {
  await page.getByRole('button', { name: 'Check replay against this build' }).click()
  const report = page.getByRole('status', { name: 'Divergence report' })
  await report.waitFor()
  return (await report.textContent()) ?? ''
}

/**
 * The golden check of an expectation file in the timeline: "Make a test from here" at its `until`,
 * the part under test from its `from`, none of the observed states ticked, its expectations typed;
 * the result's lines.
 */
const goldenCheck = async (page: Page, spec: ExpectFile): Promise<string> => {
  await page.getByLabel('Jump to seq').fill(String(spec.until))
  await page.getByRole('button', { name: 'Jump', exact: true }).click()
  await expect.poll(() => page.locator('[role="option"][aria-selected="true"]').textContent()).toMatch(new RegExp(`^${spec.until}\\+`))
  await page.getByRole('button', { name: 'Make a test from here' }).click()
  const panel = page.getByRole('region', { name: 'Make a test from here' })
  await panel.getByLabel('From seq').fill(String(spec.from))
  for (const box of await panel.getByRole('group', { name: /^States the lobby reached/ }).getByRole('checkbox').all()) await box.uncheck()
  await panel.getByLabel('Expectations').fill(expectationLines(spec).join('\n'))
  await panel.getByRole('button', { name: 'Check against this build' }).click()
  const result = panel.getByRole('status', { name: 'Test result' })
  await expect.poll(() => result.textContent()).toMatch(/^result {3}/m)
  return (await result.textContent()) ?? ''
}

/** `npm run replay` on a log (its expectation file beside it). */
const replayInNode = (file: string): Promise<{ code: number | null; out: string }> => runTsx('scripts/replay.ts', [file])

describe('the golden logs in the timeline', () => {
  it('finds the golden logs, those with secrets and those with expectations among them', () => {
    expect(goldens).toEqual(
      expect.arrayContaining(['boot-default-site.ndjson', 'music.ndjson', 'session-flow.ndjson', 'secrets-account.ndjson', 'secrets-game-phone.ndjson', 'wallet-wrong-balance-type.ndjson']),
    )
    expect(readExpectFileFor(path.join(dir, 'wallet-wrong-balance-type.ndjson')).kind).toBe('read')
    expect(readExpectFileFor(path.join(dir, 'music.ndjson')).kind).toBe('none')
  })

  it.each(goldens)('%s is checked in the browser as npm run replay checks it', async (name) => {
    const file = path.join(dir, name)
    const expected = readExpectFileFor(file)
    if (expected.kind === 'invalid') throw new Error(expected.message)
    const { page, errors } = await kit.open('desktop')
    await openInTimeline(page, file)
    if (expected.kind === 'none') {
      const records = readFileSync(file, 'utf8').trim().split('\n').length - 1
      expect(await identicalCheck(page)).toContain(`IDENTICAL: ${records.toLocaleString('en')} records replay exactly under this build`)
    } else {
      const lines = await goldenCheck(page, expected.file)
      expect(lines).toBe(describeOutcome(checkGolden(readLog(file), expected.file)).join('\n'))
      expect(lines).toContain('result   EXPECTED')
    }
    expect(errors).toEqual([])
  })

  it('passes a golden test whose fix changes what happens after its from by its expectations, and fails one whose setup diverges, as npm run replay does', async () => {
    const source = path.join(dir, 'wallet-wrong-balance-type.ndjson')
    const expected = readExpectFileFor(source)
    if (expected.kind !== 'read') throw new Error('wallet-wrong-balance-type.expect.json is missing')
    const spec = expected.file
    const log = readLog(source)
    // The failed balance read (the record at `until`) as a build with the bug recorded it: the
    // wallet left loading. This build's wallet goes back to idle there (the fix), after `from`.
    const failed = log.records.find((r) => r.seq === spec.until)!
    expect(failed.event.type).toBe('hall.failed')
    expect(failed.states?.['wallet']).toEqual({ player: { balance: 'idle', sports: 'idle' } })
    const out = mkdtempSync(path.join(tmpdir(), 'lobby-golden-timeline-'))
    const write = (name: string, records: LogFile['records']): string => {
      const file = path.join(out, `${name}.ndjson`)
      writeFileSync(file, toNdjson(log.header, records))
      copyFileSync(path.join(dir, 'wallet-wrong-balance-type.expect.json'), path.join(out, `${name}.expect.json`))
      return file
    }
    const buggy = write(
      'recorded-with-the-bug',
      log.records.map((r) => (r.seq === spec.until ? { ...r, states: { ...r.states, wallet: { player: { balance: 'loading', sports: 'idle' } } } } : r)),
    )

    // Node: the expectations decide; the replay leaving the recorded path at `until` is reported.
    const node = await replayInNode(buggy)
    expect(node.code, node.out).toBe(0)
    expect(node.out).toContain(`path     the replay leaves the recorded path at seq ${spec.until} (actor wallet)`)
    expect(node.out).toContain('result   EXPECTED')

    // The browser: the same expectation file, the same lines; IDENTICAL alone would have failed it.
    const { page, errors } = await kit.open('desktop')
    await openInTimeline(page, buggy)
    expect(await identicalCheck(page)).toContain(`DIVERGED at seq ${spec.until}`)
    const lines = await goldenCheck(page, spec)
    expect(lines).toBe(describeOutcome(checkGolden(readLog(buggy), spec)).join('\n'))
    expect(node.out).toContain(lines)

    // A setup (before `from`) that no longer replays as recorded fails, in both.
    const before = log.records.findLast((r) => r.seq < spec.from && r.states?.['music'] !== undefined)!
    const broken = write(
      'setup-diverges',
      log.records.map((r) => (r === before ? { ...r, states: { ...r.states, music: { library: { active: 'loading' }, page: {}, player: 'stopped' } } } : r)),
    )
    const nodeBroken = await replayInNode(broken)
    expect(nodeBroken.code, nodeBroken.out).toBe(1)
    expect(nodeBroken.out).toContain(`setup    DIVERGED at seq ${before.seq} (actor music)`)
    await openInTimeline(page, broken)
    const brokenLines = await goldenCheck(page, spec)
    expect(brokenLines).toContain(`setup    DIVERGED at seq ${before.seq} (actor music)`)
    expect(brokenLines).toContain('result   NOT AS EXPECTED')
    expect(nodeBroken.out).toContain(brokenLines)
    expect(errors).toEqual([])
  })
})
