/**
 * Retention of diagnostics uploads: the hall deletes uploads older than the configured days, with
 * their chunks, on its schedule, measuring age on its own clock (which this test moves).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDb } from '../../server/db'
import { startHall } from '../../server/hall'
import { parseRetentionDays } from '../../server/support/retention'
import { visitor } from './support'
import { sessionLog, uploadLog } from './uploads'

const DAY = 24 * 60 * 60 * 1000
const dataDir = mkdtempSync(join(tmpdir(), 'lobby-retention-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('retention of diagnostics uploads', () => {
  it('with 7 days: an upload 8 days old on the hall clock is gone with its chunks, one 6 days old remains', async () => {
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
    let old: { done: string; part: string }
    let young: { done: string; part: string }
    try {
      const site = await visitor(hall.url)
      // Uploaded at t0: one complete, one unfinished (one chunk of two in, kept as a chunk).
      old = {
        done: await uploadLog(hall.url, site, sessionLog('old-done'), { timestamp: clock }),
        part: await uploadLog(hall.url, site, sessionLog('old-part'), { count: 2, send: [0], timestamp: clock }),
      }
      clock = t0 + 2 * DAY
      young = {
        done: await uploadLog(hall.url, site, sessionLog('young-done'), { timestamp: clock }),
        part: await uploadLog(hall.url, site, sessionLog('young-part'), { count: 2, send: [0], timestamp: clock }),
      }

      // The console tells support how long sessions are kept.
      const login = await fetch(`${hall.url}/support/api/login`, { method: 'POST', body: JSON.stringify({ username: 'support', password: 'support-dev' }) })
      const token = ((await login.json()) as { token: string }).token
      const me = (await (await fetch(`${hall.url}/support/api/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as { retentionDays: number }
      expect(me.retentionDays).toBe(7)

      // Eight days after the first two: the next scheduled sweep deletes them, and says so.
      const swept = new Promise<string>((resolve) => {
        heard = (line) => {
          if (line.startsWith('support retention:')) resolve(line)
        }
      })
      clock = t0 + 8 * DAY
      expect(await swept).toBe('support retention: deleted 2 diagnostics uploads older than 7 days')
    } finally {
      await hall.close()
    }

    const db = await openDb(dataDir)
    try {
      const uploads = (
        await db.query<{ reference: string; chunks: number }>(
          `SELECT u.reference, (SELECT count(*)::int FROM diagnostic_chunks c WHERE c.upload_id = u.upload_id) AS chunks FROM diagnostic_uploads u`,
        )
      ).rows
      // The six-day-old ones remain, the unfinished one with its chunk.
      expect(new Map(uploads.map((u) => [u.reference, u.chunks]))).toEqual(
        new Map([
          [young.done, 0],
          [young.part, 1],
        ]),
      )
      // No chunk of a deleted upload is left behind.
      expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM diagnostic_chunks')).rows[0]?.n).toBe(1)
      expect(uploads.map((u) => u.reference)).not.toContain(old.done)
      expect(uploads.map((u) => u.reference)).not.toContain(old.part)
    } finally {
      await db.close()
    }
  }, 60_000)

  it('reads the setting as whole days of at least 1', () => {
    expect(parseRetentionDays('7', '--support-retention-days')).toBe(7)
    expect(() => parseRetentionDays('0', 'LOBBY_SUPPORT_RETENTION_DAYS')).toThrow('bad LOBBY_SUPPORT_RETENTION_DAYS: 0')
    expect(() => parseRetentionDays('1.5', '--support-retention-days')).toThrow('whole number')
    expect(() => parseRetentionDays('soon', '--support-retention-days')).toThrow('whole number')
  })
})
