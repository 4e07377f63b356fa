/**
 * The hall's store: PGlite (PostgreSQL compiled to WebAssembly) in a data directory, or in memory
 * for tests, with plain SQL migrations from server/migrations applied in file-name order and
 * recorded in schema_migrations. Nothing here is PGlite-specific beyond opening the database, so
 * the same migrations and queries run against a PostgreSQL server.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'

/** The handle the rest of the hall uses; PGlite's own API (query, exec, transaction). */
export type Db = PGlite

/** One transaction or the database itself: both can run queries. */
export type Queryable = Pick<PGlite, 'query' | 'exec'>

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations')

const pgliteVersion = (): string => {
  try {
    const pkg = join(dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))), '..', 'package.json')
    return (JSON.parse(readFileSync(pkg, 'utf8')) as { version?: string }).version ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

/**
 * An in-memory store starts from a cached dump of an empty, freshly initialised cluster when one
 * exists: initdb dominates PGlite's start-up (seconds), loading a dump takes a fraction of that,
 * and tests start many halls. The cache holds no data of any hall (it is taken before migrations
 * and seeding), is keyed by the PGlite version, and is rebuilt whenever it cannot be loaded.
 */
const openMemory = async (): Promise<Db> => {
  const template = join(tmpdir(), `lobby-hall-pglite-${pgliteVersion()}.tar`)
  if (existsSync(template)) {
    try {
      return await PGlite.create({ loadDataDir: new Blob([readFileSync(template)]) })
    } catch {
      rmSync(template, { force: true })
    }
  }
  const db = await PGlite.create()
  try {
    const dump = await db.dumpDataDir('none')
    const partial = `${template}.${process.pid}.part`
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()))
    renameSync(partial, template)
  } catch {
    // The cache is an optimisation only.
  }
  return db
}

/** Opens (creating if needed) the store in `dataDir`, or an in-memory one for 'memory'. */
export const openDb = async (dataDir: string | 'memory'): Promise<Db> => {
  if (dataDir === 'memory') return openMemory()
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
