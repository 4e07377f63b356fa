import { resolveRefs, type LogHeader, type LogLine, type LogRecord } from '../../schemas/log'
import { blobFields, withRefs } from '../bus/blobs'
import type { RecordSink, RetentionPolicy } from '../bus/recorder'
import { decodeRecords, decodeStoredHeader, TABLES, type LobbyDb, type LogChunkRow } from './db'

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

/**
 * A stored line with its blobs put back, or null when one is missing (a row never trusted: it
 * is skipped like a row that does not decode).
 */
const resolveLine = (line: unknown, bodies: ReadonlyMap<string, unknown>): unknown => {
  if (!isObject(line) || line['ref'] === undefined) return line
  const { ref, ...record } = line
  const event = record['event']
  if (!isObject(event)) return null
  const r = resolveRefs(event, ref, bodies)
  if ('problem' in r) return null
  return { ...record, event: r.event }
}

/** A chunk's log lines: the JSON text the recorder writes, or the array rows of earlier versions hold; none if unreadable. */
const chunkLines = (records: unknown): unknown[] => {
  if (Array.isArray(records)) return records
  if (typeof records !== 'string') return []
  try {
    const lines: unknown = JSON.parse(records)
    return Array.isArray(lines) ? lines : []
  } catch {
    return []
  }
}

/**
 * The recorder's durable storage in Dexie: each batch is one chunk row (its lines as one JSON
 * text), read back and decoded record by record. A large answer body is written once to the
 * blob table under its hash and the records hold the hash (log format 2). Retention keeps the
 * newest log sessions and caps the number of records, deleting the oldest first, then the blobs
 * no chunk refers to any more.
 */
export class DexieLogSink implements RecordSink {
  /** Blobs this sink has stored: a later record with the same body writes only its hash. */
  private readonly known = new Set<string>()
  /** Blobs being written (by how many writes): retention leaves them alone. */
  private readonly pending = new Map<string, number>()

  constructor(private readonly db: LobbyDb) {}

  async begin(header: LogHeader): Promise<void> {
    await this.db.logSessions.put({ id: header.session, startedAt: header.startedAt, header })
  }

  async append(records: ReadonlyArray<LogRecord>): Promise<void> {
    if (records.length === 0) return
    const bySession = new Map<string, { lines: LogLine[]; blobs: Set<string> }>()
    const fresh = new Map<string, unknown>()
    for (const r of records) {
      let chunk = bySession.get(r.session)
      if (chunk === undefined) bySession.set(r.session, (chunk = { lines: [], blobs: new Set() }))
      const blobs = blobFields(r.event)
      if (blobs.length === 0) {
        chunk.lines.push(r)
        continue
      }
      for (const b of blobs) {
        chunk.blobs.add(b.hash)
        if (!this.known.has(b.hash)) fresh.set(b.hash, b.body)
      }
      chunk.lines.push({ ...r, event: withRefs(r.event, blobs), ref: blobs.map((b) => b.field) })
    }
    const rows = [...bySession].map(([session, { lines, blobs }]): LogChunkRow => ({
      session,
      firstSeq: lines[0]!.seq,
      lastSeq: lines.at(-1)!.seq,
      count: lines.length,
      records: JSON.stringify(lines),
      ...(blobs.size === 0 ? {} : { blobs: [...blobs] }),
    }))
    for (const hash of fresh.keys()) this.pending.set(hash, (this.pending.get(hash) ?? 0) + 1)
    // The log's hot path writes through IndexedDB itself: one transaction of plain adds, without
    // Dexie's promise zones and change tracking (nothing observes the log's table live). A new
    // blob goes in the same transaction as the first chunk that refers to it. The transaction is
    // committed as soon as its adds are issued (where the browser offers commit()), instead of
    // when the page's current task ends.
    const idb = this.db.backendDB()
    try {
      await new Promise<void>((resolve, reject) => {
        const tx = idb.transaction(fresh.size === 0 ? [TABLES.logChunks] : [TABLES.logChunks, TABLES.logBlobs], 'readwrite', { durability: 'relaxed' })
        if (fresh.size > 0) {
          const blobStore = tx.objectStore(TABLES.logBlobs)
          for (const [hash, body] of fresh) blobStore.put({ hash, body })
        }
        const store = tx.objectStore(TABLES.logChunks)
        for (const row of rows) store.add(row)
        if (typeof tx.commit === 'function') tx.commit()
        tx.oncomplete = () => resolve()
        tx.onabort = () => reject(tx.error ?? new DOMException('the log write was aborted', 'AbortError'))
        tx.onerror = () => reject(tx.error ?? new DOMException('the log write failed', 'UnknownError'))
      })
      for (const hash of fresh.keys()) this.known.add(hash)
    } finally {
      for (const hash of fresh.keys()) {
        const n = this.pending.get(hash)! - 1
        if (n === 0) this.pending.delete(hash)
        else this.pending.set(hash, n)
      }
    }
  }

  async read(session: string): Promise<LogRecord[]> {
    const chunks = await this.db.logChunks.where('[session+firstSeq]').between([session, -Infinity], [session, Infinity]).toArray()
    const hashes = [...new Set(chunks.flatMap((c): unknown[] => (Array.isArray(c.blobs) ? c.blobs : [])))].filter((h): h is string => typeof h === 'string')
    const bodies = new Map<string, unknown>()
    if (hashes.length > 0) {
      const rows = await this.db.logBlobs.bulkGet(hashes)
      rows.forEach((row, i) => row !== undefined && bodies.set(hashes[i]!, row.body))
    }
    const lines = chunks.flatMap((c): unknown[] => chunkLines(c.records))
    return decodeRecords(hashes.length === 0 ? lines : lines.map((l) => resolveLine(l, bodies)))
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
    let droppedMore = 0
    for (const s of older.slice(dropped.length)) {
      if (total <= policy.maxRecords) break
      const n = await this.count(s.id)
      await this.dropSession(s.id)
      droppedMore++
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
      droppedMore += keys.length
    }
    if (dropped.length + droppedMore > 0) await this.sweepBlobs()
  }

  /**
   * Deletes the blobs no chunk refers to any more: the chunks' blob index read by its unique keys
   * (one step per distinct hash, no row read), against the blob table's keys. Blobs this sink
   * wrote or is writing stay: its next records may refer to them without writing them again.
   * One transaction over both tables, so a chunk written meanwhile is either seen or after it.
   */
  async sweepBlobs(): Promise<void> {
    await this.db.transaction('rw', this.db.logChunks, this.db.logBlobs, async () => {
      const used = new Set((await this.db.logChunks.orderBy('blobs').uniqueKeys()) as unknown[])
      const stored = await this.db.logBlobs.toCollection().primaryKeys()
      const unused = stored.filter((h) => !used.has(h) && !this.known.has(h) && !this.pending.has(h))
      if (unused.length > 0) await this.db.logBlobs.bulkDelete(unused)
    })
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
