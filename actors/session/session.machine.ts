import { and } from 'xstate'
import { initialContext } from './session.logic'
import { sessionSetup } from './session.setup'

/**
 * The player's session (spec §4 visitor to logged-in, fast login, guest registration, token
 * expiry, logout; §6 roles; §8 reactions): who is signed in, and how they got there. Its other
 * jobs are their own actors: the language switch (language.machine.ts), the balance (the wallet,
 * which takes the sign-in's game_gold as `wallet.balanceReported`) and the geetest restriction
 * (the geetest actor: a login failing with error_12 or error_01 reports `geetest.challengeFailed`,
 * and logins are refused between `geetest.restricted` and `geetest.lifted`). What is left is one
 * job, the signed-in user: the guest's currency change, the forced password change and token
 * expiry stay here because each changes that user (a split would hand it back and forth). Its
 * calls are kept by the kit's bookkeeping, one flow at a time (session.logic.ts, SessionPurpose).
 *
 * Consumes: app.started, site.ready, session.storedLoaded, session.keyGenerated, hall.responded,
 *   hall.failed (its own answers, and -1 from any actor's call), session.loginSubmitted,
 *   session.registerSubmitted, session.trialRequested, session.smsLoginSubmitted,
 *   session.thirdLoginSubmitted, session.logoutConfirmed, session.expiredAcknowledged,
 *   session.currencyChosen, session.passwordChangeSubmitted, geetest.restricted, geetest.lifted,
 *   session.signedOutElsewhere (another tab of this browser logged out of this account: this tab
 *   logs out too), session.riskCodeRequested, session.riskCodeSubmitted, session.riskCancelled
 *   (the sign-in's risk check).
 * Consumes also session.keyChanged (the security page's password change).
 * Emits: hall.requested, session.credentialsChanged, session.persistRequested, session.loggedIn,
 *   session.loggedOut, session.tokenExpired, session.authPromptNeeded, session.keyRequested,
 *   wallet.balanceReported, geetest.challengeFailed.
 */

export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  context: initialContext,
  initial: 'starting',
  on: {
    // Any call failing with -1 while signed in: one modal, however many calls fail (spec §8).
    'hall.failed': { guard: 'expired', target: '.expired' },
    // The geetest actor's restriction: logins are refused while it lasts.
    'geetest.restricted': { actions: 'restrict' },
    'geetest.lifted': { actions: 'lift' },
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
      entry: { type: 'request', params: 'fastLogin' },
      on: {
        'hall.responded': { guard: { type: 'answered', params: 'signIn' }, target: 'signedIn', actions: { type: 'signIn', params: { mode: 'fastlogin', from: 'answer' } } },
        // Fast login fails silently: once more after reloading system info, then guest registration (spec §4, §8).
        'hall.failed': [
          { guard: and([{ type: 'failedMine', params: 'signIn' } as const, 'retried']), target: 'loginKey', actions: 'startFlow' },
          { guard: { type: 'failedMine', params: 'signIn' }, target: 'fastLoginReload' },
        ],
      },
    },
    fastLoginReload: {
      entry: ['markRetried', { type: 'request', params: 'sysInfo' }],
      on: {
        'hall.responded': { guard: { type: 'answered', params: 'systemInfo' }, target: 'fastLogin', actions: 'takeSystemToken' },
        'hall.failed': { guard: { type: 'failedMine', params: 'systemInfo' }, target: 'loginKey', actions: 'startFlow' },
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
      entry: { type: 'request', params: 'testRegister' },
      on: {
        'hall.responded': { guard: { type: 'answered', params: 'signIn' }, target: 'signedIn', actions: { type: 'signIn', params: { mode: 'trymode', from: 'answer' } } },
        'hall.failed': [
          { guard: and([{ type: 'failedMine', params: 'signIn' } as const, 'retried']), target: 'visitor', actions: 'dropPending' },
          { guard: { type: 'failedMine', params: 'signIn' }, target: 'guestReload' },
        ],
      },
    },
    guestReload: {
      entry: ['markRetried', { type: 'request', params: 'sysInfo' }],
      on: {
        'hall.responded': { guard: { type: 'answered', params: 'systemInfo' }, target: 'guestRegister', actions: 'takeSystemToken' },
        'hall.failed': { guard: { type: 'failedMine', params: 'systemInfo' }, target: 'visitor', actions: 'dropPending' },
      },
    },
    visitor: {
      on: {
        'session.loginSubmitted': [
          { guard: 'geetestOpen', target: 'signingIn', actions: ['clearLoginError', { type: 'request', params: 'login' }] },
          { actions: 'geetestBlocked' },
        ],
        'session.registerSubmitted': { target: 'registering', actions: ['clearRegisterError', { type: 'request', params: 'register' }] },
        'session.smsLoginSubmitted': { target: 'smsSigningIn', actions: ['clearLoginError', { type: 'request', params: 'smsLogin' }] },
        'session.thirdLoginSubmitted': {
          target: 'thirdSigningIn',
          actions: ['clearLoginError', 'keepThirdAttempt', { type: 'request', params: 'thirdLogin' }],
        },
        'session.trialRequested': { target: 'loginKey', actions: 'startFlow' },
        'session.currencyChosen': { guard: 'visitorCurrency', actions: 'chooseVisitorCurrency' },
      },
    },
    signingIn: {
      on: {
        'hall.responded': [
          { guard: 'riskAsked', target: 'riskChecking', actions: 'holdRisk' },
          { guard: { type: 'answered', params: 'signIn' }, target: 'signedIn', actions: { type: 'signIn', params: { mode: 'normal', from: 'answer' } } },
        ],
        'hall.failed': [
          { guard: 'geetestFailure', target: 'back', actions: ['failLogin', 'reportGeetest'] },
          { guard: { type: 'failedMine', params: 'signIn' }, target: 'back', actions: 'failLogin' },
        ],
      },
    },
    /**
     * The sign-in's answer asked the risk check (loginValidType 7): the code to the bound phone
     * (/user/risk/verifyPhone) or, without one, a phone bound by its code (/user/risk/bindPhone);
     * the sign-in counts once it passed. A refusal stays here for another code; giving up drops it.
     */
    riskChecking: {
      on: {
        'session.riskCodeRequested': { actions: { type: 'request', params: 'riskSend' } },
        'session.riskCodeSubmitted': [
          { guard: 'riskBinds', actions: { type: 'request', params: 'riskBind' } },
          { actions: { type: 'request', params: 'riskVerify' } },
        ],
        'hall.responded': [
          { guard: { type: 'answered', params: 'riskSend' }, actions: 'riskSent' },
          { guard: { type: 'answered', params: 'risk' }, target: 'signedIn', actions: { type: 'signIn', params: { mode: 'normal', from: 'risk' } } },
        ],
        'hall.failed': { guard: 'riskRefused', actions: 'riskFailed' },
        'session.riskCancelled': { target: 'back', actions: 'dropRisk' },
      },
    },
    registering: {
      on: {
        'hall.responded': { guard: 'answeredUser', target: 'registeredFastLogin', actions: 'keepRegistered' },
        'hall.failed': { guard: { type: 'failedMine', params: 'signIn' }, target: 'back', actions: 'failRegister' },
      },
    },
    // The new account signs in by fast login with the answered userkey; if that fails, the
    // registration answer itself is a signed-in user.
    registeredFastLogin: {
      entry: { type: 'request', params: 'fastLogin' },
      on: {
        'hall.responded': { guard: { type: 'answered', params: 'signIn' }, target: 'signedIn', actions: { type: 'signIn', params: { mode: 'fastlogin', from: 'answer' } } },
        'hall.failed': { guard: { type: 'failedMine', params: 'signIn' }, target: 'signedIn', actions: { type: 'signIn', params: { mode: 'normal', from: 'registered' } } },
      },
    },
    smsSigningIn: {
      on: {
        'hall.responded': [
          { guard: 'answeredUser', target: 'signedIn', actions: { type: 'signIn', params: { mode: 'sms', from: 'answer' } } },
          { guard: { type: 'answered', params: 'signIn' }, target: 'back', actions: 'unusableAnswer' },
        ],
        'hall.failed': { guard: { type: 'failedMine', params: 'signIn' }, target: 'back', actions: 'failLogin' },
      },
    },
    thirdSigningIn: {
      on: {
        'hall.responded': [
          { guard: 'thirdUnregistered', target: 'back', actions: 'promptThirdWay' },
          { guard: 'answeredUser', target: 'signedIn', actions: { type: 'signIn', params: { mode: 'thirdlogin', from: 'answer' } } },
          { guard: { type: 'answered', params: 'signIn' }, target: 'back', actions: 'unusableAnswer' },
        ],
        'hall.failed': [
          { guard: 'thirdFailedUnregistered', target: 'back', actions: 'promptThirdWay' },
          { guard: { type: 'failedMine', params: 'signIn' }, target: 'back', actions: 'failLogin' },
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
        // The login password changed on the security page: the hall's new fast-login key is kept.
        'session.keyChanged': { actions: 'keepKey' },
      },
      states: {
        idle: {
          on: {
            // A guest may still sign in to, or register, a real account.
            'session.loginSubmitted': [
              { guard: 'canAuthOpen', target: '#session.signingIn', actions: ['clearLoginError', { type: 'request', params: 'login' }] },
              { guard: 'canAuth', actions: 'geetestBlocked' },
            ],
            // A guest may sign in by SMS too (screens §4 login mode sms).
            'session.smsLoginSubmitted': { guard: 'canAuth', target: '#session.smsSigningIn', actions: ['clearLoginError', { type: 'request', params: 'smsLogin' }] },
            // A guest may sign in with a third party too (a known account, or registration in thirdWay mode).
            'session.thirdLoginSubmitted': {
              guard: 'canAuth',
              target: '#session.thirdSigningIn',
              actions: ['clearLoginError', 'keepThirdAttempt', { type: 'request', params: 'thirdLogin' }],
            },
            'session.registerSubmitted': {
              guard: 'canAuth',
              target: '#session.registering',
              actions: ['clearRegisterError', { type: 'request', params: 'register' }],
            },
            'session.currencyChosen': { guard: 'guestCurrency', target: 'updatingCurrency', actions: { type: 'request', params: 'guestCurrency' } },
            'session.passwordChangeSubmitted': {
              guard: 'mustChangePassword',
              target: 'changingPassword',
              actions: { type: 'request', params: 'changePassword' },
            },
          },
        },
        updatingCurrency: {
          on: {
            'hall.responded': { guard: { type: 'answered', params: 'account' }, target: 'idle', actions: 'takeGuestCurrency' },
            'hall.failed': { guard: { type: 'failedMine', params: 'account' }, target: 'idle', actions: 'failAccount' },
          },
        },
        changingPassword: {
          on: {
            'hall.responded': { guard: { type: 'answered', params: 'account' }, target: 'idle', actions: 'passwordChanged' },
            'hall.failed': { guard: { type: 'failedMine', params: 'account' }, target: 'idle', actions: 'failAccount' },
          },
        },
      },
    },
    // Logging out always works locally, whatever the hall answers (a -1 included).
    loggingOut: {
      entry: { type: 'request', params: 'logout' },
      on: {
        'hall.responded': { guard: { type: 'answered', params: 'logout' }, target: 'visitor', actions: { type: 'signOut', params: 'logout' } },
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
})
