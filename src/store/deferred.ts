import type { LogHeader, LogRecord } from '../../schemas/log'
import type { RecordSink, RetentionPolicy } from '../bus/recorder'
import type { LobbyDb, PrefRow } from './db'

/**
 * The store as the first route sees it, before Dexie is there (issue 41: Dexie, about 95 KiB of
 * minified JavaScript, is not in the first route). The page reads the preferences it boots from
 * (language, fingerprint, the kept session, ...) with one plain IndexedDB read of the `prefs`
 * table; Dexie (src/store/db.ts and the log sink, a chunk of their own) is imported and the
 * database opened when `open()` is called, after the first paint. Until then:
 *
 * - preference reads answer from that plain read, or from a write asked since (kept in memory
 *   until Dexie stored it), and writes wait for Dexie;
 * - the recorder's sink waits for Dexie: the recorder holds every record in memory meanwhile
 *   (its batches wait on the sink's `begin`), and writes them all once the database is open.
 *
 * The bound: a page that closes before the database opened (the Dexie chunk fetched and the
 * database opened after the first paint, typically well under a second) loses the records of
 * that page so far and the preferences written since it started; a page closed after it opened
 * loses what the recorder had not handed to IndexedDB yet, as before (docs/replay.md).
 * tests/unit/store/deferred.test.ts checks both.
 */

/** What reads and writes preferences: a Dexie database, or the deferred store's stand-in. */
export interface PrefsDb {
  readonly prefs: {
    get(key: string): PromiseLike<PrefRow | undefined>
    put(row: PrefRow): PromiseLike<unknown>
  }
}

/** The Dexie parts, imported when the store opens. */
export interface Durable {
  readonly db: LobbyDb
  readonly sink: RecordSink
}

/** Imports Dexie and opens the database (its own chunk). */
export const importDurable = async (name?: string): Promise<Durable> => {
  const [{ openDb }, { DexieLogSink }] = await Promise.all([import('./db'), import('./log-sink')])
  const db = await openDb(name)
  return { db, sink: new DexieLogSink(db) }
}

/** The plain IndexedDB factory of the page, if any. */
const factory = (): IDBFactory | null => (globalThis as { indexedDB?: IDBFactory }).indexedDB ?? null

/**
 * Every stored preference, read with plain IndexedDB and the connection closed at once (so
 * Dexie's open, and an upgrade, never waits for it). A database that does not exist yet is not
 * created here (its creation is aborted: Dexie creates it with its tables); any failure is no
 * preferences.
 */
export const readStoredPrefs = (name: string, idb: IDBFactory | null = factory()): Promise<ReadonlyMap<string, unknown>> =>
  new Promise((resolve) => {
    const none = new Map<string, unknown>()
    if (idb === null) return resolve(none)
    let request: IDBOpenDBRequest
    try {
      request = idb.open(name)
    } catch {
      return resolve(none)
    }
    request.onupgradeneeded = () => {
      // No such database: leave it to Dexie, which creates it with its tables and versions.
      request.transaction?.abort()
    }
    request.onerror = (e) => {
      e.preventDefault()
      resolve(none)
    }
    request.onblocked = () => resolve(none)
    request.onsuccess = () => {
      const db = request.result
      try {
        if (!db.objectStoreNames.contains('prefs')) {
          db.close()
          return resolve(none)
        }
        const all = db.transaction('prefs', 'readonly').objectStore('prefs').getAll()
        all.onsuccess = () => {
          const out = new Map<string, unknown>()
          for (const row of all.result as ReadonlyArray<PrefRow>) out.set(row.key, row.value)
          db.close()
          resolve(out)
        }
        all.onerror = (e) => {
          e.preventDefault()
          db.close()
          resolve(none)
        }
      } catch {
        db.close()
        resolve(none)
      }
    }
  })

/** The store of a live page: its preferences and the recorder's sink, Dexie once `open()` brought it. */
export interface DeferredStore {
  readonly prefs: PrefsDb
  readonly sink: RecordSink
  /** Imports Dexie and opens the database (once); resolves with it, or null when it did not open. */
  open(): Promise<LobbyDb | null>
  /** Resolves with the database once open was called and ended (null when it did not open). */
  readonly opened: Promise<LobbyDb | null>
  /** The error of a database that did not open. */
  readonly error: () => unknown
  close(): void
}

export interface DeferredStoreOptions {
  readonly name?: string
  /** The plain read of the stored preferences (default: readStoredPrefs of the page's IndexedDB). */
  readonly stored?: Promise<ReadonlyMap<string, unknown>>
  /** How Dexie comes (default: importDurable). */
  readonly durable?: (name?: string) => Promise<Durable>
}

export const createDeferredStore = (o: DeferredStoreOptions = {}): DeferredStore => {
  const stored = o.stored ?? readStoredPrefs(o.name ?? 'lobby')
  let resolveOpened!: (d: Durable | null) => void
  const durable = new Promise<Durable | null>((r) => (resolveOpened = r))
  let started = false
  let failure: unknown = null
  let db: LobbyDb | null = null
  let closed = false
  /** Preferences written and not yet stored by Dexie: the latest value of each key, read first. */
  const written = new Map<string, { value: unknown }>()

  const prefs: PrefsDb = {
    prefs: {
      get: async (key) => {
        const pending = written.get(key)
        if (pending !== undefined) return { key, value: pending.value }
        if (db !== null) return db.prefs.get(key)
        const map = await stored
        return map.has(key) ? { key, value: map.get(key) } : undefined
      },
      put: async (row) => {
        const entry = { value: row.value }
        written.set(row.key, entry)
        const d = await durable
        try {
          if (d === null) throw failure instanceof Error ? failure : new Error('the database did not open')
          return await d.db.prefs.put(row)
        } finally {
          // Kept in memory only while it is the latest value asked for this key.
          if (written.get(row.key) === entry && d !== null) written.delete(row.key)
        }
      },
    },
  }

  const unopened = (): Error => (failure instanceof Error ? failure : new Error('the database did not open'))
  const sink: RecordSink = {
    begin: async (header: LogHeader) => {
      const d = await durable
      if (d === null) throw unopened()
      await d.sink.begin(header)
    },
    append: async (records: ReadonlyArray<LogRecord>) => {
      const d = await durable
      if (d === null) throw unopened()
      await d.sink.append(records)
    },
    read: async (session: string) => {
      const d = await durable
      if (d === null) throw unopened()
      return d.sink.read(session)
    },
    prune: async (policy: RetentionPolicy, currentSession: string) => {
      const d = await durable
      if (d === null) throw unopened()
      await d.sink.prune(policy, currentSession)
    },
  }

  const open = (): Promise<LobbyDb | null> => {
    if (!started) {
      started = true
      ;(o.durable ?? importDurable)(o.name).then(
        (d) => {
          if (closed) {
            d.db.close()
            resolveOpened(null)
            return
          }
          db = d.db
          resolveOpened(d)
        },
        (error: unknown) => {
          failure = error
          resolveOpened(null)
        },
      )
    }
    return durable.then((d) => d?.db ?? null)
  }

  return {
    prefs,
    sink,
    open,
    opened: durable.then((d) => d?.db ?? null),
    error: () => failure,
    close: () => {
      closed = true
      db?.close()
    },
  }
}
