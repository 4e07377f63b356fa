/**
 * Retention of diagnostics uploads (docs/timeline.md, "Retention"): an upload older than the
 * configured number of days is deleted with its chunks. Age counts from completion, or for an
 * upload that never completed from its first chunk, on the hall's clock. The hall sweeps at start
 * and then on a schedule (every hour by default); the console tells support how long sessions are
 * kept. The audit trail is not swept: it says who looked at what, even after the session is gone.
 */
import type { Db } from '../db'

/** Days an upload is kept by default. */
export const DEFAULT_RETENTION_DAYS = 30

/** How often the hall sweeps by default. */
export const DEFAULT_SWEEP_EVERY_MS = 60 * 60 * 1000

const DAY_MS = 24 * 60 * 60 * 1000

/** Uploads deleted per statement, so a first sweep over a large backlog does not hold one huge transaction. */
const BATCH = 500

/** A retention in days from a setting's text: a whole number of at least 1, else an error naming the setting. */
export const parseRetentionDays = (text: string, setting: string): number => {
  const n = Number(text)
  if (!/^\s*\d+\s*$/.test(text) || !Number.isSafeInteger(n) || n < 1) throw new Error(`bad ${setting}: ${text} (a whole number of days, at least 1)`)
  return n
}

/**
 * Deletes the uploads older than `days` at `now` (ms), with their chunks; returns how many uploads
 * went.
 */
export const deleteExpiredUploads = async (db: Db, days: number, now: number): Promise<number> => {
  const cutoff = now - days * DAY_MS
  let deleted = 0
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const ids = (
        await tx.query<{ id: string }>(
          `SELECT upload_id AS id FROM diagnostic_uploads WHERE coalesce(completed_at, created_at) < to_timestamp($1::double precision / 1000)
           ORDER BY coalesce(completed_at, created_at) LIMIT ${BATCH} FOR UPDATE`,
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
        const n = await deleteExpiredUploads(o.db, o.days, o.now())
        if (n > 0) o.log(`support retention: deleted ${n} diagnostics upload${n === 1 ? '' : 's'} older than ${o.days} days`)
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
