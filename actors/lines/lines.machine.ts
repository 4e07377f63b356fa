import { and, assign, enqueueActions, setup, stateIn } from 'xstate'
import type { EventOfType } from '../../schemas/events'
import { isNetworkLines, PING_FAILED, PING_UNTESTED, type NetworkLine } from '../../schemas/events/lines'

/**
 * The network-line tester (screens doc §4 network line; §5 the line list hides pings 9999 and 0;
 * §9 ping bands). At start it times the first 19 lines the site offers and switches the API base
 * to the fastest; when every one failed it times only the line in use. It times the line in use
 * again every 15 s (every line while the menu is open), and every line when the line menu opens.
 * In the menu a pick is provisional: confirm applies it, cancel reverts to the line in use.
 *
 * Two parallel regions once started: `test` (a timing round in flight, or watching until the next
 * one) and `menu` (the line-selection modal closed or open). A round is a `lines.testRequested`
 * notice answered by one `lines.pinged` fact per line; answers of an older round are ignored.
 *
 * When the realtime socket (re)connects (`socket.opened`) while the line in use shows no live
 * ping, that line (every line while the menu is open) is timed again at once, so an indicator that
 * showed a failure during an outage does not wait for the next 15 s round.
 *
 * Consumes: app.started, lines.pinged, lines.menuOpened, lines.lineSelected, lines.confirmed,
 *   lines.cancelled, socket.opened.
 * Emits: lines.testRequested, lines.baseChosen.
 */

/** How many lines are timed at start (spec §4: the first 19). */
export const START_LINES = 19

/** The tester's delays (spec §4: retest every 15 s). */
export const LINES_DELAYS = { retest: 15_000 } as const

/** Why a round was started; it decides what happens when the round is complete. */
export type RoundPurpose = 'start' | 'fallback' | 'retest' | 'menu'

/** A timing round in flight: its id, why, and the lines not answered yet. */
export interface Round {
  readonly id: string
  readonly purpose: RoundPurpose
  readonly urls: ReadonlyArray<string>
  readonly waiting: ReadonlyArray<string>
}

export interface LinesContext {
  /**
   * The rounds started so far, which make round ids (`lines-<n>`). Not the kit's request
   * bookkeeping (actors/kit/requests.ts), which is for hall calls: one `hall.requested` answered
   * once, by the host routing `hall.responded` or `hall.failed` to the asker. A round goes to the
   * lines runner, not the hall, and is answered many times, one `lines.pinged` per line it times,
   * each recorded as it comes, the round complete when no line is left to wait for; its id only
   * tells the pings of an older round apart (docs/adding-a-domain.md, 'Not request bookkeeping').
   */
  readonly roundCount: number
  /** Every line the site offers, in its order. */
  readonly lines: ReadonlyArray<NetworkLine>
  /** The API base in use (configApiBaseUrl until a line is chosen). */
  readonly current: string
  /** The last ping of each timed line by url: ms, 9999 failed; absent or 0 not timed. */
  readonly pings: Readonly<Record<string, number>>
  readonly round: Round | null
  /** The line picked in the open menu, applied on confirm. */
  readonly selected: string | null
}

export type LinesEvent =
  | EventOfType<'app.started'>
  | EventOfType<'lines.pinged'>
  | EventOfType<'lines.menuOpened'>
  | EventOfType<'lines.lineSelected'>
  | EventOfType<'lines.confirmed'>
  | EventOfType<'lines.cancelled'>
  | EventOfType<'socket.opened'>

type Emitted = EventOfType<'lines.testRequested'> | EventOfType<'lines.baseChosen'>

const initialContext: LinesContext = { roundCount: 0, lines: [], current: '', pings: {}, round: null, selected: null }

/** A ping that counts as an answer: neither failed nor untested. */
export const isAlive = (ms: number | undefined): ms is number => ms !== undefined && ms !== PING_FAILED && ms !== PING_UNTESTED

const unique = (urls: ReadonlyArray<string>): string[] => [...new Set(urls)]

/** The lines a round of this purpose times. */
export const roundUrls = (c: LinesContext, purpose: RoundPurpose): string[] => {
  const all = c.lines.map((l) => l.url)
  switch (purpose) {
    case 'start':
      return all.length === 0 ? [c.current] : unique(all.slice(0, START_LINES))
    case 'menu':
      return all.length === 0 ? [c.current] : unique(all)
    case 'fallback':
    case 'retest':
      return [c.current]
  }
}

/** The fastest line of a round: the lowest live ping, the first in the round's order on a tie; null when all failed. */
export const fastest = (urls: ReadonlyArray<string>, pings: Readonly<Record<string, number>>): string | null => {
  let best: string | null = null
  for (const url of urls) {
    const ms = pings[url]
    if (isAlive(ms) && (best === null || ms < (pings[best] ?? Infinity))) best = url
  }
  return best
}

const roundDone = (c: LinesContext): boolean => c.round !== null && c.round.waiting.length === 0
const isStart = (c: LinesContext): boolean => c.round?.purpose === 'start'

export const linesMachine = setup({
  types: { context: {} as LinesContext, events: {} as LinesEvent, emitted: {} as Emitted },
  delays: { retest: LINES_DELAYS.retest },
  guards: {
    isAnswer: ({ context: c, event: e }) => e.type === 'lines.pinged' && c.round?.id === e.round && c.round.waiting.includes(e.url),
    startChose: ({ context: c }) => roundDone(c) && isStart(c) && fastest(c.round?.urls ?? [], c.pings) !== null,
    startFailed: ({ context: c }) => roundDone(c) && isStart(c),
    roundDone: ({ context: c }) => roundDone(c),
    roundPartial: ({ context: c }) => c.round !== null && c.round.purpose !== 'start' && c.round.purpose !== 'menu',
    menuOpen: stateIn('#lines.running.menu.open'),
    currentDown: ({ context: c }) => !isAlive(c.pings[c.current]),
    selectable: ({ context: c, event: e }) =>
      e.type === 'lines.lineSelected' && c.lines.some((l) => l.url === e.url) && isAlive(c.pings[e.url]),
  },
  actions: {
    takeConfig: assign(({ context: c, event: e }) => {
      if (e.type !== 'app.started') return {}
      const lines = e.site.injected?.['lines']
      // The round counter survives a restart so a late answer can never match a new round.
      return { ...initialContext, roundCount: c.roundCount, lines: isNetworkLines(lines) ? lines : [], current: e.site.configApiBaseUrl }
    }),
    startRound: enqueueActions(({ context: c, enqueue }, purpose: RoundPurpose) => {
      const id = `lines-${c.roundCount + 1}`
      const urls = roundUrls(c, purpose)
      enqueue.assign({ roundCount: c.roundCount + 1, round: { id, purpose, urls, waiting: urls } })
      enqueue.emit({ type: 'lines.testRequested', round: id, urls })
    }),
    record: assign(({ context: c, event: e }) => {
      if (e.type !== 'lines.pinged' || c.round === null) return {}
      return { pings: { ...c.pings, [e.url]: e.ms }, round: { ...c.round, waiting: c.round.waiting.filter((u) => u !== e.url) } }
    }),
    chooseFastest: enqueueActions(({ context: c, enqueue }) => {
      const best = fastest(c.round?.urls ?? [], c.pings)
      if (best !== null && best !== c.current) {
        enqueue.assign({ current: best })
        enqueue.emit({ type: 'lines.baseChosen', url: best })
      }
    }),
    endRound: assign({ round: null }),
    pickCurrent: assign(({ context: c }) => ({ selected: c.current })),
    pick: assign(({ event: e }) => (e.type === 'lines.lineSelected' ? { selected: e.url } : {})),
    applyPick: enqueueActions(({ context: c, enqueue }) => {
      if (c.selected !== null && c.selected !== c.current) {
        enqueue.assign({ current: c.selected })
        enqueue.emit({ type: 'lines.baseChosen', url: c.selected })
      }
    }),
    dropPick: assign({ selected: null }),
  },
}).createMachine({
  id: 'lines',
  context: initialContext,
  initial: 'idle',
  on: {
    'app.started': { target: '.running', reenter: true, actions: ['takeConfig', { type: 'startRound', params: 'start' }] },
  },
  states: {
    idle: {},
    running: {
      type: 'parallel',
      on: {
        'lines.pinged': { guard: 'isAnswer', actions: 'record' },
      },
      states: {
        test: {
          initial: 'testing',
          states: {
            testing: {
              always: [
                { guard: 'startChose', target: 'watching', actions: ['chooseFastest', 'endRound'] },
                // Every line failed at start: time only the line in use (spec §4).
                { guard: 'startFailed', actions: { type: 'startRound', params: 'fallback' } },
                { guard: 'roundDone', target: 'watching', actions: 'endRound' },
              ],
              on: {
                // A round of the line in use only gives way to a round of every line; a start
                // or menu round already times them all.
                'lines.menuOpened': { guard: 'roundPartial', actions: { type: 'startRound', params: 'menu' } },
              },
            },
            watching: {
              after: {
                retest: [
                  { guard: 'menuOpen', target: 'testing', actions: { type: 'startRound', params: 'menu' } },
                  { target: 'testing', actions: { type: 'startRound', params: 'retest' } },
                ],
              },
              on: {
                'lines.menuOpened': { target: 'testing', actions: { type: 'startRound', params: 'menu' } },
                // The socket is back: the hall answers again, so the indicator is brought up to date now.
                'socket.opened': [
                  { guard: and(['currentDown', 'menuOpen']), target: 'testing', actions: { type: 'startRound', params: 'menu' } },
                  { guard: 'currentDown', target: 'testing', actions: { type: 'startRound', params: 'retest' } },
                ],
              },
            },
          },
        },
        menu: {
          initial: 'closed',
          states: {
            closed: {
              on: { 'lines.menuOpened': { target: 'open', actions: 'pickCurrent' } },
            },
            open: {
              on: {
                'lines.lineSelected': { guard: 'selectable', actions: 'pick' },
                'lines.confirmed': { target: 'closed', actions: ['applyPick', 'dropPick'] },
                'lines.cancelled': { target: 'closed', actions: 'dropPick' },
              },
            },
          },
        },
      },
    },
  },
})
