/**
 * The hall's store on a PostgreSQL server: the Db interface of server/db.ts over a `pg` connection
 * pool, so the same migrations, seed and queries run as on PGlite. Where the two clients differ,
 * this adapter gives what PGlite gives:
 * - Values are parsed with PGlite's own type parsers (int8 as a number while it is a safe integer,
 *   numeric as a string, date/timestamp/timestamptz as a Date, json and jsonb parsed, arrays of
 *   those as arrays) instead of pg's (int8 as a string, date as local midnight).
 * - Date parameters are sent as ISO strings (pg would send local time with an offset), Uint8Array
 *   parameters as bytea (pg only knows Buffer).
 * - affectedRows counts INSERT, UPDATE, DELETE, COPY and MERGE only, as PGlite's does.
 * - Each connection starts with TimeZone UTC and DateStyle ISO, PGlite's settings, unless the URL
 *   carries its own `options`.
 * One thing stays different: PGlite runs one statement at a time, a server runs requests on up to
 * `max` connections at once, so transactions really are concurrent here.
 */
import pg from 'pg'
import { types as pgliteTypes } from '@electric-sql/pglite'
import type { Db, Queryable, Results } from './db'

type Parser = (text: string) => unknown

/** PGlite's parser of a (non-array) type, if it has one; values of other types stay text. */
const scalarParser = (oid: number): Parser | undefined => {
  const p = pgliteTypes.parsers[oid]
  return p === undefined ? undefined : (text): unknown => p(text, oid)
}

/** The query PGlite runs at start-up to learn the array types (oid is parsed as a number). */
const arrayTypesQuery = `SELECT b.oid, b.typarray
  FROM pg_catalog.pg_type a LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
  WHERE a.typcategory = 'A' GROUP BY b.oid, b.typarray ORDER BY b.oid`

const toParam = (v: unknown): unknown => {
  if (v instanceof Date) return v.toISOString()
  if (v instanceof Uint8Array && !Buffer.isBuffer(v)) return Buffer.from(v.buffer, v.byteOffset, v.byteLength)
  return v
}

const AFFECTING = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'])

const toResults = <T>(r: pg.QueryResult): Results<T> => ({
  rows: r.rows as T[],
  affectedRows: AFFECTING.has(r.command) ? (r.rowCount ?? 0) : 0,
  fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
})

const queryable = (run: pg.Pool | pg.PoolClient): Queryable => ({
  query: async <T>(sql: string, params: ReadonlyArray<unknown> = []) =>
    toResults<T>(await run.query(sql, params.map(toParam))),
  exec: async (sql: string) => {
    // Without parameters pg uses the simple query protocol, which runs several statements and
    // answers one result per statement (an array when there is more than one).
    const r = (await run.query(sql)) as pg.QueryResult | pg.QueryResult[]
    return (Array.isArray(r) ? r : [r]).map((x) => toResults<Record<string, unknown>>(x))
  },
})

/** Options of openPostgres. */
export interface PostgresOptions {
  /** Connections in the pool; default 10. */
  readonly max?: number
  /** Where errors of idle connections go (the server restarted, the network dropped). */
  readonly log?: (line: string) => void
}

/** What a connection URL looks like in logs: the password left out. */
export const describeUrl = (url: string): string => {
  try {
    const u = new URL(url)
    if (u.password !== '') u.password = '***'
    return u.toString()
  } catch {
    return 'postgres://(unparsable URL)'
  }
}

const hasOptions = (url: string): boolean => {
  try {
    return new URL(url).searchParams.has('options')
  } catch {
    return /[?&]options=/.test(url)
  }
}

/**
 * Opens a pool on a PostgreSQL server (postgres://user:password@host:port/database?sslmode=…) and
 * checks that it answers; the database must exist, the hall creates its tables there.
 */
export const openPostgres = async (url: string, opts: PostgresOptions = {}): Promise<Db> => {
  const parsers = new Map<number, Parser>()
  const types = {
    getTypeParser: (oid: number, format?: string): Parser => {
      if (format === 'binary') return pg.types.getTypeParser(oid, 'binary') as Parser
      const known = parsers.get(oid) ?? scalarParser(oid)
      return known ?? ((text: string) => text)
    },
  } as pg.CustomTypesConfig
  const sessionSettings = hasOptions(url) ? {} : { options: '-c TimeZone=UTC -c DateStyle=ISO,MDY' }
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10, types, ...sessionSettings })
  pool.on('error', (e) => opts.log?.(`PostgreSQL connection error (idle connection dropped): ${e.message}`))
  try {
    const arrays = await pool.query<{ oid: number | null; typarray: number | null }>(arrayTypesQuery)
    for (const { oid, typarray } of arrays.rows) {
      if (oid === null || typarray === null) continue
      const element = scalarParser(oid)
      parsers.set(typarray, (text) => pgliteTypes.arrayParser(text, element as Parser, typarray))
    }
  } catch (e) {
    await pool.end().catch(() => undefined)
    throw new Error(`cannot reach the PostgreSQL server at ${describeUrl(url)}: ${e instanceof Error ? e.message : String(e)}`, { cause: e })
  }

  let closed: Promise<void> | undefined
  return {
    ...queryable(pool),
    transaction: async <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => {
      const client = await pool.connect()
      let broken: Error | undefined
      // A checked-out client has no pool listener: without this, a connection lost between two
      // statements of fn would be an uncaught 'error' event. The next statement fails instead.
      const onError = (e: Error) => {
        broken = e
        opts.log?.(`PostgreSQL connection error in a transaction: ${e.message}`)
      }
      client.on('error', onError)
      try {
        await client.query('BEGIN')
        try {
          const result = await fn(queryable(client))
          await client.query('COMMIT')
          return result
        } catch (e) {
          await client.query('ROLLBACK').catch((rollbackError: unknown) => {
            broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError))
          })
          throw e
        }
      } finally {
        // A connection that failed or whose ROLLBACK failed is in an unknown state: the pool drops it.
        client.off('error', onError)
        client.release(broken)
      }
    },
    withLock: async <T>(key: number, fn: () => Promise<T>): Promise<T> => {
      // A session-level advisory lock, held by one pooled connection while fn runs on the others;
      // a hall that dies while holding it releases it with its connection.
      const client = await pool.connect()
      let broken: Error | undefined
      const onError = (e: Error) => {
        broken = e
      }
      client.on('error', onError)
      try {
        await client.query('SELECT pg_advisory_lock($1)', [key])
        try {
          return await fn()
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [key]).catch((e: unknown) => {
            broken = e instanceof Error ? e : new Error(String(e))
          })
        }
      } finally {
        client.off('error', onError)
        client.release(broken)
      }
    },
    subscribe: (channel, onPayload, onResumed) => listenOn(url, sessionSettings, channel, onPayload, onResumed, opts.log),
    close: () => (closed ??= pool.end()),
  }
}

/** Time before a lost LISTEN connection is opened again. */
const RELISTEN_MS = 1_000

/**
 * LISTEN on a connection of its own (a pooled connection would be handed to queries). A lost
 * connection is opened again after RELISTEN_MS, then onResumed runs: notifications sent meanwhile
 * were not heard, and the listener catches up from the store.
 */
const listenOn = async (
  url: string,
  settings: { options?: string },
  channel: string,
  onPayload: (payload: string) => void,
  onResumed: () => void,
  log?: (line: string) => void,
): Promise<() => Promise<void>> => {
  let stopped = false
  let client: pg.Client | undefined
  let retry: ReturnType<typeof setTimeout> | undefined
  const open = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, ...settings })
    const lost = (why: string) => {
      if (client !== c) return
      client = undefined
      c.end().catch(() => undefined)
      if (stopped) return
      log?.(`PostgreSQL LISTEN ${channel} connection lost (${why}); listening again in ${RELISTEN_MS} ms`)
      retry = setTimeout(() => void reopen(), RELISTEN_MS)
    }
    c.on('error', (e) => lost(e.message))
    c.on('end', () => lost('closed'))
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload)
    })
    client = c
    try {
      await c.connect()
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
    } catch (e) {
      lost(e instanceof Error ? e.message : String(e))
      throw e
    }
  }
  const reopen = async (): Promise<void> => {
    retry = undefined
    if (stopped) return
    try {
      await open()
      onResumed()
    } catch {
      // lost() has scheduled the next attempt.
    }
  }
  try {
    await open()
  } catch (e) {
    stopped = true
    if (retry !== undefined) clearTimeout(retry)
    throw e
  }
  return async () => {
    stopped = true
    if (retry !== undefined) clearTimeout(retry)
    const c = client
    client = undefined
    await c?.end().catch(() => undefined)
  }
}
