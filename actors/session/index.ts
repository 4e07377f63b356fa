import { fastLogin, forceChangePassword, login, register, smsLogin, testRegister, thirdPartyLogin, thirdPartyRegister, updateGuestCurrency } from '../../schemas/hall/calls/auth'
import { handles } from '../kit'
import type { ActorSpec } from '../spec'
import { languageMachine } from './language.machine'
import { sessionMachine } from './session.machine'

/**
 * The session actor: who is signed in (visitor, guest, real player) and how they got there (fast
 * login, guest registration, login, registration, SMS or third-party login), token expiry,
 * logout and the session currency. It asks for hall calls with `hall.requested`, announces sign-ins
 * and sign-outs, hands credentials to the hall runner and the session to keep to the storage
 * runner, the sign-in's balance to the wallet, and a restricting login failure to the geetest
 * actor (whose restriction it obeys).
 */
export const sessionActor = {
  id: 'session',
  machine: sessionMachine,
  consumes: [
    'app.started',
    'site.ready',
    'session.storedLoaded',
    'session.keyGenerated',
    'hall.responded',
    'hall.failed',
    'session.loginSubmitted',
    'session.registerSubmitted',
    'session.trialRequested',
    'session.smsLoginSubmitted',
    'session.thirdLoginSubmitted',
    'session.logoutConfirmed',
    'session.expiredAcknowledged',
    'session.currencyChosen',
    'session.passwordChangeSubmitted',
    'geetest.restricted',
    'geetest.lifted',
    'session.signedOutElsewhere',
    'session.keyChanged',
    'session.riskCodeRequested',
    'session.riskCodeSubmitted',
    'session.riskCancelled',
  ],
  // Any call's token-expired code ends the session (spec §8), whoever asked.
  hears: ['hall.failed'],
  // The sign-in forms show every refusal (src/views/auth/errors.ts): in their own words or the hall's message.
  handles: [
    handles(login, 'the sign-in form', ['loginError', 'accountFrozen', 'limited', 'busy']),
    handles(fastLogin, 'the sign-in form', ['loginError', 'accountFrozen']),
    handles(testRegister, 'the sign-in form', ['unsupportedCurrency', 'accountFrozen']),
    handles(register, 'the sign-up form', ['usernameTaken', 'invalidUsername', 'invalidPassword', 'unsupportedCurrency', 'phoneRequired', 'phoneInvalid', 'accountFrozen', 'busy']),
    handles(smsLogin, 'the SMS sign-in form', ['noAccount', 'ambiguous', 'badPhone', 'noCode', 'wrongCode', 'accountFrozen', 'limited', 'busy']),
    handles(thirdPartyLogin, 'the third-party sign-in', ['badToken', 'accountFrozen']),
    handles(thirdPartyRegister, 'the third-party sign-up', ['badToken', 'boundElsewhere', 'alreadyBound', 'notTrial', 'mismatch', 'trial', 'usernameTaken', 'invalidUsername', 'invalidPassword', 'accountFrozen']),
    handles(forceChangePassword, 'the forced password change', ['loginError', 'invalidPassword']),
    handles(updateGuestCurrency, 'the currency choice', ['notGuest', 'unsupportedCurrency']),
  ],
} as const satisfies ActorSpec

/**
 * The language actor: the interface language switch (spec §4), a 200 ms loading, then
 * `session.languageApplied` for the storage runner to apply and store. Part of the session's
 * public surface; its own actor so each machine stays small.
 */
export const languageActor = {
  id: 'language',
  machine: languageMachine,
  consumes: ['site.ready', 'session.languageChosen'],
} as const satisfies ActorSpec

/** The session statechart, as the system starts it. */
export { sessionMachine } from './session.machine'
/** The language-switch statechart. */
export { languageMachine } from './language.machine'
/** The language actor's context. */
export type { LanguageContext } from './language.machine'
/** The session's calls, delays and constants, for tests and views (the link-type query key). */
export { SESSION_CALLS, SESSION_DELAYS, LINK_TYPE_QUERY, TRIAL_ACCOUNT, linkTypeOf } from './session.logic'
/** The session's context, the events it takes and emits, and a form error. */
export type { SessionContext, SessionEvent, SessionEmitted, SessionError, SessionPurpose } from './session.logic'
export * from './session.selectors'
