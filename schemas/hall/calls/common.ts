import { Schema } from 'effect'

/**
 * The request of a call whose payload the spec does not show: any JSON object. It still refuses
 * arrays, strings and numbers, so the hall answers a malformed body with 4005 even for calls it
 * does not implement yet. Replace it with a Struct once the call's payload is known.
 */
export const OpenRequest = Schema.Record(Schema.String, Schema.Unknown)

/**
 * The `data` of a call whose answer the spec does not show. Callers that read such a call must
 * decode the parts they use themselves; tightening it here is the way to make that check shared.
 */
export const OpenResponse = Schema.Unknown

/**
 * The spec's on/off switch values (system info, VIP status and similar flags), kept as the
 * strings the hall sends so that the lobby compares against the same literals.
 */
export const Switch = Schema.Literals(['open', 'close'])
export type Switch = typeof Switch.Type

/**
 * Currency type (spec enumerations: normal 1, crypto 2). Crypto amounts carry up to 10 decimals,
 * fiat 2, so the lobby's money inputs depend on it.
 */
export const CurrencyType = Schema.Literals([1, 2])
export type CurrencyType = typeof CurrencyType.Type
