import { Schema } from 'effect'
import { toCached } from '../../actors/activities'
import { EventCategory } from '../../schemas/hall/calls/active'
import type { Bus } from '../bus/bus'
import { startKeptValue, type KeptValueRunner } from './kept'

/**
 * The event categories' cache runner (spec §9: event categories cached, 10 items each), in Dexie
 * prefs (PREF_KEYS.eventCategories):
 *
 * - the first `activities.opened` of a run reads what is kept and publishes `activities.cacheLoaded`
 *   (nothing when nothing readable or nothing kept): the list shows it before the hall answers;
 * - each answer of the categories (`hall.responded`, activeCategory) is kept, 10 activities a
 *   category and no red dot, written in order; what the hall said wins over anything kept, now
 *   and at the next visit.
 * Nothing is read at start: a visit that never opens the event centre never reads it.
 */
export interface ActivitiesCacheEnv {
  readonly load: () => Promise<unknown>
  readonly save: (list: ReadonlyArray<EventCategory>) => Promise<unknown>
}

const decodeKept = Schema.decodeUnknownExit(Schema.Array(EventCategory))
const decodeAnswer = Schema.decodeUnknownExit(Schema.Struct({ list: Schema.Array(EventCategory) }))

export const startActivitiesCacheRunner = (bus: Bus, env: ActivitiesCacheEnv): KeptValueRunner =>
  startKeptValue<ReadonlyArray<EventCategory>>(bus, {
    source: 'activities',
    load: env.load,
    save: env.save,
    readOn: 'activities.opened',
    decode: (raw) => {
      const exit = decodeKept(raw)
      return exit._tag === 'Success' && exit.value.length > 0 ? exit.value : null
    },
    loaded: (list) => (list === null ? null : { type: 'activities.cacheLoaded', list }),
    toKeep: (event) => {
      if (event.type !== 'hall.responded' || event.call !== 'activeCategory') return undefined
      const exit = decodeAnswer(event.data)
      return exit._tag === 'Success' ? toCached(exit.value.list) : undefined
    },
  })
