import { Schema } from 'effect'
import type { LobbyEvent } from '../../schemas/events'
import { StoredSession } from '../../schemas/events/session'
import type { Bus } from '../bus/bus'
import type { PrefsDb } from '../store/deferred'
import { PREF_KEYS, readPref, writePref } from '../store/prefs'

/**
 * The storage runner: keeps the session across visits in Dexie prefs and does what the session's
 * notices ask of the page (spec §4 fast login, logout, language switch).
 *
 * - after `app.started` it publishes `session.storedLoaded` with the stored fast-login key and last
 *   user; a database that is missing or broken gives nulls, never an error;
 * - `session.persistRequested` writes the session to keep (nulls clear it);
 * - `session.keyRequested` is answered with `session.keyGenerated` (randomness is a fact);
 * - `session.languageApplied` stores the language (the site actor reads it at the next start as
 *   `app.started.storedLanguage`), sets the document's lang and removes the `web.lobby.` keys
 *   of localStorage.
 *
 * The page is reached through small ports so the runner runs in Node tests without a DOM.
 */

/** What the runner reaches of the page; each part is optional (absent in Node). */
export interface StorageEnv {
  readonly db: PrefsDb | null
  /** A fresh login key (default: crypto.randomUUID without dashes). */
  readonly newKey?: () => string
  /** The root element whose `lang` follows the interface language (default: document.documentElement when there is a DOM). */
  readonly root?: { lang: string } | null
  /** The page's localStorage (default: globalThis.localStorage when there is one). */
  readonly localStorage?: Pick<Storage, 'length' | 'key' | 'removeItem'> | null
}

/** localStorage keys cleared on a language switch (spec §4). */
export const CLEARED_PREFIX = 'web.lobby.'

/** The session kept when nothing is stored or the store is unreadable. */
export const NO_STORED_SESSION: StoredSession = { userkey: null, username: null, accountType: null }

/** The BCP-47 tag of an interface language code: en_US → en-US. */
export const bcp47 = (code: string): string => code.replace(/_/g, '-')

const decodeStored = Schema.decodeUnknownExit(StoredSession)

/** Reads the stored session; anything unreadable or malformed is no session. */
export const readStoredSession = async (db: PrefsDb | null): Promise<StoredSession> => {
  const value = await readPref(db, PREF_KEYS.session, (v): v is unknown => v !== undefined)
  if (value === null) return NO_STORED_SESSION
  const exit = decodeStored(value)
  return exit._tag === 'Success' ? exit.value : NO_STORED_SESSION
}

const defaultKey = (): string => globalThis.crypto.randomUUID().replace(/-/g, '')

const defaultRoot = (): { lang: string } | null => {
  const doc = (globalThis as { document?: { documentElement?: { lang: string } } }).document
  return doc?.documentElement ?? null
}

const defaultLocalStorage = (): StorageEnv['localStorage'] => {
  try {
    return (globalThis as { localStorage?: Storage }).localStorage ?? null
  } catch {
    // A sandboxed page may refuse access to localStorage altogether.
    return null
  }
}

/** Removes every localStorage key starting with `web.lobby.`; a refusing storage is left alone. */
export const clearLobbyKeys = (storage: StorageEnv['localStorage']): void => {
  if (storage == null) return
  try {
    const keys: string[] = []
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i)
      if (key !== null && key.startsWith(CLEARED_PREFIX)) keys.push(key)
    }
    for (const key of keys) storage.removeItem(key)
  } catch {
    // Storage access can throw (privacy modes); the language switch must still complete.
  }
}

/** A running storage runner. */
export interface StorageRunner {
  stop(): void
  /** Resolves when the writes asked for so far are done (tests, and a page about to close). */
  settled(): Promise<void>
}

/** Starts the runner; call it before the actor host starts so it sees `app.started`. */
export const startStorageRunner = (bus: Bus, env: StorageEnv): StorageRunner => {
  const newKey = env.newKey ?? defaultKey
  const root = env.root === undefined ? defaultRoot() : env.root
  const storage = env.localStorage === undefined ? defaultLocalStorage() : env.localStorage
  // Read at once, so the answer is ready when the page starts.
  const stored = readStoredSession(env.db)
  let stopped = false
  let loaded = false
  // Writes are chained so a later persist never lands before an earlier one.
  let writes: Promise<unknown> = Promise.resolve()
  const write = (key: string, value: unknown) => {
    writes = writes.then(() => writePref(env.db, key, value))
  }

  const handle = (event: LobbyEvent): void => {
    switch (event.type) {
      case 'app.started':
        if (loaded) return
        loaded = true
        void stored.then((s) => {
          if (!stopped) bus.publish({ type: 'session.storedLoaded', stored: s }, 'runner', 'storage')
        })
        return
      case 'session.persistRequested':
        write(PREF_KEYS.session, event.stored)
        return
      case 'session.keyRequested':
        bus.publish({ type: 'session.keyGenerated', key: newKey() }, 'runner', 'storage')
        return
      case 'session.languageApplied':
        write(PREF_KEYS.language, event.language)
        if (root !== null) root.lang = bcp47(event.language)
        clearLobbyKeys(storage)
        return
      default:
        return
    }
  }

  const sub = bus.records$.subscribe((record) => handle(record.event))
  return {
    stop: () => {
      stopped = true
      sub.unsubscribe()
    },
    settled: async () => {
      await stored
      await writes
    },
  }
}
