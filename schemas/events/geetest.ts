import { Schema } from 'effect'
import { defineEvent } from '../event'

/**
 * The geetest restriction (spec §4: after error_12 or error_01 attempts are blocked for 60 s;
 * §8: the message GEETEST_RESTRICTED with the seconds left). One restriction for the device,
 * whatever failed: a login, or a code send's human challenge. The `geetest` actor keeps it; the
 * session and the verification flow refuse attempts while it lasts.
 */

/** An attempt failed with a restricting challenge error (error_12, error_01). */
export const geetestChallengeFailed = defineEvent('geetest.challengeFailed', 'notice', 'A login or a code send failed with a restricting challenge error (error_12, error_01).', {
  attempt: Schema.Literals(['login', 'codeSend']),
})

/** Attempts are blocked from now on, for this many seconds. */
export const geetestRestricted = defineEvent('geetest.restricted', 'notice', 'The geetest restriction started: logins and code sends are refused for its seconds.', {
  seconds: Schema.Number,
})

/** The restriction is over: attempts are allowed again. */
export const geetestLifted = defineEvent('geetest.lifted', 'notice', 'The geetest restriction is over.', {})

/** The geetest events. */
export const geetestEvents = [geetestChallengeFailed, geetestRestricted, geetestLifted] as const
