import { Schema } from 'effect'

/**
 * The typed hall errors. A runner turns every failed call into one of these and publishes it
 * as a fact; actors decide the reaction (error catalogue, spec §8). They are schemas, not
 * classes, because they travel in the event log.
 */

/** The hall answered with a non-success code (a service code or a protocol code). */
export const ServiceCode = Schema.TaggedStruct('ServiceCode', {
  code: Schema.Number,
  msg: Schema.String,
})
/** The answer was not JSON (spec: 'response data not json' with the request id). */
export const NotJson = Schema.TaggedStruct('NotJson', { requestId: Schema.String })
/** Success code but no data where the call needs some (spec: system error). */
export const EmptyData = Schema.TaggedStruct('EmptyData', {})
/** No answer within the call's timeout (60 s, spec §9). */
export const Timeout = Schema.TaggedStruct('Timeout', { ms: Schema.Number })
/** The request never got an answer: connection refused, reset, DNS, offline. */
export const Network = Schema.TaggedStruct('Network', { message: Schema.String })
/** The answer was JSON but did not match the envelope or the call's response schema, or could not be decrypted. */
export const Decode = Schema.TaggedStruct('Decode', { message: Schema.String })

/** Any hall error. */
export const HallError = Schema.Union([ServiceCode, NotJson, EmptyData, Timeout, Network, Decode])
export type HallError = typeof HallError.Type
