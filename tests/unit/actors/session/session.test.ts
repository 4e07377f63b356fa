import { describe, expect, it } from 'vitest'
import { GEETEST_SECONDS, selectGeetestSecondsLeft } from '../../../../actors/geetest'
import { selectBalance } from '../../../../actors/wallet'
import { selectCurrency, selectIsGuest, selectIsLoggedIn, selectIsSwitchingLanguage, selectIsVisitor, selectLanguage, selectLoginError, selectMustChangePassword, selectRegisterError, selectSessionPhase, selectUsername } from '../../../../actors/session'
import { redactEvent } from '../../../../schemas/events/redact'
import { guest, lobby, serviceError, user } from './support'

/** The bind state of a user info with nothing bound and nothing to bind. */
const NO_BIND = { mustBindItem: 0, bound: [] }
const SIGN_IN_NOTICES = ['session.credentialsChanged', 'session.persistRequested', 'session.loggedIn', 'wallet.balanceReported']
const types = (events: ReadonlyArray<{ type: string }>) => events.filter((e) => e.type !== 'hall.requested').map((e) => e.type)

describe('session start', () => {
  it('waits for app.started, the stored session and site.ready, in any order, before deciding', () => {
    const a = lobby()
    a.fact({ type: 'session.storedLoaded', stored: { userkey: 'uk-1001', username: 'player01', accountType: 0 } })
    expect(a.emitted()).toEqual([])
    a.boot({ noStored: true })
    expect(a.requests().map((r) => [r.requestId, r.call, r.payload])).toEqual([
      ['session-1', 'fastLogin', { clientType: 5, platformType: 1001, operationId: 0, token: 'sys-token', userkey: 'uk-1001' }],
    ])

    const b = lobby()
    b.boot({ userkey: 'uk-1001' })
    expect(b.requests().map((r) => [r.call, r.payload])).toEqual(a.requests().map((r) => [r.call, r.payload]))
  })

  it('without the stored session stays quiet and does not change state (the golden boot log has none)', () => {
    const l = lobby()
    l.boot({ noStored: true, autoVisitor: true })
    expect(l.emitted()).toEqual([])
    expect(l.records.some((r) => r.states?.['session'] !== undefined)).toBe(false)
    expect(selectSessionPhase(l.session())).toBe('starting')
  })

  it('signs in by fast login with the stored userkey and announces it', () => {
    const l = lobby()
    l.boot({ userkey: 'uk-1001' })
    l.answer(user())
    expect(l.emitted().slice(1)).toEqual([
      { type: 'session.credentialsChanged', token: 'tk-1001', keyMaterial: 'sk-1001', currency: 'USD' },
      { type: 'session.persistRequested', stored: { userkey: 'uk-1001', username: 'player01', accountType: 0 } },
      { type: 'session.loggedIn', mode: 'fastlogin', username: 'player01', accountType: 0, real: true, mustChangePassword: false, bind: NO_BIND, hasRecharged: false, userStatus: 1, playerId: '1001' },
      // The user info's balance is the wallet's.
      { type: 'wallet.balanceReported', balance: '100.00', source: 'login' },
    ])
    const s = l.session()
    expect([selectIsLoggedIn(s), selectIsGuest(s), selectIsVisitor(s), selectUsername(s), selectBalance(l.wallet()), selectCurrency(s), selectSessionPhase(s)]).toEqual([
      true, false, false, 'player01', '100.00', 'USD', 'player',
    ])
  })

  it('retries fast login once after reloading system info, then silently registers a guest with the new system token', () => {
    const l = lobby()
    l.boot({ userkey: 'uk-old' })
    l.fail(serviceError(1011, 'fast login refused'))
    expect(l.lastRequest()).toMatchObject({ call: 'getSysInfo', payload: {} })
    l.answer({ token: 'sys-token-2' })
    expect(l.lastRequest()).toMatchObject({ call: 'fastLogin', payload: { token: 'sys-token-2', userkey: 'uk-old' } })
    l.fail(serviceError(1011, 'fast login refused'))
    expect(l.lastRequest()).toMatchObject({ call: 'testRegister', payload: { token: 'sys-token-2', currency: 'USD' } })
    expect(l.requests().map((r) => r.call)).toEqual(['fastLogin', 'getSysInfo', 'fastLogin', 'testRegister'])
    // The reloaded token goes to the hall runner; nothing is shown to the player.
    expect(types(l.emitted())).toEqual(['session.credentialsChanged'])
    expect(selectLoginError(l.session())).toBeNull()
    l.answer(guest())
    expect(l.ofType('session.loggedIn')).toEqual([
      { type: 'session.loggedIn', mode: 'trymode', username: 'guest00000001', accountType: 1, real: false, mustChangePassword: false, bind: NO_BIND, hasRecharged: false, userStatus: 1, playerId: '2002' },
    ])
    expect([selectIsLoggedIn(l.session()), selectIsGuest(l.session()), selectSessionPhase(l.session())]).toEqual([false, true, 'guest'])
  })

  it('uses a generated key for guest registration when the system gives no token', () => {
    const l = lobby()
    l.boot({ userkey: 'uk-old', systemToken: '' })
    l.fail(serviceError(1011))
    l.answer({ token: '' })
    l.fail(serviceError(1011))
    expect(l.emitted().at(-1)).toEqual({ type: 'session.keyRequested' })
    l.fact({ type: 'session.keyGenerated', key: 'generated-key' })
    expect(l.lastRequest()).toMatchObject({ call: 'testRegister', payload: { token: 'generated-key', currency: 'USD' } })
  })

  it('goes to guest registration at once when reloading system info fails', () => {
    const l = lobby()
    l.boot({ userkey: 'uk-old' })
    l.fail(serviceError(1011))
    l.fail({ _tag: 'Network', message: 'offline' })
    expect(l.requests().map((r) => r.call)).toEqual(['fastLogin', 'getSysInfo', 'testRegister'])
  })

  it('retries guest registration once after reloading system info, then stays a visitor without a prompt', () => {
    const l = lobby()
    l.boot({ autoVisitor: true })
    expect(l.lastRequest()).toMatchObject({ call: 'testRegister', payload: { token: 'sys-token', currency: 'USD' } })
    l.fail(serviceError(1128))
    l.answer({ token: 'sys-token-3' })
    expect(l.lastRequest()).toMatchObject({ call: 'testRegister', payload: { token: 'sys-token-3' } })
    l.fail(serviceError(1128))
    expect(selectSessionPhase(l.session())).toBe('visitor')
    expect(l.ofType('session.authPromptNeeded')).toEqual([])
  })

  it.each([
    ['auto visitor login on', { autoVisitor: true }, 'guest'],
    ['a test-register link', { url: 'http://127.0.0.1:8080/?linkType=3' }, 'guest'],
    ['a home link', { url: 'http://127.0.0.1:8080/home/game?linkType=2' }, 'guest'],
    ['the promote-game page (its test user)', { url: 'http://127.0.0.1:8080/promote-game?SelfOperatedGameId=130009' }, 'guest'],
    ['auto visitor login off', {}, 'login'],
    ['an event link', { url: 'http://127.0.0.1:8080/?linkType=5' }, 'login'],
    ['a register link', { url: 'http://127.0.0.1:8080/?linkType=4' }, 'register'],
    ['a register link with auto visitor login on', { url: 'http://127.0.0.1:8080/?linkType=4', autoVisitor: true }, 'register'],
  ] as const)('without a stored userkey, %s: %s', (_label, options, outcome) => {
    const l = lobby()
    l.boot(options)
    if (outcome === 'guest') {
      expect(l.requests().map((r) => r.call)).toEqual(['testRegister'])
      expect(l.ofType('session.authPromptNeeded')).toEqual([])
    } else {
      expect(l.requests()).toEqual([])
      expect(l.ofType('session.authPromptNeeded')).toEqual([{ type: 'session.authPromptNeeded', mode: outcome }])
      expect(selectIsVisitor(l.session())).toBe(true)
    }
  })

  it('a visitor may ask for a guest account (trial mode)', () => {
    const l = lobby()
    l.boot()
    l.intent({ type: 'session.trialRequested' })
    expect(l.lastRequest()).toMatchObject({ call: 'testRegister', payload: { token: 'sys-token' } })
  })
})

describe('login and registration', () => {
  it('logs in with the password and keeps a service error on the form', () => {
    const l = lobby()
    l.boot()
    l.intent({ type: 'session.loginSubmitted', username: 'player01', password: 'secret123' })
    expect(l.lastRequest()).toMatchObject({ call: 'login', payload: { username: 'player01', password: 'secret123', token: 'sys-token', currency: 'USD' } })
    expect(selectSessionPhase(l.session())).toBe('signingIn')
    l.fail(serviceError(1011, 'incorrect username or password'))
    expect(selectLoginError(l.session())).toEqual({ code: 1011, msg: 'incorrect username or password', messageKey: null })
    expect(selectSessionPhase(l.session())).toBe('visitor')
    l.intent({ type: 'session.loginSubmitted', username: 'player01', password: 'secret124' })
    expect(selectLoginError(l.session())).toBeNull()
    l.answer(user())
    expect(types(l.emitted()).slice(-4)).toEqual(SIGN_IN_NOTICES)
    expect(l.ofType('session.loggedIn').at(-1)).toMatchObject({ mode: 'normal', real: true })
  })

  it('a guest may log in to a real account; a failure leaves the guest signed in', () => {
    const l = lobby()
    l.boot({ autoVisitor: true })
    l.answer(guest())
    l.intent({ type: 'session.loginSubmitted', username: 'player01', password: 'secret123' })
    l.fail({ _tag: 'Timeout', ms: 60_000 })
    expect(selectLoginError(l.session())).toMatchObject({ messageKey: 'NETWORK_TIMEOUT' })
    expect(selectIsGuest(l.session())).toBe(true)
    l.intent({ type: 'session.loginSubmitted', username: 'player01', password: 'secret123' })
    l.answer(user())
    expect(selectIsLoggedIn(l.session())).toBe(true)
  })

  it('a real player cannot submit the login form', () => {
    const l = lobby()
    l.boot({ userkey: 'uk-1001' })
    l.answer(user())
    const before = l.requests().length
    l.intent({ type: 'session.loginSubmitted', username: 'other01', password: 'secret123' })
    expect(l.requests()).toHaveLength(before)
  })

  it.each(['error_12', 'error_01'])('%s blocks login attempts for 60 s, counting down each second', (msg) => {
    const l = lobby()
    l.boot()
    l.intent({ type: 'session.loginSubmitted', username: 'player01', password: 'secret123' })
    l.fail(serviceError(1124, msg))
    expect(selectGeetestSecondsLeft(l.geetest())).toBe(GEETEST_SECONDS)
    expect(selectLoginError(l.session())).toMatchObject({ messageKey: 'GEETEST_RESTRICTED' })
    l.timers.advance(1_000)
    expect(selectGeetestSecondsLeft(l.geetest())).toBe(59)
    l.timers.advance(10_000)
    expect(selectGeetestSecondsLeft(l.geetest())).toBe(49)
    const before = l.requests().length
    l.intent({ type: 'session.loginSubmitted', username: 'player01', password: 'secret123' })
    expect(l.requests()).toHaveLength(before)
    expect(selectLoginError(l.session())).toMatchObject({ messageKey: 'GEETEST_RESTRICTED' })
    l.timers.advance(48_000)
    expect(selectGeetestSecondsLeft(l.geetest())).toBe(1)
    l.timers.advance(1_000)
    expect(selectGeetestSecondsLeft(l.geetest())).toBe(0)
    expect(selectLoginError(l.session())).toBeNull()
    // The countdown ticks are facts on the bus, so replay fires them at the same point.
    expect(l.records.filter((r) => r.event.type === 'clock.fired').length).toBeGreaterThanOrEqual(60)
    l.intent({ type: 'session.loginSubmitted', username: 'player01', password: 'secret123' })
    expect(l.lastRequest().call).toBe('login')
  })

  it('registers, then signs the new account in by fast login with the answered userkey', () => {
    const l = lobby()
    l.boot()
    l.intent({ type: 'session.registerSubmitted', username: 'newbie01', password: 'secret123', currency: 'USDT' })
    expect(l.lastRequest()).toMatchObject({ call: 'register', payload: { username: 'newbie01', password: 'secret123', currency: 'USDT', token: 'sys-token' } })
    l.answer(user({ username: 'newbie01', userkey: 'uk-new', currency: 'USDT' }))
    expect(l.lastRequest()).toMatchObject({ call: 'fastLogin', payload: { token: 'sys-token', userkey: 'uk-new' } })
    l.answer(user({ username: 'newbie01', userkey: 'uk-new', token: 'tk-new', currency: 'USDT' }))
    expect(l.ofType('session.persistRequested').at(-1)).toEqual({ type: 'session.persistRequested', stored: { userkey: 'uk-new', username: 'newbie01', accountType: 0 } })
    expect(l.ofType('session.credentialsChanged').at(-1)).toMatchObject({ token: 'tk-new', currency: 'USDT' })
    expect(selectIsLoggedIn(l.session())).toBe(true)
  })

  it('sends the invitation kept from the entry link with the registration (the inviter id, a channel)', () => {
    const l = lobby()
    l.boot()
    l.intent({ type: 'session.registerSubmitted', username: 'newbie02', password: 'secret123', currency: 'USD', invitation: { inviteCode: '42' } })
    expect(l.lastRequest()).toMatchObject({ call: 'register', payload: { username: 'newbie02', inviteCode: '42' } })
    expect(l.lastRequest().payload).not.toHaveProperty('channelId')
    const m = lobby()
    m.boot()
    m.intent({ type: 'session.registerSubmitted', username: 'newbie03', password: 'secret123', currency: 'USD', invitation: { channelId: '1001' } })
    expect(m.lastRequest()).toMatchObject({ call: 'register', payload: { username: 'newbie03', channelId: '1001' } })
    expect(m.lastRequest().payload).not.toHaveProperty('inviteCode')
  })

  it('signs in with the registration answer when the fast login after it fails', () => {
    const l = lobby()
    l.boot()
    l.intent({ type: 'session.registerSubmitted', username: 'newbie01', password: 'secret123', currency: 'USD' })
    l.answer(user({ username: 'newbie01', userkey: 'uk-new', token: 'tk-reg' }))
    l.fail({ _tag: 'Network', message: 'reset' })
    expect(l.ofType('session.credentialsChanged').at(-1)).toMatchObject({ token: 'tk-reg' })
    expect(selectUsername(l.session())).toBe('newbie01')
  })

  it('keeps a registration error on the form', () => {
    const l = lobby()
    l.boot()
    l.intent({ type: 'session.registerSubmitted', username: 'taken01', password: 'secret123', currency: 'USD' })
    l.fail(serviceError(1012, 'username already exists'))
    expect(selectRegisterError(l.session())).toEqual({ code: 1012, msg: 'username already exists', messageKey: null })
    expect(selectIsVisitor(l.session())).toBe(true)
  })

  it('SMS login signs in with mode sms; an answer without a user stays on the form', () => {
    const l = lobby()
    l.boot()
    l.intent({ type: 'session.smsLoginSubmitted', phone: '5511999990000', code: '1234' })
    expect(l.lastRequest()).toMatchObject({ call: 'smsLogin', payload: { phone: '5511999990000', code: '1234' } })
    l.answer({ nothing: true })
    expect(selectLoginError(l.session())).toMatchObject({ messageKey: 'SYSTEM_ERROR' })
    l.intent({ type: 'session.smsLoginSubmitted', phone: '5511999990000', code: '1234' })
    l.answer(user())
    expect(l.ofType('session.loggedIn').at(-1)).toMatchObject({ mode: 'sms' })
  })

  it('a third-party login that finds no account (code 100) asks for registration in thirdWay mode', () => {
    const l = lobby()
    l.boot()
    l.intent({ type: 'session.thirdLoginSubmitted', accessToken: 'google-token', requesterType: 2 })
    expect(l.lastRequest()).toMatchObject({ call: 'thirdPartyLogin', payload: { access_token: 'google-token', requester_type: 2 } })
    l.answer({ code: 100, email: 'a@b.c', id: 'g-1', new_username: 'ab12345', new_password: 'Pw12345' })
    expect(l.ofType('session.authPromptNeeded').at(-1)).toEqual({
      type: 'session.authPromptNeeded',
      mode: 'register',
      thirdWay: { email: 'a@b.c', id: 'g-1', accessToken: 'google-token', requesterType: 2, newUsername: 'ab12345', newPassword: 'Pw12345' },
    })
    l.intent({ type: 'session.thirdLoginSubmitted', accessToken: 'google-token', requesterType: 2 })
    l.fail(serviceError(100, 'not registered'))
    expect(l.ofType('session.authPromptNeeded').at(-1)).toMatchObject({ mode: 'register', thirdWay: { accessToken: 'google-token' } })
    l.intent({ type: 'session.thirdLoginSubmitted', accessToken: 'google-token', requesterType: 2 })
    l.answer(user())
    expect(l.ofType('session.loggedIn').at(-1)).toMatchObject({ mode: 'thirdlogin' })
  })

  it('never records a password, token, key or code in clear', () => {
    const l = lobby()
    l.boot({ userkey: 'uk-1001' })
    l.answer(user())
    l.intent({ type: 'session.logoutConfirmed' })
    l.answer({})
    l.intent({ type: 'session.loginSubmitted', username: 'player01', password: 'secret123' })
    l.answer(user({ change_password: 1 }))
    l.intent({ type: 'session.passwordChangeSubmitted', oldPassword: 'secret123', newPassword: 'better456' })
    const stored = JSON.stringify(l.records.map((r) => redactEvent(r.event)))
    for (const secret of ['secret123', 'better456', 'uk-1001', 'sk-1001', 'tk-1001', 'sys-token', 'site-key-0001-secret']) {
      expect(stored).not.toContain(secret)
    }
  })
})

describe('signed in', () => {
  const signedIn = (over = {}) => {
    const l = lobby()
    l.boot({ userkey: 'uk-1001' })
    l.answer(user(over))
    return l
  }

  it('a -1 from any call while signed in expires the session exactly once', () => {
    const l = signedIn()
    const before = l.emitted().length
    for (const [i, call] of ['getRedDot', 'getNotices', 'getBalance'].entries()) {
      l.fact({ type: 'hall.failed', requestId: `other-${i}`, call, error: serviceError(-1, 'token expired') })
    }
    expect(l.emitted().slice(before)).toEqual([
      { type: 'session.tokenExpired' },
      { type: 'session.persistRequested', stored: { userkey: null, username: null, accountType: null } },
      { type: 'session.credentialsChanged', token: 'sys-token', keyMaterial: 'site-key-0001-secret', currency: 'USD' },
      { type: 'session.loggedOut', reason: 'expired' },
    ])
    expect(selectSessionPhase(l.session())).toBe('expired')
    expect(selectUsername(l.session())).toBeNull()
    l.intent({ type: 'session.expiredAcknowledged' })
    expect(selectSessionPhase(l.session())).toBe('visitor')
    l.fact({ type: 'hall.failed', requestId: 'other-9', call: 'getBalance', error: serviceError(-1, 'token expired') })
    expect(l.ofType('session.tokenExpired')).toHaveLength(1)
  })

  it('a -1 to a visitor is not an expiry', () => {
    const l = lobby()
    l.boot()
    l.fact({ type: 'hall.failed', requestId: 'other-1', call: 'getNotices', error: serviceError(-1) })
    expect(l.ofType('session.tokenExpired')).toEqual([])
  })

  it('a -1 to the session\'s own call while signed in is the expiry too', () => {
    const l = lobby()
    l.boot({ autoVisitor: true })
    l.answer(guest())
    l.intent({ type: 'session.currencyChosen', currency: 'USDT' })
    l.fail(serviceError(-1))
    expect(l.ofType('session.tokenExpired')).toHaveLength(1)
  })

  it('logs out after the confirm: userLogout, stored user cleared, credentials back to the system', () => {
    const l = signedIn()
    l.intent({ type: 'session.logoutRequested' })
    l.intent({ type: 'session.logoutCancelled' })
    expect(selectSessionPhase(l.session())).toBe('player')
    l.intent({ type: 'session.logoutConfirmed' })
    expect(l.lastRequest()).toMatchObject({ call: 'userLogout', payload: { useridx: '1001', token: 'tk-1001' } })
    expect(selectSessionPhase(l.session())).toBe('loggingOut')
    const before = l.emitted().length
    l.answer({})
    expect(l.emitted().slice(before)).toEqual([
      { type: 'session.persistRequested', stored: { userkey: null, username: null, accountType: null } },
      { type: 'session.credentialsChanged', token: 'sys-token', keyMaterial: 'site-key-0001-secret', currency: 'USD' },
      { type: 'session.loggedOut', reason: 'logout' },
    ])
    expect(selectIsVisitor(l.session())).toBe(true)
  })

  it.each([
    ['a network failure', { _tag: 'Network', message: 'offline' } as const],
    ['a -1', serviceError(-1)],
  ])('logging out works locally on %s', (_label, error) => {
    const l = signedIn()
    l.intent({ type: 'session.logoutConfirmed' })
    l.fail(error)
    expect(l.ofType('session.loggedOut')).toEqual([{ type: 'session.loggedOut', reason: 'logout' }])
    expect(l.ofType('session.tokenExpired')).toEqual([])
  })

  it('currency: a visitor chooses the session currency, a guest changes it with the hall, a real player cannot', () => {
    const v = lobby()
    v.boot()
    v.intent({ type: 'session.currencyChosen', currency: 'USDT' })
    v.intent({ type: 'session.currencyChosen', currency: 'XXX' })
    expect(v.ofType('session.credentialsChanged')).toEqual([
      { type: 'session.credentialsChanged', token: 'sys-token', keyMaterial: 'site-key-0001-secret', currency: 'USDT' },
    ])
    expect(selectCurrency(v.session())).toBe('USDT')
    v.intent({ type: 'session.trialRequested' })
    expect(v.lastRequest()).toMatchObject({ call: 'testRegister', payload: { currency: 'USDT' } })

    const g = lobby()
    g.boot({ autoVisitor: true })
    g.answer(guest())
    g.intent({ type: 'session.currencyChosen', currency: 'USDT' })
    expect(g.lastRequest()).toMatchObject({ call: 'updateGuestCurrency', payload: { currency: 'USDT' } })
    g.answer(guest({ currency: 'USDT' }))
    expect(g.ofType('session.credentialsChanged').at(-1)).toEqual({ type: 'session.credentialsChanged', token: 'tk-guest', keyMaterial: 'sk-guest', currency: 'USDT' })
    expect(selectCurrency(g.session())).toBe('USDT')

    const p = signedIn()
    const before = p.emitted().length
    p.intent({ type: 'session.currencyChosen', currency: 'USDT' })
    expect(p.emitted()).toHaveLength(before)
  })

  it('a forced password change clears change_password and announces the login again', () => {
    const l = signedIn({ change_password: 1 })
    expect(l.ofType('session.loggedIn')).toEqual([expect.objectContaining({ mustChangePassword: true })])
    expect(selectMustChangePassword(l.session())).toBe(true)
    l.intent({ type: 'session.passwordChangeSubmitted', oldPassword: 'secret123', newPassword: 'better456' })
    expect(l.lastRequest()).toMatchObject({ call: 'forceChangePassword', payload: { oldPassword: 'secret123', newPassword: 'better456' } })
    l.fail(serviceError(1011, 'wrong password'))
    expect(l.session().context.accountError).toMatchObject({ code: 1011 })
    expect(selectMustChangePassword(l.session())).toBe(true)
    l.intent({ type: 'session.passwordChangeSubmitted', oldPassword: 'secret123', newPassword: 'better456' })
    l.answer({})
    expect(l.ofType('session.loggedIn').at(-1)).toEqual({ type: 'session.loggedIn', mode: 'fastlogin', username: 'player01', accountType: 0, real: true, mustChangePassword: false, bind: NO_BIND, hasRecharged: false, userStatus: 1, playerId: '1001' })
    expect(selectMustChangePassword(l.session())).toBe(false)
  })

  it('ignores answers to requests it is not waiting for', () => {
    const l = lobby()
    l.boot({ userkey: 'uk-1001' })
    const fast = l.lastRequest()
    l.fact({ type: 'hall.responded', requestId: 'session-99', call: 'fastLogin', data: user() })
    l.fact({ type: 'hall.failed', requestId: 'site-1', call: 'fastLogin', error: serviceError(1011) })
    expect(l.lastRequest()).toBe(fast)
    expect(selectSessionPhase(l.session())).toBe('signingIn')
  })

  it('a logout asked while a guest currency change is in flight drops the change: its late answer signs nobody in', () => {
    const g = lobby()
    g.boot({ autoVisitor: true })
    g.answer(guest())
    g.intent({ type: 'session.currencyChosen', currency: 'USDT' })
    const change = g.lastRequest()
    expect(change).toMatchObject({ call: 'updateGuestCurrency' })
    g.intent({ type: 'session.logoutConfirmed' })
    const logout = g.lastRequest()
    expect(logout).toMatchObject({ call: 'userLogout' })
    g.answer(guest({ currency: 'USDT' }), change)
    expect(selectSessionPhase(g.session())).toBe('loggingOut')
    expect(g.ofType('wallet.balanceReported')).toHaveLength(1)
    g.answer({}, logout)
    expect([selectSessionPhase(g.session()), selectIsVisitor(g.session()), selectCurrency(g.session())]).toEqual(['visitor', true, 'USD'])
    expect(g.ofType('session.loggedOut')).toEqual([{ type: 'session.loggedOut', reason: 'logout' }])
  })
})

describe('language switch', () => {
  it('loads for 200 ms, then applies a language the site offers', () => {
    const l = lobby()
    l.boot()
    l.intent({ type: 'session.languageChosen', language: 'ko_KR' })
    expect(selectIsSwitchingLanguage(l.language())).toBe(false)
    l.intent({ type: 'session.languageChosen', language: 'zh_CN' })
    expect(selectIsSwitchingLanguage(l.language())).toBe(true)
    l.timers.advance(199)
    expect(l.records.filter((r) => r.event.type === 'session.languageApplied')).toEqual([])
    l.timers.advance(1)
    expect(l.records.filter((r) => r.event.type === 'session.languageApplied').map((r) => [r.event, r.source])).toEqual([
      [{ type: 'session.languageApplied', language: 'zh_CN' }, 'language'],
    ])
    expect([selectIsSwitchingLanguage(l.language()), selectLanguage(l.language())]).toEqual([false, 'zh_CN'])
  })
})
