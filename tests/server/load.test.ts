/**
 * A short run of the hall's load generator (tests/bench/hall-load.ts; the long one is in
 * `npm run bench -- --only halls`): 20 players for 10 s on two halls sharing one PostgreSQL server.
 * Nothing lost or answered twice, every notice delivered once, each withdrawal request one order,
 * every balance equal to its ledger. No figure of speed is asserted.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHall, type RunningHall } from '../../server/hall'
import { openPostgres } from '../../server/pg'
import { checkLoad, runLoad, storedNotices } from '../bench/hall-load'
import { startPostgres, type Server } from './embedded-postgres'

const DATABASE = 'lobby_load'
const dir = mkdtempSync(join(tmpdir(), 'lobby-hall-load-'))
let server: Server | undefined
let databaseUrl = ''
const halls: RunningHall[] = []

beforeAll(async () => {
  server = await startPostgres(dir)
  const admin = new pg.Client(server.url('postgres'))
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${DATABASE}`)
  } finally {
    await admin.end()
  }
  databaseUrl = server.url(DATABASE)
  // Every simulated player calls from loopback: the per-address rate limit is raised for them.
  const edge = { rateLimit: { perSecond: 100_000, burst: 100_000 } }
  for (let i = 0; i < 2; i++) halls.push(await startHall({ port: 0, databaseUrl, mode: 'test', edge }))
}, 60_000)

afterAll(async () => {
  try {
    await Promise.all(halls.map((h) => h.close()))
    await server?.stop()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}, 30_000)

describe('the halls under load', () => {
  it('20 players for 10 s on two halls: nothing lost or twice, every notice once, balances equal the ledger', async () => {
    const db = await openPostgres(databaseUrl)
    const run = await runLoad({ urls: halls.map((h) => h.url), players: 20, seconds: 10, prefix: 'load', stored: (prefix) => storedNotices(db, prefix) }).catch(async (e: unknown) => {
      await db.close()
      throw e
    })
    expect(run.lost).toBe(0)
    const codes = [...run.calls].map(([kind, c]) => [kind, [...c.codes.keys()]])
    expect(codes).toEqual(codes.map(([kind]) => [kind, ['1']]))
    for (const kind of ['gameList', 'round', 'deposit', 'withdraw', 'pay', 'redGrab']) expect(run.calls.get(kind)?.ms.length ?? 0, kind).toBeGreaterThan(0)
    try {
      const check = await checkLoad(db, run)
      expect(check.players).toBe(20)
      expect(check.noticesStored).toBeGreaterThan(0)
      expect(check).toMatchObject({ noticesMissing: 0, noticesDuplicated: 0, noticesDelivered: check.noticesStored, ordersTwice: 0, balancesOff: [] })
      expect(check.withdrawOrders).toBe(run.withdrawals)
    } finally {
      await db.close()
    }
  }, 120_000)
})
