import 'fake-indexeddb/auto'
import { createActor } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import { cachedCategoriesActor } from '../../../actors/activities'
import type { EventCategory } from '../../../schemas/hall/calls/active'
import { Bus, type BusRecord } from '../../../src/bus/bus'
import { startActivitiesCacheRunner } from '../../../src/effects/activities'
import { openDb } from '../../../src/store/db'
import { PREF_KEYS, readPref, writePref } from '../../../src/store/prefs'

let dbCount = 0

const summary = (activeId: number, redDot: 0 | 1 = 0) => ({
  activeId, type: 10 as const, template: `t-${activeId}`, title: `Activity ${activeId}`, imgId: '', imgUrl: '', startTime: '2026-01-01 00:00:00',
  endTime: '2030-12-31 00:00:00', period: 1 as const, status: 1 as const, sort: activeId, redDot,
})
const category = (categoryId: number, sortNumber: number, n: number): EventCategory => ({
  categoryId, categoryName: `Category ${categoryId}`, sortNumber, activeList: Array.from({ length: n }, (_, i) => summary(categoryId * 100 + i, i === 0 ? 1 : 0)),
})

/** The runner on a bus without actors, the categories kept in a Dexie database of its own. */
const setup = async () => {
  const db = await openDb(`activities-cache-test-${++dbCount}`)
  const bus = new Bus({ now: () => 0, onInvalid: 'throw' })
  const records: BusRecord[] = []
  bus.records$.subscribe((r) => records.push(r))
  const loads: Array<Promise<unknown>> = []
  const runner = startActivitiesCacheRunner(bus, {
    load: () => {
      const read = readPref(db, PREF_KEYS.eventCategories, (v): v is unknown => v !== undefined)
      loads.push(read)
      return read
    },
    save: (list) => writePref(db, PREF_KEYS.eventCategories, list),
  })
  const loaded = () => records.filter((r) => r.event.type === 'activities.cacheLoaded').map((r) => r.event)
  /** Every read the runner made, settled (and what it published after it). */
  const reads = async () => {
    await Promise.all(loads)
    await Promise.resolve()
    return loads.length
  }
  return { db, bus, runner, loaded, reads }
}

describe('the event categories kept on the device (spec §9: 10 items each)', () => {
  it('keeps the first 10 activities of each category from the hall’s answer, without red dots, and reads them when the event centre opens', async () => {
    const first = await setup()
    first.bus.publish({ type: 'hall.responded', requestId: 'eventcats-1', call: 'activeCategory', data: { list: [category(2, 2, 3), category(1, 1, 14)] } }, 'runner', 'hall')
    await first.runner.settled()
    const kept = (await readPref(first.db, PREF_KEYS.eventCategories, (v): v is EventCategory[] => Array.isArray(v)))!
    expect(kept.map((c) => [c.categoryId, c.activeList.length])).toEqual([[2, 3], [1, 10]])
    expect(kept[1]!.activeList.map((a) => a.activeId)).toEqual([100, 101, 102, 103, 104, 105, 106, 107, 108, 109])
    expect(kept.flatMap((c) => c.activeList).every((a) => a.redDot === 0)).toBe(true)
    first.runner.stop()

    // The next visit (the same database): nothing is read until the event centre opens, then once.
    const next = await setup()
    await next.runner.settled()
    expect(next.loaded()).toEqual([])
    await writePref(next.db, PREF_KEYS.eventCategories, kept)
    next.bus.publish({ type: 'activities.opened' }, 'view', 'events')
    await vi.waitFor(() => expect(next.loaded()).toHaveLength(1))
    next.bus.publish({ type: 'activities.opened' }, 'view', 'events')
    expect(await next.reads()).toBe(1)
    expect(next.loaded()).toHaveLength(1)

    // The actor the list reads holds them, by sort number, until the hall's answer replaces them.
    const actor = createActor(cachedCategoriesActor.machine).start()
    actor.send(next.loaded()[0]!)
    expect(cachedCategoriesActor.view(actor.getSnapshot()).map((c) => [c.categoryId, c.activeList.length])).toEqual([[1, 10], [2, 3]])
  })

  it('publishes nothing when nothing readable is kept', async () => {
    const s = await setup()
    await writePref(s.db, PREF_KEYS.eventCategories, [{ categoryId: 'x' }])
    s.bus.publish({ type: 'activities.opened' }, 'view', 'events')
    expect(await s.reads()).toBe(1)
    expect(s.loaded()).toEqual([])
  })
})
