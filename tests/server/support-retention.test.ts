/**
 * Retention of diagnostics uploads: the hall deletes uploads older than the configured days, and
 * unfinished ones a few hours after their first chunk, with their chunks, on its schedule,
 * measuring age on its own clock (which this test moves).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDb } from '../../server/db'
import { startHall } from '../../server/hall'
import { UNFINISHED_TTL_MS, parseRetentionDays } from '../../server/support/retention'
import { visitor } from './support'
import { sessionLog, uploadLog } from './uploads'

const DAY = 24 * 60 * 60 * 1000
const HOUR = 60 * 60 * 1000
const dataDir = mkdtempSync(join(tmpdir(), 'lobby-retention-'))
const unfinishedDir = mkdtempSync(join(tmpdir(), 'lobby-retention-unfinished-'))
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(unfinishedDir, { recursive: true, force: true })
})

/** The uploads left in a closed hall's store, by reference, with their chunks. */
const uploadsIn = async (dir: string): Promise<Map<string, number>> => {
  const db = await openDb(dir)
  try {
    const rows = (
      await db.query<{ reference: string; chunks: number }>(
        `SELECT u.reference, (SELECT count(*)::int FROM diagnostic_chunks c WHERE c.upload_id = u.upload_id) AS chunks FROM diagnostic_uploads u`,
      )
    ).rows
    // No chunk of a deleted upload is left behind.
    const chunks = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM diagnostic_chunks')).rows[0]?.n
    expect(chunks).toBe(rows.reduce((n, r) => n + r.chunks, 0))
    return new Map(rows.map((r) => [r.reference, r.chunks]))
  } finally {
    await db.close()
  }
}

describe('retention of diagnostics uploads', () => {
  it('with 7 days: an upload 8 days old on the hall clock is gone, one 6 days old remains', async () => {
    const t0 = Date.now()
    let clock = t0
    let heard: (line: string) => void = () => undefined
    const hall = await startHall({
      port: 0,
      dataDir,
      mode: 'test',
      now: () => clock,
      supportRetentionDays: 7,
      // Sweeps follow each other quickly here; the hall's default is hourly.
      supportSweepEveryMs: 25,
      log: (line) => heard(line),
    })
    let old: string
    let young: string
    try {
      const site = await visitor(hall.url)
      old = await uploadLog(hall.url, site, sessionLog('old-done'), { timestamp: clock })
      clock = t0 + 2 * DAY
      young = await uploadLog(hall.url, site, sessionLog('young-done'), { timestamp: clock })

      // The console tells support how long sessions are kept.
      const login = await fetch(`${hall.url}/support/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'support', password: 'support-dev' }),
      })
      const token = ((await login.json()) as { token: string }).token
      const me = (await (await fetch(`${hall.url}/support/api/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as { retentionDays: number }
      expect(me.retentionDays).toBe(7)

      // Eight days after the first: the next scheduled sweep deletes it, and says so.
      const swept = new Promise<string>((resolve) => {
        heard = (line) => {
          if (line.startsWith('support retention:')) resolve(line)
        }
      })
      clock = t0 + 8 * DAY
      expect(await swept).toBe('support retention: deleted 1 diagnostics upload older than 7 days')
    } finally {
      await hall.close()
    }
    // The six-day-old one remains.
    const left = await uploadsIn(dataDir)
    expect(left).toEqual(new Map([[young, 0]]))
    expect(left.has(old)).toBe(false)
  }, 60_000)

  it('drops an unfinished upload 3 hours after its first chunk, long before the retention; a finished one of the same age and a younger unfinished one remain', async () => {
    expect(UNFINISHED_TTL_MS).toBe(3 * HOUR)
    const t0 = Date.now()
    let clock = t0
    let heard: (line: string) => void = () => undefined
    const hall = await startHall({ port: 0, dataDir: unfinishedDir, mode: 'test', now: () => clock, supportSweepEveryMs: 25, log: (line) => heard(line) })
    let stale: string
    let done: string
    let fresh: string
    try {
      const site = await visitor(hall.url)
      // At t0: one chunk of two of one upload (unfinished), and a finished upload.
      stale = await uploadLog(hall.url, site, sessionLog('stale-part'), { count: 2, send: [0], timestamp: clock })
      done = await uploadLog(hall.url, site, sessionLog('done'), { timestamp: clock })
      // Two hours later, another unfinished one.
      clock = t0 + 2 * HOUR
      fresh = await uploadLog(hall.url, site, sessionLog('fresh-part'), { count: 2, send: [0], timestamp: clock })
      const swept = new Promise<string>((resolve) => {
        heard = (line) => {
          if (line.startsWith('support retention:')) resolve(line)
        }
      })
      // Just past three hours after the first: the next sweep drops the stale one only.
      clock = t0 + 3 * HOUR + 60_000
      expect(await swept).toBe('support retention: dropped 1 unfinished diagnostics upload older than 3 hours')
    } finally {
      await hall.close()
    }
    const left = await uploadsIn(unfinishedDir)
    expect(left).toEqual(
      new Map([
        [done, 0],
        [fresh, 1],
      ]),
    )
    expect(left.has(stale)).toBe(false)
  }, 60_000)

  it('reads the setting as whole days of at least 1', () => {
    expect(parseRetentionDays('7', '--support-retention-days')).toBe(7)
    expect(() => parseRetentionDays('0', 'LOBBY_SUPPORT_RETENTION_DAYS')).toThrow('bad LOBBY_SUPPORT_RETENTION_DAYS: 0')
    expect(() => parseRetentionDays('1.5', '--support-retention-days')).toThrow('whole number')
    expect(() => parseRetentionDays('soon', '--support-retention-days')).toThrow('whole number')
  })
})
