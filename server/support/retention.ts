/**
 * Retention of diagnostics uploads (docs/timeline.md, "Retention"): an upload older than the
 * configured number of days is deleted with its chunks, age counting from completion on the
 * hall's clock. An upload that never completed is dropped UNFINISHED_TTL_MS after its first chunk
 * (the lobby finishes one in seconds): unfinished chunks are nobody's session. The hall sweeps at start
 * and then on a schedule (every hour by default); the console tells support how long sessions are
 * kept. The audit trail is not swept: it says who looked at what, even after the session is gone.
 */
import type { Db } from '../db'

/** Days an upload is kept by default. */
export const DEFAULT_RETENTION_DAYS = 30

/** How often the hall sweeps by default. */
export const DEFAULT_SWEEP_EVERY_MS = 60 * 60 * 1000

const DAY_MS = 24 * 60 * 60 * 1000

/** How long an unfinished upload is kept after its first chunk: 3 hours. */
export const UNFINISHED_TTL_MS = 3 * 60 * 60 * 1000

/** Uploads deleted per statement, so a first sweep over a large backlog does not hold one huge transaction. */
const BATCH = 500

/** A retention in days from a setting's text: a whole number of at least 1, else an error naming the setting. */
export const parseRetentionDays = (text: string, setting: string): number => {
  const n = Number(text)
  if (!/^\s*\d+\s*$/.test(text) || !Number.isSafeInteger(n) || n < 1) throw new Error(`bad ${setting}: ${text} (a whole number of days, at least 1)`)
  return n
}

/** What a sweep deleted: completed uploads past the retention, unfinished ones past UNFINISHED_TTL_MS. */
export interface Swept {
  readonly expired: number
  readonly unfinished: number
}

/**
 * Deletes, at `now` (ms), the uploads completed more than `days` ago and the unfinished ones whose
 * first chunk came more than UNFINISHED_TTL_MS ago, with their chunks; says how many of each went.
 */
export const deleteExpiredUploads = async (db: Db, days: number, now: number): Promise<Swept> => ({
  expired: await deleteWhere(db, 'completed_at IS NOT NULL AND completed_at', now - days * DAY_MS),
  unfinished: await deleteWhere(db, 'completed_at IS NULL AND created_at', now - UNFINISHED_TTL_MS),
})

/** Deletes the uploads whose `column` (with its condition) is before `cutoff`, a batch at a time. */
const deleteWhere = async (db: Db, column: string, cutoff: number): Promise<number> => {
  let deleted = 0
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const ids = (
        await tx.query<{ id: string }>(
          `SELECT upload_id AS id FROM diagnostic_uploads WHERE ${column} < to_timestamp($1::double precision / 1000)
           ORDER BY created_at LIMIT ${BATCH} FOR UPDATE`,
          [cutoff],
        )
      ).rows.map((r) => r.id)
      if (ids.length === 0) return 0
      await tx.query('DELETE FROM diagnostic_chunks WHERE upload_id = ANY ($1::text[])', [ids])
      await tx.query('DELETE FROM diagnostic_uploads WHERE upload_id = ANY ($1::text[])', [ids])
      return ids.length
    })
    deleted += n
    if (n < BATCH) return deleted
  }
}

/** Options of the scheduled sweep. */
export interface RetentionOptions {
  readonly db: Db
  readonly days: number
  /** Time between sweeps (real time); default DEFAULT_SWEEP_EVERY_MS. */
  readonly everyMs?: number
  /** The hall's clock (ms): what an upload's age is measured against. */
  readonly now: () => number
  readonly log: (line: string) => void
}

/**
 * Sweeps now and then every `everyMs`, one sweep at a time; logs what each sweep deleted (and a
 * failure, which the next sweep retries). Returns a stop function that waits for a running sweep.
 */
export const startRetention = (o: RetentionOptions): (() => Promise<void>) => {
  let running: Promise<void> = Promise.resolve()
  let stopped = false
  const sweep = () => {
    running = running.then(async () => {
      if (stopped) return
      try {
        const { expired: n, unfinished } = await deleteExpiredUploads(o.db, o.days, o.now())
        if (n > 0) o.log(`support retention: deleted ${n} diagnostics upload${n === 1 ? '' : 's'} older than ${o.days} days`)
        if (unfinished > 0) o.log(`support retention: dropped ${unfinished} unfinished diagnostics upload${unfinished === 1 ? '' : 's'} older than ${UNFINISHED_TTL_MS / 3_600_000} hours`)
      } catch (e) {
        o.log(`support retention: sweep failed (retried at the next one): ${e instanceof Error ? e.message : String(e)}`)
      }
    })
  }
  sweep()
  const timer = setInterval(sweep, o.everyMs ?? DEFAULT_SWEEP_EVERY_MS)
  timer.unref()
  return async () => {
    stopped = true
    clearInterval(timer)
    await running
  }
}
