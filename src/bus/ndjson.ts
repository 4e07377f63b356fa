import { Schema } from 'effect'
import { LOG_FORMAT_VERSION, LogHeader, LogRecord, resolveRefs, type LogLine } from '../../schemas/log'
import { blobFields, withRefs } from './blobs'

/**
 * The log file: NDJSON, a header line then one record a line. Support opens it, developers
 * replay it; reading it never throws: it answers with a typed failure naming the line.
 *
 * Format version 2 stores each large answer body once: the first record that holds it carries it
 * in full and names it (`"def":{"data":"<sha-256>"}`); every later record with the same body holds
 * the hash in that field instead (`"data":"<sha-256>"`, `"ref":["data"]`). Every line is still a
 * record; the reader puts the bodies back, so the replayer, the timeline and the support console
 * see whole events.
 */

/** Writes a log file in the current format: records are already redacted, bodies are hashed as they are. */
export const toNdjson = (header: LogHeader, records: ReadonlyArray<LogRecord>): string => {
  const lines = [JSON.stringify({ ...header, formatVersion: LOG_FORMAT_VERSION })]
  const written = new Set<string>()
  for (const r of records) {
    const blobs = blobFields(r.event)
    if (blobs.length === 0) {
      lines.push(JSON.stringify(r))
      continue
    }
    const def: Record<string, string> = {}
    const refs = blobs.filter((b) => written.has(b.hash))
    for (const b of blobs) {
      if (written.has(b.hash)) continue
      def[b.field] = b.hash
      written.add(b.hash)
    }
    const line: LogLine = {
      ...r,
      event: refs.length === 0 ? r.event : withRefs(r.event, refs),
      ...(refs.length === blobs.length ? {} : { def }),
      ...(refs.length === 0 ? {} : { ref: refs.map((b) => b.field) }),
    }
    lines.push(JSON.stringify(line))
  }
  return lines.join('\n') + '\n'
}

/** A log file read back. */
export interface LogFile {
  readonly header: LogHeader
  readonly records: ReadonlyArray<LogRecord>
}

/** Why a log file could not be read. */
export interface LogFileError {
  readonly line: number
  readonly message: string
}

const decodeHeader = Schema.decodeUnknownExit(LogHeader)
const decodeRecord = Schema.decodeUnknownExit(LogRecord)

/**
 * A step that brings a log of format version `from` to version `from + 1`. It works on the
 * parsed JSON of each line, before decoding, so it may rename, add or drop fields freely.
 */
export interface LogMigration {
  readonly from: number
  readonly header: (header: Record<string, unknown>) => Record<string, unknown>
  readonly record: (record: Record<string, unknown>) => Record<string, unknown>
}

/**
 * The migrations this build knows, by the version they read; a log of a version none reaches is
 * refused with a message naming it. When LOG_FORMAT_VERSION is bumped, the step from the previous
 * version goes here.
 *
 * 1 → 2: the identity. A version-1 record holds its whole event, which is a version-2 record
 * with no `def` and no `ref`: nothing to resolve.
 */
export const LOG_MIGRATIONS: ReadonlyMap<number, LogMigration> = new Map([[1, { from: 1, header: (h) => h, record: (r) => r }]])

/** Why a log of this version cannot be read, or null when the migrations bring it to the current one. */
const versionProblem = (version: unknown, migrations: ReadonlyMap<number, LogMigration>): string | null => {
  if (typeof version !== 'number' || !Number.isInteger(version)) return `the log names no format version (formatVersion: ${JSON.stringify(version)})`
  if (version > LOG_FORMAT_VERSION) {
    return `log format version ${version} is not supported: it is newer than this build, which reads version ${LOG_FORMAT_VERSION}; open it with a newer build`
  }
  for (let v = version; v < LOG_FORMAT_VERSION; v++) {
    if (!migrations.has(v)) {
      return `log format version ${version} is not supported (this build reads version ${LOG_FORMAT_VERSION} and has no migration from version ${v})`
    }
  }
  return null
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

/**
 * Puts a version-2 line's blobs back: a `def` field's body is remembered under its hash, a `ref`
 * field's hash is replaced by that body. Answers the line's problem, or null; `json` loses its
 * `def` and `ref` keys.
 */
const resolveBlobs = (json: Record<string, unknown>, blobs: Map<string, unknown>): string | null => {
  const def = json['def']
  const ref = json['ref']
  if (def === undefined && ref === undefined) return null
  const event = json['event']
  if (!isObject(event)) return 'a record with blobs has no event'
  delete json['def']
  delete json['ref']
  if (def !== undefined) {
    if (!isObject(def)) return `"def" is not an object of field names and hashes: ${JSON.stringify(def)}`
    for (const field in def) {
      const hash = def[field]
      const body = event[field]
      if (typeof hash !== 'string' || hash === '') return `"def" names no hash for field '${field}'`
      if (body === null || typeof body !== 'object') return `"def" names field '${field}', which holds no body in the event`
      blobs.set(hash, body)
    }
  }
  if (ref !== undefined) {
    const r = resolveRefs(event, ref, blobs)
    if ('problem' in r) return r.problem
    json['event'] = r.event
  }
  return null
}

const KINDS = new Set(['intent', 'fact', 'notice'])
const RECORD_KEYS = new Set(['seq', 'at', 'session', 'kind', 'event', 'cause', 'source', 'states'])

/**
 * The LogRecord schema checked by hand: decoding every line with Schema costs about 15 µs, which
 * is most of the time a 100,000-record log takes to open. A line this accepts is exactly one the
 * schema accepts; anything else goes through the schema, which names the problem.
 */
const looksLikeRecord = (v: unknown): v is LogRecord => {
  if (!isObject(v)) return false
  for (const k in v) if (!RECORD_KEYS.has(k)) return false
  const event = v['event']
  return (
    typeof v['seq'] === 'number' &&
    typeof v['at'] === 'number' &&
    typeof v['session'] === 'string' &&
    KINDS.has(v['kind'] as string) &&
    isObject(event) &&
    typeof event['type'] === 'string' &&
    (v['cause'] === undefined || typeof v['cause'] === 'number') &&
    (v['source'] === undefined || typeof v['source'] === 'string') &&
    (v['states'] === undefined || isObject(v['states']))
  )
}

/**
 * Reads a log file. A log of an older format version is migrated step by step (`migrations`,
 * LOG_MIGRATIONS by default) before it is decoded; one that no migration reaches, or a newer one,
 * is refused with a message naming its version.
 */
export const parseNdjson = (
  text: string,
  migrations: ReadonlyMap<number, LogMigration> = LOG_MIGRATIONS,
): { ok: true; file: LogFile } | { ok: false; error: LogFileError } => {
  const lines = text.split('\n').filter((l) => l.trim() !== '')
  if (lines.length === 0) return { ok: false, error: { line: 1, message: 'empty file: no header line' } }
  let headerJson: unknown
  try {
    headerJson = JSON.parse(lines[0]!)
  } catch {
    return { ok: false, error: { line: 1, message: 'the header line is not JSON' } }
  }
  if (!isObject(headerJson) || headerJson['format'] !== 'lobby-log') {
    return { ok: false, error: { line: 1, message: 'not a lobby log header: the first line has no "format": "lobby-log"' } }
  }
  const problem = versionProblem(headerJson['formatVersion'], migrations)
  if (problem !== null) return { ok: false, error: { line: 1, message: problem } }
  const steps: LogMigration[] = []
  for (let v = headerJson['formatVersion'] as number; v < LOG_FORMAT_VERSION; v++) steps.push(migrations.get(v)!)
  let migratedHeader: Record<string, unknown> = headerJson
  for (const step of steps) migratedHeader = { ...step.header(migratedHeader), formatVersion: step.from + 1 }
  const header = decodeHeader(migratedHeader)
  if (header._tag === 'Failure') return { ok: false, error: { line: 1, message: `not a lobby log header: ${String(header.cause)}` } }
  const records: LogRecord[] = []
  const blobs = new Map<string, unknown>()
  let last = 0
  for (let i = 1; i < lines.length; i++) {
    let json: unknown
    try {
      json = JSON.parse(lines[i]!)
    } catch {
      return { ok: false, error: { line: i + 1, message: 'not JSON' } }
    }
    for (const step of steps) {
      if (!isObject(json)) break
      json = step.record(json)
    }
    if (isObject(json)) {
      const blobProblem = resolveBlobs(json, blobs)
      if (blobProblem !== null) return { ok: false, error: { line: i + 1, message: blobProblem } }
    }
    let record: LogRecord
    if (looksLikeRecord(json)) record = json
    else {
      const r = decodeRecord(json)
      if (r._tag === 'Failure') return { ok: false, error: { line: i + 1, message: `not a log record: ${String(r.cause)}` } }
      record = r.value
    }
    if (record.seq <= last) return { ok: false, error: { line: i + 1, message: `seq ${record.seq} does not increase` } }
    last = record.seq
    records.push(record)
  }
  return { ok: true, file: { header: header.value, records } }
}
