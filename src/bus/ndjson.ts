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

/** Reads a log file; refuses another format version with a message naming it. */
export const parseNdjson = (text: string): { ok: true; file: LogFile } | { ok: false; error: LogFileError } => {
  const lines = text.split('\n').filter((l) => l.trim() !== '')
  if (lines.length === 0) return { ok: false, error: { line: 1, message: 'empty file: no header line' } }
  let headerJson: unknown
  try {
    headerJson = JSON.parse(lines[0]!)
  } catch {
    return { ok: false, error: { line: 1, message: 'the header line is not JSON' } }
  }
  const header = decodeHeader(headerJson)
  if (header._tag === 'Failure') return { ok: false, error: { line: 1, message: `not a lobby log header: ${String(header.cause)}` } }
  if (header.value.formatVersion !== LOG_FORMAT_VERSION) {
    return {
      ok: false,
      error: { line: 1, message: `log format version ${header.value.formatVersion} is not supported (this build reads version ${LOG_FORMAT_VERSION})` },
    }
  }
  const records: LogRecord[] = []
  let last = 0
  for (let i = 1; i < lines.length; i++) {
    let json: unknown
    try {
      json = JSON.parse(lines[i]!)
    } catch {
      return { ok: false, error: { line: i + 1, message: 'not JSON' } }
    }
    const r = decodeRecord(json)
    if (r._tag === 'Failure') return { ok: false, error: { line: i + 1, message: `not a log record: ${String(r.cause)}` } }
    if (r.value.seq <= last) return { ok: false, error: { line: i + 1, message: `seq ${r.value.seq} does not increase` } }
    last = r.value.seq
    records.push(r.value)
  }
  return { ok: true, file: { header: header.value, records } }
}
