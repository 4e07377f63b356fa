/**
 * The Twilio adapter of the SMS interface (docs/hall.md "Mail and SMS"): one POST of the form
 * `To`, `From` (or `MessagingServiceSid`), `Body` to `/2010-04-01/Accounts/<sid>/Messages.json`,
 * authenticated by the account SID and auth token (HTTP basic). Twilio answers 201 with the
 * message; any other status is a refusal, whose `message` (Twilio's error JSON) is kept for the log.
 */
import { Schema } from 'effect'
import type { SmsProvider } from './provider'

/** Twilio's Messages API: the account SID, its auth token, the sending number (or messaging service SID). */
export const TwilioConfig = Schema.Struct({
  provider: Schema.Literal('twilio'),
  accountSid: Schema.String.check(Schema.isMinLength(1)),
  authToken: Schema.String.check(Schema.isMinLength(1)),
  /** The sending number in E.164 (`+15005550006`), or a messaging service SID (`MG…`). */
  from: Schema.String.check(Schema.isMinLength(1)),
  /** The API's origin; `https://api.twilio.com` unless given (a test points it at its own endpoint). */
  baseUrl: Schema.optional(Schema.String),
})

/** How long the hall waits for the provider before it tells the player the code was not sent. */
const SMS_TIMEOUT_MS = 10_000

/** The number as Twilio takes it: E.164, a '+' and the digits. */
const e164 = (phone: string): string => `+${phone.replace(/\D/g, '')}`

export const twilioProvider = (config: typeof TwilioConfig.Type): SmsProvider => {
  const origin = (config.baseUrl ?? 'https://api.twilio.com').replace(/\/+$/, '')
  const url = `${origin}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`
  const auth = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`
  return {
    name: 'twilio',
    async send(sms) {
      const form = new URLSearchParams({ To: e164(sms.to), Body: sms.text })
      if (config.from.startsWith('MG')) form.set('MessagingServiceSid', config.from)
      else form.set('From', config.from)
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
        signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
      })
      if (res.status !== 201 && res.status !== 200) {
        const body = await res.text().catch(() => '')
        let message = body.slice(0, 200)
        try {
          const parsed = JSON.parse(body) as { message?: unknown; code?: unknown }
          if (typeof parsed.message === 'string') message = typeof parsed.code === 'number' ? `${parsed.code} ${parsed.message}` : parsed.message
        } catch {
          // not JSON: the start of the text is the message
        }
        throw new Error(`twilio answered ${res.status}: ${message}`)
      }
    },
  }
}
