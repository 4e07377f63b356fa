/**
 * SMS through an HTTP provider (issue 45, docs/hall.md "Mail and SMS"): the hall hands a text to
 * a provider's HTTP API, which delivers it to the phone. `SmsProvider` is the interface an adapter
 * fills; the one adapter is Twilio's Messages API (twilio.ts). A site names its provider in its
 * 'delivery' document (server/mail/delivery.ts).
 */
import { TwilioConfig, twilioProvider } from './twilio'
import type { SmsProvider } from './provider'

export type { Sms, SmsProvider } from './provider'
export { TwilioConfig } from './twilio'

/** A site's SMS settings: the provider and what it needs. */
export const SmsConfig = TwilioConfig
export type SmsConfig = typeof SmsConfig.Type

/** The provider of a site's settings. */
export const smsProviderOf = (config: SmsConfig): SmsProvider => twilioProvider(config)
