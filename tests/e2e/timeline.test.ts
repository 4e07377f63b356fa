import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { useBrowser } from './support/browser'

/**
 * The developer's timeline (devtools.html) on a log recorded in this run: opening a local file,
 * filters, the hall calls panel, the state inspector, jumping and playing, the divergence check,
 * a fork that goes live against the hall, and a log of another format version refused.
 */

const kit = useBrowser()
const hallUrl = kit.hallUrl

class TimelinePage {
  constructor(readonly page: Page) {}

  async open(name: string, text: string): Promise<void> {
    await this.page.goto(`${hallUrl}/devtools.html`)
    await this.page.getByLabel('Log file').setInputFiles({ name, mimeType: 'application/x-ndjson', buffer: Buffer.from(text) })
  }

  get records() {
    return this.page.getByRole('listbox', { name: 'Records' })
  }

  get screen() {
    return this.page.frameLocator('iframe[title="Lobby screen"]')
  }

  async jump(seq: number): Promise<void> {
    await this.page.getByLabel('Jump to seq').fill(String(seq))
    await this.page.getByRole('button', { name: 'Jump', exact: true }).click()
  }

  selected() {
    return this.page.locator('[role="option"][aria-selected="true"]')
  }
}

let log = ''
beforeAll(async () => {
  const { context, shell: lobby } = await kit.openLobby('desktop')
  // The boot has settled once the session has spoken (a desktop visitor on site 001 is asked to log in).
  await vi.waitFor(async () => expect(await lobby.exportLog()).toMatch(/"session\.(authPromptNeeded|loggedIn)"/), { timeout: 30_000, interval: 200 })
  log = await lobby.exportLog()
  await context.close()
})

describe('the session timeline', () => {
  it('opens a local log: records, filters, hall calls with timing, state before and after, and the screen', async () => {
    const { page, errors } = await kit.open('desktop')
    const tl = new TimelinePage(page)
    await tl.open('boot.ndjson', log)
    await tl.records.waitFor()
    const total = log.trim().split('\n').length - 1
    await expect.poll(() => page.getByText(`${total.toLocaleString('en')} shown`).count()).toBe(1)

    // Filter by type prefix and by kind.
    await page.getByLabel('Event type').fill('hall.')
    await expect.poll(async () => (await tl.records.getByRole('option').allTextContents()).every((t) => t.includes('hall.'))).toBe(true)
    await page.getByLabel('Event type').fill('')
    await page.getByRole('checkbox', { name: 'notice', exact: true }).uncheck()
    await page.getByRole('checkbox', { name: 'fact', exact: true }).uncheck()
    await expect.poll(async () => (await tl.records.getByRole('option').allTextContents()).every((t) => t.toLowerCase().includes('intent'))).toBe(true)
    await page.getByRole('checkbox', { name: 'notice', exact: true }).check()
    await page.getByRole('checkbox', { name: 'fact', exact: true }).check()

    // The hall calls: each with its answer and timing.
    await page.getByRole('tab', { name: /Network/ }).click()
    const calls = page.getByRole('listbox', { name: 'Hall calls' }).getByRole('option')
    expect(await calls.first().textContent()).toMatch(/getSiteInfo.*ok\d+ ms/)
    await calls.first().click()
    await expect.poll(() => page.getByText(/Hall call getSiteInfo \(site-1\): answered in \d+ ms/).count()).toBe(1)
    await page.getByRole('tab', { name: 'Records' }).click()

    // site.ready, then its cause: the answer that made the site ready. The state inspector shows
    // the site actor before and after it, and the screen shows the lobby.
    await page.getByLabel('Event type').fill('site.ready')
    await tl.records.getByRole('option').first().click()
    await page.getByRole('button', { name: /^caused by seq/ }).click()
    await page.getByLabel('Actor to inspect').selectOption('site')
    const inspector = page.getByRole('region', { name: 'State inspector' })
    await expect.poll(() => inspector.getByRole('table', { name: 'Changes' }).count()).toBe(1)
    expect(await inspector.textContent()).toContain('"ready"')

    // Jump, and follow a cause link back: seq 1 is the boot list (domains.booted), seq 2 app.started,
    // whose first notice (the site's hall call) is seq 3.
    await page.getByLabel('Event type').fill('')
    await tl.jump(3)
    await expect.poll(() => tl.selected().textContent()).toMatch(/^3\+/)
    await page.getByRole('button', { name: /^caused by seq 2/ }).click()
    await expect.poll(() => tl.selected().textContent()).toMatch(/^2\+/)

    // Play as fast as possible to the end.
    await page.getByRole('button', { name: 'Play fastest' }).click()
    await expect.poll(() => tl.selected().textContent(), { timeout: 20_000 }).toMatch(new RegExp(`^${total}\\+`))
    // At the end of the session the screen shows the lobby with its header, as the player saw it.
    await tl.screen.getByRole('banner').waitFor({ timeout: 20_000 })

    // The divergence check under this build.
    await page.getByRole('button', { name: 'Check replay against this build' }).click()
    expect(await page.getByRole('status', { name: 'Divergence report' }).textContent()).toContain('IDENTICAL')
    expect(errors).toEqual([])
  })

  it('reports where an edited log diverges, and goes there', async () => {
    const lines = log.trim().split('\n')
    const at = lines.findIndex((l) => l.includes('"type":"site.ready"'))
    lines[at] = lines[at]!.replace('"type":"site.ready"', '"type":"site.blocked"')
    const edited = lines.join('\n') + '\n'
    const seq = (JSON.parse(lines[at]) as { seq: number }).seq
    const { page } = await kit.open('desktop')
    const tl = new TimelinePage(page)
    await tl.open('edited.ndjson', edited)
    await page.getByRole('button', { name: 'Check replay against this build' }).click()
    const report = page.getByRole('status', { name: 'Divergence report' })
    expect(await report.textContent()).toContain(`DIVERGED at seq ${seq}`)
    await report.getByRole('button', { name: `Go to seq ${seq}` }).click()
    await expect.poll(() => tl.selected().textContent()).toMatch(new RegExp(`^${seq}\\+`))
  })

  it('forks at a record and the screen goes live against the hall', async () => {
    const { page, errors } = await kit.open('desktop')
    const tl = new TimelinePage(page)
    await tl.open('boot.ndjson', log)
    await page.getByLabel('Event type').fill('site.ready')
    await tl.records.getByRole('option').first().click()
    await page.getByRole('button', { name: 'Fork here (live)' }).click()
    await page.getByText(/^Forked at seq \d+: the screen is live against this hall/).waitFor()
    await tl.screen.getByRole('banner').waitFor({ timeout: 20_000 })
    expect(await page.getByRole('button', { name: 'Export fork log' }).isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Back to replay' }).click()
    expect(await page.getByText(/^Forked at seq/).count()).toBe(0)
    expect(errors).toEqual([])
  })

  it('refuses a log of a format version it has no migration for, naming the version', async () => {
    const { page } = await kit.open('desktop')
    const tl = new TimelinePage(page)
    const old = `${JSON.stringify({ format: 'lobby-log', formatVersion: 0, appVersion: '0.0.9', session: 'x', siteCode: '001', language: 'en_US', startedAt: 0 })}\n`
    await tl.open('old.ndjson', old)
    expect(await page.getByRole('alert').textContent()).toBe(
      'old.ndjson cannot be opened: line 1: log format version 0 is not supported (this build reads version 2 and has no migration from version 0)',
    )
  })
})
