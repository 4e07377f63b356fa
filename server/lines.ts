/**
 * The network lines of the reference hall (screens doc §3 network line, §4 line tester). The hall
 * offers LINE_COUNT lines on its own origin: line n is the hall mounted again under /line/<n>, so
 * its API base is `<origin>/line/<n>/hall` and every hall call, op.json included, works through
 * it. Each line has its own added delay, set through the control surface (`line-delay`), so the
 * lobby's line tester times real requests that really differ.
 */
import { HALL_PREFIX } from '../schemas/hall/protocol'
import type { NetworkLine } from '../schemas/events/lines'
import type { HallState } from './state'

/** How many lines the hall offers. */
export const LINE_COUNT = 3

/** The path prefix of line n. */
export const linePrefix = (n: number): string => `/line/${n}`

/** The lines as the lobby is told about them (injected.lines of the site configuration). */
export const hallLines = (origin: string): ReadonlyArray<NetworkLine> =>
  Array.from({ length: LINE_COUNT }, (_, i) => ({ url: `${origin}${linePrefix(i + 1)}${HALL_PREFIX}`, title: `Line ${i + 1}` }))

/**
 * Line delays live in the hall state's latency overrides under a key no call path can take, so
 * `reset` clears them with the rest.
 */
const delayKey = (n: number): string => `line:${n}`

/** Sets the added delay of line n (0 removes it). */
export const setLineDelay = (state: HallState, n: number, ms: number): void => {
  if (ms === 0) state.latency.delete(delayKey(n))
  else state.latency.set(delayKey(n), ms)
}

/** The added delay of line n in ms. */
export const lineDelay = (state: HallState, n: number): number => state.latency.get(delayKey(n)) ?? 0

/** The line number of a request path under /line/<n>/hall, with the hall path after it; undefined otherwise. */
export const lineOfPath = (pathname: string): { line: number; path: string } | undefined => {
  const m = /^\/line\/(\d{1,2})(\/hall(?:\/.*)?)$/.exec(pathname)
  if (m === null) return undefined
  const line = Number(m[1])
  if (line < 1 || line > LINE_COUNT) return undefined
  return { line, path: (m[2] ?? '').slice(HALL_PREFIX.length) }
}
