import { emailCreateMail, securityCreateMail, securityCreateSms, shortMsgCreate } from '../../schemas/hall/calls/auth'
import { handles } from '../kit'
import type { ActorSpec } from '../spec'
import { verifyMachine } from './verify.machine'

/**
 * The verification actor: phone and email codes for every form that needs one (bind forms, the
 * phone verification of a game's 3002, later withdrawals and password recovery): the send with
 * its 1.5 s lock, the 60 s countdown starting 1.5 s after a successful send, the human challenge
 * the hall may demand (1119), the refusal while the geetest restriction lasts, and the code
 * lengths (SMS 4, email 5, image 4).
 */
export const verifyActor = {
  id: 'verify',
  machine: verifyMachine,
  consumes: [
    'app.started',
    'session.loggedIn',
    'session.loggedOut',
    'geetest.restricted',
    'geetest.lifted',
    'verify.codeSendRequested',
    'verify.challengeAnswered',
    'verify.challengeRenewed',
    'verify.challengeCancelled',
    'hall.responded',
    'hall.failed',
  ],
  // A refused send shows beside its field with the hall's message (the challenges are the kit's silent codes, answered here).
  handles: [
    handles(securityCreateSms, 'verify', ['badPhone', 'limited', 'busy']),
    handles(securityCreateMail, 'verify', ['badEmail', 'limited', 'busy']),
    handles(shortMsgCreate, 'verify', ['noAccount', 'ambiguous', 'badPhone', 'notBound', 'badScene', 'limited', 'busy']),
    handles(emailCreateMail, 'verify', ['noAccount', 'notBound', 'limited', 'busy']),
  ],
} as const satisfies ActorSpec

/** The statechart. */
export { verifyMachine } from './verify.machine'
/** Its rules: delays, the countdown, the forced-challenge code, code lengths and the payloads. */
export {
  CHALLENGE_CODES, CODE_LENGTHS, COUNTDOWN_SECONDS, FORCED_CHALLENGE, MISSED_CHALLENGE, RESTRICTED, VERIFY_CALLS, VERIFY_DELAYS, challengeFieldsOf, codeFits, demandsChallenge, missedChallenge, initialChannel, initialVerify, verifyErrorOf,
} from './verify.logic'
export type { ChannelState, CodeKind, VerifyContext, VerifyError, VerifyEvent, VerifyEmitted } from './verify.logic'
export * from './verify.selectors'
