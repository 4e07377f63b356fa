import { Schema } from 'effect'
import { defineEvent } from '../event'

/**
 * Diagnostics from the player: the 'send diagnostics' entry asks for the current log session to
 * be uploaded to the hall (/v1/netstat/player/logger); the diagnostics runner compresses it,
 * sends it in chunks with retries and reports its progress and the reference number the player
 * quotes to support. The log is already redacted (the recorder redacts before it stores), so the
 * upload carries no secret. No actor consumes these events: the progress is feedback for the
 * entry that asked, and the facts put the upload itself in the log.
 */

/** The player asked to send the current log session to support. */
export const diagnosticsSendRequested = defineEvent('diagnostics.sendRequested', 'intent', 'The player asked to send diagnostics (the current log session) to support.', {
  /** Where the entry was: 'feedback' or 'settings'. */
  from: Schema.String,
})

/** The upload started: its id, the compressed size and the number of chunks. */
export const diagnosticsStarted = defineEvent('diagnostics.started', 'fact', 'A diagnostics upload started: its id, compressed bytes and chunk count.', {
  upload: Schema.String,
  bytes: Schema.Number,
  chunks: Schema.Number,
})

/** A chunk was received by the hall. */
export const diagnosticsProgressed = defineEvent('diagnostics.progressed', 'fact', 'The hall received one more chunk of a diagnostics upload.', {
  upload: Schema.String,
  sent: Schema.Number,
  chunks: Schema.Number,
})

/** Every chunk arrived; the reference number the player quotes to support. */
export const diagnosticsSent = defineEvent('diagnostics.sent', 'fact', 'A diagnostics upload is complete; the hall gave its reference number.', {
  upload: Schema.String,
  reference: Schema.String,
})

/** The upload gave up after its retries. */
export const diagnosticsFailed = defineEvent('diagnostics.failed', 'fact', 'A diagnostics upload failed after its retries.', {
  upload: Schema.String,
  reason: Schema.String,
})

/** The diagnostics events. */
export const diagnosticsEvents = [diagnosticsSendRequested, diagnosticsStarted, diagnosticsProgressed, diagnosticsSent, diagnosticsFailed] as const

/**
 * One chunk of a diagnostics upload, as the payload of the netstatLogger call: the gzip of the
 * NDJSON log cut into pieces of at most DIAGNOSTICS_CHUNK_BYTES, base64. Chunks may arrive in any
 * order and more than once (a retry); the hall keeps one copy of each and assembles the log when
 * it has them all.
 */
export const DiagnosticsChunk = Schema.Struct({
  kind: Schema.Literal('diagnostics'),
  upload: Schema.String.check(Schema.isPattern(/^[\w-]{8,64}$/)),
  index: Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0)),
  count: Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(1), Schema.isLessThanOrEqualTo(400)),
  data: Schema.String,
})
export type DiagnosticsChunk = typeof DiagnosticsChunk.Type

/** The hall's answer to a chunk: the upload's reference number, and whether every chunk is in. */
export const DiagnosticsReceipt = Schema.Struct({
  reference: Schema.String,
  received: Schema.Number,
  complete: Schema.Boolean,
})
export type DiagnosticsReceipt = typeof DiagnosticsReceipt.Type

/** Largest compressed piece of a chunk (bytes before base64): keeps a request far under the hall's 1 MB body limit. */
export const DIAGNOSTICS_CHUNK_BYTES = 256 * 1024
