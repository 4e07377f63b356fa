import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import type { LogHeader } from '../../../schemas/log'
import type { BusRecord } from '../../../src/bus/bus'
import { Recorder } from '../../../src/bus/recorder'
import { LobbyDb, openDb } from '../../../src/store/db'
import { createDeferredStore, importDurable, readStoredPrefs } from '../../../src/store/deferred'
import { readPref, writePref } from '../../../src/store/prefs'

/**
 * The store of a live page before Dexie is there (src/store/deferred.ts): preferences from one
 * plain IndexedDB read, the log held in memory until the database opens after the first paint,
 * and what a page that closes before then loses.
 */

let count = 0
const freshName = () => `deferred-test-${++count}`

const header = (session: string): LogHeader => ({
  format: 'lobby-log',
  formatVersion: 1,
  appVersion: '0.1.0',
  session,
  siteCode: '001',
  language: 'en_US',
  viewport: { width: 390, height: 844 },
  startedAt: 1,
})

const visibility = (seq: number): BusRecord => ({ seq, at: 1000 + seq, kind: 'fact', event: { type: 'dom.visibilityChanged', visible: seq % 2 === 0 } })

/** The records of a session stored in the database, read with a fresh connection (what a later page finds). */
const storedRecords = async (name: string, session: string): Promise<number> => {
  const db = await openDb(name)
  try {
    const chunks = await db.logChunks.where('session').equals(session).toArray()
    return chunks.reduce((n, c) => n + c.count, 0)
  } finally {
    db.close()
  }
}

const databaseExists = async (name: string): Promise<boolean> => (await indexedDB.databases()).some((d) => d.name === name)

describe('the deferred store', () => {
  it('reads the stored preferences with plain IndexedDB, and does not create a database that does not exist', async () => {
    const name = freshName()
    expect(await readStoredPrefs(name)).toEqual(new Map())
    expect(await databaseExists(name)).toBe(false)
    // Dexie then creates it with its tables, as before.
    const db = await openDb(name)
    await db.prefs.put({ key: 'language', value: 'pt_BR' })
    await db.prefs.put({ key: 'session', value: { userkey: 'k', username: 'ann', accountType: 1 } })
    db.close()
    expect(await readStoredPrefs(name)).toEqual(
      new Map<string, unknown>([
        ['language', 'pt_BR'],
        ['session', { userkey: 'k', username: 'ann', accountType: 1 }],
      ]),
    )
    // The plain read closed its connection: Dexie opens (and could upgrade) at once.
    const again = await openDb(name)
    expect(await again.prefs.get('language')).toEqual({ key: 'language', value: 'pt_BR' })
    again.close()
  })

  it('answers preference reads before Dexie opens, a write asked since from memory, and stores the write once it opens', async () => {
    const name = freshName()
    const seed = await openDb(name)
    await seed.prefs.put({ key: 'language', value: 'de_DE' })
    seed.close()
    const store = createDeferredStore({ name })
    expect(await readPref(store.prefs, 'language', (v): v is string => typeof v === 'string')).toBe('de_DE')
    expect(await readPref(store.prefs, 'fingerprint', (v): v is string => typeof v === 'string')).toBeNull()
    const written = writePref(store.prefs, 'fingerprint', 'fp-1')
    expect(await readPref(store.prefs, 'fingerprint', (v): v is string => typeof v === 'string')).toBe('fp-1')
    expect(await readStoredPrefs(name)).toEqual(new Map([['language', 'de_DE']]))
    await store.open()
    expect(await written).toBe(true)
    expect(await readStoredPrefs(name)).toEqual(
      new Map([
        ['language', 'de_DE'],
        ['fingerprint', 'fp-1'],
      ]),
    )
    store.close()
  })

  it('holds the log in memory until the database opens after the first paint, then stores all of it', async () => {
    const name = freshName()
    const store = createDeferredStore({ name })
    const recorder = new Recorder({ header: header('before-open'), sink: store.sink, batchSize: 2 })
    for (let seq = 1; seq <= 7; seq++) recorder.accept(visibility(seq))
    const flushed = recorder.flush()
    // Nothing is stored yet: the page has not asked for Dexie.
    expect(recorder.currentStatus).toEqual({ mode: 'durable', stored: 0, failure: null })
    expect(await databaseExists(name)).toBe(false)
    await store.open()
    await flushed
    expect(recorder.currentStatus).toEqual({ mode: 'durable', stored: 7, failure: null })
    expect((await recorder.records()).map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6, 7])
    store.close()
    expect(await storedRecords(name, 'before-open')).toBe(7)
  })

  it('loses what the page recorded if it closes before the database opened (the bound), and nothing once it opened', async () => {
    const name = freshName()
    // A page closed before the first paint's Dexie arrived: its pagehide flush has nowhere to write.
    const early = createDeferredStore({ name })
    const first = new Recorder({ header: header('closed-early'), sink: early.sink })
    for (let seq = 1; seq <= 5; seq++) first.accept(visibility(seq))
    void first.flush()
    early.close()
    expect(await storedRecords(name, 'closed-early')).toBe(0)
    // A page closed after the database opened: its pagehide flush stored everything.
    const late = createDeferredStore({ name })
    const second = new Recorder({ header: header('closed-late'), sink: late.sink })
    for (let seq = 1; seq <= 3; seq++) second.accept(visibility(seq))
    await late.open()
    for (let seq = 4; seq <= 5; seq++) second.accept(visibility(seq))
    await second.flush()
    late.close()
    expect(await storedRecords(name, 'closed-late')).toBe(5)
  })

  it('keeps the log in memory, and the preferences written, when the database does not open', async () => {
    const store = createDeferredStore({
      name: freshName(),
      stored: Promise.resolve(new Map()),
      durable: () => Promise.reject(new Error('blocked')),
    })
    const recorder = new Recorder({ header: header('no-db'), sink: store.sink })
    for (let seq = 1; seq <= 3; seq++) recorder.accept(visibility(seq))
    const written = writePref(store.prefs, 'language', 'fr_FR')
    expect(await store.open()).toBeNull()
    await recorder.flush()
    expect(recorder.currentStatus).toEqual({ mode: 'memory', stored: 0, failure: 'Error: blocked' })
    expect((await recorder.records()).map((r) => r.seq)).toEqual([1, 2, 3])
    expect(await written).toBe(false)
    expect(await readPref(store.prefs, 'language', (v): v is string => typeof v === 'string')).toBe('fr_FR')
  })

  it('imports Dexie and opens the database only when asked', async () => {
    const name = freshName()
    const { db } = await importDurable(name)
    expect(db).toBeInstanceOf(LobbyDb)
    expect(db.isOpen()).toBe(true)
    db.close()
  })
})
