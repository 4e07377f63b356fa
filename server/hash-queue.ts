/**
 * The password hashes' queue (docs/hall.md "Password hashes"): every hash and check of a password
 * runs through it, on libuv's threadpool, at most `concurrency` at a time and the rest in order of
 * arrival, so a burst of sign-ins is answered first come, first served and the threadpool keeps a
 * thread for the hall's other work (files, compression, DNS). Past `waiting` queued jobs it refuses
 * at once with the hall's busy code (2012, with the seconds to wait), instead of letting requests
 * queue past the lobby's 60 s timeout. One queue per process: the threadpool is the process's.
 */
import { availableParallelism } from 'node:os'
import { ServiceError } from './service-error'
import { currentTurns } from './store-queue'

/** The hall's own code for a full queue: 'the hall is busy: try again in N s' (docs/hall.md, error codes). */
export const BUSY_CODE = 2012

/** The bounds of a queue. */
export interface HashQueueOptions {
  /** Jobs running at once. */
  readonly concurrency: number
  /** Jobs waiting at most; one more is refused with BUSY_CODE. */
  readonly waiting: number
}

/** libuv's threadpool size (4 unless UV_THREADPOOL_SIZE says otherwise). */
const threadpool = (): number => {
  const n = Number(process.env['UV_THREADPOOL_SIZE'])
  return Number.isInteger(n) && n > 0 ? n : 4
}

/** One job per core, leaving the threadpool a thread for everything else. */
export const HASH_QUEUE_DEFAULTS: HashQueueOptions = {
  concurrency: Math.max(1, Math.min(availableParallelism(), threadpool() - 1)),
  waiting: 512,
}

/** A first-come, first-served queue of async jobs with bounded concurrency and a bounded wait. */
export class HashQueue {
  private running = 0
  private readonly queued: Array<() => void> = []
  /** A running mean of a job's time (ms), for the seconds a busy answer names. */
  private meanMs = 50

  constructor(private options: HashQueueOptions = HASH_QUEUE_DEFAULTS) {}

  /** Changes the bounds (tests); jobs already admitted keep their place. */
  configure(options: HashQueueOptions): void {
    this.options = options
    this.next()
  }

  /** Jobs running now, and waiting. */
  get load(): { readonly running: number; readonly waiting: number } {
    return { running: this.running, waiting: this.queued.length }
  }

  /** Runs the job in its turn; throws the busy refusal when the queue is full. */
  run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.concurrency && this.queued.length >= this.options.waiting) {
      const seconds = Math.max(1, Math.ceil(((this.queued.length + this.running) * this.meanMs) / Math.max(1, this.options.concurrency) / 1000))
      return Promise.reject(new ServiceError(BUSY_CODE, `the hall is busy: try again in ${seconds} s`, { seconds }))
    }
    const asked = performance.now()
    // The request's record (server/store-queue.ts), for the trace of where its time went.
    const turns = currentTurns()
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running += 1
        const t0 = performance.now()
        turns?.marks.push(`hash waited ${Math.round(t0 - asked)} ms`)
        // The slot is free, and the next job started, before the caller hears the answer.
        const done = () => {
          this.meanMs = this.meanMs * 0.9 + (performance.now() - t0) * 0.1
          turns?.marks.push(`hash ran ${Math.round(performance.now() - t0)} ms`)
          this.running -= 1
          this.next()
        }
        job().then(
          (value) => (done(), resolve(value)),
          (e: Error) => (done(), reject(e)),
        )
      }
      this.queued.push(start)
      this.next()
    })
  }

  private next(): void {
    while (this.running < this.options.concurrency && this.queued.length > 0) this.queued.shift()!()
  }
}

/** The process's queue of password hashes (server/crypto.ts hashPassword, verifyPassword). */
export const hashQueue = new HashQueue()
