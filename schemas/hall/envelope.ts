import { Schema } from 'effect'

/**
 * Every hall answer is this envelope. `code` 1 and 0 are success (spec §7); any other code is a
 * service code from the error catalogue or a protocol code (schemas/hall/protocol.ts).
 * `data` is decoded separately with the call's response schema.
 */
export const Envelope = Schema.Struct({
  code: Schema.Number,
  msg: Schema.String,
  data: Schema.Unknown,
})
export type Envelope = typeof Envelope.Type

/** Success codes of the envelope (spec §7: 1, and 0 also counts as success). */
export const isSuccessCode = (code: number): boolean => code === 1 || code === 0

/**
 * A large identifier (order number, user index) that stays a string end to end, so no
 * precision is lost in JSON numbers. Digits only.
 */
export const BigId = Schema.String.check(Schema.isPattern(/^-?\d+$/))
