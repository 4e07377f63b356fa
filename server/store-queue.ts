/**
 * One queue, with a deadline, in front of a PGlite store (docs/hall.md "Under load").
 *
 * PGlite runs one statement (or one open transaction) at a time in one process, so everything that
 * uses the store waits in one line: protocol calls, game pages and rounds, the operator's
 * controls, the socket's reads and acknowledgements, the sweeps. The admission (server/admission.ts)
 * bounded only the protocol calls' line, so under load a call it admitted could still wait a
 * minute behind the others (issue 46: calls of every kind about 61 s, none refused). Here every
 * user of the store takes its turn in one first-come, first-served queue, and a request whose
 * first turn would come, or came, after `deadlineMs` is refused with StoreBusy (the hall answers
 * 2012, 'busy, try again in N s') instead of waiting: the lobby and the load generator send it
 * again after the seconds named.
 *
 * Only a request's first use of the store may be refused: a request refused there has done
 * nothing (no row read or written, no nonce spent), so it may be sent again as it is. Once one of
 * its statements has run, its later turns are never refused (a call half done would be worse than
 * a slow one). Work outside a request (the socket's reads, sweeps) is never refused: it only waits.
 * A request is marked with `storeTurns.run(...)` (AsyncLocalStorage, so every statement the
 * request causes, however deep, is known as its own).
 *
 * The store is handed to the next turn in a later turn of the event loop (setImmediate), so the
 * hall's process keeps taking new connections, reading sockets and running timers between two
 * turns however long the queue: libuv takes one connection from the listen queue per loop turn,
 * and turns handed on in one run of microtasks made a loop turn last as long as the queue (issue
 * 46: connections waited 30 to 64 s in the kernel's accept queue before the hall took them).
 *
 * `LOBBY_STORE_TRACE=<ms>` (any mode) logs each turn that waited or held the store longer than
 * that, with the statement (or a transaction's first statement and its count), and every 5 s a
 * line of the queue: turns, longest wait and hold, refusals.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { Db, Queryable, Results } from './db'

/** A request refused at its first turn: nothing of it ran. `seconds`: when to try again. */
export class StoreBusy extends Error {
  constructor(readonly seconds: number) {
    super(`the hall is busy: try again in ${seconds} s`)
    this.name = 'StoreBusy'
  }
}

/** What the queue knows of the request a turn belongs to. */
export interface Turns {
  /** Some statement of the request has run: it is not refused any more. */
  started: boolean
  /** The request's turns so far: how many, and their time waiting and holding the store (ms). */
  count: number
  waited: number
  held: number
  /** Marks of the request's other waits (the trace), ms since it began: e.g. its admission. */
  readonly marks: Array<string>
}

const requests = new AsyncLocalStorage<Turns>()

/** Runs `fn` as one request: its first turn at the store may be refused with StoreBusy. */
export const storeTurns = <T>(fn: () => Promise<T>, turns: Turns = newTurns()): Promise<T> => requests.run(turns, fn)

/** A request's record of turns, none yet. */
export const newTurns = (): Turns => ({ started: false, count: 0, waited: 0, held: 0, marks: [] })

/** The record of the request running now, if any. */
export const currentTurns = (): Turns | undefined => requests.getStore()

export interface StoreQueueOptions {
  /** The longest a request's first turn waits; one that would wait longer is refused. */
  readonly deadlineMs: number
  /** Log turns that waited or held longer than this (ms); undefined: no trace. */
  readonly traceMs?: number | undefined
  readonly log?: (line: string) => void
}

/** The deadline of a PGlite hall's queue: a refused call is sent again well inside the lobby's 60 s. */
export const STORE_DEADLINE_MS = 5_000

/** The trace threshold from LOBBY_STORE_TRACE (ms), or undefined. */
export const storeTraceMs = (): number | undefined => {
  const n = Number(process.env['LOBBY_STORE_TRACE'])
  return Number.isFinite(n) && n > 0 ? n : undefined
}

interface Turn {
  readonly since: number
  readonly request: Turns | undefined
  readonly go: (admitted: boolean) => void
}

export interface StoreQueueLoad {
  readonly waiting: number
  readonly refused: number
  readonly turns: number
}

/**
 * Wraps a PGlite store so every query, exec and transaction takes its turn in one queue (a
 * transaction is one turn: its statements run inside it). The store keeps its other members.
 */
export const queueStore = <D extends Db>(db: D, options: StoreQueueOptions, now: () => number = () => performance.now()): D & { readonly queueLoad: StoreQueueLoad } => {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`))
  const queue: Turn[] = []
  let busy = false
  let refused = 0
  let turns = 0
  // A running mean of a turn's hold (ms), for the estimate of a new turn's wait.
  let meanMs = 5
  // The trace's window.
  let windowTurns = 0
  let windowMaxWait = 0
  let windowMaxHold = 0
  let windowRefused = 0
  let windowMaxQueue = 0

  const secondsFor = (waiting: number) => Math.min(30, Math.max(1, Math.ceil((waiting * meanMs) / 1000)))

  const next = () => {
    while (!busy && queue.length > 0) {
      const turn = queue.shift()!
      if (turn.request !== undefined && !turn.request.started && now() - turn.since > options.deadlineMs) {
        turn.go(false)
        continue
      }
      busy = true
      turn.go(true)
    }
  }

  const take = async <T>(label: () => string, job: () => Promise<T>): Promise<T> => {
    const request = requests.getStore()
    const refusable = request !== undefined && !request.started
    if (refusable && (busy || queue.length > 0) && (queue.length + 1) * meanMs > options.deadlineMs) {
      refused += 1
      windowRefused += 1
      throw new StoreBusy(secondsFor(queue.length))
    }
    const since = now()
    if (busy || queue.length > 0) {
      const admitted = await new Promise<boolean>((go) => {
        queue.push({ since, request, go })
        windowMaxQueue = Math.max(windowMaxQueue, queue.length)
      })
      if (!admitted) {
        refused += 1
        windowRefused += 1
        throw new StoreBusy(secondsFor(queue.length))
      }
    } else busy = true
    if (request !== undefined) request.started = true
    const started = now()
    try {
      return await job()
    } finally {
      const ended = now()
      const wait = started - since
      const hold = ended - started
      meanMs = meanMs * 0.95 + hold * 0.05
      turns += 1
      if (request !== undefined) {
        request.count += 1
        request.waited += wait
        request.held += hold
      }
      windowTurns += 1
      windowMaxWait = Math.max(windowMaxWait, wait)
      windowMaxHold = Math.max(windowMaxHold, hold)
      if (options.traceMs !== undefined && (wait > options.traceMs || hold > options.traceMs)) {
        log(`store turn: waited ${Math.round(wait)} ms, held ${Math.round(hold)} ms, queue ${queue.length}: ${label()}`)
      }
      // The next turn starts in a later turn of the event loop, not in this one's microtasks: a
      // chain of turns handed on at once would keep the loop from its other work for as long as the
      // queue lasts, and the loop takes one new connection from the listen queue per turn (libuv),
      // so a burst of connections waited a loop turn each, 30 to 60 s under load (issue 46).
      if (queue.length === 0) busy = false
      else
        setImmediate(() => {
          busy = false
          next()
        })
    }
  }

  const labelOf = (sql: string) => sql.replace(/\s+/g, ' ').trim().slice(0, 160)

  const trace =
    options.traceMs === undefined
      ? undefined
      : setInterval(() => {
          log(
            `store queue: ${windowTurns} turns in 5 s, longest wait ${Math.round(windowMaxWait)} ms, longest hold ${Math.round(windowMaxHold)} ms, queue up to ${windowMaxQueue}, refused ${windowRefused} (${refused} in all)`,
          )
          windowTurns = 0
          windowMaxWait = 0
          windowMaxHold = 0
          windowRefused = 0
          windowMaxQueue = 0
        }, 5_000)
  trace?.unref()

  const query = db.query.bind(db)
  const exec = db.exec.bind(db)
  const transaction = db.transaction.bind(db)
  const close = db.close.bind(db)
  const queued = Object.assign(db, {
    query: <T = Record<string, unknown>>(sql: string, params?: ReadonlyArray<unknown>): Promise<Results<T>> => take(() => labelOf(sql), () => query<T>(sql, params)),
    exec: (sql: string) => take(() => labelOf(sql), () => exec(sql)),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => {
      if (options.traceMs === undefined) return take(() => 'transaction', () => transaction(fn))
      let first = ''
      let count = 0
      const counted = (sql: string) => {
        count += 1
        if (count === 1) first = labelOf(sql)
      }
      return take(
        () => `transaction of ${count} statements, first: ${first}`,
        () => transaction((tx) => fn({ query: (sql, params) => (counted(sql), tx.query(sql, params)), exec: (sql) => (counted(sql), tx.exec(sql)) })),
      )
    },
    close: async () => {
      clearInterval(trace)
      await close()
    },
  })
  return Object.defineProperty(queued, 'queueLoad', { get: (): StoreQueueLoad => ({ waiting: queue.length, refused, turns }) }) as D & { readonly queueLoad: StoreQueueLoad }
}
