import type { Page } from 'playwright-core'
import { sessionMachine } from '../../actors/session'
import { SESSION_CALLS } from '../../actors/session/session.logic'
import type { LobbyEvent } from '../../schemas/events'
import { appStarted } from '../support/site-fixtures'
import { user } from '../unit/actors/session/support'
import { defineMap, signOut, type QaStep } from './map'

const dialog = (p: Page) => p.getByRole('dialog', { name: /Log in|Sign up/ })

/** Signs in with the login form, whatever the hall answers (the form stays open on a refusal). */
export const logIn: QaStep<unknown> = {
  say: "sign in with the login form (the prompt a desktop visitor is shown, or the header's Log in)",
  run: async ({ page, player }) => {
    if (!(await dialog(page).isVisible())) await page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }).click()
    await dialog(page).getByRole('tab', { name: 'Log in' }).click()
    await dialog(page).getByLabel('Username').fill(player.username)
    await dialog(page).getByLabel('Password', { exact: true }).fill(player.password)
    await dialog(page).locator('form').getByRole('button', { name: 'Log in', exact: true }).click()
  },
}

type Ctx = { requests: { count: number; awaiting: Record<string, string> } }

/** The lobby's opening as a desktop visitor on site 001 sees it: nothing stored, no visitor's guest account. */
export const opening: ReadonlyArray<LobbyEvent> = [
  appStarted(),
  { type: 'session.storedLoaded', stored: { userkey: null, username: null, accountType: null } },
  { type: 'site.ready', siteCode: '001', language: 'en_US', currency: 'USD', languages: ['en_US', 'zh_CN'], currencies: ['USD', 'USDT'], systemToken: 'sys-token', autoVisitorLogin: false, device: 'desktop' },
]

/**
 * The sign-in popup (actor session): a desktop visitor is asked to log in as the lobby opens; a
 * person signs in with the login form, or signs up with a new username; the hall signs the player
 * in (a new account by fast login after its registration), or refuses (a wrong username or
 * password, a username taken: the form says so and stays); a signed-in player logs out and
 * confirms.
 */
export default defineMap({
  name: 'session',
  actor: 'session',
  machine: sessionMachine,
  events: (s) => {
    const c = s.context as unknown as Ctx
    const value = s.value as unknown
    if (value === 'starting') {
      const started = s.context as unknown as { started: unknown; stored: unknown; site: unknown }
      return [started.started === null ? opening[0]! : null, started.stored === null ? opening[1]! : null, started.site === null ? opening[2]! : null].filter((e) => e !== null) as never
    }
    const id = Object.values(c.requests.awaiting)[0]
    const out: LobbyEvent[] = []
    if (value === 'visitor' && c.requests.count < 3) out.push({ type: 'session.loginSubmitted', username: 'player01', password: 'secret123' } as unknown as LobbyEvent)
    if (value === 'visitor' && c.requests.count < 3) out.push({ type: 'session.registerSubmitted', username: 'newbie01', password: 'abc12345', currency: 'USD' } as unknown as LobbyEvent)
    if (value === 'registering' && id !== undefined) {
      out.push({ type: 'hall.responded', requestId: id, call: SESSION_CALLS.register, data: user({ username: 'newbie01', userkey: 'uk-new', token: 'tk-new', session_key: 'sk-new' }) })
      out.push({ type: 'hall.failed', requestId: id, call: SESSION_CALLS.register, error: { _tag: 'ServiceCode', code: 1030, msg: 'username taken' } })
    }
    if (value === 'registeredFastLogin' && id !== undefined) out.push({ type: 'hall.responded', requestId: id, call: SESSION_CALLS.fastLogin, data: user({ username: 'newbie01' }) })
    if (value === 'signingIn' && id !== undefined) {
      out.push({ type: 'hall.responded', requestId: id, call: SESSION_CALLS.login, data: user() })
      out.push({ type: 'hall.failed', requestId: id, call: SESSION_CALLS.login, error: { _tag: 'ServiceCode', code: 1011, msg: 'incorrect username or password' } })
    }
    if (typeof value === 'object' && value !== null && 'signedIn' in value && c.requests.count < 3) out.push({ type: 'session.logoutConfirmed' })
    if (value === 'loggingOut' && id !== undefined) out.push({ type: 'hall.responded', requestId: id, call: SESSION_CALLS.logout, data: {} })
    return out as never
  },
  opening: ['app.started', 'session.storedLoaded', 'site.ready'],
  does: {
    'session.loginSubmitted': logIn,
    'session.registerSubmitted': {
      say: "sign up with the popup's Sign up tab: a new username, abc12345 twice, Create account",
      run: async ({ page }) => {
        if (!(await dialog(page).isVisible())) await page.getByRole('banner').getByRole('button', { name: 'Sign up', exact: true }).click()
        await dialog(page).getByRole('tab', { name: 'Sign up' }).click()
        // A username no one has: qa and eight digits of the clock.
        await dialog(page).getByLabel('Username').fill(`qa${String(Date.now()).slice(-8)}`)
        await dialog(page).getByLabel('Password', { exact: true }).fill('abc12345')
        await dialog(page).getByLabel('Confirm password').fill('abc12345')
        await dialog(page).getByRole('button', { name: 'Create account' }).click()
      },
    },
    'session.logoutConfirmed': signOut,
  },
  hall: {
    'hall.failed': {
      say: 'the hall refuses the sign-in: /home/login (wrong username or password, code 1011) or /home/register (the username is taken, code 1030)',
      run: async ({ control }, event) => {
        const signUp = (event as { call?: string }).call === SESSION_CALLS.register
        await control('force', signUp ? { path: '/home/register', code: 1030, msg: 'username taken', times: 1 } : { path: '/home/login', code: 1011, msg: 'incorrect username or password', times: 1 })
      },
    },
  },
  auto: ['hall.responded'],
  shows: {
    visitor: { say: "the login prompt, or the header's Log in button", find: (p) => dialog(p).or(p.getByRole('banner').getByRole('button', { name: 'Log in', exact: true })) },
    signingIn: { say: 'the form busy', find: (p) => dialog(p).locator('[aria-disabled="true"]'), passing: true },
    registering: { say: 'the Sign up form busy', find: (p) => dialog(p), passing: true },
    registeredFastLogin: { say: 'the new account signing in', find: (p) => p.getByRole('banner'), passing: true },
    'signedIn.idle': { say: "the header's balance (the player signed in)", find: (p) => p.getByRole('banner').getByRole('group', { name: 'Balance' }) },
    loggingOut: { say: 'the logout under way', find: (p) => p.getByRole('banner'), passing: true },
  },
  unreachable: {
    starting: 'the lobby opening, before anything shows (the page reads its start, stored session and site)',
    deciding: "a transient state: the session leaves it at once for the first screen's (visitor here)",
    loginKey: "a transient state: the guest account's key is at hand or asked for at once",
    back: 'a transient state: a refused sign-in leaves it at once, back to the visitor (or the guest account)',
  },
  notMapped: {
    fastLogin: "a returning player's stored sign-in key, used as the lobby opens again (a reload after a sign-in)",
    fastLoginReload: "the stored key's second try, after the hall refuses a fast login as the lobby opens",
    awaitingKey: "the guest account's key being made: a site with auto visitor login (site 001 has none)",
    guestRegister: 'the guest account registered as the lobby opens: a site with auto visitor login',
    guestReload: "the guest account's second try: a site with auto visitor login and a refused registration",
    smsSigningIn: "the popup's SMS code sign-in: a player with a bound phone and the code the hall sent",
    thirdSigningIn: "a third-party provider's sign-in window (tests/e2e/account-third.test.ts drives one)",
    'signedIn.updatingCurrency': "a guest account's currency change: a site with guest accounts",
    'signedIn.changingPassword': 'the forced password change after a sign-in: the session-password map drives it (a player the operator asks to change it)',
    expired: "a token the hall expired (the control's expire-token), then any call",
  },
})
