/**
 * SMS through an HTTP provider (issue 45, docs/hall.md "Mail and SMS"): the hall hands a text to
 * a provider's HTTP API, which delivers it to the phone. `SmsProvider` is the interface an adapter
 * fills; the one adapter is Twilio's Messages API (twilio.ts). A site names its provider in its
 * 'delivery' document (server/mail/delivery.ts).
 */
import { Schema } from 'effect'
import { twilioProvider } from './twilio'

/** One text to one phone. */
export interface Sms {
  /** The phone as the account has it bound: the country's digits and the number (E.164 without '+' is taken too). */
  readonly to: string
  readonly text: string
}

/** A provider's adapter: resolves once the provider took the message, rejects when it refused it or could not be reached. */
export interface SmsProvider {
  readonly name: string
  send(sms: Sms): Promise<void>
}

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

/** A site's SMS settings: the provider and what it needs. */
export const SmsConfig = TwilioConfig
export type SmsConfig = typeof SmsConfig.Type

/** The provider of a site's settings. */
export const smsProviderOf = (config: SmsConfig): SmsProvider => twilioProvider(config)
