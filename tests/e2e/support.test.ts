import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { control, launch, newContext, watchErrors } from './support/browser'
import { LobbyPage } from './support/lobby.model'

/**
 * The support path end to end: a player's session with a token expiry is sent as diagnostics,
 * support finds it in the console by username, opens its timeline, selects the token-expiry
 * record and sees the token-expired modal in the lobby screen rendered from the replay.
 */

const hallUrl = inject('hallUrl')

/** Page model of the support console and its timeline. */
class SupportConsolePage {
  constructor(readonly page: Page) {}

  async signIn(username = 'support', password = 'support-dev'): Promise<void> {
    await this.page.goto(`${hallUrl}/support`)
    const form = this.page.getByRole('form', { name: 'Sign in' })
    await form.getByLabel('Username').fill(username)
    await form.getByLabel('Password').fill(password)
    await form.getByRole('button', { name: 'Sign in' }).click()
  }

  async search(field: string, value: string): Promise<void> {
    const form = this.page.getByRole('search', { name: 'Search sessions' })
    await form.getByLabel(field, { exact: true }).fill(value)
    await form.getByRole('button', { name: 'Search' }).click()
  }

  row(reference: string) {
    return this.page.getByRole('table', { name: 'Sessions' }).getByRole('row').filter({ hasText: reference })
  }

  async open(reference: string): Promise<void> {
    await this.page.getByRole('button', { name: `Open ${reference}` }).click()
    await this.page.getByRole('listbox', { name: 'Records' }).waitFor()
  }

  /** Keeps only records of a type, and selects the first. */
  async selectFirstOfType(type: string): Promise<void> {
    await this.page.getByLabel('Event type').fill(type)
    await this.page.getByRole('listbox', { name: 'Records' }).getByRole('option').filter({ hasText: type }).first().click()
  }

  get screen() {
    return this.page.frameLocator('iframe[title="Lobby screen"]')
  }
}

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser.close()
})

describe('support finds and replays a player session', () => {
  it('records a token expiry, sends diagnostics, finds the session by username and shows the token-expired modal at that record', async () => {
    // The player: signs in, the hall expires the token, the next call answers -1.
    const playerContext = await newContext(browser, 'desktop')
    const player = await playerContext.newPage()
    const lobby = new LobbyPage(player, hallUrl)
    await lobby.open()
    await lobby.waitReady()
    const dialog = player.getByRole('dialog')
    const prompted = await dialog.waitFor({ timeout: 5_000 }).then(() => true, () => false)
    if (!prompted) await player.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }).click()
    await dialog.getByLabel('Username').fill('demo')
    await dialog.getByLabel('Password', { exact: true }).fill('demo1234')
    await dialog.getByRole('button', { name: 'Log in', exact: true }).last().click()
    await expect.poll(() => lobby.exportLog(), { timeout: 30_000 }).toMatch(/"type":"session.loggedIn"[^\n]*"username":"demo"/)
    await control(hallUrl, 'expire-token', { username: 'demo' })
    await player.getByRole('dialog', { name: 'Session expired' }).waitFor({ timeout: 40_000 })

    // The player acknowledges, goes to the feedback page and presses 'Send diagnostics'.
    await player.getByRole('dialog', { name: 'Session expired' }).getByRole('button', { name: 'Log in again' }).click()
    const open = player.locator('dialog[open]')
    for (let n = await open.count(); n > 0; n = await open.count()) {
      await player.keyboard.press('Escape')
      await player.waitForFunction((before) => document.querySelectorAll('dialog[open]').length < before, n)
    }
    await player.evaluate(() => window.__lobby!.system.send({ type: 'nav.requested', name: 'feedback' }))
    await player.getByRole('button', { name: 'Send diagnostics' }).click()
    const shown = player.getByText(/LB-[0-9A-Z]{4}-[0-9A-Z]{4}/).first()
    await shown.waitFor({ timeout: 30_000 })
    const reference = /LB-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec((await shown.textContent()) ?? '')?.[0] ?? ''
    expect(reference).toMatch(/^LB-[0-9A-Z]{4}-[0-9A-Z]{4}$/)
    await playerContext.close()

    // Support: signs in, searches by username, opens the session.
    const supportContext = await newContext(browser, 'desktop')
    const page = await supportContext.newPage()
    const errors = watchErrors(page)
    const console = new SupportConsolePage(page)
    await console.signIn()
    await console.search('Username', 'demo')
    await expect.poll(() => console.row(reference).count()).toBe(1)
    expect(await console.row(reference).textContent()).toContain('-1')
    await console.open(reference)

    // The token-expiry record, and the screen the player saw there.
    await console.selectFirstOfType('session.tokenExpired')
    await console.screen.getByRole('dialog', { name: 'Session expired' }).waitFor({ timeout: 30_000 })
    expect(await console.screen.getByRole('dialog', { name: 'Session expired' }).isVisible()).toBe(true)
    await supportContext.close()
    // The console's own sign-in check answers 401 before signing in; nothing else may fail.
    expect(errors.filter((e) => !e.includes('401'))).toEqual([])
  })

  it('refuses a wrong password and shows why', async () => {
    const context = await newContext(browser, 'desktop')
    const page = await context.newPage()
    const console = new SupportConsolePage(page)
    await console.signIn('support', 'wrong')
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('wrong username or password')
    await context.close()
  })
})
