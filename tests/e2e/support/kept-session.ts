import type { BrowserContextOptions } from 'playwright-core'
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

/** A site's visitor caller (its site key from the control surface), asked once per hall and site. */
const siteCallers = new Map<string, Promise<Caller>>()
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

type IndexedDbState = {
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
 * The lobby's database holding one kept session, in Playwright's storage-state form. Its tables,
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

/** The browser context's storage state for the hall's origin: the lobby's database with the kept session. */
export const keptSessionState = (hallUrl: string, session: KeptSession): BrowserContextOptions['storageState'] => {
  // Playwright restores an origin's IndexedDB from `indexedDB` (the shape its storageState({ indexedDB: true })
  // answers); its typings of the option list only localStorage, so the origin is not a literal here.
  const origin = { origin: new URL(hallUrl).origin, localStorage: [], indexedDB: [lobbyDatabase(session)] }
  return { cookies: [], origins: [origin] }
}
