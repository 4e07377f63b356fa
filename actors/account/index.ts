import type { LobbyEvent } from '../../schemas/events'
import { accountHistory, profileInfo, setAccount } from '../../schemas/hall/calls/account-own'
import {
  avatars, bindCpf, bindEmail, bindGoogleAuth, changePass, editQuint, getAccountQuestion, modifyInfo, modifyWithdrawPass, passQuint, secondVerify,
  securityModifyPhone, securityVerifyModify, switchGoogleAuth, updateUserAvatars, verifyLoginPass, verifyGoogleAuthCode, verifyPhoneCode,
} from '../../schemas/hall/calls/security'
import { getQuestion, securityCreateMail, securityCreateSms, securityVerifyEmail, userPhone, userVerifyPhone } from '../../schemas/hall/calls/auth'
import type { SecretQuestion } from '../../schemas/hall/calls/auth'
import { commandActor, queryActor } from '../kit'

/**
 * The player's own account (screens §2 /home/personal, /home/setting, /home/security; calls §7.2):
 * queries read when one of its screens opens (`account.opened`, never at sign-in) and again after
 * a change; a command per change. A protected change asks the hall which verifications it needs
 * (verifymodify), passes one (secondVerify: its ticket) and carries the ticket; the hall checks
 * every rule again. A command's id is its call's name, so the recorder redacts its submitted
 * payload (passwords, codes, answers, the CPF) with the call's request schema. Each accepted change announces `account.changed` (the queries, the auth info
 * and the header read again); the login password's new fast-login key goes to the session.
 */

const changed = (item: string): ReadonlyArray<LobbyEvent> => [{ type: 'account.changed', item }]
const reread = { 'account.opened': true, 'account.changed': true } as const

/** The profile: display name, avatar, real name, birthday, CPF and email masked. */
export const profileActor = queryActor({ id: 'profile', call: profileInfo, audience: 'real', fetchOn: reread, payload: {} })

/** The avatar catalogue. */
export const avatarsActor = queryActor({ id: 'avatars', call: avatars, audience: 'real', fetchOn: { 'account.opened': true }, payload: {}, select: (d) => d.list })

/** The secret question set (its id and text, never the answer), or null. */
export const questionActor = queryActor({ id: 'question', call: getAccountQuestion, audience: 'real', fetchOn: reread, payload: {}, select: (d) => d.question })

/** The site's secret questions to choose one from (/user/getquestion), read when the question's form opens. */
export const questionsActor = queryActor({
  id: 'questions',
  call: getQuestion,
  audience: 'real',
  fetchOn: { 'account.questionFormOpened': true },
  payload: {},
  select: (d): ReadonlyArray<SecretQuestion> => d.list,
})

/** The bound phone, masked, with its country code, or bound 0 (/user/phone), read when the phone check opens. */
export const phoneActor = queryActor({ id: 'phone', call: userPhone, audience: 'real', fetchOn: { 'account.phoneCheckOpened': true }, payload: {} })

/**
 * The phone check (/user/verifyphone; task type 12 'SMS valid'): the bound phone's code, the phone
 * named masked as /user/phone shows it; an account without a phone binds the one it names by its
 * code. Answers the phone, masked; the account's screens read again.
 */
export const verifyPhoneCommand = commandActor({
  id: 'userVerifyPhone',
  call: userVerifyPhone,
  modal: ['badPhone', 'alreadyBound', 'notBound'],
  audience: 'real',
  select: (d) => d.mobile_phone,
  announce: () => changed('phone'),
  codes: { wrongCode: 'error.wrongCode', noCode: 'error.noCode' },
})

/** The account's last changes. */
export const historyActor = queryActor({ id: 'accounthistory', call: accountHistory, audience: 'real', fetchOn: reread, payload: {}, select: (d) => d.list })

/** Which verifications a change of an item needs first (verify types). */
export const verifyModifyCommand = commandActor({ id: 'securityVerifyModify', call: securityVerifyModify, audience: 'real', select: (d) => d.verifyTypes })

/** A second verification: its ticket. Wrong codes and passwords show in the form. */
export const secondVerifyCommand = commandActor({
  id: 'secondVerify',
  call: secondVerify,
  modal: ['badValue', 'notBound', 'badPin', 'wrongPin', 'noPin'],
  audience: 'real',
  select: (d) => d.verifyToken,
  codes: { wrongCode: 'error.wrongCode', noCode: 'error.noCode', wrongSecret: 'error.wrongSecret', pinLocked: 'error.locked' },
})

/**
 * The second verification on a site whose hall checks it by channel (hall profile secondVerify
 * 'byChannel'): the bound phone's code (verifyPhoneCode), the bound e-mail's code
 * (/user/security/verifyEmail, the e-mail named masked as the auth info shows it) and the
 * authenticator's code (verifyGoogleAuthCode), each answering the ticket secondVerify would.
 */
export const verifyPhoneCodeCommand = commandActor({
  id: 'verifyPhoneCode',
  call: verifyPhoneCode,
  modal: ['badValue', 'notBound', 'badPin', 'wrongPin', 'noPin'],
  audience: 'real',
  select: (d) => d.verifyToken,
  codes: { wrongCode: 'error.wrongCode', noCode: 'error.noCode', wrongSecret: 'error.wrongSecret', pinLocked: 'error.locked' },
})
export const verifyEmailCommand = commandActor({
  id: 'securityVerifyEmail',
  call: securityVerifyEmail,
  modal: ['notBound'],
  audience: 'real',
  select: (d) => d.verifyToken,
  codes: { wrongCode: 'error.wrongCode', noCode: 'error.noCode' },
})
export const verifyGoogleAuthCodeCommand = commandActor({
  id: 'verifyGoogleAuthCode',
  call: verifyGoogleAuthCode,
  modal: ['badValue', 'notBound', 'badPin', 'wrongPin', 'noPin'],
  audience: 'real',
  select: (d) => d.verifyToken,
  codes: { wrongCode: 'error.wrongCode', noCode: 'error.noCode', wrongSecret: 'error.wrongSecret', pinLocked: 'error.locked' },
})

export const changePassCommand = commandActor({
  id: 'changePass',
  call: changePass,
  modal: ['badValue', 'notBound'],
  audience: 'real',
  select: (d) => d.userkey,
  announce: (userkey) => [{ type: 'session.keyChanged', userkey }, ...changed('loginPass')],
  codes: { wrongSecret: 'error.wrongPassword', samePassword: 'error.samePassword' },
})

export const modifyPhoneCommand = commandActor({
  id: 'securityModifyPhone',
  call: securityModifyPhone,
  modal: ['notBound'],
  audience: 'real',
  select: (d) => d.mobile_phone,
  announce: () => changed('phone'),
  codes: { wrongCode: 'error.wrongCode', noCode: 'error.noCode', needVerify: 'error.verifyAgain' },
})

export const bindEmailCommand = commandActor({
  id: 'bindEmail',
  call: bindEmail,
  modal: ['notBound'],
  audience: 'real',
  select: (d) => d.email,
  announce: () => changed('email'),
  codes: { wrongCode: 'error.wrongCode', noCode: 'error.noCode', needVerify: 'error.verifyAgain' },
})

export const switchGoogleAuthCommand = commandActor({
  id: 'switchGoogleAuth',
  call: switchGoogleAuth,
  modal: ['notBound'],
  audience: 'real',
  select: (d) => d.is_open_google_auth,
  announce: () => changed('googleAuth'),
  codes: { wrongSecret: 'error.wrongCode' },
})

/**
 * A new authenticator over the bound one (the security centre's 'change authenticator'): without a
 * code it starts the binding (the new key and its otpauth URI); with the new app's code and the
 * ticket of the current authenticator's code (verifymodify googleAuth: [1]) it binds it.
 */
export const bindGoogleAuthCommand = commandActor({
  id: 'bindGoogleAuth',
  call: bindGoogleAuth,
  modal: ['notBound'],
  audience: 'real',
  announce: (r) => ('is_open_google_auth' in r ? changed('googleAuth') : []),
  codes: { wrongCode: 'error.wrongCode', noCode: 'error.noCode', needVerify: 'error.verifyAgain' },
})

export const withdrawPassCommand = commandActor({
  id: 'modifyWithdrawPass',
  call: modifyWithdrawPass,
  modal: ['badPin', 'notBound'],
  audience: 'real',
  select: () => true,
  announce: () => changed('withdrawPass'),
  codes: { wrongPin: 'error.wrongPin', needVerify: 'error.verifyAgain' },
})

export const passQuintCommand = commandActor({
  id: 'passQuint',
  call: passQuint,
  modal: ['badValue', 'notBound'],
  audience: 'real',
  select: () => true,
  announce: () => changed('question'),
  codes: { needVerify: 'error.verifyAgain' },
})

export const editQuintCommand = commandActor({
  id: 'editQuint',
  call: editQuint,
  modal: ['noCode', 'wrongCode', 'badValue', 'notBound', 'badPin', 'wrongPin', 'noPin', 'pinLocked'],
  audience: 'real',
  select: () => true,
  announce: () => changed('question'),
  codes: { wrongSecret: 'error.wrongAnswer' },
})

export const bindCpfCommand = commandActor({
  id: 'bindCpf',
  call: bindCpf,
  modal: ['needVerify', 'badValue', 'notBound'],
  audience: 'real',
  select: (d) => d.cpf,
  announce: () => changed('cpf'),
  codes: { cpfBound: 'error.cpfBound' },
})

export const avatarCommand = commandActor({
  id: 'updateUserAvatars',
  call: updateUserAvatars,
  audience: 'real',
  select: (d) => d.portrait_id,
  announce: () => changed('avatar'),
})

export const modifyInfoCommand = commandActor({
  id: 'modifyInfo',
  call: modifyInfo,
  audience: 'real',
  announce: () => changed('profile'),
})

/**
 * The code of a second verification, sent to the bound phone or email (named by its masked form,
 * as the auth info shows it). Not the verify actor's send: its countdown is one per channel, and
 * the new phone or email needs its own code right after (the verify actor's CodeInput sends that).
 */
export const boundPhoneCodeCommand = commandActor({ id: 'securityCreateSms', call: securityCreateSms, modal: ['badPhone', 'limited', 'busy'], audience: 'real', select: (d) => d.target })
export const boundEmailCodeCommand = commandActor({ id: 'securityCreateMail', call: securityCreateMail, modal: ['badEmail', 'limited', 'busy'], audience: 'real', select: (d) => d.target })

/**
 * The verifyUserPassword popup (screens §2 global popups): the login password before a sensitive
 * change (verifyLoginPass), its ticket carried by the change. A wrong password shows in the popup.
 */
export const verifyLoginPassCommand = commandActor({
  id: 'verifyLoginPass',
  call: verifyLoginPass,
  modal: ['noCode', 'wrongCode', 'badValue', 'notBound', 'badPin', 'wrongPin', 'noPin', 'pinLocked'],
  audience: 'real',
  select: (d) => d.verifyToken,
  codes: { wrongSecret: 'error.wrongSecret' },
})

/**
 * The trial account's username and password (the 'pass' popup of /home/setting; screens §3
 * userOptResult 4): the hall registers the account (its play money is not carried over); the
 * lobby then signs in with them. The new fast-login key goes to the session.
 */
export const setAccountCommand = commandActor({
  id: 'setAccount',
  call: setAccount,
  audience: 'signedIn',
  select: (d) => d.username,
  announce: () => [{ type: 'account.changed', item: 'account' }],
  codes: { usernameTaken: 'trial.error.taken', invalidUsername: 'trial.error.username', invalidPassword: 'trial.error.password', notTrial: 'trial.error.notTrial' },
})
