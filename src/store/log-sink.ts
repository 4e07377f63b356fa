import type { LogHeader, LogRecord } from '../../schemas/log'
import type { RecordSink, RetentionPolicy } from '../bus/recorder'
import { decodeRecords, decodeStoredHeader, TABLES, type LobbyDb, type LogChunkRow } from './db'

/**
 * The recorder's durable storage in Dexie: each batch is one chunk row (bulkAdd of the batch's
 * chunks), read back and decoded record by record. Retention keeps the newest log sessions and
 * caps the number of records, deleting the oldest first.
 */
export class DexieLogSink implements RecordSink {
  constructor(private readonly db: LobbyDb) {}

  async begin(header: LogHeader): Promise<void> {
    await this.db.logSessions.put({ id: header.session, startedAt: header.startedAt, header })
  }

  async append(records: ReadonlyArray<LogRecord>): Promise<void> {
    if (records.length === 0) return
    const bySession = new Map<string, LogRecord[]>()
    for (const r of records) {
      const list = bySession.get(r.session)
      if (list === undefined) bySession.set(r.session, [r])
      else list.push(r)
    }
    const rows = [...bySession].map(([session, rs]): LogChunkRow => ({ session, firstSeq: rs[0]!.seq, lastSeq: rs.at(-1)!.seq, count: rs.length, records: rs }))
    // The log's hot path writes through IndexedDB itself: one transaction of plain adds, without
    // Dexie's promise zones and change tracking (nothing observes the log's table live).
    const idb = this.db.backendDB()
    await new Promise<void>((resolve, reject) => {
      const tx = idb.transaction(TABLES.logChunks, 'readwrite', { durability: 'relaxed' })
      const store = tx.objectStore(TABLES.logChunks)
      for (const row of rows) store.add(row)
      tx.oncomplete = () => resolve()
      tx.onabort = () => reject(tx.error ?? new DOMException('the log write was aborted', 'AbortError'))
      tx.onerror = () => reject(tx.error ?? new DOMException('the log write failed', 'UnknownError'))
    })
  }

  async read(session: string): Promise<LogRecord[]> {
    const chunks = await this.db.logChunks.where('[session+firstSeq]').between([session, -Infinity], [session, Infinity]).toArray()
    return decodeRecords(chunks.flatMap((c): unknown[] => (Array.isArray(c.records) ? c.records : [])))
  }

  /** Records stored for a session, counted from the count index's keys (no record is read). */
  async count(session: string): Promise<number> {
    let n = 0
    await this.db.logChunks.where('[session+count]').between([session, -Infinity], [session, Infinity]).eachKey((key) => (n += (key as [string, number])[1]))
    return n
  }

  async prune(policy: RetentionPolicy, currentSession: string): Promise<void> {
    const sessions = await this.db.logSessions.orderBy('startedAt').toArray()
    const older = sessions.filter((s) => s.id !== currentSession)
    const excess = older.length - (policy.maxSessions - 1)
    const dropped = excess > 0 ? older.slice(0, excess) : []
    for (const s of dropped) await this.dropSession(s.id)
    let total = 0
    await this.db.logChunks.orderBy('[session+count]').eachKey((key) => (total += (key as [string, number])[1]))
    for (const s of older.slice(dropped.length)) {
      if (total <= policy.maxRecords) return
      const n = await this.count(s.id)
      await this.dropSession(s.id)
      total -= n
    }
    if (total > policy.maxRecords) {
      // The current session alone is over the cap: drop its oldest chunks (by first seq, each
      // chunk's count taken from the count index).
      const counts = new Map<number, number>()
      await this.db.logChunks
        .where('[session+count]')
        .between([currentSession, -Infinity], [currentSession, Infinity])
        .eachKey((key, cursor) => counts.set((cursor.primaryKey)[1], (key as [string, number])[1]))
      const keys: Array<[string, number]> = []
      for (const firstSeq of [...counts.keys()].sort((a, b) => a - b)) {
        if (total <= policy.maxRecords) break
        keys.push([currentSession, firstSeq])
        total -= counts.get(firstSeq)!
      }
      await this.db.logChunks.bulkDelete(keys)
    }
  }

  /** Every stored log session, newest first, with its header. */
  async sessions(): Promise<LogHeader[]> {
    const rows = await this.db.logSessions.orderBy('startedAt').reverse().toArray()
    return rows.map((r) => decodeStoredHeader(r.header)).filter((h): h is LogHeader => h !== undefined)
  }

  private async dropSession(id: string): Promise<void> {
    await this.db.transaction('rw', this.db.logChunks, this.db.logSessions, async () => {
      await this.db.logChunks.where('session').equals(id).delete()
      await this.db.logSessions.delete(id)
    })
  }
}
