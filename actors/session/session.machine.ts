import { and, assign, enqueueActions, setup } from 'xstate'
import type { LoginMode } from '../../schemas/events/session'
import type { UserInfo } from '../../schemas/hall/calls/auth'
import {
  balanceAnswered, balanceFailed, goldOf, GEETEST_BLOCKED, GEETEST_SECONDS, SESSION_CALLS, SESSION_DELAYS, THIRD_NOT_REGISTERED, TRIAL_ACCOUNT, answered, errorOf, expiry,
  changedKeyOf, failedMine, guestAllowed, initialContext, isGeetestError, isGuest, linkTypeOf, offeredCurrency, payloadOf, sameUserSignedOut, systemCredentials,
  systemToken, thirdNotRegistered, thirdWayOf, userOf, type SessionCall, type SessionContext, type SessionEmitted, type SessionEvent,
  signInFactsOf,
} from './session.logic'

/**
 * The player's session (spec §4 visitor to logged-in, fast login, guest registration, token
 * expiry, logout, geetest restriction; §6 roles; §8 reactions). Two parallel regions: `auth` (who
 * is signed in) and `geetest` (the 60 s block of login attempts, counting down every second).
 * The language switch is its own small machine (language.machine.ts).
 *
 * Consumes: app.started, site.ready, session.storedLoaded, session.keyGenerated, hall.responded,
 *   hall.failed (its own answers, and -1 from any actor's call), session.loginSubmitted,
 *   session.registerSubmitted, session.trialRequested, session.smsLoginSubmitted,
 *   session.thirdLoginSubmitted, session.logoutConfirmed, session.expiredAcknowledged,
 *   session.currencyChosen, session.passwordChangeSubmitted, session.balanceRefreshRequested,
 *   realtime.payOrderSucceeded, realtime.withdrawOrderSucceeded (the balance refresh),
 *   games.balanceChanged (the game launch's balance: '-1' in a game), session.signedOutElsewhere
 *   (another tab of this browser logged out of this account: this tab logs out too).
 * Emits: hall.requested, session.credentialsChanged, session.persistRequested, session.loggedIn,
 *   session.loggedOut, session.tokenExpired, session.authPromptNeeded, session.keyRequested.
 */

export const sessionMachine = setup({
  types: { context: {} as SessionContext, events: {} as SessionEvent, emitted: {} as SessionEmitted },
  delays: { geetestTick: SESSION_DELAYS.geetestTick, geetestBlock: SESSION_DELAYS.geetestBlock },
  guards: {
    allStarted: ({ context: c }) => c.started !== null && c.stored !== null && c.site !== null,
    hasStoredKey: ({ context: c }) => c.stored?.userkey != null,
    registerLink: ({ context: c }) => c.started?.linkType === 4,
    guestAllowed: ({ context: c }) => guestAllowed({ autoVisitorLogin: c.site?.autoVisitorLogin ?? false, linkType: c.started?.linkType ?? null }),
    answered: ({ context, event }) => answered(context, event),
    answeredUser: ({ context, event }) => answered(context, event) && event.type === 'hall.responded' && userOf(event.data) !== null,
    thirdUnregistered: ({ context, event }) => answered(context, event) && event.type === 'hall.responded' && thirdNotRegistered(event.data) !== null,
    failedMine: ({ context, event }) => failedMine(context, event),
    thirdFailedUnregistered: ({ context, event }) =>
      failedMine(context, event) && event.type === 'hall.failed' && event.error._tag === 'ServiceCode' && event.error.code === THIRD_NOT_REGISTERED,
    geetestFailure: ({ context, event }) =>
      failedMine(context, event) && event.type === 'hall.failed' && event.call === SESSION_CALLS.login && isGeetestError(event.error),
    retried: ({ context }) => context.retried,
    // Branches on the system token being empty: see the session section of docs/decisions.md.
    hasSystemToken: ({ context }) => systemToken(context) !== '',
    expired: ({ context, event }) => expiry(context, event),
    canAuth: ({ context }) => context.user === null || isGuest(context),
    geetestOpen: ({ context }) => context.geetestLeft === 0,
    canAuthOpen: ({ context }) => (context.user === null || isGuest(context)) && context.geetestLeft === 0,
    /** The answer to the logout, whatever it is: logging out always works locally. */
    logoutFailed: ({ context, event }) => event.type === 'hall.failed' && event.requestId === context.pendingId,
    hasUser: ({ context }) => context.user !== null,
    visitorCurrency: ({ context: c, event: e }) => e.type === 'session.currencyChosen' && c.user === null && e.currency !== c.currency && offeredCurrency(c, e.currency),
    guestCurrency: ({ context: c, event: e }) =>
      e.type === 'session.currencyChosen' && isGuest(c) && e.currency !== c.user?.currency && offeredCurrency(c, e.currency),
    mustChangePassword: ({ context }) => context.user?.change_password === 1,
    balanceAnswered: ({ context, event }) => balanceAnswered(context, event),
    balanceFailed: ({ context, event }) => balanceFailed(context, event),
    sameUserSignedOut: ({ context, event }) => sameUserSignedOut(context, event),
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
    request: enqueueActions(({ context, event, enqueue }, call: SessionCall) => {
      const requestId = `session-${context.requestCount + 1}`
      enqueue.assign({ requestCount: context.requestCount + 1, pendingId: requestId })
      enqueue.emit({ type: 'hall.requested', requestId, call, payload: payloadOf(call, context, event) })
    }),
    startFlow: assign({ retried: false, loginKey: null }),
    markRetried: assign({ retried: true }),
    /** Reloaded system info: its token is the new system token, and the hall runner signs with it. */
    takeSystemToken: enqueueActions(({ context: c, event: e, enqueue }) => {
      const token = e.type === 'hall.responded' ? (e.data as { token?: unknown } | null)?.token : undefined
      if (typeof token !== 'string' || c.site === null) return
      const next = { ...c, site: { ...c.site, systemToken: token } }
      enqueue.assign({ site: next.site, ...(c.loginKey === null || token === '' ? {} : { loginKey: token }) })
      enqueue.emit(systemCredentials(next, c.currency))
    }),
    useSystemKey: assign(({ context }) => ({ loginKey: systemToken(context) })),
    requestKey: enqueueActions(({ enqueue }) => enqueue.emit({ type: 'session.keyRequested' })),
    takeKey: assign(({ event }) => (event.type === 'session.keyGenerated' ? { loginKey: event.key } : {})),
    signIn: enqueueActions(({ context: c, event: e, enqueue }, p: { mode: LoginMode; from: 'answer' | 'registered' }) => {
      const user: UserInfo | null = p.from === 'registered' ? c.registered : e.type === 'hall.responded' ? userOf(e.data) : null
      if (user === null) return
      enqueue.assign({ user, mode: p.mode, pendingId: null, registered: null, thirdAttempt: null, loginError: null, registerError: null, accountError: null, balanceId: null, balanceStale: false })
      enqueue.emit({ type: 'session.credentialsChanged', token: user.token, keyMaterial: user.session_key, currency: user.currency })
      enqueue.emit({ type: 'session.persistRequested', stored: { userkey: user.userkey, username: user.username, accountType: user.account_type } })
      enqueue.emit({
        type: 'session.loggedIn', mode: p.mode, username: user.username, accountType: user.account_type,
        real: user.account_type !== TRIAL_ACCOUNT, mustChangePassword: user.change_password === 1, ...signInFactsOf(user),
      })
    }),
    keepRegistered: assign(({ event }) => (event.type === 'hall.responded' ? { registered: userOf(event.data), pendingId: null } : {})),
    keepThirdAttempt: assign(({ event }) =>
      event.type === 'session.thirdLoginSubmitted' ? { thirdAttempt: { accessToken: event.accessToken, requesterType: event.requesterType } } : {},
    ),
    promptAuth: enqueueActions(({ enqueue }, mode: 'login' | 'register') => enqueue.emit({ type: 'session.authPromptNeeded', mode })),
    promptThirdWay: enqueueActions(({ context: c, event: e, enqueue }) => {
      const data = e.type === 'hall.responded' ? (thirdNotRegistered(e.data) ?? {}) : {}
      enqueue.emit({ type: 'session.authPromptNeeded', mode: 'register', thirdWay: thirdWayOf(data, c.thirdAttempt) })
      enqueue.assign({ thirdAttempt: null, pendingId: null })
    }),
    clearLoginError: assign({ loginError: null }),
    dropPending: assign({ pendingId: null }),
    clearRegisterError: assign({ registerError: null }),
    failLogin: assign(({ event }) => (event.type === 'hall.failed' ? { loginError: errorOf(event.error), pendingId: null, thirdAttempt: null } : {})),
    failRegister: assign(({ event }) => (event.type === 'hall.failed' ? { registerError: errorOf(event.error), pendingId: null } : {})),
    failAccount: assign(({ event }) => (event.type === 'hall.failed' ? { accountError: errorOf(event.error), pendingId: null } : {})),
    /** An answer the session cannot sign in with (open SMS or third-party data without a user). */
    unusableAnswer: assign({ loginError: { code: null, msg: 'no user in the answer', messageKey: 'SYSTEM_ERROR' }, pendingId: null, thirdAttempt: null }),
    geetestBlocked: assign({ loginError: GEETEST_BLOCKED }),
    signOut: enqueueActions(({ context: c, enqueue }, reason: 'logout' | 'expired') => {
      if (reason === 'expired') enqueue.emit({ type: 'session.tokenExpired' })
      enqueue.assign({ user: null, mode: null, pendingId: null, registered: null, accountError: null, balanceId: null, balanceStale: false })
      enqueue.emit({ type: 'session.persistRequested', stored: { userkey: null, username: null, accountType: null } })
      enqueue.emit(systemCredentials(c, c.currency))
      enqueue.emit({ type: 'session.loggedOut', reason })
    }),
    chooseVisitorCurrency: enqueueActions(({ context: c, event: e, enqueue }) => {
      if (e.type !== 'session.currencyChosen') return
      enqueue.assign({ currency: e.currency })
      enqueue.emit(systemCredentials(c, e.currency))
    }),
    takeGuestCurrency: enqueueActions(({ event: e, enqueue }) => {
      const user = e.type === 'hall.responded' ? userOf(e.data) : null
      if (user === null) return
      enqueue.assign({ user, pendingId: null, accountError: null, balanceStale: false })
      enqueue.emit({ type: 'session.credentialsChanged', token: user.token, keyMaterial: user.session_key, currency: user.currency })
    }),
    /**
     * Spec §4: change_password cleared and the after-login steps rerun. The hall replaced the
     * fast-login key (every other session ended, docs/hall.md): the new one is kept.
     */
    passwordChanged: enqueueActions(({ context: c, event: e, enqueue }) => {
      if (c.user === null) return
      const userkey = e.type === 'hall.responded' ? changedKeyOf(e.data) : null
      const user = { ...c.user, change_password: 0, ...(userkey === null ? {} : { userkey }) }
      enqueue.assign({ user, pendingId: null, accountError: null })
      if (userkey !== null) enqueue.emit({ type: 'session.persistRequested', stored: { userkey, username: user.username, accountType: user.account_type } })
      enqueue.emit({
        type: 'session.loggedIn', mode: c.mode ?? 'normal', username: user.username, accountType: user.account_type,
        real: user.account_type !== TRIAL_ACCOUNT, mustChangePassword: false, ...signInFactsOf(user),
      })
    }),
    /** Asks for the balance (game_gold); a refresh already in flight is superseded, its answer ignored. */
    requestBalance: enqueueActions(({ context, enqueue }) => {
      const requestId = `session-balance-${context.balanceCount + 1}`
      enqueue.assign({ balanceCount: context.balanceCount + 1, balanceId: requestId })
      enqueue.emit({ type: 'hall.requested', requestId, call: SESSION_CALLS.balance, payload: {} })
    }),
    takeBalance: assign(({ context: c, event: e }) => {
      const gold = e.type === 'hall.responded' ? goldOf(e.data) : null
      return { balanceId: null, ...(gold === null || c.user === null ? { balanceStale: true } : { user: { ...c.user, game_gold: gold }, balanceStale: false }) }
    }),
    /** The refresh failed: the balance shown stays, marked as possibly out of date. */
    staleBalance: assign({ balanceId: null, balanceStale: true }),
    /** The balance as the game launch knows it ('-1' while in a game, the refreshed one back in the lobby). */
    takeGameGold: assign(({ context: c, event: e }) =>
      e.type === 'games.balanceChanged' && c.user !== null ? { user: { ...c.user, game_gold: e.game_gold }, balanceStale: false } : {},
    ),
    startGeetest: assign({ geetestLeft: GEETEST_SECONDS }),
    tickGeetest: assign(({ context }) => ({ geetestLeft: Math.max(1, context.geetestLeft - 1) })),
    endGeetest: assign(({ context }) => ({ geetestLeft: 0, loginError: context.loginError?.messageKey === 'GEETEST_RESTRICTED' ? null : context.loginError })),
  },
}).createMachine({
  id: 'session',
  context: initialContext,
  type: 'parallel',
  states: {
    auth: {
      initial: 'starting',
      on: {
        // Any call failing with -1 while signed in: one modal, however many calls fail (spec §8).
        'hall.failed': [
          { guard: 'expired', target: '.expired' },
          { guard: 'balanceFailed', actions: 'staleBalance' },
        ],
        // The balance answer, whatever the auth state meanwhile (a sign-in or sign-out drops it first).
        'hall.responded': { guard: 'balanceAnswered', actions: 'takeBalance' },
        // Entering a game makes it '-1' (spec §4), leaving it refreshes it.
        'games.balanceChanged': { actions: 'takeGameGold' },
      },
      states: {
        starting: {
          on: {
            'app.started': { actions: 'takeStart' },
            'session.storedLoaded': { actions: 'takeStart' },
            'site.ready': { actions: 'takeStart' },
          },
          always: { guard: 'allStarted', target: 'deciding' },
        },
        deciding: {
          always: [
            { guard: 'hasStoredKey', target: 'fastLogin', actions: 'startFlow' },
            { guard: 'registerLink', target: 'visitor', actions: { type: 'promptAuth', params: 'register' } },
            { guard: 'guestAllowed', target: 'loginKey', actions: 'startFlow' },
            { target: 'visitor', actions: { type: 'promptAuth', params: 'login' } },
          ],
        },
        fastLogin: {
          entry: { type: 'request', params: SESSION_CALLS.fastLogin },
          on: {
            'hall.responded': { guard: 'answered', target: 'signedIn', actions: { type: 'signIn', params: { mode: 'fastlogin', from: 'answer' } } },
            // Fast login fails silently: once more after reloading system info, then guest registration (spec §4, §8).
            'hall.failed': [
              { guard: and(['failedMine', 'retried']), target: 'loginKey', actions: 'startFlow' },
              { guard: 'failedMine', target: 'fastLoginReload' },
            ],
          },
        },
        fastLoginReload: {
          entry: ['markRetried', { type: 'request', params: SESSION_CALLS.sysInfo }],
          on: {
            'hall.responded': { guard: 'answered', target: 'fastLogin', actions: 'takeSystemToken' },
            'hall.failed': { guard: 'failedMine', target: 'loginKey', actions: 'startFlow' },
          },
        },
        loginKey: {
          always: [
            { guard: 'hasSystemToken', target: 'guestRegister', actions: 'useSystemKey' },
            { target: 'awaitingKey', actions: 'requestKey' },
          ],
        },
        awaitingKey: {
          on: { 'session.keyGenerated': { target: 'guestRegister', actions: 'takeKey' } },
        },
        guestRegister: {
          entry: { type: 'request', params: SESSION_CALLS.testRegister },
          on: {
            'hall.responded': { guard: 'answered', target: 'signedIn', actions: { type: 'signIn', params: { mode: 'trymode', from: 'answer' } } },
            'hall.failed': [
              { guard: and(['failedMine', 'retried']), target: 'visitor', actions: 'dropPending' },
              { guard: 'failedMine', target: 'guestReload' },
            ],
          },
        },
        guestReload: {
          entry: ['markRetried', { type: 'request', params: SESSION_CALLS.sysInfo }],
          on: {
            'hall.responded': { guard: 'answered', target: 'guestRegister', actions: 'takeSystemToken' },
            'hall.failed': { guard: 'failedMine', target: 'visitor', actions: 'dropPending' },
          },
        },
        visitor: {
          on: {
            'session.loginSubmitted': [
              { guard: 'geetestOpen', target: 'signingIn', actions: ['clearLoginError', { type: 'request', params: SESSION_CALLS.login }] },
              { actions: 'geetestBlocked' },
            ],
            'session.registerSubmitted': { target: 'registering', actions: ['clearRegisterError', { type: 'request', params: SESSION_CALLS.register }] },
            'session.smsLoginSubmitted': { target: 'smsSigningIn', actions: ['clearLoginError', { type: 'request', params: SESSION_CALLS.smsLogin }] },
            'session.thirdLoginSubmitted': {
              target: 'thirdSigningIn',
              actions: ['clearLoginError', 'keepThirdAttempt', { type: 'request', params: SESSION_CALLS.thirdLogin }],
            },
            'session.trialRequested': { target: 'loginKey', actions: 'startFlow' },
            'session.currencyChosen': { guard: 'visitorCurrency', actions: 'chooseVisitorCurrency' },
          },
        },
        signingIn: {
          on: {
            'hall.responded': { guard: 'answered', target: 'signedIn', actions: { type: 'signIn', params: { mode: 'normal', from: 'answer' } } },
            'hall.failed': { guard: 'failedMine', target: 'back', actions: 'failLogin' },
          },
        },
        registering: {
          on: {
            'hall.responded': { guard: 'answeredUser', target: 'registeredFastLogin', actions: 'keepRegistered' },
            'hall.failed': { guard: 'failedMine', target: 'back', actions: 'failRegister' },
          },
        },
        // The new account signs in by fast login with the answered userkey; if that fails, the
        // registration answer itself is a signed-in user.
        registeredFastLogin: {
          entry: { type: 'request', params: SESSION_CALLS.fastLogin },
          on: {
            'hall.responded': { guard: 'answered', target: 'signedIn', actions: { type: 'signIn', params: { mode: 'fastlogin', from: 'answer' } } },
            'hall.failed': { guard: 'failedMine', target: 'signedIn', actions: { type: 'signIn', params: { mode: 'normal', from: 'registered' } } },
          },
        },
        smsSigningIn: {
          on: {
            'hall.responded': [
              { guard: 'answeredUser', target: 'signedIn', actions: { type: 'signIn', params: { mode: 'sms', from: 'answer' } } },
              { guard: 'answered', target: 'back', actions: 'unusableAnswer' },
            ],
            'hall.failed': { guard: 'failedMine', target: 'back', actions: 'failLogin' },
          },
        },
        thirdSigningIn: {
          on: {
            'hall.responded': [
              { guard: 'thirdUnregistered', target: 'back', actions: 'promptThirdWay' },
              { guard: 'answeredUser', target: 'signedIn', actions: { type: 'signIn', params: { mode: 'thirdlogin', from: 'answer' } } },
              { guard: 'answered', target: 'back', actions: 'unusableAnswer' },
            ],
            'hall.failed': [
              { guard: 'thirdFailedUnregistered', target: 'back', actions: 'promptThirdWay' },
              { guard: 'failedMine', target: 'back', actions: 'failLogin' },
            ],
          },
        },
        /** After a failed sign-in attempt: back to the guest account, or a visitor. */
        back: {
          always: [{ guard: 'hasUser', target: 'signedIn' }, { target: 'visitor' }],
        },
        signedIn: {
          initial: 'idle',
          on: {
            'session.logoutConfirmed': { target: 'loggingOut' },
            // Another tab of this browser logged out of this account: so does this one (docs/decisions.md).
            'session.signedOutElsewhere': { guard: 'sameUserSignedOut', target: 'loggingOut' },
            // The balance refresh (spec §2 header balance with refresh; §4 a completed deposit or withdrawal).
            'session.balanceRefreshRequested': { actions: 'requestBalance' },
            'realtime.payOrderSucceeded': { actions: 'requestBalance' },
            'realtime.withdrawOrderSucceeded': { actions: 'requestBalance' },
          },
          states: {
            idle: {
              on: {
                // A guest may still sign in to, or register, a real account.
                'session.loginSubmitted': [
                  { guard: 'canAuthOpen', target: '#session.auth.signingIn', actions: ['clearLoginError', { type: 'request', params: SESSION_CALLS.login }] },
                  { guard: 'canAuth', actions: 'geetestBlocked' },
                ],
                'session.registerSubmitted': {
                  guard: 'canAuth',
                  target: '#session.auth.registering',
                  actions: ['clearRegisterError', { type: 'request', params: SESSION_CALLS.register }],
                },
                'session.currencyChosen': { guard: 'guestCurrency', target: 'updatingCurrency', actions: { type: 'request', params: SESSION_CALLS.guestCurrency } },
                'session.passwordChangeSubmitted': {
                  guard: 'mustChangePassword',
                  target: 'changingPassword',
                  actions: { type: 'request', params: SESSION_CALLS.changePassword },
                },
              },
            },
            updatingCurrency: {
              on: {
                'hall.responded': { guard: 'answered', target: 'idle', actions: 'takeGuestCurrency' },
                'hall.failed': { guard: 'failedMine', target: 'idle', actions: 'failAccount' },
              },
            },
            changingPassword: {
              on: {
                'hall.responded': { guard: 'answered', target: 'idle', actions: 'passwordChanged' },
                'hall.failed': { guard: 'failedMine', target: 'idle', actions: 'failAccount' },
              },
            },
          },
        },
        // Logging out always works locally, whatever the hall answers (a -1 included).
        loggingOut: {
          entry: { type: 'request', params: SESSION_CALLS.logout },
          on: {
            'hall.responded': { guard: 'answered', target: 'visitor', actions: { type: 'signOut', params: 'logout' } },
            'hall.failed': [
              { guard: 'logoutFailed', target: 'visitor', actions: { type: 'signOut', params: 'logout' } },
              { guard: 'expired' },
            ],
          },
        },
        expired: {
          entry: { type: 'signOut', params: 'expired' },
          on: { 'session.expiredAcknowledged': { target: 'visitor' } },
        },
      },
    },
    geetest: {
      initial: 'open',
      states: {
        open: {
          on: { 'hall.failed': { guard: 'geetestFailure', target: 'restricted' } },
        },
        restricted: {
          entry: 'startGeetest',
          exit: 'endGeetest',
          after: { geetestBlock: { target: 'open' } },
          initial: 'counting',
          states: {
            counting: {
              after: { geetestTick: { target: 'counting', reenter: true, actions: 'tickGeetest' } },
            },
          },
        },
      },
    },
  },
})
