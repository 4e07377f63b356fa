import type { EventOfType } from '../../schemas/events'
import type { VerifyChannel, VerifyScene } from '../../schemas/events/verify'
import type { Challenge } from '../../schemas/hall/calls/auth'
import type { HallError } from '../../schemas/hall/errors'
import { challengeCodes, guardCodes } from '../../schemas/hall/calls/codes'
import { secret, type Secret } from '../../schemas/secret'
import { noRequests, type Requests } from '../kit'

/**
 * The verification flow's rules (screens §4 verification code, §5 codes; calls §4 code send and
 * forced human challenge, §5 code lengths and "send button disabled without a target", §8 1119
 * force geetest, §9 countdown 60 s, send lock 1.5 s, code lengths 4/5/4).
 */

/** The delays (ms): the send lock, the wait before the countdown, and its tick. */
export const VERIFY_DELAYS = { sendLock: 1_500, countdownStart: 1_500, tick: 1_000 } as const
/** Seconds before another code may be sent. */
export const COUNTDOWN_SECONDS = 60
/** The service code that demands a human challenge before the hall sends (spec §8: force geetest). */
export const FORCED_CHALLENGE = challengeCodes.challenge
/**
 * The service codes that demand a human challenge (spec §8): 1119 force geetest (the image of
 * digits), 1124 slider, 1125 click, 1126 nine-square; the hall names the kind it asks of the site,
 * and the challenge it then serves (captcha) names the same kind.
 */
export const CHALLENGE_CODES: ReadonlyArray<number> = Object.values(challengeCodes)
/** Whether a service code demands a human challenge. */
export const demandsChallenge = (code: number | null | undefined): boolean => code != null && CHALLENGE_CODES.includes(code)
/**
 * The reference hall's missed challenge (issue 24; docs/hall.md "Human challenges"): the first
 * wrong answer of a round, a generic challenge failure (spec §8 "other geetest failures show a
 * generic message"); a new challenge is offered. The second wrong answer in a row is error_12,
 * which restricts (the geetest actor).
 */
export const MISSED_CHALLENGE = guardCodes.missed
/** Whether a service code is the missed challenge (a generic message and a new challenge). */
export const missedChallenge = (code: number | null | undefined): boolean => code === MISSED_CHALLENGE
/** Code lengths (spec §5, §9): SMS 4 digits, email 5, the challenge image 4. */
export const CODE_LENGTHS = { phone: 4, email: 5, image: 4 } as const
export type CodeKind = keyof typeof CODE_LENGTHS

/** The hall calls of the flow. */
export const VERIFY_CALLS = { phone: 'securityCreateSms', email: 'securityCreateMail', challenge: 'captcha', sms: 'shortMsgCreate', mail: 'emailCreateMail' } as const

/** Whether a code has the length its kind asks for (digits only). */
export const codeFits = (kind: CodeKind, code: string): boolean => code.length === CODE_LENGTHS[kind] && /^\d+$/.test(code)

/** The challenge's key and answer a send carries when one was demanded. */
export const challengeFieldsOf = (answer: { key: string; answer: Secret } | null): { captchaKey?: string; captcha?: Secret } =>
  answer === null ? {} : { captchaKey: answer.key, captcha: answer.answer }

/** Why a send failed: a hall service code and its message, the network, or the geetest restriction. */
export interface VerifyError {
  readonly code: number | null
  readonly message: string
  readonly reason: 'service' | 'network' | 'restricted'
}

/** The restriction refuses the send (the seconds left come from the geetest actor). */
export const RESTRICTED: VerifyError = { code: null, message: 'GEETEST_RESTRICTED', reason: 'restricted' }

/** A failed call as the form shows it. */
export const verifyErrorOf = (error: HallError): VerifyError =>
  error._tag === 'ServiceCode' ? { code: error.code, message: error.msg, reason: 'service' } : { code: null, message: error._tag, reason: 'network' }

/** One channel's send: where the last code went, what is in flight, the countdown, the challenge. */
export interface ChannelState {
  /** Where the last code went ('' before any). */
  readonly target: string
  /** A code was sent to `target` (the form may be submitted: spec §5 "must have requested first"). */
  readonly requested: boolean
  /** The send failed while the button was still locked: it frees when the lock runs out. */
  readonly failed: boolean
  /** Seconds before another code may be sent (0: may send). */
  readonly countdown: number
  readonly error: VerifyError | null
  /** The human challenge the hall demanded: its image and key, once fetched. */
  readonly challenge: Challenge | null
  /** The send before sign-in (recovery, SMS login) and the account recovered, or null: the player's own. */
  readonly scene: VerifyScene | null
  readonly username: string
  /** The challenge answered and being validated (hall profile `geetest: 'v4'`): its key and the player's answer. */
  readonly answered: { readonly key: string; readonly answer: Secret } | null
}

export const initialChannel: ChannelState = {
  target: '', requested: false, failed: false, countdown: 0, error: null, challenge: null, scene: null, username: '', answered: null,
}

/** What the flow awaits, per channel: the code send, the challenge image, and the challenge's v4 validation. */
export type VerifyPurpose = `${VerifyChannel}.send` | `${VerifyChannel}.challenge` | `${VerifyChannel}.validate`

export interface VerifyContext {
  /** The sends and challenge fetches in flight: the kit's bookkeeping. */
  readonly requests: Requests<VerifyPurpose>
  /** The geetest restriction is in force: sends are refused. */
  readonly restricted: boolean
  readonly phone: ChannelState
  readonly email: ChannelState
  /**
   * The site's hall validates a challenge by Geetest v4 (HallProfile `geetest: 'v4'`, from
   * app.started): an answered challenge goes to the v4 validation first, and the send carries its pass.
   */
  readonly geetestV4: boolean
  /** The site's code, the challenge's `captcha_id` in a v4 validation. */
  readonly siteCode: string
}

export const initialVerify: VerifyContext = { requests: noRequests, restricted: false, phone: initialChannel, email: initialChannel, geetestV4: false, siteCode: '' }

/**
 * The `geetest` result a send carries after the challenge's v4 validation passed: the challenge
 * (`lot_number`, its key), the player's answer, and the pass the validation answered.
 */
export const geetestResultOf = (
  siteCode: string,
  answered: { readonly key: string; readonly answer: Secret },
  pass: { readonly pass_token: Secret | string; readonly gen_time: string },
): { geetest: { captcha_id: string; lot_number: string; captcha_output: Secret; pass_token: Secret; gen_time: string } } => ({
  geetest: { captcha_id: siteCode, lot_number: answered.key, captcha_output: answered.answer, pass_token: secret(pass.pass_token), gen_time: pass.gen_time },
})

export type VerifyEvent =
  | EventOfType<'app.started'>
  | EventOfType<'session.loggedIn'>
  | EventOfType<'session.loggedOut'>
  | EventOfType<'geetest.restricted'>
  | EventOfType<'geetest.lifted'>
  | EventOfType<'verify.codeSendRequested'>
  | EventOfType<'verify.challengeAnswered'>
  | EventOfType<'verify.challengeRenewed'>
  | EventOfType<'verify.challengeCancelled'>
  | EventOfType<'hall.responded'>
  | EventOfType<'hall.failed'>

export type VerifyEmitted = EventOfType<'hall.requested'> | EventOfType<'geetest.challengeFailed'>
