import type { SnapshotFrom } from 'xstate'
import { PING_FAILED, PING_UNTESTED } from '../../schemas/events/lines'
import { isAlive, type LinesContext, type linesMachine } from './lines.machine'

type LinesSnapshot = SnapshotFrom<typeof linesMachine>

/** The colour band of a ping (spec §9): green up to 500 ms, yellow above 500, red above 1000; failed 9999; untested 0. */
export type PingBand = 'green' | 'yellow' | 'red' | 'failed' | 'untested'

/** The band of a ping in ms. */
export const pingBand = (ms: number | undefined): PingBand => {
  if (ms === undefined || ms === PING_UNTESTED) return 'untested'
  if (ms === PING_FAILED) return 'failed'
  if (ms > 1000) return 'red'
  if (ms > 500) return 'yellow'
  return 'green'
}

/** A line as the header and the menu show it. */
export interface LineView {
  readonly url: string
  readonly title: string
  /** The last ping in ms; 0 not timed, 9999 failed. */
  readonly ping: number
  readonly band: PingBand
}

/** The line-selection menu: whether it is open, whether every line is being timed, and the lines it lists. */
export interface LineMenuView {
  readonly open: boolean
  readonly testing: boolean
  /** The lines with a live ping, in the site's order (spec §5: the list hides 9999 and 0). */
  readonly items: ReadonlyArray<LineView & { readonly selected: boolean }>
  /** The picked line (the line in use until the player picks another). */
  readonly selected: string | null
}

const lineView = (c: LinesContext, url: string): LineView => {
  const ping = c.pings[url] ?? PING_UNTESTED
  const title = c.lines.find((l) => l.url === url)?.title ?? ''
  return { url, title, ping, band: pingBand(ping) }
}

const currentCache = new WeakMap<LinesContext, LineView>()
const menuCache = new WeakMap<LinesContext, { open: boolean; testing: boolean; view: LineMenuView }>()

/** The line in use, with its last ping and band (the header's line indicator). */
export const selectCurrentLine = (s: LinesSnapshot): LineView => {
  let v = currentCache.get(s.context)
  if (v === undefined) {
    v = lineView(s.context, s.context.current)
    currentCache.set(s.context, v)
  }
  return v
}

/** Whether a timing round is in flight. */
export const selectLinesTesting = (s: LinesSnapshot): boolean => s.matches({ running: { test: 'testing' } })

/** The line-selection menu, computed once per context so views get the same object until it changes. */
export const selectLineMenu = (s: LinesSnapshot): LineMenuView => {
  const open = s.matches({ running: { menu: 'open' } })
  const testing = selectLinesTesting(s)
  const cached = menuCache.get(s.context)
  if (cached !== undefined && cached.open === open && cached.testing === testing) return cached.view
  const c = s.context
  const items = c.lines
    .filter((l) => isAlive(c.pings[l.url]))
    .map((l) => ({ ...lineView(c, l.url), selected: l.url === c.selected }))
  const view: LineMenuView = { open, testing, items, selected: c.selected }
  menuCache.set(c, { open, testing, view })
  return view
}
