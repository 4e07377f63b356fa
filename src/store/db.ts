import Dexie, { type Table } from 'dexie'
import { Schema } from 'effect'
import { LogHeader, LogRecord, type LogLine } from '../../schemas/log'

/**
 * The one Dexie database of the lobby: the event log (log sessions and their records) and
 * persisted preferences. This module owns its name, versions and upgrades.
 *
 * Changing a table name or an index below NEEDS A NEW VERSION with an upgrade: stored logs
 * and preferences of every player depend on them.
 */
export const DB_NAME = 'lobby'

/** Table names (changing one needs a migration). */
export const TABLES = { logSessions: 'logSessions', logChunks: 'logChunks', logBlobs: 'logBlobs', prefs: 'prefs' } as const

/** A log session: one page load of the lobby. */
export interface LogSessionRow {
  readonly id: string
  readonly startedAt: number
  readonly header: LogHeader
}

/**
 * A chunk of the log: one recorder batch stored as one row. IndexedDB's cost is per row, so a
 * batch of a hundred records costs one put instead of a hundred.
 */
export interface LogChunkRow {
  readonly session: string
  readonly firstSeq: number
  readonly lastSeq: number
  readonly count: number
  /**
   * The records, redacted; a large answer body is held as its blob's hash (the record's `ref`
   * names those fields) and stored once in logBlobs. The recorder writes them as one JSON text
   * (an array of log lines, as an exported file writes each line): IndexedDB copies a string far
   * faster than a hundred objects. Rows written earlier hold the array itself (before version 3,
   * whole records); both read back.
   */
  readonly records: ReadonlyArray<LogLine> | string
  /** The hashes of the blobs these records refer to (absent when none): retention's index of what is still used. */
  readonly blobs?: ReadonlyArray<string>
}

/** A large answer body of the log, stored once under the SHA-256 of its JSON (src/bus/blobs.ts). */
export interface LogBlobRow {
  readonly hash: string
  readonly body: unknown
}

/** A stored preference (language, favourites, fast-login key ...). */
export interface PrefRow {
  readonly key: string
  readonly value: unknown
}

export class LobbyDb extends Dexie {
  logSessions!: Table<LogSessionRow, string>
  logChunks!: Table<LogChunkRow, [string, number]>
  logBlobs!: Table<LogBlobRow, string>
  prefs!: Table<PrefRow, string>

  constructor(name: string = DB_NAME) {
    // Relaxed durability: a commit does not wait for the disk to flush. The log accepts losing
    // the last moments before an operating-system crash in exchange for several times the
    // write throughput; a page that closes still keeps every committed write.
    super(name, { chromeTransactionDurability: 'relaxed' })
    this.version(1).stores({
      [TABLES.logSessions]: 'id, startedAt',
      [TABLES.logChunks]: '[session+firstSeq], session',
      [TABLES.prefs]: 'key',
    })
    // Version 2: an index of each chunk's record count, so retention counts records from the
    // index's keys alone instead of reading (and cloning) every stored record.
    this.version(2).stores({
      [TABLES.logChunks]: '[session+firstSeq], session, [session+count]',
    })
    // Version 3 (log format 2): large answer bodies stored once in logBlobs by hash, and a
    // multi-entry index of the hashes each chunk refers to, so retention finds the blobs no chunk
    // uses any more from the index's unique keys alone. Rows of earlier versions hold whole
    // records and no hashes: they read back as they are, so the upgrade moves nothing.
    this.version(3).stores({
      [TABLES.logChunks]: '[session+firstSeq], session, [session+count], *blobs',
      [TABLES.logBlobs]: 'hash',
    })
  }
}

const decodeRecord = Schema.decodeUnknownExit(LogRecord)
const decodeHeader = Schema.decodeUnknownExit(LogHeader)

/** Rows read back are decoded; a row that does not decode is skipped, never trusted. */
export const decodeRecords = (rows: ReadonlyArray<unknown>): LogRecord[] => {
  const out: LogRecord[] = []
  for (const row of rows) {
    const exit = decodeRecord(row)
    if (exit._tag === 'Success') out.push(exit.value)
  }
  return out
}

/** A stored header, decoded, or undefined. */
export const decodeStoredHeader = (row: unknown): LogHeader | undefined => {
  const exit = decodeHeader(row)
  return exit._tag === 'Success' ? exit.value : undefined
}

/** Opens the database; the caller decides what an open failure means (the recorder falls back to memory). */
export const openDb = async (name: string = DB_NAME): Promise<LobbyDb> => {
  const db = new LobbyDb(name)
  await db.open()
  return db
}
