/** The SMS interface an adapter fills (server/sms/index.ts; docs/hall.md "Mail and SMS"). */

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
