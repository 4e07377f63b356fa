import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import type { LobbyEvent } from '../../../schemas/events'
import { Bus, type BusRecord } from '../../../src/bus/bus'
import { bcp47, CLEARED_PREFIX, clearLobbyKeys, NO_STORED_SESSION, startStorageRunner, type StorageEnv } from '../../../src/effects/storage'
import { LobbyDb, openDb } from '../../../src/store/db'
import { PREF_KEYS, readPref } from '../../../src/store/prefs'
import { appStarted } from '../../support/site-fixtures'

let dbCount = 0
const freshDb = () => openDb(`storage-test-${++dbCount}`)

/** A bus without actors: the test plays the session actor's notices itself. */
const setup = (env: StorageEnv) => {
  const bus = new Bus({ now: () => 0, onInvalid: 'throw' })
  const records: BusRecord[] = []
  bus.records$.subscribe((r) => records.push(r))
  const runner = startStorageRunner(bus, env)
  const notice = (e: LobbyEvent) => bus.publish(e, 'actor', 'session')
  const facts = () => records.filter((r) => r.source === 'storage').map((r) => r.event)
  return { bus, records, runner, notice, facts }
}

class MemoryStorage {
  private readonly map = new Map<string, string>()
  get length() {
    return this.map.size
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null
  }
  removeItem(k: string) {
    this.map.delete(k)
  }
  setItem(k: string, v: string) {
    this.map.set(k, v)
  }
  keys() {
    return [...this.map.keys()]
  }
}

describe('storage runner', () => {
  it('publishes the stored session after app.started, and what was persisted comes back at the next start', async () => {
    const db = await freshDb()
    const first = setup({ db, root: null, localStorage: null })
    await first.runner.settled()
    expect(first.facts()).toEqual([])
    first.bus.publish(appStarted(), 'runner', 'page')
    await first.runner.settled()
    expect(first.facts()).toEqual([{ type: 'session.storedLoaded', stored: NO_STORED_SESSION }])
    expect(first.records.map((r) => r.event.type)).toEqual(['app.started', 'session.storedLoaded'])

    first.notice({ type: 'session.persistRequested', stored: { userkey: 'uk-1', username: 'player01', accountType: 0 } })
    await first.runner.settled()
    first.runner.stop()

    const second = setup({ db, root: null, localStorage: null })
    second.bus.publish(appStarted(), 'runner', 'page')
    await second.runner.settled()
    expect(second.facts()).toEqual([{ type: 'session.storedLoaded', stored: { userkey: 'uk-1', username: 'player01', accountType: 0 } }])

    // Logout: the stored user and fast-login key are cleared.
    second.notice({ type: 'session.persistRequested', stored: NO_STORED_SESSION })
    await second.runner.settled()
    expect(await readPref(db, PREF_KEYS.session, (_v): _v is unknown => true)).toEqual(NO_STORED_SESSION)
    db.close()
  })

  it('publishes nulls when there is no database, a closed one, or a malformed stored value', async () => {
    const none = setup({ db: null, root: null, localStorage: null })
    none.bus.publish(appStarted(), 'runner', 'page')
    await none.runner.settled()
    expect(none.facts()).toEqual([{ type: 'session.storedLoaded', stored: NO_STORED_SESSION }])

    const closed = new LobbyDb(`storage-test-${++dbCount}`)
    closed.close()
    const broken = setup({ db: closed, root: null, localStorage: null })
    broken.bus.publish(appStarted(), 'runner', 'page')
    broken.bus.publish({ type: 'session.persistRequested', stored: NO_STORED_SESSION }, 'actor', 'session')
    await broken.runner.settled()
    expect(broken.facts()).toEqual([{ type: 'session.storedLoaded', stored: NO_STORED_SESSION }])

    const db = await freshDb()
    await db.prefs.put({ key: PREF_KEYS.session, value: { userkey: 42 } })
    const malformed = setup({ db, root: null, localStorage: null })
    malformed.bus.publish(appStarted(), 'runner', 'page')
    await malformed.runner.settled()
    expect(malformed.facts()).toEqual([{ type: 'session.storedLoaded', stored: NO_STORED_SESSION }])
    db.close()
  })

  it('answers a key request with a generated key, a fresh one each time', () => {
    let n = 0
    const { notice, facts } = setup({ db: null, newKey: () => `key-${++n}`, root: null, localStorage: null })
    notice({ type: 'session.keyRequested' })
    notice({ type: 'session.keyRequested' })
    expect(facts()).toEqual([
      { type: 'session.keyGenerated', key: 'key-1' },
      { type: 'session.keyGenerated', key: 'key-2' },
    ])
    const real = setup({ db: null, root: null, localStorage: null })
    real.notice({ type: 'session.keyRequested' })
    real.notice({ type: 'session.keyRequested' })
    const keys = real.facts().map((e) => (e as { key: string }).key)
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/)
    expect(keys[0]).not.toBe(keys[1])
  })

  it('applies a language: stored for the next start, document lang, web.lobby. keys cleared', async () => {
    const db = await freshDb()
    const root = { lang: 'en-US' }
    const storage = new MemoryStorage()
    for (const k of [`${CLEARED_PREFIX}games`, `${CLEARED_PREFIX}notices`, 'web.lobbyx', 'other', 'lobby.web.lobby.']) storage.setItem(k, '1')
    const { notice, runner } = setup({ db, root, localStorage: storage })
    notice({ type: 'session.languageApplied', language: 'zh_CN' })
    await runner.settled()
    expect(root.lang).toBe('zh-CN')
    expect(storage.keys()).toEqual(['web.lobbyx', 'other', 'lobby.web.lobby.'])
    expect(await readPref(db, PREF_KEYS.language, (v): v is string => typeof v === 'string')).toBe('zh_CN')
    db.close()
  })

  it('runs without a DOM and survives a storage that throws', () => {
    expect(() => setup({ db: null }).notice({ type: 'session.languageApplied', language: 'pt_PT' })).not.toThrow()
    const throwing = { get length(): number { throw new Error('denied') }, key: () => null, removeItem: () => {} }
    expect(() => clearLobbyKeys(throwing)).not.toThrow()
    expect(bcp47('en_US')).toBe('en-US')
  })
})
