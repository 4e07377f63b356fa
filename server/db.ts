/**
 * The hall's store: PGlite (PostgreSQL compiled to WebAssembly) in a data directory, or in memory
 * for tests, with plain SQL migrations from server/migrations applied in file-name order and
 * recorded in schema_migrations. The same migrations, seed and queries run on a PostgreSQL server
 * through server/pg.ts, which implements the Db interface below with the `pg` client.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createHash } from 'node:crypto'
import { spawn } from 'node:child_process'
import { PGlite } from '@electric-sql/pglite'

/** What a query answers: the rows, and how many rows an INSERT, UPDATE, DELETE or MERGE touched. */
export interface Results<T> {
  rows: T[]
  /** Rows touched by INSERT, UPDATE, DELETE, COPY or MERGE; 0 for other statements. */
  affectedRows?: number
  fields: ReadonlyArray<{ readonly name: string; readonly dataTypeID: number }>
}

/**
 * One transaction or the database itself: both can run queries. This is the part of PGlite's API
 * the hall uses, so a PGlite instance is one as it is; server/pg.ts implements it for a server.
 * Values come back as PGlite parses them (int8 as a number while safe, numeric as a string,
 * timestamptz as a Date, json as values, arrays as arrays), whichever store runs.
 */
export interface Queryable {
  /** One statement, with $1 … $n parameters. */
  query<T = Record<string, unknown>>(sql: string, params?: ReadonlyArray<unknown>): Promise<Results<T>>
  /** Any number of statements separated by semicolons, no parameters; one result per statement. */
  exec(sql: string): Promise<ReadonlyArray<Results<Record<string, unknown>>>>
}

/** The handle the rest of the hall uses: queries, transactions (fn's tx is bound to one connection), close. */
export interface Db extends Queryable {
  /** Runs fn in BEGIN … COMMIT; rolls back and rethrows when fn throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
  /**
   * A store shared by several halls (PostgreSQL, server/pg.ts): runs fn while this hall holds the
   * advisory lock `key`, so the same fn in another hall waits until this one is done. Absent on
   * PGlite, which one process at a time opens anyway.
   */
  withLock?<T>(key: number, fn: () => Promise<T>): Promise<T>
  /**
   * A store shared by several halls (PostgreSQL): hears every NOTIFY on `channel`, from any hall,
   * on a connection of its own. When that connection was lost and is back, `onResumed` runs (what
   * was notified meanwhile is gone). Answers the stop. Absent on PGlite.
   */
  subscribe?(channel: string, onPayload: (payload: string) => void, onResumed: () => void): Promise<() => Promise<void>>
}

/** The advisory lock halls take around migrating and seeding a shared store. */
export const MIGRATION_LOCK = 0x10bb7

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
const openMemory = (): Promise<PGlite> => fromKeptDump(`lobby-hall-pglite-${pgliteVersion()}.tar`, () => PGlite.create())

/**
 * A store loaded from the dump kept under `name` in the temporary directory; when there is none
 * (or it cannot be loaded), one made by `make`, whose dump is then kept for the next.
 */
const fromKeptDump = async (name: string, make: () => Promise<PGlite>): Promise<PGlite> => {
  const template = join(tmpdir(), name)
  if (existsSync(template)) {
    try {
      return await PGlite.create({ loadDataDir: new Blob([readFileSync(template)]) })
    } catch {
      rmSync(template, { force: true })
    }
  }
  const db = await make()
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

/** A name for the migrations in `dir`: the hash of their file names and contents. */
const migrationsKey = (dir: string): string => {
  const hash = createHash('sha256')
  for (const file of readdirSync(dir).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort()) {
    hash.update(file).update('\0').update(readFileSync(join(dir, file))).update('\0')
  }
  return hash.digest('hex').slice(0, 16)
}

/**
 * An in-memory store with the hall's migrations applied. Applying them takes seconds (more than
 * initdb), and tests start many halls, so the first one keeps a dump of its freshly migrated
 * store, keyed by the PGlite version and the migrations' contents (a changed or added migration
 * makes a new one); later ones load it. The dump holds the schema and the migrations' own rows,
 * taken before any seeding, so no hall's data and no clock reading is shared.
 */
const migratedDumpName = (): string => `lobby-hall-pglite-${pgliteVersion()}-migrated-${migrationsKey(MIGRATIONS_DIR)}.tar`

const openMigratedMemory = (): Promise<PGlite> =>
  fromKeptDump(migratedDumpName(), async () => {
    const db = await openMemory()
    await migrate(db)
    return db
  })

/**
 * A new data directory's store made from the kept dump of the migrated schema (made first when
 * there is none) instead of by initdb and every migration, which take tens of seconds of each
 * test hall on a directory of its own on a busy machine. Test halls only (startHall's test mode):
 * a deployment's first start runs initdb (apart, below) and the migrations themselves.
 */
const createMigratedDir = async (dir: string): Promise<PGlite> => {
  const template = join(tmpdir(), migratedDumpName())
  if (!existsSync(template)) await (await openMigratedMemory()).close()
  return PGlite.create({ dataDir: dir, loadDataDir: new Blob([readFileSync(template)]) })
}

/** The lock file a PGlite data directory holds while a process has it open: that process's id. */
export const LOCK_FILE = 'lobby-hall.lock'

const heldHere = new Set<string>()

const processAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as { code?: string }).code === 'EPERM'
  }
}

/**
 * Takes the directory's lock, or throws naming the process holding it. PGlite takes none, and a
 * second process opening a directory in use corrupts it (a running hall and the support-accounts
 * command, say). A lock left by a process that is gone is taken over. Returns the release.
 */
const lockDir = (dir: string): (() => void) => {
  if (heldHere.has(dir)) throw new Error(`the store in ${dir} is already open in this process`)
  const file = join(dir, LOCK_FILE)
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' })
      heldHere.add(dir)
      let released = false
      return () => {
        if (released) return
        released = true
        heldHere.delete(dir)
        rmSync(file, { force: true })
      }
    } catch (e) {
      if ((e as { code?: string }).code !== 'EEXIST') throw e
      const pid = Number(readFileSync(file, 'utf8').trim())
      if (Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid)) {
        throw new Error(`the store in ${dir} is in use by process ${pid} (a running hall?): stop it first; PGlite allows one process at a time`)
      }
      rmSync(file, { force: true })
    }
  }
  throw new Error(`could not take the lock ${file}`)
}

/**
 * Creates the PostgreSQL cluster of a new data directory in a short-lived process of its own.
 * PGlite's initdb takes about 430 MiB of WebAssembly memory that the process which ran it never
 * gets back (measured on PGlite 0.5: a hall started on a new directory stays near 650 MiB resident
 * after a full collection, against about 430 MiB when it opens an existing one), so a hall's first
 * start would hold that for its whole life (docs/hall.md, "Under load"). Resolves false when the
 * child could not do it; the caller then lets PGlite create it in this process.
 */
const createClusterApart = (dir: string): Promise<boolean> =>
  new Promise((done) => {
    const code = 'const { PGlite } = await import(process.argv[1]); const db = await PGlite.create(process.argv[2]); await db.close()'
    try {
      const child = spawn(process.execPath, ['--input-type=module', '-e', code, import.meta.resolve('@electric-sql/pglite'), dir], { stdio: 'ignore' })
      child.once('error', () => done(false))
      child.once('exit', (status) => done(status === 0 && existsSync(join(dir, 'PG_VERSION'))))
    } catch {
      done(false)
    }
  })

/**
 * Opens (creating if needed) the store in `dataDir`, or an in-memory one for 'memory' (already
 * migrated with `migrated`, which `migrate` then finds nothing left to do on). A directory
 * is locked for this process until the store is closed. `newDirMigrated` (test halls only) makes
 * a directory that holds no store yet from the kept dump of the migrated schema.
 */
export const openDb = async (dataDir: string, o: { readonly migrated?: boolean; readonly newDirMigrated?: boolean } = {}): Promise<Db> => {
  if (dataDir === 'memory') return o.migrated === true ? openMigratedMemory() : openMemory()
  const dir = resolve(dataDir)
  mkdirSync(dir, { recursive: true })
  const release = lockDir(dir)
  let db: PGlite
  try {
    const fresh = !existsSync(join(dir, 'PG_VERSION'))
    if (fresh && o.newDirMigrated === true) db = await createMigratedDir(dir)
    else {
      if (fresh) await createClusterApart(dir)
      db = await PGlite.create(dir)
    }
  } catch (e) {
    release()
    throw e
  }
  const close = db.close.bind(db)
  return Object.assign(db, {
    close: async () => {
      try {
        await close()
      } finally {
        release()
      }
    },
  })
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
