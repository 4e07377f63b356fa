/**
 * Authentication and verification calls (spec §7.1): password login, fast login with the stored
 * user key, guest (trial) registration, registration, logout and the verification-code family.
 *
 * The login family is described precisely because the reference hall implements it and the lobby
 * keeps its answer (UserInfo) as the session: a drift here would break sign-in. Secrets (password,
 * token, session_key, userkey, codes, CPF) are marked Sensitive so recordings and logs redact them.
 * The verification calls further down are not shown in the spec and stay open.
 */
import { Schema } from 'effect'
import { BigId } from '../envelope'
import { defineCall } from '../call'
import { OpenRequest, OpenResponse } from './common'
import { Sensitive } from './sensitive'

/**
 * Username rule of spec §5: 4-16 letters or digits. The hall compares usernames
 * case-insensitively, so 'Demo' and 'demo' are the same account.
 */
export const Username = Schema.String.check(
  Schema.isPattern(/^[A-Za-z0-9]{4,16}$/, { expected: '4-16 letters or digits' }),
)

/**
 * Password rule of spec §5: 6-16 word characters or ~!@#$%^&*_=+-/,.?, and not only digits,
 * only letters or only symbols. Shared so the lobby's form and the hall refuse the same inputs.
 */
export const Password = Sensitive(
  Schema.String.check(
    Schema.isPattern(/^[\w~!@#$%^&*=+\-/,.?]{6,16}$/, {
      expected: '6-16 letters, digits or ~!@#$%^&*_=+-/,.?',
    }),
    Schema.isPattern(/^(?!\d+$)(?![A-Za-z]+$)(?![~!@#$%^&*_=+\-/,.?]+$)/, {
      expected: 'not only digits, only letters or only symbols',
    }),
  ),
)

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

/**
 * A decimal amount as a string ('12.50', '0.0000012'): money never travels as a JSON number, so
 * no client or hall rounds it through a binary float. '-1' is the spec's in-game marker.
 */
export const Amount = Schema.String.check(Schema.isPattern(/^-?\d+(\.\d+)?$/, { expected: 'a decimal amount' }))

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
})
export type UserInfo = typeof UserInfo.Type

/** Password login (spec §7.1). A wrong username or password answers service code 1011. */
export const login = defineCall({
  name: 'login',
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
  response: Schema.Struct({}),
})

/**
 * Signs a returning player in with the stored user key. Silent: on failure the lobby falls back
 * to guest registration without a modal (spec §4, §8).
 */
export const fastLogin = defineCall({
  name: 'fastLogin',
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
  }),
  response: UserInfo,
})

/** Whether a username is still free on this site (case-insensitive). */
export const checkUsername = defineCall({
  name: 'checkUsername',
  area: 'auth',
  path: '/home/checkusername',
  request: Schema.Struct({ username: Schema.String }),
  response: Schema.Struct({ available: Schema.Boolean }),
})

/*
 * Third-party sign-in, SMS login, captchas, geetest challenges and verification codes. The spec
 * names few of their fields and no answers; they stay open until the hall implements them.
 * thirdPartyLogin answers code 100 when the account is not registered yet (spec §4).
 */
export const thirdPartyLogin = defineCall({
  name: 'thirdPartyLogin',
  area: 'auth',
  path: '/home/thirdpartylogin',
  request: Schema.Struct({
    access_token: Schema.optional(Sensitive(Schema.String)),
    requester_type: Schema.optional(Schema.Number),
  }),
  response: OpenResponse,
})

export const thirdPartyRegister = defineCall({
  name: 'thirdPartyRegister',
  area: 'auth',
  path: '/home/thirdpartyregister',
  request: Schema.Struct({
    email: Schema.optional(Schema.String),
    id: Schema.optional(Schema.String),
    access_token: Schema.optional(Sensitive(Schema.String)),
    requester_type: Schema.optional(Schema.Number),
    new_username: Schema.optional(Schema.String),
    new_password: Schema.optional(Sensitive(Schema.String)),
  }),
  response: OpenResponse,
})

export const smsLogin = defineCall({
  name: 'smsLogin',
  area: 'auth',
  path: '/api/protected/user/smslogin',
  request: Schema.Struct({
    phone: Schema.optional(Schema.String),
    code: Schema.optional(Sensitive(Schema.String)),
  }),
  response: OpenResponse,
})

/**
 * The human challenge (spec §5 image code, 4 digits): an image of 4 digits and the key it is
 * checked under. A code send the hall answers 1119 (force geetest) is retried with the key and
 * the digits the player read (`captchaKey`, `captcha`); a wrong or expired answer is refused with
 * error_12, which starts the 60 s geetest restriction (docs/decisions.md).
 */
export const Challenge = Schema.Struct({
  key: Schema.String,
  /** The image, as an SVG data URI. */
  image: Schema.String,
})
export type Challenge = typeof Challenge.Type

export const captcha = defineCall({
  name: 'captcha',
  area: 'auth',
  path: '/home/captcha',
  request: Schema.Struct({}),
  response: Challenge,
})

/** What a code send carries after a forced challenge: the challenge's key and the digits the player read. */
const ChallengeAnswer = {
  captchaKey: Schema.optionalKey(Schema.String),
  captcha: Schema.optionalKey(Sensitive(Schema.String)),
}

export const geetestValidate = defineCall({
  name: 'geetestValidate',
  area: 'auth',
  path: '/geetest/validate/v4',
  request: OpenRequest,
  response: OpenResponse,
})

export const userGeetestValidate = defineCall({
  name: 'userGeetestValidate',
  area: 'auth',
  path: '/user/geetest/validate/v4',
  request: OpenRequest,
  response: OpenResponse,
})

export const captchaGetUserInfo = defineCall({
  name: 'captchaGetUserInfo',
  area: 'auth',
  path: '/user/captcha/getUserInfo',
  request: OpenRequest,
  response: OpenResponse,
})

export const userPhone = defineCall({
  name: 'userPhone',
  area: 'auth',
  path: '/user/phone',
  request: OpenRequest,
  response: OpenResponse,
})

export const riskVerifyPhone = defineCall({
  name: 'riskVerifyPhone',
  area: 'auth',
  path: '/user/risk/verifyPhone',
  request: OpenRequest,
  response: OpenResponse,
})

export const riskBindPhone = defineCall({
  name: 'riskBindPhone',
  area: 'auth',
  path: '/user/risk/bindPhone',
  request: OpenRequest,
  response: OpenResponse,
})

export const shortMsgCreate = defineCall({
  name: 'shortMsgCreate',
  area: 'auth',
  path: '/shortmsg/create',
  request: OpenRequest,
  response: OpenResponse,
})

export const shortMsgValidate = defineCall({
  name: 'shortMsgValidate',
  area: 'auth',
  path: '/shortmsg/validate',
  request: Schema.Struct({
    captcha: Schema.optional(Sensitive(Schema.String)),
    phone_number: Schema.optional(Schema.String),
  }),
  response: OpenResponse,
})

export const securityCreateSms = defineCall({
  name: 'securityCreateSms',
  area: 'auth',
  path: '/user/security/createsms',
  request: Schema.Struct({ phone: Schema.String, ...ChallengeAnswer }),
  response: OpenResponse,
})

export const securityCreateMail = defineCall({
  name: 'securityCreateMail',
  area: 'auth',
  path: '/user/security/createmail',
  request: Schema.Struct({ email: Schema.String, ...ChallengeAnswer }),
  response: OpenResponse,
})

export const emailCreateMail = defineCall({
  name: 'emailCreateMail',
  area: 'auth',
  path: '/user/email/createmail',
  request: OpenRequest,
  response: OpenResponse,
})

export const securityVerifyEmail = defineCall({
  name: 'securityVerifyEmail',
  area: 'auth',
  path: '/user/security/verifyEmail',
  request: OpenRequest,
  response: OpenResponse,
})

export const notLoginVerifyEmail = defineCall({
  name: 'notLoginVerifyEmail',
  area: 'auth',
  path: '/user/notlogin/verifyEmail',
  request: OpenRequest,
  response: OpenResponse,
})

export const smsVerifyPhone = defineCall({
  name: 'smsVerifyPhone',
  area: 'auth',
  path: '/user/sms/verifyphone',
  request: OpenRequest,
  response: OpenResponse,
})

export const captchaVerifyPhone = defineCall({
  name: 'captchaVerifyPhone',
  area: 'auth',
  path: '/user/captcha/verifyPhone',
  request: OpenRequest,
  response: OpenResponse,
})

export const userVerifyPhone = defineCall({
  name: 'userVerifyPhone',
  area: 'auth',
  path: '/user/verifyphone',
  request: OpenRequest,
  response: OpenResponse,
})

export const notLoginGetAccountVerifyList = defineCall({
  name: 'notLoginGetAccountVerifyList',
  area: 'auth',
  path: '/user/notlogin/getAccountVerifyList',
  request: OpenRequest,
  response: OpenResponse,
})

export const getQuestion = defineCall({
  name: 'getQuestion',
  area: 'auth',
  path: '/user/getquestion',
  request: OpenRequest,
  response: OpenResponse,
})

export const notLoginGetQuestion = defineCall({
  name: 'notLoginGetQuestion',
  area: 'auth',
  path: '/user/notlogin/getquestion',
  request: OpenRequest,
  response: OpenResponse,
})

export const notLoginVerifyQuestionAndWithdrawPass = defineCall({
  name: 'notLoginVerifyQuestionAndWithdrawPass',
  area: 'auth',
  path: '/user/notlogin/verificquestionandwithdrawpasswd',
  request: OpenRequest,
  response: OpenResponse,
})

export const forceChangePassword = defineCall({
  name: 'forceChangePassword',
  area: 'auth',
  path: '/user/forcechangepassword',
  request: Schema.Struct({
    oldPassword: Sensitive(Schema.String),
    newPassword: Password,
  }),
  response: Schema.Struct({ change_password: Schema.Number }),
})
