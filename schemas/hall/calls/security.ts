/**
 * Security and profile calls (spec §7.2): binding phone, email, CPF, Google authenticator and
 * withdraw password, second-factor checks, password changes, secret questions, avatars and the
 * profile.
 *
 * The spec shows almost none of their payloads. The bind calls of the forced bind flow
 * (modifyphone, bindEmail, bindgoogleauth, modifywithdrawpass, actionVerify) have the shapes the
 * reference hall implements (server/calls/security.ts); the others are the hall's design
 * (docs/hall-protocol.md): a protected change may need a second verification first (verifymodify
 * says which), whose verify call answers a VerifyTicket the change carries as `verifyToken`.
 * Codes, PINs, passwords, answers, tokens, secrets and CPF numbers are Sensitive.
 */
import { Schema } from 'effect'
import { defineCall } from '../call'
import { accountCodes, bindRefusals, pinCodes, recoveryRefusals, securityCodes, thirdPartyCodes, verifyRefusals } from './codes'
import { Password } from './auth'
import { Ack, DateOnly, Flag, Id, NoParams, ResetTicket, SocialLogin, VerifyCode, VerifyTicket, VerifyType, WithdrawPin } from './common'
import { Sensitive } from './sensitive'

/** The second-verification ticket a protected change may carry (see VerifyTicket). */
const verifyToken = Schema.optional(Sensitive(Schema.String))

/** An item of the account that a change protects. */
export const SecurityItem = Schema.Literals(['phone', 'email', 'googleAuth', 'withdrawPass', 'loginPass', 'question', 'cpf'])
export type SecurityItem = typeof SecurityItem.Type

/**
 * Which verifications changing `item` needs first (verify types, spec enumerations), in the order
 * the lobby offers them; any one of them is enough. An empty list: the change needs none.
 */
export const securityVerifyModify = defineCall({
  name: 'securityVerifyModify',
  area: 'security',
  path: '/user/security/verifymodify',
  request: Schema.Struct({ item: SecurityItem }),
  response: Schema.Struct({ item: SecurityItem, verifyTypes: Schema.Array(VerifyType) }),
})

/** Binds (or changes) the phone with the code sent to it; answers the phone bound. */
export const securityModifyPhone = defineCall({
  name: 'securityModifyPhone',
  codes: bindRefusals,
  area: 'security',
  path: '/user/security/modifyphone',
  request: Schema.Struct({
    phone: Schema.String,
    code: VerifyCode,
    areaCode: Schema.optional(Schema.String),
    verifyToken,
  }),
  response: Schema.Struct({ mobile_phone: Schema.String }),
})

/**
 * Binds the player's CPF (Brazilian sites; spec §5: digits only, 1-11) with the real name it is
 * registered to; answers the CPF masked (last 2 digits).
 */
export const bindCpf = defineCall({
  name: 'bindCpf',
  codes: { cpfBound: accountCodes.cpfBound, needVerify: accountCodes.needVerify, badValue: accountCodes.badValue, notBound: accountCodes.notBound },
  area: 'security',
  path: '/user/security/bindCpf',
  request: Schema.Struct({ cpf: Sensitive(Schema.String), realName: Schema.optional(Schema.String), verifyToken }),
  response: Schema.Struct({ cpf: Schema.String }),
})

/** Binds (or changes) the email with the code sent to it; answers the address bound. */
export const bindEmail = defineCall({
  name: 'bindEmail',
  codes: bindRefusals,
  area: 'security',
  path: '/user/security/bindEmail',
  request: Schema.Struct({ email: Schema.String, code: VerifyCode, verifyToken }),
  response: Schema.Struct({ email: Schema.String }),
})

/**
 * Sets the withdraw password (6 digits; the hall answers 1225 otherwise), or changes it with the
 * old one; answers withdraw_pass 1.
 */
export const modifyWithdrawPass = defineCall({
  name: 'modifyWithdrawPass',
  codes: { badPin: securityCodes.badPin, wrongPin: securityCodes.wrongPin, needVerify: accountCodes.needVerify, notBound: accountCodes.notBound },
  area: 'security',
  path: '/user/security/modifywithdrawpass',
  request: Schema.Struct({ newPass: WithdrawPin, oldPass: Schema.optional(WithdrawPin), verifyToken }),
  response: Schema.Struct({ withdraw_pass: Schema.Literal(1) }),
})

/**
 * The start of a Google authenticator binding: the TOTP secret (base32) and its otpauth URI for
 * the app's QR code. Both are the key itself, so both are Sensitive.
 */
export const AuthenticatorSecret = Schema.Struct({
  secret: Sensitive(Schema.String),
  otpauth: Sensitive(Schema.String),
})
export type AuthenticatorSecret = typeof AuthenticatorSecret.Type

/**
 * Without a code the hall starts the binding (answers the secret); with one it checks it and binds.
 * Over a bound authenticator the binding with a code carries the ticket of the current
 * authenticator's code (verifymodify googleAuth: [1]); without it the hall answers 1230.
 */
export const bindGoogleAuth = defineCall({
  name: 'bindGoogleAuth',
  codes: bindRefusals,
  area: 'security',
  path: '/user/security/bindgoogleauth',
  request: Schema.Struct({ code: Schema.optional(VerifyCode), verifyToken }),
  response: Schema.Union([AuthenticatorSecret, Schema.Struct({ is_open_google_auth: Schema.Literal(1) })]),
})

/** Switches the authenticator check of sign-ins and withdrawals on (1) or off (0), with a current code. */
export const switchGoogleAuth = defineCall({
  name: 'switchGoogleAuth',
  codes: { wrongSecret: accountCodes.wrongSecret, notBound: accountCodes.notBound },
  area: 'security',
  path: '/user/security/switchgoogleauth',
  request: Schema.Struct({ status: Flag, code: VerifyCode }),
  response: Schema.Struct({ is_open_google_auth: Flag }),
})

/**
 * Binds a third-party account to the signed-in player (spec §7.2: os_type, access_token,
 * requester_type; the answer's data.data.email is read and stored masked with the type).
 */
export const bindThirdUser = defineCall({
  name: 'bindThirdUser',
  codes: { badToken: thirdPartyCodes.badToken, boundElsewhere: thirdPartyCodes.boundElsewhere, alreadyBound: thirdPartyCodes.alreadyBound, trial: thirdPartyCodes.trial },
  area: 'security',
  path: '/user/security/thirduser/bind',
  request: Schema.Struct({
    os_type: Schema.Number,
    access_token: Sensitive(Schema.String),
    requester_type: SocialLogin,
  }),
  response: Schema.Struct({ data: Schema.Struct({ email: Schema.String, thirdType: SocialLogin }) }),
})

/**
 * The player's active authentication info (screens §4 after login: a login change refetches it;
 * the security page lists it): which of phone, email, Google authenticator and withdraw password
 * are bound, the phone and email masked. The spec shows no shape; this is the reference hall's.
 */
export const AuthInfo = Schema.Struct({
  mobile_phone: Schema.String,
  email: Schema.String,
  is_open_google_auth: Schema.Literals([0, 1]),
  withdraw_pass: Schema.Literals([0, 1]),
  /** The authenticator is bound (its check may be switched off: is_open_google_auth 0); absent: as is_open_google_auth. */
  google_auth_bound: Schema.optional(Schema.Literals([0, 1])),
  /** A secret question is set (userOptResult[1]). */
  question: Schema.optional(Schema.Literals([0, 1])),
  /** The account has a login password (a trial account has none: userOptResult[4]). */
  login_pass: Schema.optional(Schema.Literals([0, 1])),
})
export type AuthInfo = typeof AuthInfo.Type

export const actionVerify = defineCall({
  name: 'actionVerify',
  area: 'security',
  path: '/user/security/actionVerify',
  request: NoParams,
  response: AuthInfo,
})

/** Second verification by the code sent to the bound phone (scene 'bind'). */
export const verifyPhoneCode = defineCall({
  name: 'verifyPhoneCode',
  codes: verifyRefusals,
  area: 'security',
  path: '/user/security/verifyPhoneCode',
  request: Schema.Struct({ code: VerifyCode }),
  response: VerifyTicket,
})

/** Second verification by the code sent to the bound email. */
export const verifyEmailCode = defineCall({
  name: 'verifyEmailCode',
  codes: verifyRefusals,
  area: 'security',
  path: '/user/security/verifyEmailCode',
  request: Schema.Struct({ code: VerifyCode }),
  response: VerifyTicket,
})

/** Second verification by the authenticator's current code. */
export const verifyGoogleAuthCode = defineCall({
  name: 'verifyGoogleAuthCode',
  codes: verifyRefusals,
  area: 'security',
  path: '/user/security/verifyGoogleAuthCode',
  request: Schema.Struct({ code: VerifyCode }),
  response: VerifyTicket,
})

/** Second verification by the withdraw password. */
export const verifyWithdrawPass = defineCall({
  name: 'verifyWithdrawPass',
  codes: { ...pinCodes },
  area: 'security',
  path: '/user/security/verifyWithdrawPass',
  request: Schema.Struct({ withdrawPass: WithdrawPin }),
  response: VerifyTicket,
})

/** Second verification by the login password. */
export const verifyLoginPass = defineCall({
  name: 'verifyLoginPass',
  codes: verifyRefusals,
  area: 'security',
  path: '/user/security/verifyLoginPass',
  request: Schema.Struct({ password: Sensitive(Schema.String) }),
  response: VerifyTicket,
})

/**
 * Second verification of any type (verify types 1, 2, 3, 5, 6) in one call: `code` is the code,
 * or the password for types 5 and 6.
 */
export const secondVerify = defineCall({
  name: 'secondVerify',
  codes: verifyRefusals,
  area: 'security',
  path: '/user/security/secondVerify',
  request: Schema.Struct({ verifyType: VerifyType, code: VerifyCode }),
  response: VerifyTicket,
})

/**
 * Changes the login password (spec §5 rule); every other session of the player ends and the
 * fast-login key is replaced: the answer is the new one, for this browser to keep.
 */
export const changePass = defineCall({
  name: 'changePass',
  codes: { wrongSecret: accountCodes.wrongSecret, samePassword: accountCodes.samePassword, badValue: accountCodes.badValue, notBound: accountCodes.notBound },
  area: 'security',
  path: '/user/changepass',
  request: Schema.Struct({
    oldPassword: Sensitive(Schema.String),
    newPassword: Password,
    confirmPassword: Schema.optional(Sensitive(Schema.String)),
  }),
  response: Schema.Struct({ userkey: Sensitive(Schema.String) }),
})

/** Sets the secret question and its answer for the first time (userOptResult[1] then 1). */
export const passQuint = defineCall({
  name: 'passQuint',
  codes: { needVerify: accountCodes.needVerify, badValue: accountCodes.badValue, notBound: accountCodes.notBound },
  area: 'security',
  path: '/user/passquint',
  request: Schema.Struct({ questionId: Schema.Int, answer: Sensitive(Schema.String), verifyToken }),
  response: Ack,
})

/** Changes the secret question: the old answer, then the new question and answer. */
export const editQuint = defineCall({
  name: 'editQuint',
  codes: verifyRefusals,
  area: 'security',
  path: '/user/editquint',
  request: Schema.Struct({
    oldAnswer: Sensitive(Schema.String),
    questionId: Schema.Int,
    answer: Sensitive(Schema.String),
    verifyToken,
  }),
  response: Ack,
})

/** The question the signed-in player set (its text, never the answer); null when none. */
export const getAccountQuestion = defineCall({
  name: 'getAccountQuestion',
  area: 'security',
  path: '/user/getaccountquestion',
  request: NoParams,
  response: Schema.Struct({ question: Schema.NullOr(Schema.Struct({ questionId: Schema.Int, question: Schema.String })) }),
})

/**
 * The recovery check before login, by any verify type the account offers (2 email code, 3 SMS
 * code, 5 withdraw password): the ticket lets resetpasswd go ahead.
 */
export const resetPassVerify = defineCall({
  name: 'resetPassVerify',
  codes: recoveryRefusals,
  area: 'security',
  path: '/user/notLogin/resetPassVerify',
  request: Schema.Struct({ username: Schema.String, verifyType: VerifyType, code: VerifyCode }),
  response: ResetTicket,
})

/** Sets a new login password with a recovery ticket (before login). */
export const resetPasswd = defineCall({
  name: 'resetPasswd',
  codes: recoveryRefusals,
  area: 'security',
  path: '/user/notlogin/resetpasswd',
  request: Schema.Struct({
    username: Schema.String,
    resetToken: Sensitive(Schema.String),
    newPassword: Password,
    confirmPassword: Schema.optional(Sensitive(Schema.String)),
  }),
  response: Ack,
})

/** An avatar of the site's catalogue; user info portrait_id names one. */
export const Avatar = Schema.Struct({ id: Schema.Int, url: Schema.String })
export type Avatar = typeof Avatar.Type

export const avatars = defineCall({
  name: 'avatars',
  area: 'security',
  path: '/user/avatars',
  request: NoParams,
  response: Schema.Struct({ list: Schema.Array(Avatar) }),
})

/** Chooses an avatar (task type 10 'set avatar'); answers the portrait_id now set. */
export const updateUserAvatars = defineCall({
  name: 'updateUserAvatars',
  area: 'security',
  path: '/user/updateUserAvatars',
  request: Schema.Struct({ portrait_id: Id }),
  response: Schema.Struct({ portrait_id: Id }),
})

/**
 * The player's editable profile: display name (platfromid, the spec's spelling; task 7 first set
 * nickname), birthday (task 4; '' when not set) and real name (spec §5: max 75, upper case where
 * the site says realNameMustUppercase; '' when not set).
 */
export const Profile = Schema.Struct({ platfromid: Schema.String, birthday: Schema.String, realName: Schema.String })
export type Profile = typeof Profile.Type

/** Changes some of the profile (absent fields stay); answers the whole profile. */
export const modifyInfo = defineCall({
  name: 'modifyInfo',
  area: 'security',
  path: '/user/settings/modifyinfo',
  request: Schema.Struct({
    platfromid: Schema.optional(Schema.String),
    birthday: Schema.optional(DateOnly),
    realName: Schema.optional(Schema.String),
  }),
  response: Profile,
})
