import { Schema } from 'effect'
import { defineEvent } from '../event'
import { HallError } from '../hall/errors'

/**
 * Hall calls as bus events. An actor asks for a call with the notice `hall.requested`
 * (request ids are counters in the actor's context, so replay regenerates them); the hall
 * runner performs it and answers with the fact `hall.responded` or `hall.failed`.
 * Payload and data are described by the call's own schemas (schemas/hall/calls), which the
 * recorder uses to redact them.
 */

/** An actor asks the hall runner to perform a call. */
export const hallRequested = defineEvent('hall.requested', 'notice', 'An actor asks the hall runner to perform a call.', {
  requestId: Schema.String,
  call: Schema.String,
  payload: Schema.Unknown,
})

/** The hall answered a call successfully; `data` is decoded with the call's response schema. */
export const hallResponded = defineEvent('hall.responded', 'fact', "The hall answered a call successfully; `data` is decoded with the call's response schema.", {
  requestId: Schema.String,
  call: Schema.String,
  data: Schema.Unknown,
})

/** A call failed with one of the typed hall errors. */
export const hallFailed = defineEvent('hall.failed', 'fact', 'A call failed with one of the typed hall errors.', {
  requestId: Schema.String,
  call: Schema.String,
  error: HallError,
})

/** The hall events. */
export const hallEvents = [hallRequested, hallResponded, hallFailed] as const
