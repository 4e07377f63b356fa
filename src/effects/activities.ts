import { Schema } from 'effect'
import { toCached } from '../../actors/activities'
import type { LobbyEvent } from '../../schemas/events'
import { EventCategory } from '../../schemas/hall/calls/active'
import type { Bus } from '../bus/bus'

/**
 * The event categories' cache runner (spec §9: event categories cached, 10 items each), in Dexie
 * prefs (PREF_KEYS.eventCategories):
 *
 * - the first `activities.opened` of a run reads what is kept and publishes `activities.cacheLoaded`
 *   (nothing when nothing readable or nothing kept): the list shows it before the hall answers;
 * - each answer of the categories (`hall.responded`, activeCategory) is kept, 10 activities a
 *   category and no red dot, written in order.
 * Nothing is read at start: a visit that never opens the event centre never reads it.
 */
export interface ActivitiesCacheEnv {
  readonly load: () => Promise<unknown>
  readonly save: (list: ReadonlyArray<EventCategory>) => Promise<unknown>
}

const decode = Schema.decodeUnknownExit(Schema.Array(EventCategory))

export const startActivitiesCacheRunner = (bus: Bus, env: ActivitiesCacheEnv): { stop: () => void; settled: () => Promise<void> } => {
  let loaded = false
  let stopped = false
  let writes: Promise<unknown> = Promise.resolve()
  const handle = (event: LobbyEvent) => {
    if (event.type === 'activities.opened' && !loaded) {
      loaded = true
      void env.load().then(
        (raw) => {
          const exit = decode(raw)
          if (!stopped && exit._tag === 'Success' && exit.value.length > 0) bus.publish({ type: 'activities.cacheLoaded', list: exit.value }, 'runner', 'activities')
        },
        () => undefined,
      )
    } else if (event.type === 'hall.responded' && event.call === 'activeCategory') {
      const exit = Schema.decodeUnknownExit(Schema.Struct({ list: Schema.Array(EventCategory) }))(event.data)
      if (exit._tag !== 'Success') return
      // The hall answered: what it said wins over anything kept, now and at the next visit.
      loaded = true
      const kept = toCached(exit.value.list)
      writes = writes.then(() => env.save(kept)).catch(() => undefined)
    }
  }
  const sub = bus.records$.subscribe((record) => handle(record.event))
  return {
    stop: () => {
      stopped = true
      sub.unsubscribe()
    },
    settled: () => writes.then(() => undefined),
  }
}
