/**
 * The hall's admission of protocol calls (docs/hall.md "Under load"): at most `concurrency` calls
 * run at once, the rest wait their turn in order of arrival, and a call that would wait longer
 * than `maxWaitMs` is answered at once with the busy code (2012, 'the hall is busy: try again in
 * N s', the seconds also in `data` and in a Retry-After header) instead of queueing for 30 to 60 s
 * behind the store. A refused call did nothing (it is refused before it is read), so the lobby may
 * send it again as it is (src/effects/hall/client.ts retries 2012 after the seconds named).
 *
 * Why: a PGlite hall runs one statement at a time in one process, so every call in flight waits
 * behind every statement of every other; past the load it is for, the wait grows without bound
 * (p99 64 s in issue 46). A bounded queue keeps the calls it admits fast and says "busy" early
 * for the rest. A call that waited past `maxWaitMs` after all (the estimate was wrong) is refused
 * when its turn comes, so no call waits in the queue longer than that.
 */
import { BUSY_CODE } from './hash-queue'

export interface AdmissionOptions {
  /** Calls running at once (0: every call refused, for tests). */
  readonly concurrency: number
  /** The longest a call waits for its turn; one that would wait longer is refused with BUSY_CODE. */
  readonly maxWaitMs: number
}

/** PGlite: one process, one statement at a time; a few calls at once keep it busy without a long queue inside it. */
export const PGLITE_ADMISSION: AdmissionOptions = { concurrency: 8, maxWaitMs: 5_000 }
/** PostgreSQL: the pool's 10 connections, with room for the calls that wait on the cipher or the hash. */
export const POSTGRES_ADMISSION: AdmissionOptions = { concurrency: 32, maxWaitMs: 5_000 }

/** The answer to a refused call: a clear envelope (no key is read before admission) with the seconds to wait. */
export const busyAnswer = (seconds: number): Response =>
  new Response(JSON.stringify({ code: BUSY_CODE, msg: `the hall is busy: try again in ${seconds} s`, data: { seconds } }), {
    status: 200,
    headers: { 'content-type': 'application/json', 'retry-after': String(seconds) },
  })

export interface Admission {
  /** Runs the call in its turn, or answers busyAnswer at once (or when its turn came too late). */
  run(call: () => Promise<Response>): Promise<Response>
  /** Calls running and waiting now; refusals since the start. */
  readonly load: { readonly running: number; readonly waiting: number; readonly refused: number }
}

export const createAdmission = (options: AdmissionOptions, now: () => number = () => performance.now()): Admission => {
  let running = 0
  let refused = 0
  const queue: Array<{ readonly since: number; readonly go: (admitted: boolean) => void }> = []
  // A running mean of a call's time, ms: what the wait of a place in the queue is estimated from.
  let meanMs = 50
  const secondsFor = (waiting: number) => Math.min(60, Math.max(1, Math.ceil(((waiting + 1) * meanMs) / Math.max(1, options.concurrency) / 1000)))

  const next = () => {
    while (running < options.concurrency && queue.length > 0) {
      const turn = queue.shift()!
      if (now() - turn.since > options.maxWaitMs) {
        turn.go(false)
        continue
      }
      running += 1
      turn.go(true)
    }
  }

  const admitted = async (call: () => Promise<Response>): Promise<Response> => {
    const t0 = now()
    try {
      return await call()
    } finally {
      meanMs = meanMs * 0.9 + (now() - t0) * 0.1
      running -= 1
      next()
    }
  }

  return {
    run: async (call) => {
      if (running < options.concurrency && queue.length === 0) {
        running += 1
        return admitted(call)
      }
      if (((queue.length + 1) * meanMs) / options.concurrency > options.maxWaitMs) {
        refused += 1
        return busyAnswer(secondsFor(queue.length))
      }
      const ok = await new Promise<boolean>((go) => queue.push({ since: now(), go }))
      if (!ok) {
        refused += 1
        return busyAnswer(secondsFor(queue.length))
      }
      return admitted(call)
    },
    get load() {
      return { running, waiting: queue.length, refused }
    },
  }
}
