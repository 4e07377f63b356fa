import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import type { i18n as I18n } from 'i18next'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createMachine } from 'xstate'
import type { ActorSpec } from '../../../actors'
import { popupsActor } from '../../../actors/popups'
import { promotionActor } from '../../../actors/promotion'
import { loginChallengeCommand, smsCountriesCommand } from '../../../actors/recovery'
import { thirdpartyActor } from '../../../actors/thirdparty'
import { registerConfigCommand, userAgreementCommand, usernameCheckCommand } from '../../../actors/signup'
import type { SessionError } from '../../../actors/session'
import type { LobbyEvent } from '../../../schemas/events'
import { loadLanguage } from '../../../src/i18n'
import { i18nIn } from '../../support/i18n-ready'
import { createTestSystem, type LobbySystem } from '../../../src/system'
import { SystemProvider } from '../../../src/system-react'
import { PopupHost } from '../../../src/views/auth/PopupHost'

/**
 * The popup host rendered to markup against the real popups actor. The site and session are
 * stand-ins holding the context their selectors read (offered currencies; a form error), so each
 * case shows exactly what the player would see. Interaction (focus, Escape, Enter) is for the
 * browser tests.
 */

const siteStub = (currencies: ReadonlyArray<string>): ActorSpec => ({
  id: 'site',
  consumes: [],
  machine: createMachine({ id: 'site', context: { siteInfo: { currencyInfos: currencies.map((c) => ({ currencyCode: c })) } } }),
})

const sessionStub = (o: { loginError?: SessionError | null; geetestLeft?: number; auth?: string } = {}): ActorSpec => ({
  id: 'session',
  consumes: [],
  machine: createMachine({
    id: 'session',
    context: { user: null, currency: 'BRL', loginError: o.loginError ?? null, registerError: null, accountError: null, restricted: (o.geetestLeft ?? 0) > 0 },
    initial: o.auth ?? 'visitor',
    states: { visitor: {}, loggingIn: {} },
  }),
})

/** The geetest restriction's stand-in: the seconds left its selector reads. */
const geetestStub = (left: number): ActorSpec => ({
  id: 'geetest',
  consumes: [],
  machine: createMachine({ id: 'geetest', context: { left }, initial: left > 0 ? 'restricted' : 'open', states: { open: {}, restricted: {} } }),
})

const siteReady = (device: 'mobile' | 'desktop'): LobbyEvent => ({
  type: 'site.ready', siteCode: '001', language: 'en_US', currency: 'BRL', languages: ['en_US'], currencies: ['BRL', 'USDT'],
  systemToken: '', autoVisitorLogin: false, device,
})

let english: I18n
beforeAll(async () => {
  english = await i18nIn('en_US')
})

let system: LobbySystem | null = null
afterEach(() => {
  system?.stop()
  system = null
})

const start = (o: { device?: 'mobile' | 'desktop' | null; session?: Parameters<typeof sessionStub>[0] } = {}) => {
  system = createTestSystem({ actors: [siteStub(['BRL', 'USDT', 'USD']), sessionStub(o.session), geetestStub(o.session?.geetestLeft ?? 0), popupsActor, loginChallengeCommand, smsCountriesCommand, thirdpartyActor, usernameCheckCommand, userAgreementCommand, registerConfigCommand, promotionActor] })
  if (o.device !== null) system.bus.publish(siteReady(o.device ?? 'desktop'), 'actor', 'site')
  return system
}

const render = (s: LobbySystem, words: I18n = english): string =>
  renderToStaticMarkup(
    createElement(SystemProvider, {
      system: s,
      children: createElement(I18nextProvider, { i18n: words }, createElement(PopupHost)),
    }),
  )

/**
 * The markup of a popup that is its own chunk: the first render shows nothing and starts the load;
 * once the module is there (`load`, the same import), React's lazy settles a few promise turns later.
 */
const renderLoaded = async (s: LobbySystem, load: () => Promise<unknown>): Promise<string> => {
  expect(render(s)).toBe('')
  await load()
  for (let turn = 0; turn < 20; turn += 1) {
    const html = render(s)
    if (html !== '') return html
    await Promise.resolve()
  }
  throw new Error('the popup never loaded')
}

/** A tiny reader of the static markup: elements by tag and attribute. */
const dialog = (html: string) => {
  const m = /<dialog[^>]*aria-labelledby="([^"]+)"[^>]*>([\s\S]*)<\/dialog>/.exec(html)
  if (m === null) return null
  const [, labelledBy, body] = m as unknown as [string, string, string]
  const title = new RegExp(`id="${labelledBy.replace(/[:]/g, '\\$&')}"[^>]*>([^<]*)<`).exec(body)?.[1] ?? null
  return { title, body }
}
const buttons = (html: string) => [...html.matchAll(/<button([^>]*)>([\s\S]*?)<\/button>/g)].map((m) => ({ attrs: m[1]!, text: m[2]!.replace(/<[^>]+>/g, '') }))
const labels = (html: string) => [...html.matchAll(/<label[^>]*>([^<]*)<\/label>/g)].map((m) => m[1])

describe('popup host', () => {
  it('renders nothing while no popup is asked for, and while one waits for the site', () => {
    const s = start({ device: null })
    expect(render(s)).toBe('')
    s.send({ type: 'popup.openRequested', popup: 'login' })
    expect(render(s)).toBe('')
    s.bus.publish(siteReady('desktop'), 'actor', 'site')
    expect(dialog(render(s))).not.toBeNull()
  })

  it('login: a named dialog with the login tab selected, labelled fields, a submit button and a close button', () => {
    const s = start()
    s.send({ type: 'popup.openRequested', popup: 'login' })
    const html = render(s)
    expect(dialog(html)?.title).toBe('Log in')
    expect(html).toMatch(/role="tablist" aria-label="Log in or sign up"/)
    expect(buttons(html).filter((b) => b.attrs.includes('role="tab"')).map((b) => [b.text, /aria-selected="true"/.test(b.attrs)])).toEqual([
      ['Log in', true],
      ['Sign up', false],
    ])
    expect(labels(html)).toEqual(['Username', 'Password'])
    expect(html).toMatch(/<input[^>]*autoComplete="username"[^>]*data-autofocus=""/)
    expect(html).toMatch(/<input(?=[^>]*type="password")[^>]*autoComplete="current-password"/)
    const names = buttons(html).map((b) => /aria-label="([^"]+)"/.exec(b.attrs)?.[1] ?? b.text)
    expect(names).toEqual(['Close', 'Log in', 'Sign up', 'Show password', 'Log in', 'Log in with SMS code', 'Forgot password?'])
    expect(buttons(html).find((b) => b.attrs.includes('type="submit"'))?.text).toBe('Log in')
  })

  it('on mobile there is no close button; a "Not now" button closes a closable sign-in popup', () => {
    const s = start({ device: 'mobile' })
    s.send({ type: 'popup.openRequested', popup: 'login' })
    const names = buttons(render(s)).map((b) => /aria-label="([^"]+)"/.exec(b.attrs)?.[1] ?? b.text)
    expect(names).not.toContain('Close')
    expect(names.at(-1)).toBe('Not now')
  })

  it('register: the register tab, confirm password and the currencies the site offers, the session currency chosen', () => {
    const s = start()
    s.bus.publish({ type: 'session.authPromptNeeded', mode: 'register' }, 'actor', 'session')
    const html = render(s)
    expect(dialog(html)?.title).toBe('Sign up')
    expect(labels(html)).toEqual(['Username', 'Password', 'Confirm password', 'Currency'])
    expect([...html.matchAll(/<option value="([^"]+)"( selected="")?/g)].map((m) => [m[1], m[2] !== undefined])).toEqual([
      ['BRL', true],
      ['USDT', false],
      ['USD', false],
    ])
    expect(html).toContain('4 to 16 letters or digits')
  })

  it('auth with key regedit opens on the register tab', () => {
    const s = start()
    s.send({ type: 'popup.openRequested', popup: 'auth', props: { key: 'regedit' } })
    expect(dialog(render(s))?.title).toBe('Sign up')
  })

  it('shows the server error of the login form as an alert (1011 wrong username or password)', () => {
    const s = start({ session: { loginError: { code: 1011, msg: 'login error', messageKey: null } } })
    s.send({ type: 'popup.openRequested', popup: 'login' })
    expect(render(s)).toContain('<p class="form-alert" role="alert">Wrong username or password.</p>')
  })

  it('shows the geetest restriction with the seconds remaining', () => {
    const s = start({ session: { loginError: { code: null, msg: 'error_12', messageKey: 'GEETEST_RESTRICTED' }, geetestLeft: 42 } })
    s.send({ type: 'popup.openRequested', popup: 'login' })
    expect(render(s)).toContain('role="alert">Too many attempts. Try again in 42 seconds.</p>')
  })

  it('shows the hall message for a code the lobby does not word itself', () => {
    const s = start({ session: { loginError: { code: 9999, msg: 'Something the hall said', messageKey: null } } })
    s.send({ type: 'popup.openRequested', popup: 'login' })
    expect(render(s)).toContain('role="alert">Something the hall said</p>')
  })

  it('marks the submit busy while a sign-in is under way', () => {
    const s = start({ session: { auth: 'loggingIn' } })
    s.send({ type: 'popup.openRequested', popup: 'login' })
    expect(render(s)).toMatch(/<button type="submit"[^>]*aria-disabled="true"[^>]*>Please wait…<\/button>/)
  })

  it('token expired: one button that acknowledges, no close button', () => {
    const s = start()
    s.bus.publish({ type: 'session.tokenExpired' }, 'actor', 'session')
    const html = render(s)
    expect(dialog(html)?.title).toBe('Session expired')
    expect(buttons(html).map((b) => b.text)).toEqual(['Log in again'])
  })

  it('logout confirm: the wording swapped, staying is the emphasised primary button, logging out the secondary', () => {
    const s = start()
    s.send({ type: 'session.logoutRequested' })
    const html = render(s)
    expect(dialog(html)?.title).toBe('Log out?')
    const actions = buttons(html).filter((b) => !b.attrs.includes('aria-label'))
    expect(actions.map((b) => [b.text, b.attrs.includes('button--primary')])).toEqual([
      ['Log out', false],
      ['Stay logged in', true],
    ])
    expect(actions[1]!.attrs).toContain('data-autofocus')
  })

  it('forced password change: current, new and confirm, and no way to dismiss it', async () => {
    const s = start()
    s.bus.publish({ type: 'session.loggedIn', mode: 'normal', username: 'p1', accountType: 0, real: true, mustChangePassword: true }, 'actor', 'session')
    // Its own chunk: nothing while it loads, then the popup.
    const html = await renderLoaded(s, () => import('../../../src/views/auth/ChangePasswordModal'))
    expect(dialog(html)?.title).toBe('Change your password')
    expect(labels(html)).toEqual(['Current password', 'New password', 'Confirm new password'])
    expect(buttons(html).map((b) => /aria-label="([^"]+)"/.exec(b.attrs)?.[1] ?? b.text)).toEqual([
      'Show password',
      'Show password',
      'Show password',
      'Change password',
    ])
  })

  it('speaks the player language', async () => {
    const s = start()
    s.send({ type: 'popup.openRequested', popup: 'login' })
    await loadLanguage('zh_CN')
    const html = render(s, await i18nIn('zh_CN'))
    expect(dialog(html)?.title).toBe('登录')
    expect(labels(html)).toEqual(['用户名', '密码'])
  })
})
