import Dexie, { type Table } from 'dexie'
import { Schema } from 'effect'
import { LogHeader, LogRecord } from '../../schemas/log'

/**
 * The one Dexie database of the lobby: the event log (log sessions and their records) and
 * persisted preferences. This module owns its name, versions and upgrades.
 *
 * Changing a table name or an index below NEEDS A NEW VERSION with an upgrade: stored logs
 * and preferences of every player depend on them.
 */
export const DB_NAME = 'lobby'

/** Table names (changing one needs a migration). */
export const TABLES = { logSessions: 'logSessions', logRecords: 'logRecords', prefs: 'prefs' } as const

/** A log session: one page load of the lobby. */
export interface LogSessionRow {
  readonly id: string
  readonly startedAt: number
  readonly header: LogHeader
}

/** A stored preference (language, favourites, fast-login key ...). */
export interface PrefRow {
  readonly key: string
  readonly value: unknown
}

export class LobbyDb extends Dexie {
  logSessions!: Table<LogSessionRow, string>
  logRecords!: Table<LogRecord, [string, number]>
  prefs!: Table<PrefRow, string>

  constructor(name: string = DB_NAME) {
    super(name)
    this.version(1).stores({
      [TABLES.logSessions]: 'id, startedAt',
      [TABLES.logRecords]: '[session+seq], session',
      [TABLES.prefs]: 'key',
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
