import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { callHall, player as callerOf, visitor } from '../server/support'
import { useBrowser, type Size } from './support/browser'
import type { TestPlayer } from './support/hall'
import type { ShellPage } from './support/shell.model'

/**
 * Sign-in variants of the account at phone and desktop sizes (screens §2 global popups, §3
 * userOptResult 4, §4 third-party login and bind mode): a Google sign-in of a new account through
 * the hall's stand-in provider (its own window, authorization code, token) ends in registration in
 * thirdWay mode and the next Google sign-in goes straight in; a third-party account bound from the
 * security centre then signs its player in; a trial player sets a username and password in the
 * 'pass' popup and signs in with them; the verifyUserPassword popup refuses a wrong password and
 * lets the change through with the right one. No code, token or password reaches the log in clear.
 */
const kit = useBrowser()
const hallUrl = kit.hallUrl

const go = async (page: Page, name: 'security' | 'setting', query: Record<string, string> = {}) => {
  await page.evaluate(([n, q]) => window.__lobby!.system.send({ type: 'nav.requested', name: n, query: q }), [name, query] as const)
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/home/${name}`)
}

/** The hall calls the lobby asked, in order, from the exported log. */
const calls = async (page: Page): Promise<string[]> =>
  (await page.evaluate(() => window.__lobby!.exportLog()))
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => JSON.parse(l) as { event: { type: string; call?: string } })
    .filter((r) => r.event.type === 'hall.requested')
    .map((r) => r.event.call ?? '')

const expectRedacted = async (page: Page, secrets: ReadonlyArray<string>) => {
  const log = await page.evaluate(() => window.__lobby!.exportLog())
  for (const s of secrets) expect(log, `the log holds ${s}`).not.toContain(s.length <= 6 ? `"${s}"` : s)
}

/** The OAuth codes and access tokens the browser saw (the provider's redirects and token answers). */
const watchOAuth = (context: BrowserContext) => {
  const seen: string[] = []
  context.on('request', (r) => {
    const code = new URL(r.url()).searchParams.get('code')
    if (r.url().includes('/oauth/callback') && code !== null) seen.push(code)
  })
  context.on('response', (r) => {
    if (!r.url().includes('/oauth/') || !r.url().endsWith('/token')) return
    void r.json().then(
      (b: { access_token?: string }) => (b.access_token === undefined ? undefined : seen.push(b.access_token)),
      () => undefined,
    )
  })
  return seen
}

/** Presses a provider's button and signs in on its own window with this email; the window closes. */
const providerSignIn = async (page: Page, scope: ReturnType<Page['locator']>, provider: string, email: string) => {
  const opened = page.waitForEvent('popup')
  await scope.getByRole('button', { name: provider, exact: true }).click()
  const win = await opened
  await win.waitForURL(new RegExp(`/oauth/${provider.toLowerCase()}/authorize`))
  await win.getByRole('heading', { name: provider }).waitFor()
  await win.getByLabel('Email').fill(email)
  const closed = win.waitForEvent('close')
  await win.getByRole('button', { name: 'Continue' }).click()
  await closed
}

/** A visitor's or guest's login popup. */
const loginPopup = async (shell: ShellPage) => {
  const login = await shell.openLogin()
  await login.getByRole('tab', { name: 'Log in' }).click()
  return login
}

const email = (size: Size, tag: string) => `${tag}${size.slice(0, 1)}${Date.now().toString(36)}@example.com`

describe.each(['desktop', 'phone'] as const)('sign-in variants at %s size', (size: Size) => {
  it('a Google sign-in of a new account ends in registration in thirdWay mode; the next one signs in without registering', async () => {
    const { page, context, shell, errors } = await kit.openLobby(size, 'home/game?site=001')
    const secrets = watchOAuth(context)
    const mail = email(size, 'goog')
    let login = await loginPopup(shell)
    // The Google button loads first (screens §4: 2 s), then shows; the click waits for it.
    await login.getByRole('group', { name: 'Or sign in with' }).waitFor()
    await providerSignIn(page, login, 'Google', mail)
    // Not registered (code 100): the registration opens in thirdWay mode with what the provider said.
    await shell.authDialog.getByRole('tab', { name: 'Sign up', selected: true }).waitFor()
    await shell.authDialog.getByText(`Register with your Google account ${mail}`).waitFor()
    const username = await shell.authDialog.getByLabel('Username').inputValue()
    expect(username).toMatch(/^goog[a-z0-9]+$/)
    await shell.authDialog.getByRole('button', { name: 'Create account' }).click()
    await shell.authDialog.waitFor({ state: 'hidden' })
    await shell.settle(username)
    expect((await shell.loggedInEvents()).at(-1)).toMatchObject({ username, real: true })
    expect(await calls(page)).toContain('thirdPartyRegister')

    await shell.logout(size === 'desktop')
    await expect.poll(() => shell.eventTypes()).toContain('session.loggedOut')
    login = await loginPopup(shell)
    await providerSignIn(page, login, 'Google', mail)
    await shell.authDialog.waitFor({ state: 'hidden' })
    await shell.settle(username)
    expect((await shell.loggedInEvents()).at(-1)).toMatchObject({ username, real: true, mode: 'thirdlogin' })
    expect((await calls(page)).filter((c) => c === 'thirdPartyRegister')).toHaveLength(1)
    expect(secrets.length).toBeGreaterThanOrEqual(4)
    await expectRedacted(page, secrets)
    expect(errors).toEqual([])
  })

  it('binds a Google account from the security centre, shown masked; it then signs the player in', async () => {
    const p = await kit.player({ password: 'abc12345' })
    const { page, context, shell, errors } = await kit.openLobby(size, 'home/game?site=001', { as: p })
    const secrets = watchOAuth(context)
    await go(page, 'security')
    const section = page.getByRole('region', { name: 'Third-party accounts' })
    await section.getByText('Not bound').waitFor()
    const mail = email(size, 'bind')
    await providerSignIn(page, section, 'Google', mail)
    await section.getByRole('status').getByText('Bound successfully').waitFor()
    await expect.poll(() => section.getByTestId('third-state').innerText()).toBe(`Google · ${mail.slice(0, 2)}***@example.com`)
    expect(await calls(page)).toContain('bindThirdUser')

    await shell.logout(size === 'desktop')
    await expect.poll(() => shell.eventTypes()).toContain('session.loggedOut')
    const login = await loginPopup(shell)
    await providerSignIn(page, login, 'Google', mail)
    await shell.authDialog.waitFor({ state: 'hidden' })
    await shell.settle(p.username)
    expect((await shell.loggedInEvents()).at(-1)).toMatchObject({ username: p.username, real: true, mode: 'thirdlogin' })
    await expectRedacted(page, [...secrets, 'abc12345'])
    expect(errors).toEqual([])
  })

  it('a trial player sets a username and password in the pass popup, and signs in with them', async () => {
    const { page, shell, errors } = await kit.openLobby(size, 'home/game?site=001')
    if (size === 'desktop') {
      // Desktop visitors get the login popup first; this one plays as a guest instead.
      await shell.authDialog.waitFor({ state: 'visible' })
      await page.evaluate(() => window.__lobby!.system.send({ type: 'session.trialRequested' }))
    }
    await expect.poll(() => shell.loggedInEvents(), { timeout: 30_000 }).toEqual(expect.arrayContaining([expect.objectContaining({ real: false })]))
    if (await shell.authDialog.isVisible()) await page.keyboard.press('Escape')
    await shell.authDialog.waitFor({ state: 'hidden' })
    await go(page, 'setting')
    await page.getByText('Trial account').waitFor()
    await page.getByRole('button', { name: 'Set username and password' }).click()
    const pass = shell.dialog('Set username and password')
    await pass.getByText('is play money and is not carried over').waitFor()
    const username = kit.newUsername()
    // A password against the rules is refused in the form, and nothing is sent.
    await pass.getByLabel('Username').fill(username)
    await pass.getByLabel('Password', { exact: true }).fill('12345678')
    await pass.getByLabel('Confirm password').fill('12345678')
    await pass.getByRole('button', { name: 'Save' }).click()
    await pass.getByText('Mix at least two of: letters, digits, symbols').waitFor()
    expect(await calls(page)).not.toContain('setAccount')
    await pass.getByLabel('Password', { exact: true }).fill('trial2468')
    await pass.getByLabel('Confirm password').fill('trial2468')
    await pass.getByRole('button', { name: 'Save' }).click()
    await pass.waitFor({ state: 'hidden' })
    await shell.settle(username)
    expect((await shell.loggedInEvents()).at(-1)).toMatchObject({ username, real: true })

    await shell.logout(size === 'desktop')
    await expect.poll(() => shell.eventTypes()).toContain('session.loggedOut')
    await shell.signIn({ username, password: 'trial2468' })
    expect((await shell.loggedInEvents()).at(-1)).toMatchObject({ username, real: true, mode: 'normal' })
    await expectRedacted(page, ['trial2468', '12345678'])
    expect(errors).toEqual([])
  })

  it('the verifyUserPassword popup refuses a wrong password and lets the change through with the right one', async () => {
    const p: TestPlayer = await kit.player({ password: 'abc12345' })
    const site = await visitor(hallUrl, p.siteCode)
    const me = callerOf(p.siteCode, (await callHall(hallUrl, site, 'POST', '/home/login', { username: p.username, password: p.password })).envelope.data)
    expect((await callHall(hallUrl, me, 'POST', '/user/security/modifywithdrawpass', { newPass: '135790' })).envelope.code).toBe(1)
    const { page, shell, errors } = await kit.openLobby(size, 'home/game?site=001', { as: p })
    await go(page, 'security')
    await page.locator('li[data-item="withdrawPass"]').getByRole('button', { name: /^Change/ }).click()
    const confirm = shell.dialog('Confirm your password')
    await confirm.getByLabel('Login password').fill('wrong999')
    await confirm.getByRole('button', { name: 'Confirm' }).click()
    await confirm.getByRole('alert').getByText('That is not right').waitFor()
    expect(await calls(page)).not.toContain('modifyWithdrawPass')
    await confirm.getByLabel('Login password').fill('abc12345')
    await confirm.getByRole('button', { name: 'Confirm' }).click()
    await confirm.waitFor({ state: 'hidden' })
    const change = shell.dialog('Change withdrawal password')
    await change.getByRole('textbox', { name: 'New withdrawal password', exact: true }).fill('246801')
    await change.getByRole('textbox', { name: 'New withdrawal password again' }).fill('246801')
    await change.getByRole('button', { name: 'Save' }).click()
    await change.getByRole('status').getByText('Saved').waitFor()
    expect((await calls(page)).filter((c) => c === 'verifyLoginPass')).toHaveLength(2)
    expect((await callHall(hallUrl, me, 'POST', '/user/security/secondVerify', { verifyType: 5, code: '246801' })).envelope.code).toBe(1)
    await expectRedacted(page, ['abc12345', 'wrong999', '135790', '246801'])
    expect(errors).toEqual([])
  })
})
