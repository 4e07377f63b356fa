/**
 * Runs before every file of the `unit` project (vitest.config.ts). That project shares one module
 * graph per worker (isolate: false), so a library that reads the environment when first imported
 * keeps what the first file that imported it had. Dexie reads the IndexedDB factory at its import:
 * a file that installs fake-indexeddb after another file imported Dexie without it would find
 * "IndexedDB API missing". Before each file's tests, Dexie is pointed at what that file installed.
 */
import Dexie from 'dexie'
import { beforeAll } from 'vitest'

beforeAll(() => {
  if (!('indexedDB' in globalThis)) return
  Dexie.dependencies.indexedDB = globalThis.indexedDB
  Dexie.dependencies.IDBKeyRange = globalThis.IDBKeyRange
})
