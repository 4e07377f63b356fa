import type { LogHeader, LogRecord } from '../../schemas/log'
import type { RecordSink, RetentionPolicy } from '../bus/recorder'
import { decodeRecords, decodeStoredHeader, type LobbyDb } from './db'

/**
 * The recorder's durable storage in Dexie. Records are written with bulkAdd; retention keeps
 * the newest log sessions and caps the number of records, deleting the oldest first.
 */
export class DexieLogSink implements RecordSink {
  constructor(private readonly db: LobbyDb) {}

  async begin(header: LogHeader): Promise<void> {
    await this.db.logSessions.put({ id: header.session, startedAt: header.startedAt, header })
  }

  async append(records: ReadonlyArray<LogRecord>): Promise<void> {
    await this.db.logRecords.bulkAdd(records as LogRecord[])
  }

  async read(session: string): Promise<LogRecord[]> {
    const rows = await this.db.logRecords.where('[session+seq]').between([session, -Infinity], [session, Infinity]).toArray()
    return decodeRecords(rows)
  }

  async prune(policy: RetentionPolicy, currentSession: string): Promise<void> {
    const sessions = await this.db.logSessions.orderBy('startedAt').toArray()
    const older = sessions.filter((s) => s.id !== currentSession)
    const excess = older.length - (policy.maxSessions - 1)
    const dropped = excess > 0 ? older.slice(0, excess) : []
    for (const s of dropped) await this.dropSession(s.id)
    let total = await this.db.logRecords.count()
    for (const s of older.slice(dropped.length)) {
      if (total <= policy.maxRecords) return
      const n = await this.db.logRecords.where('session').equals(s.id).count()
      await this.dropSession(s.id)
      total -= n
    }
    if (total > policy.maxRecords) {
      // The current session alone is over the cap: drop its oldest records.
      const over = total - policy.maxRecords
      const keys = await this.db.logRecords.where('session').equals(currentSession).limit(over).primaryKeys()
      await this.db.logRecords.bulkDelete(keys)
    }
  }

  /** Every stored log session, newest first, with its header. */
  async sessions(): Promise<LogHeader[]> {
    const rows = await this.db.logSessions.orderBy('startedAt').reverse().toArray()
    return rows.map((r) => decodeStoredHeader(r.header)).filter((h): h is LogHeader => h !== undefined)
  }

  private async dropSession(id: string): Promise<void> {
    await this.db.transaction('rw', this.db.logRecords, this.db.logSessions, async () => {
      await this.db.logRecords.where('session').equals(id).delete()
      await this.db.logSessions.delete(id)
    })
  }
}
