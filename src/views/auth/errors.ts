import type { TFunction } from 'i18next'
import type { SessionError } from '../../../actors/session'
import { demandsChallenge, missedChallenge } from '../../../actors/verify'
import { login, smsLogin } from '../../../schemas/hall/calls/auth'

/** The message keys of the session's errors that have their own wording (spec §8). */
const WORDED = ['SYSTEM_ERROR', 'RSP_DATA_NOT_JSON', 'NETWORK_TIMEOUT', 'NETWORK_ERROR'] as const

/** Service codes with their own wording (their key is `error.code<number>`): wrong username or password, account frozen. */
const CODES: ReadonlyArray<number> = [login.codes.loginError, login.codes.accountFrozen]

/** The SMS login's refusals (server/calls/smslogin.ts): no account, several, a wrong code. */
const SMS_CODES: ReadonlyMap<number, string> = new Map([
  [smsLogin.codes.noAccount, 'sms.noAccount'],
  [smsLogin.codes.ambiguous, 'sms.ambiguous'],
  [smsLogin.codes.smsRefused, 'sms.wrongCode'],
])

/**
 * The text of a form's server error (spec §8 reactions), or null. The geetest restriction shows
 * the seconds remaining while it lasts; a code or key the lobby words itself is translated;
 * anything else shows the hall's own message (it answers in the player's language), else a
 * generic one.
 */
export const errorText = (t: TFunction<'auth'>, error: SessionError | null, geetestLeft: number): string | null => {
  if (geetestLeft > 0) return t('error.GEETEST_RESTRICTED', { seconds: geetestLeft })
  if (error === null) return null
  if (error.messageKey === 'GEETEST_RESTRICTED') return null // the restriction is over
  if (error.code !== null && CODES.includes(error.code)) return t(`error.code${error.code}` as 'error.code1011')
  // Guessing is stopped (issue 24): the challenge first (1119), then the wait (2010: its message ends with the seconds).
  if (error.code === login.codes.challenge) return t('error.challenge', { ns: 'signin' })
  if (demandsChallenge(error.code)) return t('error.puzzle', { ns: 'signin' })
  // A wrong challenge answer, the first of a round (2011): a generic message, and a new challenge is shown.
  if (missedChallenge(error.code)) return t('error.challengeMissed', { ns: 'signin' })
  const wait = error.code === login.codes.limited ? /(\d+) s$/.exec(error.msg) : null
  if (wait !== null) return t('error.limited', { ns: 'signin', seconds: Number(wait[1]) })
  // The hall's password hashes are queued full (2012: its message ends with the seconds).
  const busy = error.code === login.codes.busy ? /(\d+) s$/.exec(error.msg) : null
  if (busy !== null) return t('error.busy', { ns: 'signin', seconds: Number(busy[1]) })
  const sms = error.code === null ? undefined : SMS_CODES.get(error.code)
  if (sms !== undefined) return t(sms, { ns: 'signin' })
  const key = WORDED.find((k) => k === error.messageKey)
  if (key !== undefined) return t(`error.${key}`)
  return error.msg.trim() !== '' ? error.msg : t('error.generic')
}
