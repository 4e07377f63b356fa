import { BehaviorSubject, type Observable, type Subscription } from 'rxjs'
import { redactEvent } from '../../schemas/events/redact'
import type { LogHeader, LogRecord } from '../../schemas/log'
import type { Bus, BusRecord } from './bus'
import { toNdjson } from './ndjson'

/**
 * The recorder: every processed bus event becomes a log record, redacted before it leaves
 * this module, batched into durable storage (Dexie), flushed when the page hides. If storage
 * fails (quota, a blocked or broken database) it keeps recording into an in-memory ring and
 * never lets the failure reach the app.
 */

/** How many log sessions and records durable storage keeps (oldest go first). */
export interface RetentionPolicy {
  readonly maxSessions: number
  readonly maxRecords: number
}

/** Where records go durably. src/store implements it with Dexie. */
export interface RecordSink {
  begin(header: LogHeader): Promise<void>
  append(records: ReadonlyArray<LogRecord>): Promise<void>
  read(session: string): Promise<LogRecord[]>
  prune(policy: RetentionPolicy, currentSession: string): Promise<void>
}

/** Timer port, so tests drive batching without real time. */
export interface Timers {
  set(fn: () => void, ms: number): unknown
  clear(id: unknown): void
}

export interface RecorderOptions {
  readonly header: LogHeader
  /** Durable storage, or null to record in memory only (tests, or when the database cannot open). */
  readonly sink: RecordSink | null
  /** Flush when this many records wait. */
  readonly batchSize?: number
  /**
   * A batch that fills while an earlier write is still running waits for that write to end and
   * goes with what arrived meanwhile, in one write of at most this many records.
   */
  readonly maxBatch?: number
  /** Flush this long after the first waiting record. */
  readonly flushMs?: number
  /** Newest records kept in memory after a storage failure. */
  readonly ringSize?: number
  readonly retention?: RetentionPolicy
  /** Prune every this many flushes. */
  readonly pruneEvery?: number
  readonly timers?: Timers
}

/** Where the recorder writes: durable storage, or memory after a storage failure. */
export interface RecorderStatus {
  readonly mode: 'durable' | 'memory'
  readonly stored: number
  readonly failure: string | null
}

/**
 * Defaults: a batch is at most 100 records or 250 ms old (up to 1,000 records while an earlier
 * write is still running); at most 20 log sessions or 200,000 records kept.
 */
export const RECORDER_DEFAULTS = {
  batchSize: 100,
  maxBatch: 1_000,
  flushMs: 250,
  ringSize: 20_000,
  retention: { maxSessions: 20, maxRecords: 200_000 },
  pruneEvery: 50,
} as const

const defaultTimers: Timers = {
  set: (fn, ms) => globalThis.setTimeout(fn, ms),
  clear: (id) => globalThis.clearTimeout(id as ReturnType<typeof globalThis.setTimeout>),
}

/** The log record of a processed bus event, redacted. */
export const toLogRecord = (session: string, r: BusRecord): LogRecord => {
  // Fields in the log's order, the optional ones only when present (no spread of a temporary object per field).
  const out: { -readonly [K in keyof LogRecord]: LogRecord[K] } = { seq: r.seq, at: r.at, session, kind: r.kind, event: redactEvent(r.event) }
  if (r.cause !== undefined) out.cause = r.cause
  if (r.source !== undefined) out.source = r.source
  if (r.states !== undefined) out.states = r.states
  return out
}

export class Recorder {
  readonly header: LogHeader
  private sink: RecordSink | null
  /** Kept after a failure: what was stored before it is still read back for export. */
  private readonly readSink: RecordSink | null
  private buffer: LogRecord[] = []
  private ring: LogRecord[] = []
  private timer: unknown = undefined
  private readonly inflight = new Set<Promise<void>>()
  /** Batches handed to storage and not yet stored: still part of the session for an export. */
  private readonly writing = new Set<LogRecord[]>()
  private flushes = 0
  private stored = 0
  private readonly status = new BehaviorSubject<RecorderStatus>({ mode: 'durable', stored: 0, failure: null })
  private readonly batchSize: number
  private readonly maxBatch: number
  /** A batch came due while a write was running: it goes when the running writes end. */
  private held = false
  private readonly flushMs: number
  private readonly ringSize: number
  private readonly retention: RetentionPolicy
  private readonly pruneEvery: number
  private readonly timers: Timers
  private begun: Promise<void>

  constructor(options: RecorderOptions) {
    this.header = options.header
    this.sink = options.sink
    this.readSink = options.sink
    this.batchSize = options.batchSize ?? RECORDER_DEFAULTS.batchSize
    this.maxBatch = Math.max(this.batchSize, options.maxBatch ?? RECORDER_DEFAULTS.maxBatch)
    this.flushMs = options.flushMs ?? RECORDER_DEFAULTS.flushMs
    this.ringSize = options.ringSize ?? RECORDER_DEFAULTS.ringSize
    this.retention = options.retention ?? RECORDER_DEFAULTS.retention
    this.pruneEvery = options.pruneEvery ?? RECORDER_DEFAULTS.pruneEvery
    this.timers = options.timers ?? defaultTimers
    if (this.sink === null) this.status.next({ mode: 'memory', stored: 0, failure: null })
    this.begun = this.sink === null ? Promise.resolve() : this.guard(() => this.sink!.begin(this.header))
  }

  /** Durable or memory, and how many records were stored. */
  get status$(): Observable<RecorderStatus> {
    return this.status.asObservable()
  }

  get currentStatus(): RecorderStatus {
    return this.status.getValue()
  }

  /** Records every processed event of the bus until the subscription ends. */
  attach(bus: Bus): Subscription {
    return bus.records$.subscribe((r) => this.accept(r))
  }

  /** Takes one processed event. */
  accept(record: BusRecord): void {
    this.buffer.push(toLogRecord(this.header.session, record))
    if (this.buffer.length >= this.batchSize) this.due()
    else if (this.timer === undefined) this.timer = this.timers.set(() => this.timerEnded(), this.flushMs)
  }

  /**
   * The flush timer outlives the batches that fill before it ends (a burst arms one timer per
   * flushMs, not one per batch); when it ends, what waits goes, and nothing waiting ends it.
   */
  private timerEnded(): void {
    this.timer = undefined
    if (this.buffer.length > 0) this.due()
  }

  /**
   * A batch is full or old enough. It is handed to storage at once, unless a write is still
   * running: then it waits for that write and goes with whatever arrived meanwhile (group
   * commit), so a burst costs a few large IndexedDB transactions instead of one per 100 records.
   * A waiting batch that reaches maxBatch goes at once anyway.
   */
  private due(): void {
    if (this.sink !== null && this.inflight.size > 0 && this.buffer.length < this.maxBatch) {
      this.held = true
      return
    }
    this.startWrite()
  }

  /**
   * Writes what waits at once, even while another write runs (the page hides or unloads, an
   * export is taken); resolves when every write so far has ended (stored, or kept in memory
   * after a failure). A write starts without queueing behind the previous one, so a page that
   * dies loses only what had not been handed to IndexedDB yet: IndexedDB itself runs the writes
   * in the order they were started.
   */
  flush(): Promise<void> {
    if (this.timer !== undefined) {
      this.timers.clear(this.timer)
      this.timer = undefined
    }
    this.startWrite()
    return Promise.all([...this.inflight]).then(() => undefined)
  }

  private startWrite(): void {
    this.held = false
    if (this.buffer.length === 0) return
    const batch = this.buffer
    this.buffer = []
    this.writing.add(batch)
    const write: Promise<void> = this.begun
      .then(() => this.write(batch))
      .finally(() => {
        this.writing.delete(batch)
        this.inflight.delete(write)
        // The batches that came due during this write go now, together.
        if (this.held && this.inflight.size === 0) this.startWrite()
      })
    this.inflight.add(write)
  }

  /** The whole log session as records, oldest first: durable ones, then memory, then what waits. */
  async records(): Promise<LogRecord[]> {
    await Promise.all([this.begun, ...this.inflight])
    // Events keep arriving while storage is read: what is being written or waits, before and
    // after the read, is part of the session too (duplicates fold by seq).
    const before = [...[...this.writing].flat(), ...this.buffer]
    const fromSink = this.readSink === null ? [] : await this.readSink.read(this.header.session).catch(() => [] as LogRecord[])
    const bySeq = new Map<number, LogRecord>()
    for (const r of [...fromSink, ...this.ring, ...before, ...[...this.writing].flat(), ...this.buffer]) bySeq.set(r.seq, r)
    return [...bySeq.values()].sort((a, b) => a.seq - b.seq)
  }

  /** The log session as an NDJSON file: the header line, then one record a line. */
  async exportNdjson(): Promise<string> {
    return toNdjson(this.header, await this.records())
  }

  private async write(batch: LogRecord[]): Promise<void> {
    if (this.sink !== null) {
      try {
        await this.sink.append(batch)
        this.stored += batch.length
        this.status.next({ ...this.status.getValue(), stored: this.stored })
        if (++this.flushes % this.pruneEvery === 0) await this.guard(() => this.sink!.prune(this.retention, this.header.session))
        return
      } catch (error) {
        this.fallBack(error)
      }
    }
    this.keepInMemory(batch)
  }

  private keepInMemory(batch: ReadonlyArray<LogRecord>): void {
    this.ring.push(...batch)
    if (this.ring.length > this.ringSize) this.ring.splice(0, this.ring.length - this.ringSize)
  }

  private fallBack(error: unknown): void {
    this.sink = null
    const failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    this.status.next({ mode: 'memory', stored: this.stored, failure })
  }

  private async guard(work: () => Promise<void>): Promise<void> {
    try {
      await work()
    } catch (error) {
      this.fallBack(error)
    }
  }
}
