import { Schema } from 'effect'
import { defineEvent } from '../event'
import { SecretString } from '../secret'
import { Sensitive } from '../sensitive'
import { SocialLogin } from '../hall/calls/common'
import { BindItem } from './postlogin'
import { Invitation } from './promotion'

/**
 * The player's session (spec §4 visitor to logged-in, fast login, guest registration, token
 * expiry, logout, geetest restriction, language switch; §6 roles). The session actor owns it;
 * views send intents, the storage runner loads and persists, the hall runner takes credentials.
 */

/** How the player signed in (spec §4 login modes). */
export const LoginMode = Schema.Literals(['normal', 'sms', 'fastlogin', 'trymode', 'thirdlogin'])
export type LoginMode = typeof LoginMode.Type

/** What is kept across visits: the fast-login key and the last user, flagged not real (spec §4). */
export const StoredSession = Schema.Struct({
  userkey: Sensitive(Schema.NullOr(Schema.String)),
  username: Schema.NullOr(Schema.String),
  accountType: Schema.NullOr(Schema.Number),
})
export type StoredSession = typeof StoredSession.Type

/** The storage runner read the persisted session at start (or found none). */
export const sessionStoredLoaded = defineEvent('session.storedLoaded', 'fact', 'The persisted session was read at start: the fast-login key and the last user (not trusted as a login).', {
  stored: StoredSession,
})

/** A fresh login key was generated after a silent fast-login failure (spec §4: random, so a fact). */
export const sessionKeyGenerated = defineEvent('session.keyGenerated', 'fact', 'A generated login key, after fast login failed and the system gave no token.', {
  key: Sensitive(Schema.String),
})

/**
 * What a third-party login that found no account hands to the registration modal (spec §4
 * third-party login: email, id, access token, requester type, new account name and password).
 */
export const ThirdWay = Schema.Struct({
  email: Schema.String,
  id: Schema.String,
  accessToken: Sensitive(Schema.String),
  requesterType: Schema.Number,
  newUsername: Schema.String,
  newPassword: Sensitive(Schema.String),
})
export type ThirdWay = typeof ThirdWay.Type

/** The player submitted the login form (validated in the view, spec §5). */
export const loginSubmitted = defineEvent('session.loginSubmitted', 'intent', 'The player submitted the login form.', {
  username: Schema.String,
  password: SecretString,
  /** The image challenge the hall asked for after repeated failures (1119): its key and the digits read. */
  captchaKey: Schema.optionalKey(Schema.String),
  captcha: Schema.optionalKey(SecretString),
})

/** The player submitted the registration form (validated in the view, spec §5). */
export const registerSubmitted = defineEvent('session.registerSubmitted', 'intent', 'The player submitted the registration form.', {
  username: Schema.String,
  password: SecretString,
  currency: Schema.String,
  /** The registration of a third-party account found unregistered (thirdWay mode, spec §4): thirdpartyregister. */
  thirdWay: Schema.optionalKey(ThirdWay),
  /** The invitation the lobby was opened with (`?id=` the inviter's id, `?cid=` a channel): the hall binds the new player to it. */
  invitation: Schema.optionalKey(Invitation),
  /** The phone, where the site's registration asks for one (registerConfig): the country's segment and the national number. */
  phone: Schema.optionalKey(Schema.Struct({ areaCode: Schema.String, number: Schema.String })),
})

/** A visitor asked to play as a guest (trial mode, spec §4 login mode trymode): guest registration. */
export const trialRequested = defineEvent('session.trialRequested', 'intent', 'A visitor asked to play as a guest (trial account).', {})

/** The player submitted the SMS login form (spec §7.1 smslogin; the hall does not implement it yet). */
export const smsLoginSubmitted = defineEvent('session.smsLoginSubmitted', 'intent', 'The player submitted the SMS login form.', {
  phone: Schema.String,
  code: SecretString,
})

/** A third-party sign-in (Google, Facebook ...) answered; the lobby signs in with its token (spec §4 thirdlogin). */
export const thirdLoginSubmitted = defineEvent('session.thirdLoginSubmitted', 'intent', 'The player signed in with a third party; the lobby logs in with its access token.', {
  accessToken: Sensitive(Schema.String),
  // The provider, as the hall's thirdPartyLogin names it (Google, Facebook, WeChat, QQ ...).
  requesterType: SocialLogin,
})

/** The player asked to log out (opens the confirm). */
export const logoutRequested = defineEvent('session.logoutRequested', 'intent', 'The player asked to log out; a confirm follows.', {})
/** The player confirmed the logout. */
export const logoutConfirmed = defineEvent('session.logoutConfirmed', 'intent', 'The player confirmed the logout.', {})
/** The player cancelled the logout. */
export const logoutCancelled = defineEvent('session.logoutCancelled', 'intent', 'The player cancelled the logout.', {})
/** The player acknowledged the token-expired modal. */
export const expiredAcknowledged = defineEvent('session.expiredAcknowledged', 'intent', 'The player closed the token-expired modal.', {})
/** The player chose a currency (logged out: for the session; guest: updateGuestCurrency). */
export const currencyChosen = defineEvent('session.currencyChosen', 'intent', 'The player chose a currency in the header.', {
  currency: Schema.String,
})
/** The player chose an interface language (spec §4 language switch). */
export const languageChosen = defineEvent('session.languageChosen', 'intent', 'The player chose an interface language.', {
  language: Schema.String,
})
/** The player submitted the forced change-password form (change_password 1). */
export const passwordChangeSubmitted = defineEvent('session.passwordChangeSubmitted', 'intent', 'The player submitted the forced change-password form.', {
  oldPassword: SecretString,
  newPassword: SecretString,
})

/**
 * The risk check of a sign-in (its answer's loginValidType 7): the player asks for the code, to
 * the bound phone, or, for an account without one, to the phone it binds (the number and its
 * country segment).
 */
export const riskCodeRequested = defineEvent('session.riskCodeRequested', 'intent', "The player asked for the sign-in risk check's SMS code.", {
  phone: Schema.optional(Schema.String),
  areaCode: Schema.optional(Schema.String),
})
/** The player entered the risk check's code (and the phone it binds, for an account without one). */
export const riskCodeSubmitted = defineEvent('session.riskCodeSubmitted', 'intent', "The player entered the sign-in risk check's SMS code.", {
  code: SecretString,
  phone: Schema.optional(Schema.String),
  areaCode: Schema.optional(Schema.String),
})
/** The player gave up the risk check: the sign-in does not happen. */
export const riskCancelled = defineEvent('session.riskCancelled', 'intent', 'The player closed the sign-in risk check.', {})

/** Signed in: a real player or a guest (trial) account. */
export const loggedIn = defineEvent('session.loggedIn', 'notice', 'A player or guest is signed in.', {
  mode: LoginMode,
  username: Schema.String,
  accountType: Schema.Number,
  /** Logged in in the spec's sense: a userkey and not a trial account. */
  real: Schema.Boolean,
  /** change_password 1: the forced change-password popup comes first (spec §4). */
  mustChangePassword: Schema.Boolean,
  /**
   * What the post-login sequence needs of the user info (spec §4 bind flow): how many items must
   * be bound (must_bind_item) and which are (phone, email, Google authenticator, withdraw
   * password). Absent: nothing to bind.
   */
  bind: Schema.optionalKey(Schema.Struct({ mustBindItem: Schema.Number, bound: Schema.Array(BindItem) })),
  /** has_recharged 1: the player has deposited (the download-app offer, spec §4). */
  hasRecharged: Schema.optionalKey(Schema.Boolean),
  /** The account status (user_status, spec §3): red packets are offered only to some (spec §4). */
  userStatus: Schema.optionalKey(Schema.Number),
  /** The player's own id (userIdx, spec §3): the buried config of the player's own id is asked by it (screens §3 idxType 3). */
  playerId: Schema.optionalKey(Schema.String),
})

/** A visitor must be asked to sign in (auto visitor login off, or a register link; spec §4). */
export const authPromptNeeded = defineEvent('session.authPromptNeeded', 'notice', 'A visitor must be asked to log in or register.', {
  mode: Schema.Literals(['login', 'register']),
  /** A third-party login found no account (result code 100): register in thirdWay mode with these (spec §4). */
  thirdWay: Schema.optionalKey(ThirdWay),
})

/** Signed out, by the player or because the token expired. */
export const loggedOut = defineEvent('session.loggedOut', 'notice', 'The session ended (logout or token expiry).', {
  reason: Schema.Literals(['logout', 'expired']),
})

/** The hall answered -1 (token expired): announced once, however many calls failed (spec §8). */
export const tokenExpired = defineEvent('session.tokenExpired', 'notice', 'The token expired; the single token-expired modal opens.', {})

/** The hall credentials changed: the hall runner signs with them from now on. */
export const credentialsChanged = defineEvent('session.credentialsChanged', 'notice', 'The token and key material for hall calls changed.', {
  token: Sensitive(Schema.String),
  keyMaterial: Sensitive(Schema.String),
  currency: Schema.String,
})

/** What to persist: the storage runner writes it to Dexie. */
export const persistRequested = defineEvent('session.persistRequested', 'notice', 'The session to keep across visits changed.', {
  stored: StoredSession,
})

/**
 * Another tab of this browser logged out (the tabs runner heard it on the site's BroadcastChannel):
 * the username it was signed in as. The session actor decides whether it concerns this tab.
 */
export const signedOutElsewhere = defineEvent('session.signedOutElsewhere', 'fact', 'Another tab of this browser logged out of this account.', {
  username: Schema.String,
})

/** A fresh login key is needed (the runner answers session.keyGenerated). */
export const keyRequested = defineEvent('session.keyRequested', 'notice', 'The session actor needs a generated login key.', {})

/** The interface language to apply (i18n, document lang, stored; spec §4 language switch). */
export const languageApplied = defineEvent('session.languageApplied', 'notice', 'The interface language changed: apply it, store it, clear web.lobby. keys.', {
  language: Schema.String,
})

/** The session events. */
export const sessionEvents = [
  sessionStoredLoaded,
  sessionKeyGenerated,
  loginSubmitted,
  registerSubmitted,
  trialRequested,
  smsLoginSubmitted,
  thirdLoginSubmitted,
  logoutRequested,
  logoutConfirmed,
  logoutCancelled,
  expiredAcknowledged,
  currencyChosen,
  languageChosen,
  passwordChangeSubmitted,
  riskCodeRequested,
  riskCodeSubmitted,
  riskCancelled,
  signedOutElsewhere,
  loggedIn,
  authPromptNeeded,
  loggedOut,
  tokenExpired,
  credentialsChanged,
  persistRequested,
  keyRequested,
  languageApplied,
] as const
