import { signInFactsOf } from '../../actors/session/session.logic'
import { describe, expect, it } from 'vitest'
import { createMachine, type AnyEventObject, type AnyStateMachine, type SnapshotFrom, type StateValue } from 'xstate'
import { SESSION_CALLS, SESSION_DELAYS, languageMachine, sessionMachine, type SessionContext, type SessionPurpose } from '../../actors/session'
import type { LobbyEvent } from '../../schemas/events'
import type { HallError } from '../../schemas/hall/errors'
import { appStarted } from '../support/site-fixtures'
import { guest as guestUser, user } from '../unit/actors/session/support'
import { modelHarness, type DelayEvent, type StepCheck } from './harness'

// ---------------------------------------------------------------------------------------------
// The test models: the real statecharts with every delay turned into an explicit
// `{ type: 'delay', ms }` event (xstate/graph cannot traverse `after`). A delayed transition takes
// a delay of at least its own length; a nested one only a delay shorter than its ancestors', which
// take the longer ones. (The session itself has no delays left: the geetest block is the geetest
// actor's, tests/model/geetest.model.test.ts; the language switch has one.)

type Config = { after?: Record<string, unknown>; on?: Record<string, unknown>; states?: Record<string, Config>; [k: string]: unknown }

const withDelayEvents = (node: Config, delays: Readonly<Record<string, number>>, ancestors: ReadonlyArray<number> = []): Config => {
  const out: Config = { ...node }
  const own: number[] = []
  if (node.after !== undefined) {
    const handlers: unknown[] = []
    for (const [name, transition] of Object.entries(node.after)) {
      const ms = delays[name]
      if (ms === undefined) throw new Error(`no length for delay '${name}'`)
      own.push(ms)
      for (const t of Array.isArray(transition) ? transition : [transition]) {
        handlers.push({
          ...(typeof t === 'string' ? { target: t } : (t as object)),
          guard: ({ event }: { event: DelayEvent }) => event.ms >= ms && ancestors.every((a) => event.ms < a),
        })
      }
    }
    delete out.after
    out.on = { ...(node.on ?? {}), delay: handlers }
  }
  if (node.states !== undefined) {
    out.states = Object.fromEntries(Object.entries(node.states).map(([k, s]) => [k, withDelayEvents(s, delays, [...ancestors, ...own])]))
  }
  return out
}

const modelOf = <M extends AnyStateMachine>(machine: M): M =>
  createMachine(withDelayEvents(machine.config as Config, SESSION_DELAYS) as never, machine.implementations as never) as unknown as M

type Snap = SnapshotFrom<typeof sessionMachine>
type Ev = AnyEventObject

// ---------------------------------------------------------------------------------------------
// Sample data.

const REAL = user()
const MUST_CHANGE = user({ change_password: 1 })
const NEW_PLAYER = user({ username: 'newbie01', userkey: 'uk-new', token: 'tk-new', session_key: 'sk-new' })
const GUEST = guestUser()
const GUEST_USDT = guestUser({ currency: 'USDT' })
// Sign-ins the hall asks the risk check of (loginValidType 7): with a bound phone, and without (it binds one).
const RISKY = { ...user({ mobile_phone: '+55******4321' }), loginValidType: 7 }
const RISKY_UNBOUND = { ...user(), loginValidType: 7 }
const THIRD_UNREGISTERED = { code: 100, email: 'a@b.c', id: 'g-1', new_username: 'ab12345', new_password: 'Pw12345' }

const starts = {
  plain: appStarted(),
  home: appStarted({ url: 'http://127.0.0.1:8080/?linkType=2' }),
  testRegister: appStarted({ url: 'http://127.0.0.1:8080/?linkType=3' }),
  register: appStarted({ url: 'http://127.0.0.1:8080/?linkType=4' }),
}
const stored = {
  none: { type: 'session.storedLoaded', stored: { userkey: null, username: null, accountType: null } },
  key: { type: 'session.storedLoaded', stored: { userkey: 'uk-1001', username: 'player01', accountType: 0 } },
} as const
const ready = (autoVisitorLogin: boolean, systemToken: string): Ev => ({
  type: 'site.ready', siteCode: '001', language: 'en_US', currency: 'USD', languages: ['en_US', 'zh_CN'], currencies: ['USD', 'USDT'],
  systemToken, autoVisitorLogin, device: 'desktop',
})
const readies = [ready(false, 'sys-token'), ready(true, 'sys-token'), ready(true, '')]

const service = (code: number, msg = 'error'): HallError => ({ _tag: 'ServiceCode', code, msg })
const ok = (requestId: string, call: string, data: unknown): Ev => ({ type: 'hall.responded', requestId, call, data })
const ko = (requestId: string, call: string, error: HallError): Ev => ({ type: 'hall.failed', requestId, call, error })

/** The call each waiting state has made, by auth state (signedIn's children as 'signedIn.x'). */
const CALL_OF: Readonly<Record<string, string>> = {
  fastLogin: SESSION_CALLS.fastLogin,
  fastLoginReload: SESSION_CALLS.sysInfo,
  guestRegister: SESSION_CALLS.testRegister,
  guestReload: SESSION_CALLS.sysInfo,
  signingIn: SESSION_CALLS.login,
  registering: SESSION_CALLS.register,
  registeredFastLogin: SESSION_CALLS.fastLogin,
  smsSigningIn: SESSION_CALLS.smsLogin,
  thirdSigningIn: SESSION_CALLS.thirdLogin,
  loggingOut: SESSION_CALLS.logout,
  'signedIn.updatingCurrency': SESSION_CALLS.guestCurrency,
  'signedIn.changingPassword': SESSION_CALLS.changePassword,
}

/** What each waiting state awaits its call for (the kit's purposes). */
const PURPOSE_OF: Readonly<Record<string, SessionPurpose>> = {
  fastLogin: 'signIn',
  fastLoginReload: 'systemInfo',
  guestRegister: 'signIn',
  guestReload: 'systemInfo',
  signingIn: 'signIn',
  registering: 'signIn',
  registeredFastLogin: 'signIn',
  smsSigningIn: 'signIn',
  thirdSigningIn: 'signIn',
  loggingOut: 'logout',
  'signedIn.updatingCurrency': 'account',
  'signedIn.changingPassword': 'account',
}

/** The one request the session awaits (it follows one flow at a time), or null. */
const awaited = (c: SessionContext): string | null => Object.values(c.requests.awaiting)[0] ?? null

const authOf = (value: StateValue): string =>
  typeof value === 'string' ? value : `signedIn.${String((value as { signedIn: string }).signedIn)}`

/** What the hall may answer in each waiting state. */
const answersFor = (auth: string, c: SessionContext, id: string): Ev[] => {
  const call = CALL_OF[auth]
  if (call === undefined) return []
  const data = (d: unknown) => ok(id, call, d)
  const fail = (e: HallError) => ko(id, call, e)
  switch (auth) {
    case 'fastLogin':
    case 'registeredFastLogin':
      return [data(REAL), fail(service(1011))]
    case 'fastLoginReload':
    case 'guestReload':
      return [data({ token: c.site?.systemToken === '' ? '' : 'sys-token-2' }), fail({ _tag: 'Network', message: 'offline' })]
    case 'guestRegister':
      return [data(GUEST), fail(service(1128))]
    case 'signingIn':
      return [data(REAL), data(MUST_CHANGE), data(RISKY), data(RISKY_UNBOUND), fail(service(1011, 'incorrect username or password')), fail(service(1124, 'error_12'))]
    case 'registering':
      return [data(NEW_PLAYER), fail(service(1012, 'username already exists'))]
    case 'smsSigningIn':
      return [data(REAL), data({}), fail(service(1011))]
    case 'thirdSigningIn':
      return [data(THIRD_UNREGISTERED), data(REAL), data({}), fail(service(100, 'not registered')), fail(service(1011))]
    case 'signedIn.updatingCurrency':
      return [data(GUEST_USDT), fail(service(1128)), fail(service(-1, 'token expired'))]
    case 'signedIn.changingPassword':
      // A hall that replaces the fast-login key answers the new one (docs/hall.md); an older one does not.
      return [data({ change_password: 0, userkey: 'uk-changed' }), data({}), fail(service(1011))]
    case 'loggingOut':
      return [data({}), fail({ _tag: 'Network', message: 'offline' }), fail(service(-1, 'token expired'))]
    default:
      return []
  }
}

/** What the hall may answer to the risk check's call in flight (its code send, or its check). */
const riskAnswers = (c: SessionContext, id: string): Ev[] => {
  const purpose = awaited(c) === null ? null : Object.keys(c.requests.awaiting)[0]
  const binds = c.risk?.answer.mobile_phone === ''
  switch (purpose) {
    case 'riskSend':
      return [ok(id, SESSION_CALLS.riskSend, { target: '+55******4321', expireSeconds: 600 }), ko(id, SESSION_CALLS.riskSend, service(1220, 'bad phone'))]
    case 'risk': {
      const call = binds ? SESSION_CALLS.riskBind : SESSION_CALLS.riskVerify
      return [ok(id, call, binds ? { mobile_phone: '+55******4321' } : {}), ko(id, call, service(1223, 'wrong code'))]
    }
    default:
      return []
  }
}

/** New requests are offered only while the counter is small, so the state space stays finite. */
const MAX_REQUESTS = 2

const sessionEvents = (s: Snap): Ev[] => {
  const c = s.context
  const auth = authOf(s.value)
  const id = `session-${c.requests.count}`
  const out: Ev[] = []
  if (auth === 'starting') {
    if (c.started === null) out.push(...Object.values(starts))
    if (c.stored === null) out.push(...Object.values(stored))
    if (c.site === null) out.push(...readies)
  }
  out.push(...answersFor(auth, c, id))
  if (auth === 'riskChecking') {
    out.push(...riskAnswers(c, id), { type: 'session.riskCancelled' })
    if (c.requests.count < MAX_REQUESTS + 2) {
      out.push({ type: 'session.riskCodeRequested', phone: '11987654321', areaCode: '+55' }, { type: 'session.riskCodeSubmitted', code: '1234', phone: '11987654321', areaCode: '+55' })
    }
  }
  if (auth === 'awaitingKey') out.push({ type: 'session.keyGenerated', key: 'generated-key' })
  if (c.requests.count < MAX_REQUESTS) {
    out.push(
      { type: 'session.loginSubmitted', username: 'player01', password: 'secret123' },
      { type: 'session.registerSubmitted', username: 'newbie01', password: 'secret123', currency: 'USD' },
      { type: 'session.smsLoginSubmitted', phone: '5511999990000', code: '1234' },
      { type: 'session.thirdLoginSubmitted', accessToken: 'google-token', requesterType: 2 },
      { type: 'session.trialRequested' },
      { type: 'session.currencyChosen', currency: 'USDT' },
      { type: 'session.passwordChangeSubmitted', oldPassword: 'secret123', newPassword: 'better456' },
      { type: 'session.logoutConfirmed' },
      // Back to the site's first currency (a guest's change is a call).
      { type: 'session.currencyChosen', currency: 'USD' },
    )
  }
  // Another tab of this browser logged out: of this player (whatever the case of the name), or of another.
  out.push({ type: 'session.signedOutElsewhere', username: 'PLAYER01' }, { type: 'session.signedOutElsewhere', username: 'someone9' })
  // The security page changed the login password: the hall's new fast-login key.
  out.push({ type: 'session.keyChanged', userkey: 'rotated-key' })
  // A currency the site does not offer: ignored.
  out.push({ type: 'session.currencyChosen', currency: 'XXX' })
  out.push({ type: 'session.expiredAcknowledged' })
  // Another actor's call failing with -1 (an expiry only while signed in), and a stale answer.
  out.push(ko('other-1', 'getBalance', service(-1, 'token expired')))
  if (c.requests.count > 1) out.push(ok(`session-${c.requests.count - 1}`, 'fastLogin', REAL))
  // The geetest actor's restriction starting and ending (it says so whatever the session's state).
  out.push(c.restricted ? { type: 'geetest.lifted' } : { type: 'geetest.restricted', seconds: 60 })
  // A login attempt during the block makes no request, so it is offered whatever the counter.
  if (c.restricted && c.requests.count >= MAX_REQUESTS) out.push({ type: 'session.loginSubmitted', username: 'player01', password: 'secret123' })
  return out
}

/**
 * How the traversal tells states apart: by what the machine's guards read. The start facts only
 * matter until the session decides (afterwards the stored user, the link type and auto visitor
 * login are forgotten); of a user, only the account type, change_password and currency; of the
 * form errors, only whether one is shown and whether it is the geetest one. The harness checks
 * on every path that this never merges states that behave differently.
 */
const serializeSession = (s: Snap): string => {
  const c = s.context
  if (authOf(s.value) === 'starting') return JSON.stringify({ value: s.value, context: c })
  const brief = (u: SessionContext['user']) => (u === null ? null : [u.username, u.account_type, u.change_password, u.currency])
  return JSON.stringify({
    value: s.value,
    requests: c.requests,
    token: c.site?.systemToken,
    currency: c.currency,
    retried: c.retried,
    key: c.loginKey,
    user: brief(c.user),
    mode: c.mode,
    registered: brief(c.registered),
    third: c.thirdAttempt !== null,
    errors: [c.loginError?.messageKey ?? (c.loginError === null ? null : 'set'), c.registerError !== null, c.accountError !== null],
    restricted: c.restricted,
    risk: c.risk == null ? null : [c.risk.answer.mobile_phone === '', c.risk.sent !== null, c.risk.error !== null],
  })
}

// ---------------------------------------------------------------------------------------------
// What must hold after every step, written from the spec, independently of the machine.

const ofType = (events: ReadonlyArray<AnyEventObject>, type: string) => events.filter((e) => e.type === type)

const sessionInvariants = () => {
  let before: Snap | null = null
  return ({ real, event, emitted, emittedSoFar, step }: StepCheck<typeof sessionMachine, typeof sessionMachine>) => {
    if (step === 0) before = null
    const c = real.context
    const auth = authOf(real.value)
    const prev = before

    // A waiting state awaits exactly one request, for its own purpose: the last one, for its own
    // call; any other state awaits nothing.
    // The risk check awaits nothing, its code send or its check, by the account's phone.
    const riskPurpose = auth === 'riskChecking' ? (Object.keys(c.requests.awaiting)[0] as SessionPurpose | undefined) : undefined
    const call = riskPurpose === 'riskSend' ? SESSION_CALLS.riskSend : riskPurpose === 'risk' ? (c.risk?.answer.mobile_phone === '' ? SESSION_CALLS.riskBind : SESSION_CALLS.riskVerify) : CALL_OF[auth]
    const purpose = auth === 'riskChecking' ? riskPurpose : PURPOSE_OF[auth]
    expect(c.requests.awaiting).toEqual(purpose === undefined ? {} : { [purpose]: `session-${c.requests.count}` })
    const requests = ofType(emitted, 'hall.requested') as Array<LobbyEvent & { type: 'hall.requested' }>
    expect(requests.length).toBeLessThanOrEqual(1)
    for (const r of requests) expect([r.requestId, r.call]).toEqual([`session-${c.requests.count}`, call])
    // Nobody is signed in by a risk check that has not passed.
    if (auth === 'riskChecking') expect(ofType(emitted, 'session.loggedIn')).toEqual([])

    // Visitors have no user; signed-in states have one.
    if (auth === 'visitor' || auth === 'expired' || auth === 'starting') expect(c.user).toBeNull()
    if (auth.startsWith('signedIn') || auth === 'loggingOut') expect(c.user).not.toBeNull()

    // Every sign-in announces credentials, the session to keep, the login and the user's balance (to the wallet), in that order.
    const logins = ofType(emitted, 'session.loggedIn')
    // The balance the answer (or the kept registration answer) carried.
    const answered = event?.type === 'hall.responded' ? (event['data'] as { game_gold?: string } | null)?.game_gold : undefined
    const gold = answered ?? prev?.context.registered?.game_gold ?? prev?.context.risk?.answer.game_gold
    if (logins.length > 0 && prev !== null && prev.context.user === null) {
      const u = c.user!
      expect(emitted.filter((e) => e.type !== 'hall.requested')).toEqual([
        { type: 'session.credentialsChanged', token: u.token, keyMaterial: u.session_key, currency: u.currency },
        { type: 'session.persistRequested', stored: { userkey: u.userkey, username: u.username, accountType: u.account_type } },
        { type: 'session.loggedIn', mode: c.mode, username: u.username, accountType: u.account_type, real: u.account_type !== 1, mustChangePassword: u.change_password === 1, ...signInFactsOf(u) },
        { type: 'wallet.balanceReported', balance: gold, source: 'login' },
      ])
    }
    // The session keeps no balance (the wallet does): a sign-in and a guest's currency change hand
    // the user info's to the wallet, nothing else reports one.
    expect(c.user === null || !('game_gold' in c.user)).toBe(true)
    const reports = ofType(emitted, 'wallet.balanceReported')
    const currencyChanged = prev !== null && authOf(prev.value) === 'signedIn.updatingCurrency' && event?.type === 'hall.responded' && event['requestId'] === awaited(prev.context)
    expect(reports.length).toBeLessThanOrEqual(logins.length + (currencyChanged ? 1 : 0))
    for (const r of reports) expect(r).toEqual({ type: 'wallet.balanceReported', balance: gold, source: 'login' })

    // Token expiry: once, only from a signed-in state, with everything reset to the visitor's.
    const expiries = ofType(emitted, 'session.tokenExpired')
    if (expiries.length > 0) {
      expect(prev?.context.user).not.toBeNull()
      expect(auth).toBe('expired')
      expect(emitted.filter((e) => e.type !== 'hall.requested')).toEqual([
        { type: 'session.tokenExpired' },
        { type: 'session.persistRequested', stored: { userkey: null, username: null, accountType: null } },
        { type: 'session.credentialsChanged', token: c.site?.systemToken, keyMaterial: c.started?.siteKey, currency: c.currency },
        { type: 'session.loggedOut', reason: 'expired' },
      ])
    }
    const sinceAck = emittedSoFar.slice(emittedSoFar.findLastIndex((e) => e.type === 'session.loggedOut' && e['reason'] === 'logout') + 1)
    expect(ofType(sinceAck, 'session.tokenExpired').length).toBeLessThanOrEqual(emittedSoFar.filter((e) => e.type === 'session.loggedIn').length)

    // Logging out always ends as a visitor with a 'logout', whatever the hall answered.
    if (prev !== null && authOf(prev.value) === 'loggingOut' && auth === 'visitor') {
      expect(ofType(emitted, 'session.loggedOut')).toEqual([{ type: 'session.loggedOut', reason: 'logout' }])
      expect(ofType(emitted, 'session.tokenExpired')).toEqual([])
    }

    // The geetest restriction: no login request while it lasts; a login failing with error_12 or
    // error_01 reports it to the geetest actor (once), and the restriction's end clears its message.
    if (prev?.context.restricted === true && c.restricted) expect(requests.filter((r) => r.call === SESSION_CALLS.login)).toEqual([])
    const geetestFailed = event?.type === 'hall.failed' && prev !== null && event['requestId'] === awaited(prev.context) && event['call'] === SESSION_CALLS.login &&
      ['error_12', 'error_01'].includes((event['error'] as { msg?: string }).msg ?? '')
    expect(ofType(emitted, 'geetest.challengeFailed')).toEqual(geetestFailed ? [{ type: 'geetest.challengeFailed', attempt: 'login' }] : [])
    if (event?.type === 'geetest.lifted') expect(c.loginError?.messageKey ?? null).not.toBe('GEETEST_RESTRICTED')

    // A real player's currency cannot change here; a visitor's follows the choice at once.
    if (event?.type === 'session.currencyChosen' && prev !== null && prev.context.user !== null && prev.context.user.account_type !== 1) {
      expect(emitted).toEqual([])
    }

    // Another tab logged out of the player signed in here: this tab logs out (the hall call, then
    // the spec's logout); of anyone else, or with nobody signed in here: nothing happens.
    if (event?.type === 'session.signedOutElsewhere' && prev !== null) {
      const same = prev.context.user !== null && prev.context.user.username.toLowerCase() === String(event['username']).toLowerCase()
      if (same && authOf(prev.value).startsWith('signedIn')) {
        expect(auth).toBe('loggingOut')
        expect(requests.map((r) => r.call)).toEqual([SESSION_CALLS.logout])
      } else {
        expect(real.value).toEqual(prev.value)
        expect(real.context).toEqual(prev.context)
        expect(emitted).toEqual([])
      }
    }

    // The security page's password change: a signed-in player keeps the new key; nobody else has one to keep.
    if (event?.type === 'session.keyChanged' && prev !== null) {
      if (authOf(prev.value).startsWith('signedIn') && prev.context.user !== null) {
        expect(c.user?.userkey).toBe('rotated-key')
        expect(ofType(emitted, 'session.persistRequested')).toEqual([
          { type: 'session.persistRequested', stored: { userkey: 'rotated-key', username: c.user?.username, accountType: c.user?.account_type } },
        ])
      } else {
        expect(real.context).toEqual(prev.context)
        expect(emitted).toEqual([])
      }
    }

    // A password change the hall answered with a new fast-login key: the key is kept for the next visit.
    if (prev !== null && authOf(prev.value) === 'signedIn.changingPassword' && event?.type === 'hall.responded' && event['requestId'] === awaited(prev.context)) {
      const key = (event['data'] as { userkey?: string }).userkey
      expect(ofType(emitted, 'session.persistRequested')).toEqual(
        key === undefined ? [] : [{ type: 'session.persistRequested', stored: { userkey: key, username: c.user?.username, accountType: c.user?.account_type } }],
      )
      expect(c.user?.userkey).toBe(key ?? prev.context.user?.userkey)
    }

    // An answer to a request the session is not waiting for changes nothing (a -1 aside).
    if (prev !== null && event !== null && (event.type === 'hall.responded' || event.type === 'hall.failed') && event['requestId'] !== awaited(prev.context)) {
      const expiring = event.type === 'hall.failed' && (event['error'])._tag === 'ServiceCode' && (event['error'] as { code: number }).code === -1 && prev.context.user !== null && authOf(prev.value) !== 'loggingOut'
      if (!expiring) {
        expect(real.value).toEqual(prev.value)
        expect(real.context).toEqual(prev.context)
        expect(emitted).toEqual([])
      }
    }

    // The prompt to log in or register comes only when the session decides, or from a third-party login.
    if (ofType(emitted, 'session.authPromptNeeded').length > 0) {
      expect(prev === null ? 'starting' : authOf(prev.value)).toMatch(/^(starting|thirdSigningIn)$/)
    }
    before = real
  }
}

const session = modelHarness({
  name: 'session',
  machine: sessionMachine,
  model: modelOf(sessionMachine),
  events: sessionEvents as never,
  serializeState: serializeSession,
  check: sessionInvariants(),
  limits: { traversal: 200_000, paths: 100_000, simplePaths: 60 },
})

const language = modelHarness({
  name: 'language',
  machine: languageMachine,
  model: modelOf(languageMachine),
  events: ((s: SnapshotFrom<typeof languageMachine>): Ev[] => [
    ...(s.context.languages.length === 0 ? [ready(false, 'sys-token')] : []),
    { type: 'session.languageChosen', language: 'zh_CN' },
    { type: 'session.languageChosen', language: 'en_US' },
    { type: 'session.languageChosen', language: 'ko_KR' },
    { type: 'delay', ms: SESSION_DELAYS.languageSwitch - 1 },
    { type: 'delay', ms: SESSION_DELAYS.languageSwitch },
  ]) as never,
  check: ({ real, emitted, model }) => {
    const applied = ofType(emitted, 'session.languageApplied')
    expect(applied.length).toBeLessThanOrEqual(1)
    for (const a of applied) {
      expect(real.context.languages).toContain(a['language'])
      expect(a['language']).toBe(real.context.language)
    }
    expect(model.value).toEqual(real.value)
  },
})

describe('session actor model', () => {
  it('follows the model on every generated path and covers every state and transition', { timeout: 600_000 }, () => {
    const report = session.run()
    expect(report.states.uncovered).toEqual([])
    expect(report.transitions.uncovered).toEqual([])
    expect(report.branches.uncovered).toEqual([])
    expect(report.droppedPaths).toBe(0)
  })

  it('language switch: every path, every state and transition', () => {
    const report = language.run()
    expect(report.states.uncovered).toEqual([])
    expect(report.transitions.uncovered).toEqual([])
    expect(report.branches.uncovered).toEqual([])
  })

  it('the boot of a returning player whose key no longer works, step by step', () => {
    const { real, emitted } = session.runEvents([
      starts.plain, stored.key, readies[0]!,
      ko('session-1', SESSION_CALLS.fastLogin, service(1011)),
      ok('session-2', SESSION_CALLS.sysInfo, { token: 'sys-token-2' }),
      ko('session-3', SESSION_CALLS.fastLogin, service(1011)),
      ok('session-4', SESSION_CALLS.testRegister, GUEST),
    ] as never)
    expect(authOf(real.value)).toBe('signedIn.idle')
    expect(emitted.map((e) => (e.type === 'hall.requested' ? `${e.type} ${String(e['call'])}` : e.type))).toEqual([
      'hall.requested fastLogin',
      'hall.requested getSysInfo',
      'session.credentialsChanged',
      'hall.requested fastLogin',
      'hall.requested testRegister',
      'session.credentialsChanged',
      'session.persistRequested',
      'session.loggedIn',
      'wallet.balanceReported',
    ])
  })

  it('a login failing with error_01 reports it; the restriction refuses logins until it is lifted', () => {
    const { real, emitted } = session.runEvents([
      starts.plain, stored.none, readies[0]!,
      { type: 'session.loginSubmitted', username: 'player01', password: 'secret123' },
      ko('session-1', SESSION_CALLS.login, service(1124, 'error_01')),
      { type: 'geetest.restricted', seconds: 60 },
      { type: 'session.loginSubmitted', username: 'player01', password: 'secret123' },
    ] as never)
    expect(ofType(emitted, 'geetest.challengeFailed')).toEqual([{ type: 'geetest.challengeFailed', attempt: 'login' }])
    expect([real.context.requests.count, real.context.loginError?.messageKey]).toEqual([1, 'GEETEST_RESTRICTED'])
    const after = session.runEvents([
      starts.plain, stored.none, readies[0]!,
      { type: 'session.loginSubmitted', username: 'player01', password: 'secret123' },
      ko('session-1', SESSION_CALLS.login, service(1124, 'error_01')),
      { type: 'geetest.restricted', seconds: 60 },
      { type: 'geetest.lifted' },
      { type: 'session.loginSubmitted', username: 'player01', password: 'secret123' },
    ] as never).real
    expect([after.context.requests.count, after.context.loginError]).toEqual([2, null])
  })
})
