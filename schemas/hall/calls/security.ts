/**
 * Security and profile calls (spec §7.2): binding phone, email, CPF, Google authenticator and withdraw password, second-factor checks and password changes.
 *
 * The spec shows almost none of their payloads, so most requests are open objects and answers unknown. The bind calls of the forced bind flow
 * (modifyphone, bindEmail, bindgoogleauth, modifywithdrawpass) have the payloads the reference hall implements (server/calls/security.ts),
 * codes and PINs marked sensitive; the others answer 4040.
 */
import { Schema } from 'effect'
import { defineCall } from '../call'
import { OpenRequest, OpenResponse } from './common'
import { Sensitive } from './sensitive'

export const securityVerifyModify = defineCall({
  name: 'securityVerifyModify',
  area: 'security',
  path: '/user/security/verifymodify',
  request: OpenRequest,
  response: OpenResponse,
})

export const securityModifyPhone = defineCall({
  name: 'securityModifyPhone',
  area: 'security',
  path: '/user/security/modifyphone',
  request: Schema.Struct({ phone: Schema.String, code: Sensitive(Schema.String) }),
  response: OpenResponse,
})

export const bindCpf = defineCall({
  name: 'bindCpf',
  area: 'security',
  path: '/user/security/bindCpf',
  request: OpenRequest,
  response: OpenResponse,
})

export const bindEmail = defineCall({
  name: 'bindEmail',
  area: 'security',
  path: '/user/security/bindEmail',
  request: Schema.Struct({ email: Schema.String, code: Sensitive(Schema.String) }),
  response: OpenResponse,
})

export const modifyWithdrawPass = defineCall({
  name: 'modifyWithdrawPass',
  area: 'security',
  path: '/user/security/modifywithdrawpass',
  request: Schema.Struct({ newPass: Sensitive(Schema.String), oldPass: Schema.optional(Sensitive(Schema.String)) }),
  response: OpenResponse,
})

export const bindGoogleAuth = defineCall({
  name: 'bindGoogleAuth',
  area: 'security',
  path: '/user/security/bindgoogleauth',
  // Without a code the hall starts the binding (answers the secret); with one it checks it and binds.
  request: Schema.Struct({ code: Schema.optional(Sensitive(Schema.String)) }),
  response: OpenResponse,
})

export const switchGoogleAuth = defineCall({
  name: 'switchGoogleAuth',
  area: 'security',
  path: '/user/security/switchgoogleauth',
  request: OpenRequest,
  response: OpenResponse,
})

export const bindThirdUser = defineCall({
  name: 'bindThirdUser',
  area: 'security',
  path: '/user/security/thirduser/bind',
  request: Schema.Struct({
    os_type: Schema.optional(Schema.Number),
    access_token: Schema.optional(Sensitive(Schema.String)),
    requester_type: Schema.optional(Schema.Number),
  }),
  response: OpenResponse,
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
})
export type AuthInfo = typeof AuthInfo.Type

export const actionVerify = defineCall({
  name: 'actionVerify',
  area: 'security',
  path: '/user/security/actionVerify',
  request: Schema.Struct({}),
  response: AuthInfo,
})

export const verifyPhoneCode = defineCall({
  name: 'verifyPhoneCode',
  area: 'security',
  path: '/user/security/verifyPhoneCode',
  request: OpenRequest,
  response: OpenResponse,
})

export const verifyEmailCode = defineCall({
  name: 'verifyEmailCode',
  area: 'security',
  path: '/user/security/verifyEmailCode',
  request: OpenRequest,
  response: OpenResponse,
})

export const verifyGoogleAuthCode = defineCall({
  name: 'verifyGoogleAuthCode',
  area: 'security',
  path: '/user/security/verifyGoogleAuthCode',
  request: OpenRequest,
  response: OpenResponse,
})

export const verifyWithdrawPass = defineCall({
  name: 'verifyWithdrawPass',
  area: 'security',
  path: '/user/security/verifyWithdrawPass',
  request: OpenRequest,
  response: OpenResponse,
})

export const verifyLoginPass = defineCall({
  name: 'verifyLoginPass',
  area: 'security',
  path: '/user/security/verifyLoginPass',
  request: OpenRequest,
  response: OpenResponse,
})

export const secondVerify = defineCall({
  name: 'secondVerify',
  area: 'security',
  path: '/user/security/secondVerify',
  request: OpenRequest,
  response: OpenResponse,
})

export const changePass = defineCall({
  name: 'changePass',
  area: 'security',
  path: '/user/changepass',
  request: OpenRequest,
  response: OpenResponse,
})

export const passQuint = defineCall({
  name: 'passQuint',
  area: 'security',
  path: '/user/passquint',
  request: OpenRequest,
  response: OpenResponse,
})

export const editQuint = defineCall({
  name: 'editQuint',
  area: 'security',
  path: '/user/editquint',
  request: OpenRequest,
  response: OpenResponse,
})

export const getAccountQuestion = defineCall({
  name: 'getAccountQuestion',
  area: 'security',
  path: '/user/getaccountquestion',
  request: OpenRequest,
  response: OpenResponse,
})

export const resetPassVerify = defineCall({
  name: 'resetPassVerify',
  area: 'security',
  path: '/user/notLogin/resetPassVerify',
  request: OpenRequest,
  response: OpenResponse,
})

export const resetPasswd = defineCall({
  name: 'resetPasswd',
  area: 'security',
  path: '/user/notlogin/resetpasswd',
  request: OpenRequest,
  response: OpenResponse,
})

export const avatars = defineCall({
  name: 'avatars',
  area: 'security',
  path: '/user/avatars',
  request: OpenRequest,
  response: OpenResponse,
})

export const updateUserAvatars = defineCall({
  name: 'updateUserAvatars',
  area: 'security',
  path: '/user/updateUserAvatars',
  request: OpenRequest,
  response: OpenResponse,
})

export const modifyInfo = defineCall({
  name: 'modifyInfo',
  area: 'security',
  path: '/user/settings/modifyinfo',
  request: OpenRequest,
  response: OpenResponse,
})
