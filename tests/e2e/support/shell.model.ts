import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import type { TestPlayer } from './hall'
import { LobbyPage } from './lobby.model'
import { timed } from './profile'

/** Page model of the app shell and its sign-in popups (by role and accessible name). */
export class ShellPage extends LobbyPage {
  constructor(page: Page, hallUrl: string) {
    super(page, hallUrl)
  }

  get header(): Locator {
    return this.page.getByRole('banner')
  }

  dialog(name: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name })
  }

  /** The sign-in popup (login and sign-up tabs). */
  get authDialog(): Locator {
    return this.page.getByRole('dialog', { name: /Log in|Sign up/ })
  }

  /** The types of the events the lobby processed so far. */
  async eventTypes(): Promise<string[]> {
    return (await this.events()).map((e) => e.type)
  }

  /** The sign-ins so far (guests and players). */
  async loggedInEvents(): Promise<Array<{ mode: string; real: boolean; username: string }>> {
    return (await this.events<{ type: string; mode: string; real: boolean; username: string }>()).filter((e) => e.type === 'session.loggedIn')
  }

  path(): string {
    return new URL(this.page.url()).pathname
  }

  async openLogin(): Promise<Locator> {
    if (!(await this.authDialog.isVisible())) await this.header.getByRole('button', { name: 'Log in', exact: true }).click()
    const dialog = this.authDialog
    await dialog.waitFor({ state: 'visible' })
    return dialog
  }

  async openRegister(): Promise<Locator> {
    if (!(await this.authDialog.isVisible())) await this.header.getByRole('button', { name: 'Sign up', exact: true }).click()
    const dialog = this.authDialog
    await dialog.waitFor({ state: 'visible' })
    await dialog.getByRole('tab', { name: 'Sign up' }).click()
    return dialog
  }

  async login(username: string, password: string): Promise<void> {
    const dialog = await this.openLogin()
    await dialog.getByRole('tab', { name: 'Log in' }).click()
    await dialog.getByLabel('Username').fill(username)
    await dialog.getByLabel('Password', { exact: true }).fill(password)
    await this.submit(dialog, 'Log in')
    await dialog.waitFor({ state: 'hidden' })
  }

  /**
   * Signs a player in through the login popup and waits until its sign-in sequence is over
   * (`settle`): the header then shows the player, and nothing is left open over the page.
   */
  async signIn(player: Pick<TestPlayer, 'username' | 'password'>): Promise<void> {
    await timed('sign in through the form', async () => {
      await this.login(player.username, player.password)
      await this.settle(player.username)
    })
  }

  /**
   * Waits until the player's last real sign-in has run its post-login sequence
   * (postlogin.finished after its session.loggedIn). A player of a file's own has no frames,
   * pop-ups or red packets unless the test gave it some: no dialog may be open then.
   *
   * The wait is on the lobby's own bus, in the page (`waitForSignInSettled`): no polling of the
   * exported log, which costs the page a full export every 50 ms.
   */
  async settle(username: string): Promise<void> {
    await this.waitForSignInSettled(username, 30_000)
    expect(await this.page.locator('dialog[open]').evaluateAll((ds) => ds.map((d) => d.getAttribute('aria-label') ?? d.textContent?.slice(0, 60)))).toEqual([])
  }

  /** The form's submit button (the popup also has a 'Log in' tab). */
  async submit(dialog: Locator, name: string): Promise<void> {
    await dialog.locator('form').getByRole('button', { name, exact: true }).click()
  }

  async register(username: string, password: string): Promise<void> {
    const dialog = await this.openRegister()
    await dialog.getByLabel('Username').fill(username)
    await dialog.getByLabel('Password', { exact: true }).fill(password)
    await dialog.getByLabel('Confirm password').fill(password)
    await dialog.getByRole('button', { name: 'Create account' }).click()
    await dialog.waitFor({ state: 'hidden' })
  }

  /** Logs out: the phone header's button or the desktop personal-centre menu, then the confirm. */
  async logout(desktop: boolean): Promise<void> {
    if (desktop) {
      await this.header.getByRole('button', { name: /^My account/ }).click()
      await this.page.getByRole('button', { name: 'Log out', exact: true }).click()
    } else {
      await this.header.getByRole('button', { name: 'Log out', exact: true }).click()
    }
    const confirm = this.dialog('Log out?')
    await confirm.waitFor({ state: 'visible' })
    await confirm.getByRole('button', { name: 'Log out', exact: true }).click()
    await confirm.waitFor({ state: 'hidden' })
    // Signed out once the hall has answered: the header offers to log in again (and the lobby
    // has gone to its root), so what a test does next is not undone by the logout's navigation.
    await this.header.getByRole('button', { name: 'Log in', exact: true }).waitFor()
  }
}
