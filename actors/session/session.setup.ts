import { assign, enqueueActions, setup } from 'xstate'
import type { LoginMode } from '../../schemas/events/session'
import type { UserInfo } from '../../schemas/hall/calls/auth'
import { isGeetestError } from '../geetest'
import { answers, forgetAll } from '../kit'
import {
  GEETEST_BLOCKED, SESSION_CALLS, THIRD_NOT_REGISTERED, TRIAL_ACCOUNT, answered, askFor, asksRiskCheck, errorOf, expiry, riskBinds,
  changedKeyOf, failedMine, guestAllowed, isGuest, linkTypeOf, offeredCurrency, reloadedTokenOf, sameUserSignedOut, signInFactsOf, systemCredentials,
  systemToken, thirdNotRegistered, thirdWayOf, userOf, type SessionContext, type SessionEmitted, type SessionEvent, type SessionJob, type SessionPurpose,
} from './session.logic'

/** Where a code send says the code went (its masked target), or ''. */
const sentTarget = (data: unknown): string => {
  const target = typeof data === 'object' && data !== null ? (data as { target?: unknown }).target : undefined
  return typeof target === 'string' ? target : ''
}

/**
 * The session actor's named implementations: its guards and actions (session.machine.ts is the
 * statechart that names them).
 */
export const sessionSetup = setup({
  types: { context: {} as SessionContext, events: {} as SessionEvent, emitted: {} as SessionEmitted },
  guards: {
    allStarted: ({ context: c }) => c.started !== null && c.stored !== null && c.site !== null,
    hasStoredKey: ({ context: c }) => c.stored?.userkey != null,
    registerLink: ({ context: c }) => c.started?.linkType === 4,
    guestAllowed: ({ context: c }) => guestAllowed({ autoVisitorLogin: c.site?.autoVisitorLogin ?? false, linkType: c.started?.linkType ?? null }),
    answered: ({ context, event }, purpose: SessionPurpose) => answered(context, event, purpose),
    answeredUser: ({ context, event }) => answered(context, event, 'signIn') && userOf(event.data) !== null,
    thirdUnregistered: ({ context, event }) => answered(context, event, 'signIn') && thirdNotRegistered(event.data) !== null,
    failedMine: ({ context, event }, purpose: SessionPurpose) => failedMine(context, event, purpose),
    thirdFailedUnregistered: ({ context, event }) =>
      failedMine(context, event, 'signIn') && event.error._tag === 'ServiceCode' && event.error.code === THIRD_NOT_REGISTERED,
    geetestFailure: ({ context, event }) => failedMine(context, event, 'signIn') && event.call === SESSION_CALLS.login && isGeetestError(event.error),
    retried: ({ context }) => context.retried,
    sameUserSignedOut: ({ context, event }) => sameUserSignedOut(context, event),
    // Branches on the system token being empty: see the session section of docs/decisions.md.
    hasSystemToken: ({ context }) => systemToken(context) !== '',
    expired: ({ context, event }) => expiry(context, event),
    canAuth: ({ context }) => context.user === null || isGuest(context),
    geetestOpen: ({ context }) => !context.restricted,
    canAuthOpen: ({ context }) => (context.user === null || isGuest(context)) && !context.restricted,
    /** The answer to the logout, whatever it is: logging out always works locally. */
    logoutFailed: ({ context, event }) => event.type === 'hall.failed' && answers(context.requests, 'logout', event),
    hasUser: ({ context }) => context.user !== null,
    visitorCurrency: ({ context: c, event: e }) => e.type === 'session.currencyChosen' && c.user === null && e.currency !== c.currency && offeredCurrency(c, e.currency),
    guestCurrency: ({ context: c, event: e }) =>
      e.type === 'session.currencyChosen' && isGuest(c) && e.currency !== c.user?.currency && offeredCurrency(c, e.currency),
    mustChangePassword: ({ context }) => context.user?.change_password === 1,
    /** The sign-in's answer asks the risk check first (loginValidType 7). */
    riskAsked: ({ context, event }) => answered(context, event, 'signIn') && asksRiskCheck(event.data),
    riskBinds: ({ context }) => riskBinds(context),
    riskRefused: ({ context, event }) => failedMine(context, event, 'riskSend') || failedMine(context, event, 'risk'),
  },
  actions: {
    takeStart: assign(({ event: e }) => {
      if (e.type === 'app.started') return { started: { siteKey: e.site.siteKey, linkType: linkTypeOf(e.url) } }
      if (e.type === 'session.storedLoaded') return { stored: e.stored }
      if (e.type === 'site.ready') {
        const { systemToken: token, autoVisitorLogin, languages, currencies } = e
        return { site: { systemToken: token, autoVisitorLogin, languages, currencies }, currency: e.currency }
      }
      return {}
    }),
    request: enqueueActions(({ context, event, enqueue }, job: SessionJob) => {
      const asked = askFor(context, event, job)
      if (asked === null) return
      enqueue.assign({ requests: asked.requests })
      enqueue.emit(asked.notice)
    }),
    /** A new sign-in flow: nothing of the one before is awaited any more. */
    startFlow: assign(({ context }) => ({ retried: false, loginKey: null, requests: forgetAll(context.requests) })),
    markRetried: assign({ retried: true }),
    /** Reloaded system info: its token is the new system token, and the hall runner signs with it. */
    takeSystemToken: enqueueActions(({ context: c, event: e, enqueue }) => {
      if (e.type !== 'hall.responded' || c.site === null) return
      const token = reloadedTokenOf(e)
      const next = { ...c, site: { ...c.site, systemToken: token } }
      enqueue.assign({ site: next.site, ...(c.loginKey === null || token === '' ? {} : { loginKey: token }) })
      enqueue.emit(systemCredentials(next, c.currency))
    }),
    useSystemKey: assign(({ context }) => ({ loginKey: systemToken(context) })),
    requestKey: enqueueActions(({ enqueue }) => enqueue.emit({ type: 'session.keyRequested' })),
    takeKey: assign(({ event }) => (event.type === 'session.keyGenerated' ? { loginKey: event.key } : {})),
    signIn: enqueueActions(({ context: c, event: e, enqueue }, p: { mode: LoginMode; from: 'answer' | 'registered' | 'risk' }) => {
      const answer: UserInfo | null =
        p.from === 'registered' ? c.registered : p.from === 'risk' ? (c.risk?.answer ?? null) : e.type === 'hall.responded' ? userOf(e.data) : null
      if (answer === null) return
      // The user info's balance is the wallet's: the session keeps the rest (a bound phone the risk check bound included).
      const { game_gold: balance, loginValidType: _asked, ...kept } = answer
      const bound = p.from === 'risk' && e.type === 'hall.responded' && e.call === SESSION_CALLS.riskBind ? (e.data as { mobile_phone?: unknown }).mobile_phone : undefined
      const user = typeof bound === 'string' ? { ...kept, mobile_phone: bound } : kept
      enqueue.assign({ user, mode: p.mode, requests: forgetAll(c.requests), registered: null, thirdAttempt: null, loginError: null, registerError: null, accountError: null, risk: null })
      enqueue.emit({ type: 'session.credentialsChanged', token: user.token, keyMaterial: user.session_key, currency: user.currency })
      enqueue.emit({ type: 'session.persistRequested', stored: { userkey: user.userkey, username: user.username, accountType: user.account_type } })
      enqueue.emit({
        type: 'session.loggedIn', mode: p.mode, username: user.username, accountType: user.account_type,
        real: user.account_type !== TRIAL_ACCOUNT, mustChangePassword: user.change_password === 1, ...signInFactsOf(user),
      })
      enqueue.emit({ type: 'wallet.balanceReported', balance, source: 'login' })
    }),
    /** The sign-in waits on its risk check: its token signs the check's calls; nobody is signed in yet. */
    holdRisk: enqueueActions(({ context: c, event: e, enqueue }) => {
      const answer = e.type === 'hall.responded' ? userOf(e.data) : null
      if (answer === null) return
      enqueue.assign({ risk: { answer, sent: null, error: null }, requests: forgetAll(c.requests), loginError: null })
      enqueue.emit({ type: 'session.credentialsChanged', token: answer.token, keyMaterial: answer.session_key, currency: answer.currency })
    }),
    riskSent: assign(({ context: c, event: e }) =>
      e.type === 'hall.responded' && c.risk != null
        ? { risk: { ...c.risk, sent: sentTarget(e.data), error: null }, requests: forgetAll(c.requests) }
        : {},
    ),
    riskFailed: assign(({ context: c, event: e }) =>
      e.type === 'hall.failed' && c.risk != null ? { risk: { ...c.risk, error: errorOf(e.error) }, requests: forgetAll(c.requests) } : {},
    ),
    /** The player gave the risk check up: the calls are signed as before it (the guest's, or a visitor's). */
    dropRisk: enqueueActions(({ context: c, enqueue }) => {
      enqueue.assign({ risk: null, requests: forgetAll(c.requests) })
      enqueue.emit(c.user === null ? systemCredentials(c, c.currency) : { type: 'session.credentialsChanged', token: c.user.token, keyMaterial: c.user.session_key, currency: c.user.currency })
    }),
    keepRegistered: assign(({ context, event }) => (event.type === 'hall.responded' ? { registered: userOf(event.data), requests: forgetAll(context.requests) } : {})),
    keepThirdAttempt: assign(({ event }) =>
      event.type === 'session.thirdLoginSubmitted' ? { thirdAttempt: { accessToken: event.accessToken, requesterType: event.requesterType } } : {},
    ),
    promptAuth: enqueueActions(({ enqueue }, mode: 'login' | 'register') => enqueue.emit({ type: 'session.authPromptNeeded', mode })),
    promptThirdWay: enqueueActions(({ context: c, event: e, enqueue }) => {
      const data = e.type === 'hall.responded' ? (thirdNotRegistered(e.data) ?? {}) : {}
      enqueue.emit({ type: 'session.authPromptNeeded', mode: 'register', thirdWay: thirdWayOf(data, c.thirdAttempt) })
      enqueue.assign({ thirdAttempt: null, requests: forgetAll(c.requests) })
    }),
    clearLoginError: assign({ loginError: null }),
    dropPending: assign(({ context }) => ({ requests: forgetAll(context.requests) })),
    clearRegisterError: assign({ registerError: null }),
    failLogin: assign(({ context, event }) =>
      event.type === 'hall.failed' ? { loginError: errorOf(event.error), requests: forgetAll(context.requests), thirdAttempt: null } : {},
    ),
    failRegister: assign(({ context, event }) => (event.type === 'hall.failed' ? { registerError: errorOf(event.error), requests: forgetAll(context.requests) } : {})),
    failAccount: assign(({ context, event }) => (event.type === 'hall.failed' ? { accountError: errorOf(event.error), requests: forgetAll(context.requests) } : {})),
    /** An answer the session cannot sign in with (open SMS or third-party data without a user). */
    unusableAnswer: assign(({ context }) => ({
      loginError: { code: null, msg: 'no user in the answer', messageKey: 'SYSTEM_ERROR' }, requests: forgetAll(context.requests), thirdAttempt: null,
    })),
    geetestBlocked: assign({ loginError: GEETEST_BLOCKED }),
    signOut: enqueueActions(({ context: c, enqueue }, reason: 'logout' | 'expired') => {
      if (reason === 'expired') enqueue.emit({ type: 'session.tokenExpired' })
      enqueue.assign({ user: null, mode: null, requests: forgetAll(c.requests), registered: null, accountError: null })
      enqueue.emit({ type: 'session.persistRequested', stored: { userkey: null, username: null, accountType: null } })
      enqueue.emit(systemCredentials(c, c.currency))
      enqueue.emit({ type: 'session.loggedOut', reason })
    }),
    chooseVisitorCurrency: enqueueActions(({ context: c, event: e, enqueue }) => {
      if (e.type !== 'session.currencyChosen') return
      enqueue.assign({ currency: e.currency })
      enqueue.emit(systemCredentials(c, e.currency))
    }),
    /** The guest's new currency: its balance (in that currency) is the wallet's. */
    takeGuestCurrency: enqueueActions(({ context: c, event: e, enqueue }) => {
      const answer = e.type === 'hall.responded' ? userOf(e.data) : null
      if (answer === null) return
      const { game_gold: balance, ...user } = answer
      enqueue.assign({ user, requests: forgetAll(c.requests), accountError: null })
      enqueue.emit({ type: 'session.credentialsChanged', token: user.token, keyMaterial: user.session_key, currency: user.currency })
      enqueue.emit({ type: 'wallet.balanceReported', balance, source: 'login' })
    }),
    /**
     * Spec §4: change_password cleared and the after-login steps rerun. The hall replaced the
     * fast-login key (every other session ended, docs/hall.md): the new one is kept.
     */
    /** The security page changed the login password: the hall replaced the fast-login key; this browser keeps the new one. */
    keepKey: enqueueActions(({ context: c, event: e, enqueue }) => {
      if (c.user === null || e.type !== 'session.keyChanged') return
      const user = { ...c.user, userkey: e.userkey }
      enqueue.assign({ user })
      enqueue.emit({ type: 'session.persistRequested', stored: { userkey: e.userkey, username: user.username, accountType: user.account_type } })
    }),
    passwordChanged: enqueueActions(({ context: c, event: e, enqueue }) => {
      if (c.user === null) return
      const userkey = e.type === 'hall.responded' ? changedKeyOf(e) : null
      const user = { ...c.user, change_password: 0, ...(userkey === null ? {} : { userkey }) }
      enqueue.assign({ user, requests: forgetAll(c.requests), accountError: null })
      if (userkey !== null) enqueue.emit({ type: 'session.persistRequested', stored: { userkey, username: user.username, accountType: user.account_type } })
      enqueue.emit({
        type: 'session.loggedIn', mode: c.mode ?? 'normal', username: user.username, accountType: user.account_type,
        real: user.account_type !== TRIAL_ACCOUNT, mustChangePassword: false, ...signInFactsOf(user),
      })
    }),
    /** A login failed with error_12 or error_01: the geetest actor restricts attempts. */
    reportGeetest: enqueueActions(({ enqueue }) => enqueue.emit({ type: 'geetest.challengeFailed', attempt: 'login' })),
    restrict: assign({ restricted: true }),
    lift: assign(({ context }) => ({ restricted: false, loginError: context.loginError?.messageKey === 'GEETEST_RESTRICTED' ? null : context.loginError })),
  },
})
