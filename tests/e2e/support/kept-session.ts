import { DB_NAME, LobbyDb, TABLES } from '../../../src/store/db'
import { PREF_KEYS } from '../../../src/store/prefs'
import { callHall, visitor, type Caller } from '../../server/support'
import type { TestPlayer } from './hall'

/**
 * The control-surface sign-in (docs/testing.md, "Signed in without the form"): the kit signs a
 * player in over HTTP against the test hall, with the protocol's real cipher and signature
 * (tests/server/support.ts), and hands the lobby the session a returning player's browser keeps:
 * the `session` preference of the lobby's Dexie database (src/store/prefs.ts, written by the
 * storage runner on `session.persistRequested`), holding the hall's fast-login key. The lobby
 * then boots as for a returning player: the storage runner reads the kept session
 * (`session.storedLoaded`), the session actor signs in by fast login (mode 'fastlogin'), and the
 * post-login sequence runs as after any real sign-in. Nothing of the lobby is skipped but typing
 * the form.
 *
 * The database is created by a script the context runs before the page's own
 * (`seedLobbyDatabase`), not by Playwright's storage state: restoring a storage state loads the
 * origin in the context first, which cost each test about 0.4 s more to open its context.
 */

/** The answer of a password sign-in the kit reads: the fast-login key and the account's type. */
interface LoginAnswer {
  readonly userkey: string
  readonly username: string
  readonly account_type: number
}

/** A player's session as the lobby keeps it across visits (schemas/events/session.ts, StoredSession). */
export interface KeptSession {
  readonly userkey: string
  readonly username: string
  readonly accountType: number
}

/**
 * A site's visitor caller (its site key from the control surface), asked once per hall and site
 * within a test file. The browser stage's worker runs its files in one module graph
 * (vitest.e2e.config.ts, `isolate: false`): `useBrowser` forgets these after each file, so a hall
 * a later file starts on a port an earlier file's hall had is asked again.
 */
const siteCallers = new Map<string, Promise<Caller>>()

/** Forgets the site callers asked so far (after each file: `useBrowser`). */
export const forgetSiteCallers = (): void => siteCallers.clear()
const siteCaller = (hallUrl: string, siteCode: string): Promise<Caller> => {
  const key = `${hallUrl} ${siteCode}`
  const known = siteCallers.get(key) ?? visitor(hallUrl, siteCode)
  siteCallers.set(key, known)
  return known
}

/** Signs the player in over HTTP (`/home/login` on its site) and answers the session the lobby would keep. */
export const signInOverHttp = async (hallUrl: string, p: Pick<TestPlayer, 'username' | 'password' | 'siteCode'>): Promise<KeptSession> => {
  const site = await siteCaller(hallUrl, p.siteCode)
  const answer = await callHall(hallUrl, site, 'POST', '/home/login', { username: p.username, password: p.password, clientType: 5 })
  if (answer.envelope.code !== 1) throw new Error(`the sign-in of ${p.username} over HTTP answered ${answer.envelope.code}: ${answer.envelope.msg}`)
  const data = answer.envelope.data as LoginAnswer
  if (typeof data.userkey !== 'string' || data.userkey === '') throw new Error(`the sign-in of ${p.username} over HTTP answered no fast-login key`)
  return { userkey: data.userkey, username: data.username, accountType: data.account_type }
}

/** A database as the seed creates it (the shape of Playwright's storage state for IndexedDB). */
export type IndexedDbState = {
  readonly name: string
  readonly version: number
  readonly stores: ReadonlyArray<{
    readonly name: string
    readonly autoIncrement: boolean
    readonly keyPath?: string
    readonly keyPathArray?: ReadonlyArray<string>
    readonly records: ReadonlyArray<{ readonly value: unknown }>
    readonly indexes: ReadonlyArray<{ readonly name: string; readonly keyPath?: string; readonly keyPathArray?: ReadonlyArray<string>; readonly multiEntry: boolean; readonly unique: boolean }>
  }>
}

const keyPathOf = (keyPath: string | ReadonlyArray<string> | null): { keyPath?: string; keyPathArray?: ReadonlyArray<string> } =>
  keyPath === null ? {} : typeof keyPath === 'string' ? { keyPath } : { keyPathArray: keyPath }

/**
 * The lobby's database holding one kept session. Its tables,
 * keys, indexes and version come from the lobby's own Dexie class (src/store/db.ts: declared, not
 * opened, so Node needs no IndexedDB), so the database the page finds is the one its current
 * version would have written; Dexie opens it as it is, without an upgrade.
 */
export const lobbyDatabase = (session: KeptSession): IndexedDbState => {
  const db = new LobbyDb()
  return {
    name: DB_NAME,
    // Dexie's native version is its declared version times ten.
    version: Math.round(db.verno * 10),
    stores: db.tables.map((t) => ({
      name: t.name,
      autoIncrement: t.schema.primKey.auto === true,
      ...keyPathOf(t.schema.primKey.keyPath ?? null),
      records: t.name === TABLES.prefs ? [{ value: { key: PREF_KEYS.session, value: session } }] : [],
      indexes: t.schema.indexes.map((i) => ({ name: i.name, ...keyPathOf(i.keyPath ?? null), multiEntry: i.multi === true, unique: i.unique === true })),
    })),
  }
}

/**
 * Runs in the page before any of its own scripts (`context.addInitScript`, serialised by
 * Playwright, so self-contained): creates the lobby's database with the kept session when the
 * origin has none yet. The creation and the record are one upgrade transaction, and IndexedDB
 * handles the open requests of one database in order, so the lobby's own open (Dexie, issued
 * later by the page's scripts) waits for it and finds the session. A page loaded again in the
 * context finds the database there and leaves it as the lobby left it (a player who logged out
 * stays logged out); a frame of another origin has a database of its own and is left alone.
 */
export function seedLobbyDatabase(db: IndexedDbState & { readonly origin: string }): void {
  if (location.origin !== db.origin) return
  const open = indexedDB.open(db.name, db.version)
  open.onupgradeneeded = () => {
    const idb = open.result
    for (const store of db.stores) {
      const os = idb.createObjectStore(store.name, { autoIncrement: store.autoIncrement, keyPath: store.keyPathArray === undefined ? (store.keyPath ?? null) : [...store.keyPathArray] })
      for (const i of store.indexes) os.createIndex(i.name, i.keyPathArray === undefined ? (i.keyPath ?? '') : [...i.keyPathArray], { unique: i.unique, multiEntry: i.multiEntry })
      for (const r of store.records) os.add(r.value)
    }
  }
  open.onsuccess = () => open.result.close()
  // A database of a newer version is the lobby's own: nothing to seed.
  open.onerror = (e) => e.preventDefault()
}

/** What `seedLobbyDatabase` takes: the lobby's database with the kept session, and the hall's origin. */
export const keptSessionSeed = (hallUrl: string, session: KeptSession): IndexedDbState & { readonly origin: string } => ({ ...lobbyDatabase(session), origin: new URL(hallUrl).origin })
