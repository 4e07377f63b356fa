import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { migrate, openDb } from '../../server/db'
import { needsSeed } from '../../server/seed'
import { SEEDED_STORE_ENV, openSeededTestStore } from '../../server/test-store'

const migrations = readdirSync(path.resolve(import.meta.dirname, '../../server/migrations')).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))

describe('in-memory stores opened already migrated', () => {
  it('hold every migration and nothing else, each its own store, whether made or loaded from the kept dump', async () => {
    // The first may make the dump, the second loads it: both are fully migrated and apart.
    const first = await openDb('memory', { migrated: true })
    const second = await openDb('memory', { migrated: true })
    try {
      for (const db of [first, second]) {
        const applied = (await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')).rows.map((r) => r.version)
        expect(applied).toEqual([...migrations].sort())
        expect(await migrate(db)).toEqual([])
        expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM players')).rows[0]?.n).toBe(0)
      }
      await first.exec("INSERT INTO schema_migrations (version) VALUES ('999_only_in_the_first.sql')")
      const inSecond = await second.query("SELECT 1 FROM schema_migrations WHERE version = '999_only_in_the_first.sql'")
      expect(inSecond.rows).toEqual([])
    } finally {
      await first.close()
      await second.close()
    }
  })
})

describe('a new data directory of a test hall, from the migrated dump (newDirMigrated)', () => {
  it('holds every migration, keeps what is written across a reopen, and is not made again when it exists', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lobby-store-template-'))
    try {
      const first = await openDb(dir, { newDirMigrated: true })
      try {
        const applied = (await first.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')).rows.map((r) => r.version)
        expect(applied).toEqual([...migrations].sort())
        expect(await migrate(first)).toEqual([])
        await first.exec("INSERT INTO schema_migrations (version) VALUES ('999_kept.sql')")
      } finally {
        await first.close()
      }
      const again = await openDb(dir, { newDirMigrated: true })
      try {
        expect((await again.query("SELECT 1 FROM schema_migrations WHERE version = '999_kept.sql'")).rows).toHaveLength(1)
      } finally {
        await again.close()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe("test-mode halls in memory, from the run's seeded store (server/test-store.ts)", () => {
  it('is seeded as a test-mode hall seeds, each store its own, with its own site keys and userkeys', async () => {
    // The server tests' global setup (tests/support/seeded-store.ts) names the dump of this run.
    expect(process.env[SEEDED_STORE_ENV]).toMatch(/\.tar$/)
    const first = await openSeededTestStore('test', 'memory')
    const second = await openSeededTestStore('test', 'memory')
    if (first === undefined || second === undefined) throw new Error('no seeded store in test mode')
    try {
      const keys = async (db: typeof first) => ({
        sites: (await db.query<{ code: string; key: string }>('SELECT code, site_key AS key FROM sites ORDER BY code')).rows,
        players: (await db.query<{ username: string; key: string }>('SELECT username, userkey AS key FROM players ORDER BY id')).rows,
      })
      const [a, b] = [await keys(first), await keys(second)]
      for (const db of [first, second]) {
        expect(await needsSeed(db)).toBe(false)
        expect(await migrate(db)).toEqual([])
        expect((await db.query<{ n: number }>("SELECT count(*)::int AS n FROM support_accounts WHERE username = 'support'")).rows[0]?.n).toBe(1)
        // Analyzed before the dump: the planner's statistics a hall would gather at start are there.
        expect((await db.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'sites'")).rows[0]?.n).toBeGreaterThan(0)
      }
      // The demo player on every site, with fresh keys in each store.
      expect(a.sites.length).toBeGreaterThan(1)
      expect(a.players.map((p) => p.username)).toEqual(a.sites.map(() => 'demo'))
      expect(b.sites.map((s) => s.code)).toEqual(a.sites.map((s) => s.code))
      for (const [i, s] of a.sites.entries()) expect(s.key).not.toBe(b.sites[i]?.key)
      for (const [i, p] of a.players.entries()) expect(p.key).not.toBe(b.players[i]?.key)
      expect(new Set(a.sites.map((s) => s.key)).size).toBe(a.sites.length)
      // A player added to one is not in the other.
      await first.exec("INSERT INTO players (site_code, username, username_key, userkey, currency) SELECT code, 'only1', 'only1', 'k-only1', currency_code FROM sites WHERE is_default")
      expect((await second.query("SELECT 1 FROM players WHERE username = 'only1'")).rows).toEqual([])
    } finally {
      await first.close()
      await second.close()
    }
  })

  it('is not used outside test mode, for a data directory, or without a dump', async () => {
    expect(await openSeededTestStore('production', 'memory')).toBeUndefined()
    expect(await openSeededTestStore('dev', 'memory')).toBeUndefined()
    expect(await openSeededTestStore('test', '/tmp/some-directory')).toBeUndefined()
    expect(await openSeededTestStore('test', undefined)).toBeUndefined()
  })
})
