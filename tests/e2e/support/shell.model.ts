import type { Locator, Page } from 'playwright-core'
import { LobbyPage } from './lobby.model'

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

  /** The events the lobby processed so far, from its exported log. */
  async eventTypes(): Promise<string[]> {
    const log = await this.exportLog()
    return log
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => (JSON.parse(l) as { event: { type: string } }).event.type)
  }

  async loggedInEvents(): Promise<Array<{ mode: string; real: boolean; username: string }>> {
    const log = await this.exportLog()
    return log
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => (JSON.parse(l) as { event: { type: string; mode: string; real: boolean; username: string } }).event)
      .filter((e) => e.type === 'session.loggedIn')
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
