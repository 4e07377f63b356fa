import {
  captcha, captchaGetUserInfo, captchaVerifyPhone, notLoginGetAccountVerifyList, notLoginGetQuestion, notLoginVerifyEmail, notLoginVerifyQuestionAndWithdrawPass, shortMsgValidate, smsVerifyPhone,
} from '../../schemas/hall/calls/auth'
import { resetPassVerify, resetPasswd } from '../../schemas/hall/calls/security'
import { smsCountry } from '../../schemas/hall/calls/site'
import { commandActor } from '../kit'

/**
 * The forgotten password (issue 24; screens §2 forgot password; calls §7.1 notlogin calls, §7.2
 * resetPassVerify, resetpasswd): the forgotPassword popup's steps, a command each, for a visitor
 * (audience anyone). Find the account (what it can be proved by, the phone and email masked),
 * its secret question when it has one, the proof (a code to the bound phone or email, sent by the
 * verify actor with scene 'reset'; the answer; the withdraw password), which answers the reset
 * ticket, and the new password with that ticket. The commands carrying a secret are named after
 * their calls, so the recorder redacts what was typed; the ticket is sensitive in the answer. The
 * hall's refusals the form words itself are inline: an unknown account, a wrong code, answer or
 * password, a spent ticket, the lock after repeated failures (2010: the seconds to wait).
 */

/** Inline refusals of the recovery: the `signin` namespace's keys. */
const REFUSALS = {
  noAccount: 'recovery.error.noAccount',
  notBound: 'recovery.error.notBound',
  notOffered: 'recovery.error.notOffered',
  badTicket: 'recovery.error.badTicket',
  limited: 'error.limited',
  noCode: 'recovery.error.noCode',
  wrongCode: 'recovery.error.wrongCode',
  wrongSecret: 'recovery.error.wrongSecret',
  wrongPin: 'recovery.error.wrongSecret',
  pinLocked: 'error.limited',
  invalidPassword: 'recovery.error.password',
  accountFrozen: 'recovery.error.frozen',
} as const

export const findAccountCommand = commandActor({
  id: 'notLoginGetAccountVerifyList',
  call: notLoginGetAccountVerifyList,
  modal: ['badScene', 'busy', 'badValue'],
  audience: 'anyone',
  codes: REFUSALS,
})

/** A missed image challenge (2011, then 1127 error_12) in the captcha variant's forms. */
const CHALLENGE_REFUSALS = { ...REFUSALS, missed: 'recovery.error.challenge', refused: 'recovery.error.challenge' } as const

/**
 * The captcha variant (hall profile recovery 'captcha'): the account found behind the image
 * challenge (/user/captcha/getUserInfo: the username with the challenge's key and digits), and its
 * phone confirmed the same way before a code goes to it (/user/captcha/verifyPhone, the phone named
 * masked as the account's answer shows it). Each attempt spends its challenge: the form shows a new one.
 */
export const findByCaptchaCommand = commandActor({
  id: 'captchaGetUserInfo',
  call: captchaGetUserInfo,
  modal: ['badScene', 'busy', 'badValue'],
  audience: 'anyone',
  codes: CHALLENGE_REFUSALS,
})

export const phoneByCaptchaCommand = commandActor({
  id: 'captchaVerifyPhone',
  call: captchaVerifyPhone,
  modal: ['badScene', 'busy', 'badValue'],
  audience: 'anyone',
  select: () => true,
  codes: CHALLENGE_REFUSALS,
})

/** The image challenge of the captcha variant's forms: its key and image, never its digits. */
export const recoveryChallengeCommand = commandActor({
  id: 'recoveryChallenge',
  call: captcha,
  audience: 'anyone',
})

export const recoveryQuestionCommand = commandActor({
  id: 'notLoginGetQuestion',
  call: notLoginGetQuestion,
  modal: ['badScene', 'busy', 'badValue'],
  audience: 'anyone',
  select: (d) => d.question,
  codes: REFUSALS,
})

export const resetPassVerifyCommand = commandActor({
  id: 'resetPassVerify',
  call: resetPassVerify,
  modal: ['badScene', 'busy', 'badValue'],
  audience: 'anyone',
  select: (d) => d.resetToken,
  codes: REFUSALS,
})

/**
 * The proof by the channel's own call (hall profile recoveryProof 'byChannel'): the code sent to
 * the account's phone (/user/sms/verifyphone) or e-mail (/user/notlogin/verifyEmail), named masked
 * as the account's answer shows it; each answers the reset ticket resetPassVerify would.
 */
export const phoneProofCommand = commandActor({
  id: 'smsVerifyPhone',
  call: smsVerifyPhone,
  modal: ['badScene', 'busy', 'badValue'],
  audience: 'anyone',
  select: (d) => d.resetToken,
  codes: REFUSALS,
})

export const emailProofCommand = commandActor({
  id: 'notLoginVerifyEmail',
  call: notLoginVerifyEmail,
  modal: ['badScene', 'busy', 'badValue'],
  audience: 'anyone',
  select: (d) => d.resetToken,
  codes: REFUSALS,
})

/**
 * The proof by the secret question and the withdraw password at once (hall profile recoveryProof
 * 'questionAndPin', for an account that set both): the question's id as
 * /user/notlogin/getquestion answered it, its answer and the PIN
 * (/user/notlogin/verificquestionandwithdrawpasswd); answers the reset ticket.
 */
export const questionAndPinProofCommand = commandActor({
  id: 'notLoginVerifyQuestionAndWithdrawPass',
  call: notLoginVerifyQuestionAndWithdrawPass,
  modal: ['badScene', 'busy', 'badValue'],
  audience: 'anyone',
  select: (d) => d.resetToken,
  codes: REFUSALS,
})

export const resetPasswdCommand = commandActor({
  id: 'resetPasswd',
  call: resetPasswd,
  modal: ['badScene', 'busy', 'badValue'],
  audience: 'anyone',
  select: () => true,
  codes: REFUSALS,
})

/** The recovery's commands, in the order of its steps. */
export const recoveryCommands = [findAccountCommand, findByCaptchaCommand, phoneByCaptchaCommand, recoveryChallengeCommand, recoveryQuestionCommand, resetPassVerifyCommand, phoneProofCommand, emailProofCommand, questionAndPinProofCommand, resetPasswdCommand] as const

/**
 * The countries a phone number may be of (smsCountry: the segment and the number's length range),
 * asked when a form with a phone field opens (the SMS login), never at boot.
 */
export const smsCountriesCommand = commandActor({
  id: 'smsCountries',
  call: smsCountry,
  audience: 'anyone',
})

/**
 * The SMS login's check of its code before the sign-in (hall profile smsLogin 'validate'):
 * /shortmsg/validate with the phone and the code (scene 'login'), which the hall checks without
 * spending it; the form signs in with the same code once it passed.
 */
export const smsLoginValidateCommand = commandActor({
  id: 'shortMsgValidate',
  call: shortMsgValidate,
  modal: ['badScene', 'busy', 'badPhone'],
  audience: 'anyone',
  select: () => true,
  codes: {
    smsRefused: 'sms.wrongCode',
    noAccount: 'sms.noAccount',
    ambiguous: 'sms.ambiguous',
    noCode: 'sms.wrongCode',
    wrongCode: 'sms.wrongCode',
    limited: 'error.limited',
  },
})

/** The image challenge the login form shows after the hall asked for one (1119): its key and image, never its digits. */
export const loginChallengeCommand = commandActor({
  id: 'loginChallenge',
  call: captcha,
  audience: 'anyone',
})
