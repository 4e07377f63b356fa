/**
 * Authentication and verification calls (spec §7.1): password login, fast login with the stored
 * user key, guest (trial) registration, registration, logout and the verification-code family.
 *
 * The login family is described precisely because the reference hall implements it and the lobby
 * keeps its answer (UserInfo) as the session: a drift here would break sign-in. Secrets (password,
 * token, session_key, userkey, codes, CPF) are marked Sensitive so recordings and logs redact them.
 * The spec shows neither payloads nor answers of the verification calls further down; their
 * shapes are the hall's own design, written down in docs/hall-protocol.md.
 */
import { Schema } from 'effect'
import { BigId } from '../envelope'
import { defineCall } from '../call'
import { accountCodes, guardCodes, recoveryCodes, recoveryRefusals, securityCodes, signInCodes, smsLoginCodes, thirdPartyCodes } from './codes'
import { Ack, Amount, CodeSent, Flag, CurrencyCode, GeetestAnswer, GeetestPass, GeetestResult, NoParams, ResetTicket, SocialLogin, VerifyCode, VerifyTicket, VerifyType, WithdrawPin } from './common'
import { Sensitive } from './sensitive'
import * as rules from '../../validation'

/**
 * A string the lobby's rule of spec §5 accepts (schemas/validation.ts): the same function decides
 * for the form and for the hall, so there is one rule for each value; `expected` says it in words.
 */
export const byRule = (rule: rules.Rule, expected: string) =>
  Schema.String.check(Schema.makeFilter<string>((value) => (rule(value) === null ? undefined : expected), { expected }))

/**
 * Username rule of spec §5 (validation.username): 4-16 letters or digits. The hall compares
 * usernames case-insensitively, so 'Demo' and 'demo' are the same account.
 */
export const Username = byRule(rules.username, '4-16 letters or digits')

/**
 * Password rule of spec §5 (validation.password): 6-16 word characters or ~!@#$%^&*_=+-/,.?, and
 * not only digits, only letters or only symbols. The lobby's form and the hall refuse the same inputs.
 */
export const Password = Sensitive(byRule(rules.password, '6-16 letters, digits or ~!@#$%^&*_=+-/,.?, not only digits, only letters or only symbols'))

/**
 * The base login payload every sign-in call carries (spec §7.1: clientType 5, jpush_id, loginId,
 * os_type, deviceModel, platformType 1001, operationId 0, pkgId 13 or 1). All optional: the hall
 * records them for the session but does not need them to sign a player in.
 */
export const BaseLoginPayload = {
  clientType: Schema.optional(Schema.Number),
  jpush_id: Schema.optional(Schema.String),
  loginId: Schema.optional(Schema.String),
  os_type: Schema.optional(Schema.Number),
  deviceModel: Schema.optional(Schema.String),
  platformType: Schema.optional(Schema.Number),
  operationId: Schema.optional(Schema.Number),
  pkgId: Schema.optional(Schema.Number),
} as const

/**
 * The game a player was last in (spec §3 user info), so the lobby can offer to continue it.
 * Null when the player has not played yet.
 */
export const LastGameInfo = Schema.Struct({
  gameName: Schema.String,
  gameId: Schema.String,
  platfromId: Schema.Number,
  categoryId: Schema.Number,
})
export type LastGameInfo = typeof LastGameInfo.Type

/** Amounts are described once in common.ts; re-exported here, where they were first defined. */
export { Amount }

/**
 * The signed-in player (spec §3 user info) as every login-family call answers it. The lobby keeps
 * it as its session: token and session_key key the following calls, userkey is the long-lived
 * secret for fast login, account_type 1 marks a trial (guest) account, change_password 1 forces a
 * password change. The spelling `platfromid` is the spec's and stays.
 */
export const UserInfo = Schema.Struct({
  userIdx: BigId,
  userkey: Sensitive(Schema.String),
  session_key: Sensitive(Schema.String),
  token: Sensitive(Schema.String),
  username: Schema.String,
  platfromid: Schema.String,
  portrait_id: Schema.Number,
  currency: Schema.String,
  account_type: Schema.Number,
  change_password: Schema.Number,
  must_bind_phone: Schema.Number,
  must_bind_email: Schema.Number,
  must_bind_google_auth: Schema.Number,
  mustBindWithdrawPass: Schema.Number,
  must_bind_item: Schema.Number,
  email: Schema.String,
  thirdEmail: Schema.String,
  thirdType: Schema.Number,
  mobile_phone: Schema.String,
  cpf: Sensitive(Schema.String),
  is_open_google_auth: Schema.Number,
  userOptResult: Schema.Array(Schema.Number),
  user_status: Schema.Number,
  game_gold: Amount,
  has_recharged: Schema.Number,
  showPassword: Schema.Number,
  lastgameinfo: Schema.NullOr(LastGameInfo),
  new_username: Schema.optional(Schema.String),
  new_password: Schema.optional(Sensitive(Schema.String)),
  code: Schema.optional(Sensitive(Schema.String)),
  /**
   * The login validation the hall asks before the sign-in counts (spec: login validation modes
   * geetest 100, none 1, sms 7): 7 is the risk check, a code to the bound phone
   * (/user/risk/verifyPhone) or, for an account without one, a phone bound by its code
   * (/user/risk/bindPhone). Absent or 1: none.
   */
  loginValidType: Schema.optionalKey(Schema.Literals([1, 7, 100])),
})
export type UserInfo = typeof UserInfo.Type

/** The login validation mode of the risk check (UserInfo loginValidType). */
export const RISK_CHECK = 7 as const

/** Password login (spec §7.1). A wrong username or password answers service code 1011. */
export const login = defineCall({
  name: 'login',
  codes: { loginError: signInCodes.loginError, accountFrozen: signInCodes.accountFrozen, ...guardCodes },
  area: 'auth',
  path: '/home/login',
  request: Schema.Struct({
    ...BaseLoginPayload,
    username: Schema.String,
    password: Sensitive(Schema.String),
    token: Schema.optional(Sensitive(Schema.String)),
    userkey: Schema.optional(Sensitive(Schema.String)),
    currency: Schema.optional(Schema.String),
    userIdx: Schema.optional(BigId),
    // The human challenge after repeated failures (1119): the image's key and the digits read.
    captchaKey: Schema.optionalKey(Schema.String),
    captcha: Schema.optionalKey(Sensitive(Schema.String)),
  }),
  response: UserInfo,
})

/** Ends the session named by the token header; later calls with that token answer -1. */
export const userLogout = defineCall({
  name: 'userLogout',
  area: 'auth',
  path: '/home/UserLogout',
  request: Schema.Struct({
    useridx: Schema.optional(BigId),
    token: Schema.optional(Sensitive(Schema.String)),
    username: Schema.optional(Schema.String),
  }),
  response: Ack,
})

/**
 * Signs a returning player in with the stored user key. Silent: on failure the lobby falls back
 * to guest registration without a modal (spec §4, §8).
 */
export const fastLogin = defineCall({
  name: 'fastLogin',
  codes: { loginError: signInCodes.loginError, accountFrozen: signInCodes.accountFrozen },
  area: 'auth',
  path: '/home/fastlogin',
  silent: true,
  request: Schema.Struct({
    ...BaseLoginPayload,
    token: Schema.optional(Sensitive(Schema.String)),
    userkey: Sensitive(Schema.String),
  }),
  response: UserInfo,
})

/** Creates a trial (guest) account, account_type 1, in the requested currency. */
export const testRegister = defineCall({
  name: 'testRegister',
  codes: { unsupportedCurrency: signInCodes.unsupportedCurrency, accountFrozen: signInCodes.accountFrozen },
  area: 'auth',
  path: '/home/testregister',
  request: Schema.Struct({
    ...BaseLoginPayload,
    token: Schema.optional(Sensitive(Schema.String)),
    currency: Schema.String,
  }),
  response: UserInfo,
})

/** Changes a trial account's currency; real accounts are refused (spec §7.1). */
export const updateGuestCurrency = defineCall({
  name: 'updateGuestCurrency',
  codes: { notGuest: signInCodes.notGuest, unsupportedCurrency: signInCodes.unsupportedCurrency },
  area: 'auth',
  path: '/home/updateGuestCurrency',
  request: Schema.Struct({ currency: Schema.String }),
  response: UserInfo,
})

/**
 * Registers a real account and signs it in; the answer carries the userkey for later fast logins.
 * The username and password are plain strings here so a rule violation comes back as a service
 * message the lobby shows, not as a protocol error; the hall checks Username and Password.
 */
export const register = defineCall({
  name: 'register',
  codes: {
    usernameTaken: signInCodes.usernameTaken, invalidUsername: signInCodes.invalidUsername, invalidPassword: signInCodes.invalidPassword,
    unsupportedCurrency: signInCodes.unsupportedCurrency, phoneRequired: signInCodes.phoneRequired, phoneInvalid: signInCodes.phoneInvalid,
    accountFrozen: signInCodes.accountFrozen, busy: guardCodes.busy,
  },
  area: 'auth',
  path: '/home/register',
  request: Schema.Struct({
    ...BaseLoginPayload,
    username: Schema.String,
    password: Sensitive(Schema.String),
    confirmPassword: Schema.optional(Sensitive(Schema.String)),
    currency: Schema.optional(Schema.String),
    token: Schema.optional(Sensitive(Schema.String)),
    inviteCode: Schema.optional(Schema.String),
    /** The promotion channel of the entry link (`cid`): the hall binds the player to it (docs/hall-protocol.md, "Agents and promotion"). */
    channelId: Schema.optional(Schema.String),
    /**
     * The phone, where the site asks for one (registerConfig): the country's segment ('+55', from
     * smsCountry) and the national number, checked by the site's phone rule (phoneOfSite).
     */
    areaCode: Schema.optional(Schema.String),
    mobile_phone: Schema.optional(Schema.String),
  }),
  response: UserInfo,
})

/** Whether a username is still free on this site (case-insensitive). */
export const checkUsername = defineCall({
  name: 'checkUsername',
  codes: { invalidUsername: signInCodes.invalidUsername },
  area: 'auth',
  path: '/home/checkusername',
  request: Schema.Struct({ username: Schema.String }),
  response: Schema.Struct({ available: Schema.Boolean }),
})

/*
 * Third-party sign-in, SMS login, captchas, geetest challenges and the verification codes. The
 * spec names few of their fields and no answers: what is here is the hall's design (docs/
 * hall-protocol.md, "Shapes the hall designs"). Every sign-in answers UserInfo; every code send
 * answers CodeSent; the checks before login answer a ResetTicket for the password reset.
 */

/**
 * A third-party sign-in of an account that is not registered yet (spec §4: result code 100): the
 * registration modal opens in thirdWay mode with the provider's email and user id and a proposed
 * account name and password.
 */
export const ThirdPartyNotRegistered = Schema.Struct({
  code: Schema.Literal(100),
  email: Schema.String,
  id: Schema.String,
  new_username: Schema.String,
  new_password: Sensitive(Schema.String),
})
export type ThirdPartyNotRegistered = typeof ThirdPartyNotRegistered.Type

/** Google, Facebook, WeChat or QQ sign-in with the provider's access token. */
export const thirdPartyLogin = defineCall({
  name: 'thirdPartyLogin',
  codes: { badToken: thirdPartyCodes.badToken, accountFrozen: signInCodes.accountFrozen },
  area: 'auth',
  path: '/home/thirdpartylogin',
  request: Schema.Struct({
    ...BaseLoginPayload,
    access_token: Sensitive(Schema.String),
    requester_type: SocialLogin,
    currency: Schema.optional(CurrencyCode),
  }),
  response: Schema.Union([ThirdPartyNotRegistered, UserInfo]),
})

/** Registers the account a third-party sign-in found unregistered, and signs it in. */
export const thirdPartyRegister = defineCall({
  name: 'thirdPartyRegister',
  codes: { ...thirdPartyCodes, usernameTaken: signInCodes.usernameTaken, invalidUsername: signInCodes.invalidUsername, invalidPassword: signInCodes.invalidPassword, accountFrozen: signInCodes.accountFrozen },
  area: 'auth',
  path: '/home/thirdpartyregister',
  request: Schema.Struct({
    ...BaseLoginPayload,
    email: Schema.String,
    id: Schema.String,
    access_token: Sensitive(Schema.String),
    requester_type: SocialLogin,
    new_username: Schema.String,
    new_password: Sensitive(Schema.String),
    currency: Schema.optional(CurrencyCode),
  }),
  response: UserInfo,
})

/** Signs in with a phone number and the SMS code sent to it (scene 'login'). */
export const smsLogin = defineCall({
  name: 'smsLogin',
  codes: { ...smsLoginCodes, badPhone: securityCodes.badPhone, noCode: securityCodes.noCode, wrongCode: securityCodes.wrongCode, accountFrozen: signInCodes.accountFrozen, ...guardCodes },
  area: 'auth',
  path: '/api/protected/user/smslogin',
  request: Schema.Struct({
    ...BaseLoginPayload,
    phone: Schema.String,
    code: VerifyCode,
    areaCode: Schema.optional(Schema.String),
    currency: Schema.optional(CurrencyCode),
  }),
  response: UserInfo,
})

/**
 * The human challenge (spec §5 image code, 4 digits): an image of 4 digits and the key it is
 * checked under. A code send the hall answers 1119 (force geetest) is retried with the key and
 * the digits the player read (`captchaKey`, `captcha`); a wrong or expired answer is refused with
 * error_12, which starts the 60 s geetest restriction (docs/decisions.md).
 */
/**
 * The kinds of challenge a site may ask (site document 'challenge'): the image of digits (demanded
 * with 1119), the slider (1124), the click (1125) and the nine-square (1126, spec §8).
 */
export const ChallengeKind = Schema.Literals(['image', 'slider', 'click', 'nine'])
export type ChallengeKind = typeof ChallengeKind.Type

/** The symbols a click or nine-square challenge names in its prompt. */
export const ChallengeSymbol = Schema.Literals(['circle', 'triangle', 'square', 'star', 'cross', 'ring'])
export type ChallengeSymbol = typeof ChallengeSymbol.Type

export const Challenge = Schema.Struct({
  key: Schema.String,
  /** Its kind (absent: the image of digits). */
  kind: Schema.optionalKey(ChallengeKind),
  /**
   * The picture, as a data URI: the digits (SVG); the slider's background with its notch, the
   * click's symbols, the nine-square's 3x3 tiles (PNG, pixels only: no answer in its markup).
   */
  image: Schema.String,
  /** The slider's piece: a strip as tall as the background, the piece at the notch's height, at x 0. */
  piece: Schema.optionalKey(Schema.String),
  /** The click's symbols to click, in order; the nine-square's one symbol whose tiles to pick. */
  prompt: Schema.optionalKey(Schema.Array(ChallengeSymbol)),
})
export type Challenge = typeof Challenge.Type

export const captcha = defineCall({
  name: 'captcha',
  area: 'auth',
  path: '/home/captcha',
  request: NoParams,
  response: Challenge,
})

/** What a code send carries after a forced challenge: the challenge's key and the digits the player read. */
const ChallengeAnswer = {
  captchaKey: Schema.optionalKey(Schema.String),
  captcha: Schema.optionalKey(Sensitive(Schema.String)),
}

/**
 * Checks a Geetest v4 challenge before login (login validation mode geetest 100). A failed
 * challenge is a service code (1124 slider, 1125 click, 1126 nine-square, 1127 SMS, spec §8).
 * `scene` names what the challenge guards ('login', 'register', 'sms'). A passed challenge answers
 * its pass (GeetestPass), which the guarded call carries as its `geetest` result (the validation
 * spends the challenge; the pass is what shows the guarded call it was passed).
 */
export const geetestValidate = defineCall({
  name: 'geetestValidate',
  area: 'auth',
  path: '/geetest/validate/v4',
  request: Schema.Struct({ ...GeetestAnswer.fields, scene: Schema.optional(Schema.String) }),
  response: GeetestPass,
})

/** The same check for a signed-in player (a code send of the security page). */
export const userGeetestValidate = defineCall({
  name: 'userGeetestValidate',
  area: 'auth',
  path: '/user/geetest/validate/v4',
  request: Schema.Struct({ ...GeetestAnswer.fields, scene: Schema.optional(Schema.String) }),
  response: GeetestPass,
})

/**
 * What the password recovery can use for an account (before login): its verify types (spec
 * enumerations: 2 email, 3 phone, 4 question, 5 withdraw password) and the phone and email,
 * masked, that codes would go to.
 */
export const AccountVerifyInfo = Schema.Struct({
  username: Schema.String,
  verifyTypes: Schema.Array(VerifyType),
  mobile_phone: Schema.String,
  email: Schema.String,
})
export type AccountVerifyInfo = typeof AccountVerifyInfo.Type

/** Finds the account to recover by its name, guarded by the image captcha. */
export const captchaGetUserInfo = defineCall({
  name: 'captchaGetUserInfo',
  codes: recoveryRefusals,
  area: 'auth',
  path: '/user/captcha/getUserInfo',
  request: Schema.Struct({ username: Schema.String, captchaKey: Schema.String, captcha: VerifyCode }),
  response: AccountVerifyInfo,
})

/** The signed-in player's phone: masked, with its area code; bound 0 when none is. */
export const PhoneInfo = Schema.Struct({
  mobile_phone: Schema.String,
  areaCode: Schema.String,
  bound: Flag,
})
export type PhoneInfo = typeof PhoneInfo.Type

export const userPhone = defineCall({
  name: 'userPhone',
  area: 'auth',
  path: '/user/phone',
  request: NoParams,
  response: PhoneInfo,
})

/**
 * The risk check of a sign-in from a new device (login validation mode sms 7): the code sent to
 * the bound phone (scene 'risk').
 */
export const riskVerifyPhone = defineCall({
  name: 'riskVerifyPhone',
  area: 'auth',
  path: '/user/risk/verifyPhone',
  request: Schema.Struct({ code: VerifyCode }),
  response: Ack,
})

/** The risk check of an account without a phone: binds one with its code. */
export const riskBindPhone = defineCall({
  name: 'riskBindPhone',
  area: 'auth',
  path: '/user/risk/bindPhone',
  request: Schema.Struct({ phone: Schema.String, code: VerifyCode, areaCode: Schema.optional(Schema.String) }),
  response: Schema.Struct({ mobile_phone: Schema.String }),
})

/**
 * SMS scenes: the spec's deposit_game_sms_verify and withdraw_sms_verify, and the hall's login,
 * register, risk, bind and reset.
 */
export const SmsScene = Schema.Literals([
  'deposit_game_sms_verify', 'withdraw_sms_verify', 'login', 'register', 'risk', 'bind', 'reset',
])
export type SmsScene = typeof SmsScene.Type

/**
 * Sends an SMS code (before or after login). A send the hall wants guarded answers the
 * forced-challenge code 1119 (spec §4); it is sent again with the challenge's result.
 */
export const shortMsgCreate = defineCall({
  name: 'shortMsgCreate',
  codes: { ...smsLoginCodes, badPhone: securityCodes.badPhone, noAccount: recoveryCodes.noAccount, notBound: recoveryCodes.notBound, badScene: recoveryCodes.badScene, ...guardCodes },
  area: 'auth',
  path: '/shortmsg/create',
  request: Schema.Struct({
    phone_number: Schema.String,
    areaCode: Schema.optional(Schema.String),
    scene: SmsScene,
    /** The account a 'reset' code is for (its bound phone, as getAccountVerifyList shows it masked, or in full). */
    username: Schema.optionalKey(Schema.String),
    geetest: Schema.optional(GeetestResult),
    ...ChallengeAnswer,
  }),
  response: CodeSent,
})

/** Checks an SMS code (captcha) sent to phone_number; a wrong one is a service code (1101). */
export const shortMsgValidate = defineCall({
  name: 'shortMsgValidate',
  codes: { ...smsLoginCodes, badPhone: securityCodes.badPhone, noCode: securityCodes.noCode, wrongCode: securityCodes.wrongCode, badScene: recoveryCodes.badScene, ...guardCodes },
  area: 'auth',
  path: '/shortmsg/validate',
  request: Schema.Struct({
    captcha: VerifyCode,
    phone_number: Schema.String,
    scene: Schema.optional(SmsScene),
  }),
  response: Ack,
})

/** Sends a code to a phone for the signed-in player (binding it, the 3002 game-open check). */
export const securityCreateSms = defineCall({
  name: 'securityCreateSms',
  codes: { badPhone: securityCodes.badPhone, ...guardCodes },
  area: 'auth',
  path: '/user/security/createsms',
  request: Schema.Struct({
    phone: Schema.String,
    areaCode: Schema.optional(Schema.String),
    geetest: Schema.optional(GeetestResult),
    ...ChallengeAnswer,
  }),
  response: CodeSent,
})

/** Sends a code to an email address for the signed-in player (binding it). */
export const securityCreateMail = defineCall({
  name: 'securityCreateMail',
  codes: { badEmail: securityCodes.badEmail, ...guardCodes },
  area: 'auth',
  path: '/user/security/createmail',
  request: Schema.Struct({ email: Schema.String, geetest: Schema.optional(GeetestResult), ...ChallengeAnswer }),
  response: CodeSent,
})

/**
 * Sends an email code before login (spec §6: the email code send differs before and after login):
 * the password recovery of `username` by its bound email.
 */
export const emailCreateMail = defineCall({
  name: 'emailCreateMail',
  codes: { noAccount: recoveryCodes.noAccount, notBound: recoveryCodes.notBound, ...guardCodes },
  area: 'auth',
  path: '/user/email/createmail',
  request: Schema.Struct({ username: Schema.String, email: Schema.String, geetest: Schema.optional(GeetestResult), ...ChallengeAnswer }),
  response: CodeSent,
})

/** Checks the email code a signed-in player received; the ticket lets a protected change go ahead. */
export const securityVerifyEmail = defineCall({
  name: 'securityVerifyEmail',
  codes: { noCode: securityCodes.noCode, wrongCode: securityCodes.wrongCode, notBound: accountCodes.notBound },
  area: 'auth',
  path: '/user/security/verifyEmail',
  request: Schema.Struct({ email: Schema.String, code: VerifyCode }),
  response: VerifyTicket,
})

/** Checks the recovery email code before login; the ticket lets the password be reset. */
export const notLoginVerifyEmail = defineCall({
  name: 'notLoginVerifyEmail',
  codes: recoveryRefusals,
  area: 'auth',
  path: '/user/notlogin/verifyEmail',
  request: Schema.Struct({ username: Schema.String, email: Schema.String, code: VerifyCode }),
  response: ResetTicket,
})

/** Checks the recovery SMS code before login; the ticket lets the password be reset. */
export const smsVerifyPhone = defineCall({
  name: 'smsVerifyPhone',
  codes: recoveryRefusals,
  area: 'auth',
  path: '/user/sms/verifyphone',
  request: Schema.Struct({
    username: Schema.String,
    phone: Schema.String,
    areaCode: Schema.optional(Schema.String),
    code: VerifyCode,
  }),
  response: ResetTicket,
})

/**
 * Checks that a phone belongs to the account by the image captcha before an SMS is sent to it
 * (recovery before login): the hall answers 1101 when phone and account do not match.
 */
export const captchaVerifyPhone = defineCall({
  name: 'captchaVerifyPhone',
  codes: recoveryRefusals,
  area: 'auth',
  path: '/user/captcha/verifyPhone',
  request: Schema.Struct({
    username: Schema.String,
    phone: Schema.String,
    areaCode: Schema.optional(Schema.String),
    captchaKey: Schema.String,
    captcha: VerifyCode,
  }),
  response: Ack,
})

/**
 * Verifies the signed-in player's phone with its SMS code (task type 12 'SMS valid'); answers the
 * phone, masked.
 */
export const userVerifyPhone = defineCall({
  name: 'userVerifyPhone',
  codes: {
    badPhone: securityCodes.badPhone, noCode: securityCodes.noCode, wrongCode: securityCodes.wrongCode,
    alreadyBound: securityCodes.alreadyBound, notBound: accountCodes.notBound,
  },
  area: 'auth',
  path: '/user/verifyphone',
  request: Schema.Struct({ phone: Schema.String, code: VerifyCode, areaCode: Schema.optional(Schema.String) }),
  response: Schema.Struct({ mobile_phone: Schema.String }),
})

/** What the password recovery can use for an account, by its name (before login). */
export const notLoginGetAccountVerifyList = defineCall({
  name: 'notLoginGetAccountVerifyList',
  codes: recoveryRefusals,
  area: 'auth',
  path: '/user/notlogin/getAccountVerifyList',
  request: Schema.Struct({ username: Schema.String }),
  response: AccountVerifyInfo,
})

/** A secret question of the site's catalogue. */
export const SecretQuestion = Schema.Struct({ questionId: Schema.Int, question: Schema.String })
export type SecretQuestion = typeof SecretQuestion.Type

/** The site's secret questions, to choose one when setting it (passquint). */
export const getQuestion = defineCall({
  name: 'getQuestion',
  area: 'auth',
  path: '/user/getquestion',
  request: NoParams,
  response: Schema.Struct({ list: Schema.Array(SecretQuestion) }),
})

/** The question an account set, by its name (recovery before login); null when it set none. */
export const notLoginGetQuestion = defineCall({
  name: 'notLoginGetQuestion',
  codes: recoveryRefusals,
  area: 'auth',
  path: '/user/notlogin/getquestion',
  request: Schema.Struct({ username: Schema.String }),
  response: Schema.Struct({ question: Schema.NullOr(SecretQuestion) }),
})

/** Recovery by the secret question's answer and the withdraw password, before login. */
export const notLoginVerifyQuestionAndWithdrawPass = defineCall({
  name: 'notLoginVerifyQuestionAndWithdrawPass',
  codes: recoveryRefusals,
  area: 'auth',
  path: '/user/notlogin/verificquestionandwithdrawpasswd',
  request: Schema.Struct({
    username: Schema.String,
    questionId: Schema.Int,
    answer: Sensitive(Schema.String),
    withdrawPass: WithdrawPin,
  }),
  response: ResetTicket,
})

/** The forced password change (user info change_password 1); answers change_password 0. */
export const forceChangePassword = defineCall({
  name: 'forceChangePassword',
  codes: { loginError: signInCodes.loginError, invalidPassword: signInCodes.invalidPassword },
  area: 'auth',
  path: '/user/forcechangepassword',
  request: Schema.Struct({
    oldPassword: Sensitive(Schema.String),
    newPassword: Password,
  }),
  // The hall replaces the fast-login key on a password change and hands the new one back
  // (docs/hall.md, "Sign-out ends access"); a hall that does not keeps the old one.
  response: Schema.Struct({ change_password: Schema.Number, userkey: Schema.optional(Sensitive(Schema.String)) }),
})
