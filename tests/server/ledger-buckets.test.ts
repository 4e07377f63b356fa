import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { entryCount, quartersOf } from '../../server/calls/records'
import { migrate, openDb, type Db } from '../../server/db'
import { seed } from '../../server/seed'

/**
 * The ledger's quarter-hour buckets (migration 086) answer the account details' count and the
 * personal statement's sums for a player with many entries: they must agree with the entries
 * themselves for every range, aligned to the quarters or not.
 */
let db: Db
let playerId: string
const T0 = Date.UTC(2030, 0, 1, 0, 0, 0)
const HOUR = 3_600_000

beforeAll(async () => {
  db = await openDb('memory')
  await migrate(db)
  await seed(db, { demoPlayers: true })
  playerId = (
    await db.query<{ id: string }>(
      `INSERT INTO players (site_code, username, username_key, password_hash, userkey, currency)
       SELECT code, 'bucketed', 'bucketed', 'x', 'bucketed-key', 'CNY' FROM sites ORDER BY code LIMIT 1 RETURNING id::text AS id`,
    )
  ).rows[0]!.id
  // 600 entries over three days at uneven moments, of several kinds, some on a quarter's edge.
  await db.query(
    `INSERT INTO wallet_entries (player_id, currency, amount, balance, kind, created_at)
     SELECT $1, 'CNY', CASE g % 3 WHEN 0 THEN -(g % 7) WHEN 1 THEN g % 5 ELSE 10 END, 0,
            CASE g % 3 WHEN 0 THEN 'game-bet' WHEN 1 THEN 'game-win' ELSE 'deposit' END,
            to_timestamp(($2::double precision + (g * 431_000)::double precision - CASE WHEN g % 10 = 0 THEN (g * 431_000) % 900_000 ELSE 0 END) / 1000)
     FROM generate_series(1, 600) AS g`,
    [playerId, T0],
  )
}, 60_000)
afterAll(() => db.close())

const rawCount = async (from: Date | null, to: Date | null, kind: string): Promise<number> =>
  (
    await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM wallet_entries WHERE player_id = $1 AND ($2::timestamptz IS NULL OR created_at >= $2)
       AND ($3::timestamptz IS NULL OR created_at < $3) AND ($4 = 'all' OR ($4 = 'bet' AND kind = 'game-bet') OR ($4 = 'win' AND kind = 'game-win') OR ($4 = 'deposit' AND kind = 'deposit'))`,
      [playerId, from, to, kind],
    )
  ).rows[0]!.n

describe('ledger buckets', () => {
  it('splits a range into whole quarters and the partial ones at its ends', () => {
    const q = 15 * 60_000
    expect(quartersOf({ from: null, to: null })).toEqual({ lo: null, hi: null, edges: [] })
    expect(quartersOf({ from: new Date(T0), to: new Date(T0 + HOUR) })).toEqual({ lo: new Date(T0), hi: new Date(T0 + HOUR), edges: [] })
    expect(quartersOf({ from: new Date(T0 + 1), to: new Date(T0 + HOUR + 1) })).toEqual({
      lo: new Date(T0 + q),
      hi: new Date(T0 + HOUR),
      edges: [{ from: new Date(T0 + 1), to: new Date(T0 + q) }, { from: new Date(T0 + HOUR), to: new Date(T0 + HOUR + 1) }],
    })
    // Within one quarter: nothing whole, the entries are read directly.
    expect(quartersOf({ from: new Date(T0 + 1), to: new Date(T0 + 2) })).toBeNull()
  })

  it('counts exactly what the entries hold, for any range and kind', async () => {
    const bound = fc.option(fc.integer({ min: -HOUR, max: 80 * HOUR }).map((d) => new Date(T0 + d)), { nil: null })
    await fc.assert(
      fc.asyncProperty(bound, bound, fc.constantFrom('all', 'bet', 'win', 'deposit'), async (a, b, kind) => {
        const [from, to] = a !== null && b !== null && a > b ? [b, a] : [a, b]
        expect(await entryCount(db, playerId, { from, to }, kind as 'all')).toBe(await rawCount(from, to, kind))
      }),
      { numRuns: 60 },
    )
  })

  it('sums each kind per quarter as the entries do, entry by entry as they are written', async () => {
    const sums = async (table: string, column: string) =>
      (
        await db.query<{ kind: string; n: string; amount: string }>(
          table === 'wallet_entries'
            ? `SELECT kind, count(*)::text AS n, trim_scale(sum(amount))::text AS amount FROM wallet_entries WHERE player_id = $1 GROUP BY kind ORDER BY kind`
            : `SELECT kind, sum(n)::text AS n, trim_scale(sum(${column}))::text AS amount FROM wallet_entry_buckets WHERE player_id = $1 GROUP BY kind ORDER BY kind`,
          [playerId],
        )
      ).rows
    await db.query(`INSERT INTO wallet_entries (player_id, currency, amount, balance, kind) VALUES ($1, 'CNY', 2.5, 0, 'deposit')`, [playerId])
    expect(await sums('wallet_entry_buckets', 'amount')).toEqual(await sums('wallet_entries', 'amount'))
  })
})
