import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'

/**
 * The support path end to end: a player's session with a token expiry is sent as diagnostics,
 * support finds it in the console by the reference number the player quotes (sent after the
 * expiry, with no sign-in, it is filed as anonymous), opens its timeline, selects the token-expiry
 * record and sees the token-expired modal in the lobby screen rendered from the replay.
 */

const kit = useBrowser()
const hallUrl = kit.hallUrl

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

describe('support finds and replays a player session', () => {
  it('records a token expiry, sends diagnostics, finds the session by its reference and shows the token-expired modal at that record', async () => {
    // The player (of this file's own): signs in, the hall expires the token, the next call answers -1.
    const player = await kit.player()
    const { context: playerContext, page: playerPage } = await kit.openLobby('desktop', '', { as: player })
    await kit.control('expire-token', { username: player.username })
    await playerPage.getByRole('dialog', { name: 'Session expired' }).waitFor({ timeout: 40_000 })

    // The player acknowledges, goes to the feedback page and presses 'Send diagnostics'.
    await playerPage.getByRole('dialog', { name: 'Session expired' }).getByRole('button', { name: 'Log in again' }).click()
    const open = playerPage.locator('dialog[open]')
    for (let n = await open.count(); n > 0; n = await open.count()) {
      await playerPage.keyboard.press('Escape')
      await playerPage.waitForFunction((before) => document.querySelectorAll('dialog[open]').length < before, n)
    }
    await playerPage.evaluate(() => window.__lobby!.system.send({ type: 'nav.requested', name: 'feedback' }))
    await playerPage.getByRole('button', { name: 'Send diagnostics' }).click()
    const shown = playerPage.getByText(/LB-[0-9A-Z]{4}-[0-9A-Z]{4}/).first()
    await shown.waitFor({ timeout: 30_000 })
    const reference = /LB-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec((await shown.textContent()) ?? '')?.[0] ?? ''
    expect(reference).toMatch(/^LB-[0-9A-Z]{4}-[0-9A-Z]{4}$/)
    await playerContext.close()

    // Support: signs in, searches by the reference the player quotes, opens the session.
    const { page, errors } = await kit.open('desktop')
    const console = new SupportConsolePage(page)
    await console.signIn()
    await console.search('Reference', reference)
    await expect.poll(() => console.row(reference).count()).toBe(1)
    expect(await console.row(reference).textContent()).toContain('-1')
    await console.open(reference)

    // The token-expiry record, and the screen the player saw there.
    await console.selectFirstOfType('session.tokenExpired')
    await console.screen.getByRole('dialog', { name: 'Session expired' }).waitFor({ timeout: 30_000 })
    expect(await console.screen.getByRole('dialog', { name: 'Session expired' }).isVisible()).toBe(true)
    // The console's own sign-in check answers 401 before signing in; nothing else may fail.
    expect(errors.filter((e) => !e.includes('401'))).toEqual([])
  })

  it('refuses a wrong password and shows why', async () => {
    const console = new SupportConsolePage((await kit.open('desktop')).page)
    await console.signIn('support', 'wrong')
    await expect.poll(() => console.page.getByRole('alert').textContent()).toContain('wrong username or password')
  })
})
