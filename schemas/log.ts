import { Schema } from 'effect'
import { EventKind } from './event'

/**
 * The event log: what the recorder stores, what an exported NDJSON file holds, and what the
 * replayer reads. Support opens the same file a developer replays.
 */

/**
 * Version of the log file format; bump it (and write a migration) when a record changes shape.
 * 2: large answer bodies are content-addressed blobs (a record's `def` and `ref`, see LogLine);
 * 1: every record carried its whole event.
 */
export const LOG_FORMAT_VERSION = 2

/**
 * An event field whose value is an object or an array of more than this many characters of JSON
 * is stored once, as a blob named by the SHA-256 of that JSON, and referred to by that name.
 */
export const BLOB_MIN_CHARS = 256

/** Viewport at the start of a log session. */
export const Viewport = Schema.Struct({ width: Schema.Number, height: Schema.Number })

/** First line of an exported log file. */
export const LogHeader = Schema.Struct({
  format: Schema.Literal('lobby-log'),
  formatVersion: Schema.Number,
  appVersion: Schema.String,
  session: Schema.String,
  siteCode: Schema.String,
  language: Schema.String,
  viewport: Viewport,
  startedAt: Schema.Number,
})
export type LogHeader = typeof LogHeader.Type

/** A bus event as stored: its type and its (redacted) fields. */
export const LoggedEvent = Schema.StructWithRest(Schema.Struct({ type: Schema.String }), [
  Schema.Record(Schema.String, Schema.Unknown),
])
export type LoggedEvent = typeof LoggedEvent.Type

/**
 * One record of the log. `seq` strictly increases within a log session; `at` is the system
 * clock in ms; `cause` is the seq of the event being processed when this one was emitted;
 * `states` holds the state value of every actor whose state value changed while this event
 * was processed (replay compares them); `source` who published it.
 */
export const LogRecord = Schema.Struct({
  seq: Schema.Number,
  at: Schema.Number,
  session: Schema.String,
  kind: EventKind,
  event: LoggedEvent,
  cause: Schema.optionalKey(Schema.Number),
  /** Who published it: the actor id for a notice, the runner for a fact, 'view' for an intent. */
  source: Schema.optionalKey(Schema.String),
  states: Schema.optionalKey(Schema.Record(Schema.String, Schema.Unknown)),
})
export type LogRecord = typeof LogRecord.Type

/**
 * A record as a version-2 log line or an IndexedDB chunk holds it. `def` (a file only): these
 * event fields hold their body in full, and it is blob `hash` from here on. `ref`: these event
 * fields hold the hash of a blob in place of the body (defined earlier in the file, or in the
 * database's blob table). Readers resolve both before anything else sees the record.
 */
export type LogLine = LogRecord & { readonly def?: Readonly<Record<string, string>>; readonly ref?: ReadonlyArray<string> }

/** A format-2 event with its blobs put back, or why one could not be. */
export type ResolvedRefs = { readonly event: Record<string, unknown> } | { readonly problem: string }

/**
 * The event of a format-2 line with each `ref` field's hash replaced by its body, from the bodies
 * known so far (a file's earlier `def` fields, or the database's blob table). The one reading of
 * `ref`: each reader decides what a problem means (a file names the line, a stored chunk is
 * skipped, the support console's summary keeps the line as it is).
 */
export const resolveRefs = (event: Readonly<Record<string, unknown>>, ref: unknown, bodies: ReadonlyMap<string, unknown>): ResolvedRefs => {
  if (!Array.isArray(ref)) return { problem: `"ref" is not a list of field names: ${JSON.stringify(ref)}` }
  const resolved: Record<string, unknown> = { ...event }
  for (const field of ref as unknown[]) {
    if (typeof field !== 'string') return { problem: `"ref" names a field that is not a string: ${JSON.stringify(field)}` }
    const hash = resolved[field]
    if (typeof hash !== 'string') return { problem: `"ref" names field '${field}', which holds no blob hash` }
    if (!bodies.has(hash)) return { problem: `field '${field}' refers to blob ${hash}, which is not there: no earlier line or stored blob defines it (a missing or corrupt blob)` }
    resolved[field] = bodies.get(hash)
  }
  return { event: resolved }
}
