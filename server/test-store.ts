/**
 * Test mode only: throw-away halls that start from a seeded store instead of seeding their own.
 *
 * Seeding (the sites, their documents, activities, games, the demo players' Argon2id hashes and
 * the support account) takes about two seconds of every in-memory hall, and the server tests start
 * about a hundred. The server tests' global setup (tests/support/seeded-store.ts) seeds one store
 * at the start of the run, dumps it to a file and names the file in LOBBY_TEST_SEEDED_STORE; a
 * test-mode hall on 'memory' then loads that dump (startHall, server/hall.ts). What is random per
 * store (each site's key, each player's userkey) is drawn anew on load, so no two halls share a
 * key; the seeded rows' own timestamps are the run's (the dump is made at its start, and deleted at
 * its end). The dump holds the planner's statistics of its rows (ANALYZE before the dump), which
 * the hall would otherwise gather at start. Without the variable, or in dev and production modes, a hall seeds as always.
 */
import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { randomHex } from './crypto'
import { openDb } from './db'
import type { Db } from './db'
import { seed } from './seed'
import { seedSupportAccount } from './support/accounts'

/** The environment variable naming the seeded dump of this run. */
export const SEEDED_STORE_ENV = 'LOBBY_TEST_SEEDED_STORE'

/** Seeds a migrated in-memory store as a test-mode hall would and writes its dump to `file`. */
export const writeSeededStore = async (file: string): Promise<void> => {
  const db = await openDb('memory', { migrated: true })
  try {
    await seed(db, { demoPlayers: true })
    await seedSupportAccount(db)
    // The planner's statistics of these rows, as a hall's ANALYZE at start would gather them: kept
    // in the dump, so a hall loading it skips its own.
    await db.exec('ANALYZE')
    const dump = await (db as PGlite).dumpDataDir('none')
    const partial = `${file}.${process.pid}.part`
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()))
    renameSync(partial, file)
  } finally {
    await db.close()
  }
}

/** The hall's and the schemas' sources: what the seed is made of. */
const SOURCES = [dirname(fileURLToPath(import.meta.url)), join(dirname(fileURLToPath(import.meta.url)), '..', 'schemas')]

/** Whether a source file changed after `since` (ms): a seed made before it may differ from today's. */
const changedSince = (since: number): boolean => {
  const walk = (dir: string): boolean =>
    readdirSync(dir, { withFileTypes: true }).some((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : /\.(ts|sql|json)$/.test(e.name) && statSync(join(dir, e.name)).mtimeMs > since,
    )
  return SOURCES.some(walk)
}

/**
 * The seeded store for a hall of `mode` on `dataDir`: loaded from the run's dump with fresh keys,
 * or undefined (the hall opens and seeds its store itself) outside test mode, for a data
 * directory, when no dump is named, or when a source of the hall or the schemas changed since the
 * dump was made (someone edits the seed while the tests run: the hall seeds from the new code).
 */
export const openSeededTestStore = async (mode: 'production' | 'dev' | 'test', dataDir: string | undefined): Promise<Db | undefined> => {
  const file = process.env[SEEDED_STORE_ENV]
  if (mode !== 'test' || dataDir !== 'memory' || file === undefined || file === '' || file === 'off') return undefined
  if (changedSince(statSync(file).mtimeMs)) return undefined
  const db = await PGlite.create({ loadDataDir: new Blob([readFileSync(file)]) })
  try {
    await db.transaction(async (tx) => {
      for (const { code } of (await tx.query<{ code: string }>('SELECT code FROM sites')).rows) {
        await tx.query('UPDATE sites SET site_key = $1 WHERE code = $2', [randomHex(32), code])
      }
      for (const { id } of (await tx.query<{ id: string }>('SELECT id::text AS id FROM players')).rows) {
        await tx.query('UPDATE players SET userkey = $1 WHERE id = $2::bigint', [randomHex(32), id])
      }
    })
  } catch (e) {
    await db.close()
    throw e
  }
  return db
}
