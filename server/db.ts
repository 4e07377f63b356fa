/**
 * The hall's store: PGlite (PostgreSQL compiled to WebAssembly) in a data directory, or in memory
 * for tests, with plain SQL migrations from server/migrations applied in file-name order and
 * recorded in schema_migrations. Nothing here is PGlite-specific beyond opening the database, so
 * the same migrations and queries run against a PostgreSQL server.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'

/** The handle the rest of the hall uses; PGlite's own API (query, exec, transaction). */
export type Db = PGlite

/** One transaction or the database itself: both can run queries. */
export type Queryable = Pick<PGlite, 'query' | 'exec'>

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations')

/** Opens (creating if needed) the store in `dataDir`, or an in-memory one for 'memory'. */
export const openDb = async (dataDir: string | 'memory'): Promise<Db> => {
  if (dataDir === 'memory') return PGlite.create()
  const dir = resolve(dataDir)
  mkdirSync(dir, { recursive: true })
  return PGlite.create(dir)
}

/**
 * Applies the migrations not yet recorded, each in its own transaction with its record, so a
 * failed migration leaves the store at the previous version. Returns the names applied now.
 */
export const migrate = async (db: Db, dir: string = MIGRATIONS_DIR): Promise<ReadonlyArray<string>> => {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version    text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`)
  const done = new Set(
    (await db.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version),
  )
  const files = readdirSync(dir)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort()
  const applied: string[] = []
  for (const file of files) {
    if (done.has(file)) continue
    const sql = readFileSync(join(dir, file), 'utf8')
    await db.transaction(async (tx) => {
      await tx.exec(sql)
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file])
    })
    applied.push(file)
  }
  return applied
}
