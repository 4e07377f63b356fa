import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import Dexie from 'dexie'
import type { LogHeader, LogRecord } from '../../../schemas/log'
import type { BusRecord } from '../../../src/bus/bus'
import { parseNdjson } from '../../../src/bus/ndjson'
import { Recorder, type RecordSink, type Timers } from '../../../src/bus/recorder'
import { LobbyDb } from '../../../src/store/db'
import { DexieLogSink } from '../../../src/store/log-sink'

const header = (session = 's1', startedAt = 1): LogHeader => ({
  format: 'lobby-log',
  formatVersion: 1,
  appVersion: '0.1.0',
  session,
  siteCode: '001',
  language: 'en_US',
  viewport: { width: 390, height: 844 },
  startedAt,
})

const visibility = (seq: number): BusRecord => ({
  seq,
  at: 1000 + seq,
  kind: 'fact',
  event: { type: 'dom.visibilityChanged', visible: seq % 2 === 0 },
})

/** Timers that only fire when the test says so. */
const manualTimers = () => {
  const waiting = new Map<number, () => void>()
  let id = 0
  const timers: Timers = {
    set: (fn) => (waiting.set(++id, fn), id),
    clear: (h) => void waiting.delete(h as number),
  }
  const fireAll = () => {
    for (const [k, fn] of [...waiting]) {
      waiting.delete(k)
      fn()
    }
  }
  return { timers, fireAll, get count() { return waiting.size } }
}

class ArraySink implements RecordSink {
  batches: LogRecord[][] = []
  failWith: Error | null = null
  async begin(): Promise<void> {}
  async append(records: ReadonlyArray<LogRecord>): Promise<void> {
    if (this.failWith) throw this.failWith
    this.batches.push([...records])
  }
  async read(): Promise<LogRecord[]> {
    return this.batches.flat()
  }
  async prune(): Promise<void> {}
}

describe('recorder', () => {
  it('writes a batch when it is full, and the rest when the flush timer ends', async () => {
    const sink = new ArraySink()
    const t = manualTimers()
    const rec = new Recorder({ header: header(), sink, batchSize: 3, flushMs: 250, timers: t.timers })
    for (let i = 1; i <= 4; i++) rec.accept(visibility(i))
    await rec.flush().then(() => undefined)
    expect(sink.batches.map((b) => b.map((r) => r.seq))).toEqual([[1, 2, 3], [4]])
    rec.accept(visibility(5))
    expect(t.count).toBe(1)
    t.fireAll()
    await rec.records()
    expect(sink.batches.at(-1)!.map((r) => r.seq)).toEqual([5])
  })

  it('falls back to memory on a quota error, keeps recording, and loses nothing it accepted', async () => {
    const sink = new ArraySink()
    const t = manualTimers()
    const rec = new Recorder({ header: header(), sink, batchSize: 2, timers: t.timers })
    rec.accept(visibility(1))
    rec.accept(visibility(2))
    await rec.flush()
    sink.failWith = new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    rec.accept(visibility(3))
    rec.accept(visibility(4))
    rec.accept(visibility(5))
    await rec.flush()
    expect(rec.currentStatus.mode).toBe('memory')
    expect(rec.currentStatus.failure).toMatch(/QuotaExceededError/)
    const all = await rec.records()
    expect(all.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5])
    const parsed = parseNdjson(await rec.exportNdjson())
    expect(parsed.ok && parsed.file.records.length).toBe(5)
  })

  it('an export taken while events keep arriving has no gap: batches being written are part of it', async () => {
    let releaseRead: () => void = () => undefined
    let releaseAppend: () => void = () => undefined
    const readGate = new Promise<void>((r) => (releaseRead = r))
    const appendGate = new Promise<void>((r) => (releaseAppend = r))
    let reading: () => void = () => undefined
    const readStarted = new Promise<void>((r) => (reading = r))
    class SlowSink extends ArraySink {
      override async read(): Promise<LogRecord[]> {
        const stored = this.batches.flat()
        reading()
        await readGate
        return stored
      }
      override async append(records: ReadonlyArray<LogRecord>): Promise<void> {
        await appendGate
        this.batches.push([...records])
      }
    }
    const rec = new Recorder({ header: header(), sink: new SlowSink(), batchSize: 2, timers: manualTimers().timers })
    const exported = rec.records()
    await readStarted
    // While storage is being read, two more events arrive and their batch starts writing.
    rec.accept(visibility(1))
    rec.accept(visibility(2))
    rec.accept(visibility(3))
    releaseRead()
    const all = await exported
    releaseAppend()
    expect(all.map((r) => r.seq)).toEqual([1, 2, 3])
  })

  it('a batch that fills while a write runs waits for it and goes with what arrived meanwhile; a flush writes at once', async () => {
    const gates: Array<() => void> = []
    class GatedSink extends ArraySink {
      override async append(records: ReadonlyArray<LogRecord>): Promise<void> {
        await new Promise<void>((r) => gates.push(r))
        this.batches.push([...records])
      }
    }
    const sink = new GatedSink()
    const t = manualTimers()
    const rec = new Recorder({ header: header(), sink, batchSize: 2, maxBatch: 5, timers: t.timers })
    // Lets the recorder's promise chains run (no timer involved).
    const settle = async () => {
      for (let i = 0; i < 20; i++) await Promise.resolve()
    }
    rec.accept(visibility(1))
    rec.accept(visibility(2))
    await settle()
    expect(gates).toHaveLength(1)
    // Two more full batches arrive while the first write runs: they wait. The burst armed one flush timer.
    for (let i = 3; i <= 6; i++) rec.accept(visibility(i))
    await settle()
    expect(gates).toHaveLength(1)
    expect(t.count).toBe(1)
    gates[0]!()
    await settle()
    expect(gates).toHaveLength(2)
    // Waiting records that reach maxBatch go at once, beside the running write.
    for (let i = 7; i <= 11; i++) rec.accept(visibility(i))
    await settle()
    expect(gates).toHaveLength(3)
    // The page hides: what waits is handed over at once, whatever runs.
    rec.accept(visibility(12))
    const flushed = rec.flush()
    await settle()
    expect(gates).toHaveLength(4)
    for (const g of gates) g()
    await flushed
    expect(sink.batches.map((b) => b.map((r) => r.seq))).toEqual([[1, 2], [3, 4, 5, 6], [7, 8, 9, 10, 11], [12]])
    // A timer that ends with nothing waiting writes nothing.
    rec.accept(visibility(13))
    rec.accept(visibility(14))
    await settle()
    t.fireAll()
    gates.at(-1)!()
    await rec.flush()
    expect(sink.batches.map((b) => b.length)).toEqual([2, 4, 5, 1, 2])
    expect((await rec.records()).map((r) => r.seq)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1))
  })

  it('keeps only the newest records in the memory ring', async () => {
    const rec = new Recorder({ header: header(), sink: null, batchSize: 1, ringSize: 3, timers: manualTimers().timers })
    for (let i = 1; i <= 7; i++) rec.accept(visibility(i))
    expect((await rec.records()).map((r) => r.seq)).toEqual([5, 6, 7])
  })
})

describe('Dexie log sink', () => {
  it('stores records with bulkAdd and reads a session back in seq order', async () => {
    const db = new LobbyDb(`t-${Math.random()}`)
    const sink = new DexieLogSink(db)
    const rec = new Recorder({ header: header('a'), sink, batchSize: 10, timers: manualTimers().timers })
    for (let i = 1; i <= 25; i++) rec.accept(visibility(i))
    await rec.flush()
    expect((await sink.read('a')).map((r) => r.seq)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1))
    db.close()
  })

  it('retention keeps the newest sessions and caps the record count, oldest first', async () => {
    const db = new LobbyDb(`t-${Math.random()}`)
    const sink = new DexieLogSink(db)
    for (const [id, at] of [['old', 1], ['mid', 2], ['new', 3]] as const) {
      await sink.begin(header(id, at))
      await sink.append(Array.from({ length: 10 }, (_, i) => ({ seq: i + 1, at, session: id, kind: 'fact' as const, event: { type: 'x' } })))
    }
    await sink.prune({ maxSessions: 2, maxRecords: 1000 }, 'new')
    expect((await sink.sessions()).map((h) => h.session)).toEqual(['new', 'mid'])
    await sink.prune({ maxSessions: 5, maxRecords: 15 }, 'new')
    expect((await sink.sessions()).map((h) => h.session)).toEqual(['new'])
    await sink.append(Array.from({ length: 5 }, (_, i) => ({ seq: i + 11, at: 3, session: 'new', kind: 'fact' as const, event: { type: 'x' } })))
    await sink.prune({ maxSessions: 5, maxRecords: 6 }, 'new')
    expect((await sink.read('new')).map((r) => r.seq)).toEqual([11, 12, 13, 14, 15])
    db.close()
  })

  it('a log stored by the first database version is counted by retention after the upgrade that adds the count index', async () => {
    const name = `t-${Math.random()}`
    const v1 = new Dexie(name)
    v1.version(1).stores({ logSessions: 'id, startedAt', logChunks: '[session+firstSeq], session', prefs: 'key' })
    const records = (session: string, from: number, n: number) => Array.from({ length: n }, (_, i) => ({ seq: from + i, at: 1, session, kind: 'fact' as const, event: { type: 'x' } }))
    await v1.table('logSessions').bulkAdd([{ id: 'old', startedAt: 1, header: header('old', 1) }, { id: 'new', startedAt: 2, header: header('new', 2) }])
    await v1.table('logChunks').bulkAdd([
      { session: 'old', firstSeq: 1, lastSeq: 8, count: 8, records: records('old', 1, 8) },
      { session: 'new', firstSeq: 1, lastSeq: 4, count: 4, records: records('new', 1, 4) },
      { session: 'new', firstSeq: 5, lastSeq: 7, count: 3, records: records('new', 5, 3) },
    ])
    v1.close()
    const db = new LobbyDb(name)
    const sink = new DexieLogSink(db)
    expect(await sink.count('old')).toBe(8)
    expect(await sink.count('new')).toBe(7)
    // 15 stored, a cap of 5: the older session goes, then the current session's oldest chunk.
    await sink.prune({ maxSessions: 5, maxRecords: 5 }, 'new')
    expect((await sink.sessions()).map((h) => h.session)).toEqual(['new'])
    expect((await sink.read('new')).map((r) => r.seq)).toEqual([5, 6, 7])
    db.close()
  })

  it('a database that cannot be written sends the recorder to memory, not the app to an error', async () => {
    const db = new LobbyDb(`t-${Math.random()}`)
    db.close({ disableAutoOpen: true })
    const rec = new Recorder({ header: header(), sink: new DexieLogSink(db), batchSize: 1, timers: manualTimers().timers })
    rec.accept(visibility(1))
    await rec.flush()
    expect(rec.currentStatus.mode).toBe('memory')
    expect((await rec.records()).map((r) => r.seq)).toEqual([1])
  })
})
