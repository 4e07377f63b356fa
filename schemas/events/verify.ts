import { Schema } from 'effect'
import { defineEvent } from '../event'
import { SecretString } from '../secret'

/**
 * The verification flow (screens §4 verification code, §5 codes; calls §4 code send, forced human
 * challenge, geetest restriction, §9 countdown 60 s, send lock 1.5 s, code lengths 4/5/4): a code
 * sent to a phone or an email address, the resend countdown, and the human challenge the hall may
 * demand before it sends (service code 1119). One actor, `verify`, does it for every form that
 * needs a code: the bind forms, the phone verification a game asks for (3002), and later the
 * withdrawal and password recovery. The form's own submission (bind, withdraw ...) stays its
 * domain's.
 */

/** Where a code goes. */
export const VerifyChannel = Schema.Literals(['phone', 'email'])
export type VerifyChannel = typeof VerifyChannel.Type

/** The player asked for a code to this phone or address (the send button). */
/**
 * Where a code is sent before sign-in (issue 24): 'reset' to the bound phone or email of the
 * account being recovered (`username`), 'login' to the phone an SMS login signs in with. Without
 * a scene the signed-in player's own send (bind forms, second verifications).
 */
export const VerifyScene = Schema.Literals(['login', 'reset'])
export type VerifyScene = typeof VerifyScene.Type

export const verifyCodeSendRequested = defineEvent('verify.codeSendRequested', 'intent', 'The player asked for a verification code to a phone or an email address.', {
  channel: VerifyChannel,
  target: Schema.String,
  scene: Schema.optionalKey(VerifyScene),
  username: Schema.optionalKey(Schema.String),
})

/** The player answered the human challenge (the 4 digits of the image): the send is tried again with it. */
export const verifyChallengeAnswered = defineEvent('verify.challengeAnswered', 'intent', 'The player answered the human challenge; the code send is retried with it.', {
  channel: VerifyChannel,
  answer: SecretString,
})

/** The player asked for another challenge image. */
export const verifyChallengeRenewed = defineEvent('verify.challengeRenewed', 'intent', 'The player asked for another challenge image.', {
  channel: VerifyChannel,
})

/** The player gave up the challenge (no code is sent). */
export const verifyChallengeCancelled = defineEvent('verify.challengeCancelled', 'intent', 'The player gave up the human challenge; no code is sent.', {
  channel: VerifyChannel,
})

/** The verification events. */
export const verifyEvents = [verifyCodeSendRequested, verifyChallengeAnswered, verifyChallengeRenewed, verifyChallengeCancelled] as const
