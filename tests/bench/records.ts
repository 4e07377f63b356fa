import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openDb } from '../../server/db'
import { startHall } from '../../server/hall'
import { callHall, player, visitor } from '../server/support'

/**
 * The time the hall takes to answer one report page for a player with 100,000 rounds and their
 * 200,000 ledger entries (issue: records and reports), over HTTP with the real protocol, on PGlite.
 * The rounds are written straight into the store (a game round writes one row and two entries).
 */
export interface RecordsFigures {
  readonly rounds: number
  /** ms per answer, first page and a page deep in the list, of the betting record and the account details. */
  readonly betFirstMs: ReadonlyArray<number>
  readonly betDeepMs: ReadonlyArray<number>
  readonly detailsFirstMs: ReadonlyArray<number>
}

export const recordsFigures = async (rounds = 100_000, repeats = 7): Promise<RecordsFigures> => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lobby-bench-records-'))
  try {
    let hall = await startHall({ port: 0, dataDir, mode: 'test' })
    const site = await visitor(hall.url, '001')
    const username = 'benchrecords'
    const reg = await callHall(hall.url, site, 'POST', '/home/register', { username, password: 'bench1234' })
    if (reg.envelope.code !== 1) throw new Error(`register answered ${reg.envelope.code}`)
    await hall.close()

    const db = await openDb(dataDir)
    const id = (await db.query<{ id: string }>('SELECT id::text AS id FROM players WHERE username = $1', [username])).rows[0]!.id
    // Spread over the last 90 days, newest last, as game rounds and their ledger entries.
    await db.query(
      `INSERT INTO game_rounds (player_id, game_id, currency, bet, win, balance, created_at)
       SELECT $1, 130009, 'CNY', 1 + (g % 50), (g % 3) * (g % 50), 1000, now() - ((($2 - g)::double precision / $2) * interval '90 days')
       FROM generate_series(1, $2) AS g`,
      [id, rounds],
    )
    await db.query(
      `INSERT INTO wallet_entries (player_id, currency, amount, balance, kind, created_at)
       SELECT $1, 'CNY', CASE WHEN g % 2 = 0 THEN -(1 + (g / 2) % 50) ELSE (g % 3) END, 1000, CASE WHEN g % 2 = 0 THEN 'game-bet' ELSE 'game-win' END,
              now() - ((($2 * 2 - g)::double precision / ($2 * 2)) * interval '90 days')
       FROM generate_series(1, $2 * 2) AS g`,
      [id, rounds],
    )
    await db.close()

    hall = await startHall({ port: 0, dataDir, mode: 'test' })
    try {
      const login = await callHall(hall.url, await visitor(hall.url, '001'), 'POST', '/home/login', { username, password: 'bench1234' })
      const me = player('001', login.envelope.data)
      const time = async (p: string, params: unknown): Promise<number[]> => {
        const out: number[] = []
        for (let i = 0; i < repeats; i++) {
          const t0 = performance.now()
          const a = await callHall(hall.url, me, 'POST', p, params)
          out.push(performance.now() - t0)
          if (a.envelope.code !== 1) throw new Error(`${p} answered ${a.envelope.code}: ${a.envelope.msg}`)
        }
        return out.slice(1) // the first answer warms the caches
      }
      return {
        rounds,
        betFirstMs: await time('/record/betRecord', { current: 1, size: 10, dateType: 33 }),
        betDeepMs: await time('/record/betRecord', { current: 5_000, size: 10, dateType: -1 }),
        detailsFirstMs: await time('/record/accountDetails', { current: 1, size: 10, dateType: 33 }),
      }
    } finally {
      await hall.close()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
