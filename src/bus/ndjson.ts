import { Schema } from 'effect'
import { LOG_FORMAT_VERSION, LogHeader, LogRecord } from '../../schemas/log'

/**
 * The log file: NDJSON, a header line then one record a line. Support opens it, developers
 * replay it; reading it never throws: it answers with a typed failure naming the line.
 */

/** Writes a log file. */
export const toNdjson = (header: LogHeader, records: ReadonlyArray<LogRecord>): string =>
  [JSON.stringify(header), ...records.map((r) => JSON.stringify(r))].join('\n') + '\n'

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
 * The migrations this build knows, by the version they read. Version 1 is the first format, so
 * there is none yet: a log of another version is refused with a message naming it. When
 * LOG_FORMAT_VERSION is bumped, the step from the previous version goes here.
 */
export const LOG_MIGRATIONS: ReadonlyMap<number, LogMigration> = new Map()

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
