import { Schema } from 'effect'
import { FrameHistory } from '../../schemas/events/framebox'
import type { Bus } from '../bus/bus'
import { startKeptValue } from './kept'

/**
 * The frame-box runner (screens §4 force pop-up, §9 frame box keeps 5): the day and the kept
 * flags, so that the frame-box actor reads no clock and no storage.
 *
 * - after `app.started` it publishes `framebox.historyLoaded` (the flags of the last 5 users from
 *   Dexie prefs; anything unreadable is no flags) and `framebox.dayChanged` with today's date in
 *   the player's time zone, and publishes the next day when midnight passes;
 * - `framebox.historyChanged` is written back.
 *
 * The test hook: `day.set('2031-01-02')` (in the page: `window.__lobbyDay.set(...)`, installed
 * by the composition root only in a dev build or under a dev or test hall, see installsDayHook) makes the runner use that day from now on and publishes it at once,
 * as if midnight had passed; `day.clear()` goes back to the clock. Browser tests use it to see a
 * day frame come back on the next day.
 */

/**
 * Whether the page installs the day hook (window.__lobbyDay): in a dev build, or when the hall
 * serving the page is in dev or test mode (it injects `testHooks: true`); never in production.
 */
export const installsDayHook = (site: { readonly testHooks?: boolean }, devBuild: boolean): boolean => devBuild || site.testHooks === true

/** The Dexie prefs key of the kept frame-box flags. */
export const FRAMEBOX_PREF_KEY = 'frameBox'

export interface FrameboxEnv {
  readonly load: () => Promise<unknown>
  readonly save: (history: FrameHistory) => Promise<unknown>
  /** The wall clock (ms). */
  readonly now: () => number
  /** Timers for the midnight roll-over (default: setTimeout). */
  readonly setTimer?: (fn: () => void, ms: number) => () => void
}

export interface DayHook {
  set(day: string): void
  clear(): void
}

/** The local calendar day of a time, YYYY-MM-DD. */
export const localDay = (ms: number): string => {
  const d = new Date(ms)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

/** Milliseconds from a time to the next local midnight. */
export const msToMidnight = (ms: number): number => {
  const d = new Date(ms)
  const next = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1)
  return Math.max(1, next.getTime() - ms)
}

const decode = Schema.decodeUnknownExit(FrameHistory)

const defaultTimer = (fn: () => void, ms: number): (() => void) => {
  const id = setTimeout(fn, ms)
  return () => clearTimeout(id)
}

export const startFrameboxRunner = (bus: Bus, env: FrameboxEnv): { stop: () => void; day: DayHook } => {
  const setTimer = env.setTimer ?? defaultTimer
  let override: string | null = null
  let started = false
  let stopped = false
  let cancel: () => void = () => {}
  const today = () => override ?? localDay(env.now())
  const publishDay = () => {
    if (!stopped) bus.publish({ type: 'framebox.dayChanged', day: today() }, 'runner', 'framebox')
  }
  const schedule = () => {
    cancel()
    cancel = setTimer(() => {
      publishDay()
      schedule()
    }, msToMidnight(env.now()))
  }
  const sub = bus.records$.subscribe(({ event }) => {
    if (event.type !== 'app.started' || started) return
    started = true
    publishDay()
    schedule()
  })
  const history = startKeptValue<FrameHistory>(bus, {
    source: 'framebox',
    load: env.load,
    save: env.save,
    readOn: 'app.started',
    decode: (raw) => {
      const exit = decode(raw ?? [])
      return exit._tag === 'Success' && exit.value.length > 0 ? exit.value : null
    },
    loaded: (kept) => (kept === null ? null : { type: 'framebox.historyLoaded', history: kept }),
    toKeep: (event) => (event.type === 'framebox.historyChanged' ? event.history : undefined),
  })
  return {
    stop: () => {
      stopped = true
      cancel()
      sub.unsubscribe()
      history.stop()
    },
    day: {
      set: (day) => {
        override = day
        publishDay()
      },
      clear: () => {
        override = null
        publishDay()
      },
    },
  }
}
