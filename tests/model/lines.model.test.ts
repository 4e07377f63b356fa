import { describe, expect, it } from 'vitest'
import { and, assign, setup, type SnapshotFrom } from 'xstate'
import { LINES_DELAYS, linesMachine, type LinesEvent } from '../../actors/lines'
import type { EventOfType } from '../../schemas/events'
import { modelHarness, type DelayEvent, type StepCheck } from './harness'

// ---------------------------------------------------------------------------------------------
// The test model: the tester's rules written again over an abstract context. Two lines and the
// configured base; a round is the list of urls still to answer and why it was started. Answers
// are abstract (`answer` the next waiting line with a live or failed ping) and `drive` turns them
// into the real round's lines.pinged; time is the explicit `delay` event.

const BASE = 'http://hall.test/hall'
const L1 = 'http://l1.test/hall'
const L2 = 'http://l2.test/hall'
const LINES = [L1, L2]
const LIVE = 80
const SLOW = 700
const FAILED = 9999

type Purpose = 'start' | 'fallback' | 'retest' | 'menu'
interface ModelContext {
  readonly current: string
  readonly pings: Readonly<Record<string, number>>
  readonly purpose: Purpose | null
  readonly waiting: ReadonlyArray<string>
  readonly urls: ReadonlyArray<string>
  readonly menuOpen: boolean
  readonly selected: string | null
}
type Answer = { readonly type: 'answer'; readonly ms: number }
type Stale = { readonly type: 'staleAnswer' }
type ModelEvent =
  | Answer
  | Stale
  | DelayEvent
  | EventOfType<'app.started'>
  | EventOfType<'lines.menuOpened'>
  | EventOfType<'lines.lineSelected'>
  | EventOfType<'lines.confirmed'>
  | EventOfType<'lines.cancelled'>
  | EventOfType<'socket.opened'>

const alive = (ms: number | undefined) => ms !== undefined && ms !== FAILED && ms !== 0
const best = (c: ModelContext): string | null => {
  const live = c.urls.filter((u) => alive(c.pings[u]))
  return live.reduce<string | null>((b, u) => (b === null || (c.pings[u] ?? 0) < (c.pings[b] ?? 0) ? u : b), null)
}
const urlsFor = (c: ModelContext, p: Purpose): string[] => (p === 'start' || p === 'menu' ? LINES : [c.current])
const round = (c: ModelContext, p: Purpose) => ({ purpose: p, urls: urlsFor(c, p), waiting: urlsFor(c, p) })
const done = (c: ModelContext) => c.purpose !== null && c.waiting.length === 0

const initial: ModelContext = { current: '', pings: {}, purpose: null, waiting: [], urls: [], menuOpen: false, selected: null }

const linesModel = setup({
  types: { context: {} as ModelContext, events: {} as ModelEvent },
  guards: {
    startChose: ({ context: c }) => done(c) && c.purpose === 'start' && best(c) !== null,
    startFailed: ({ context: c }) => done(c) && c.purpose === 'start',
    done: ({ context: c }) => done(c),
    partial: ({ context: c }) => c.purpose === 'fallback' || c.purpose === 'retest',
    retestDue: ({ event }) => event.type === 'delay' && event.ms >= LINES_DELAYS.retest,
    menuOpen: ({ context: c }) => c.menuOpen,
    currentDown: ({ context: c }) => !alive(c.pings[c.current]),
    selectable: ({ context: c, event: e }) => e.type === 'lines.lineSelected' && LINES.includes(e.url) && alive(c.pings[e.url]),
  },
  actions: {
    start: assign(() => ({ ...initial, current: BASE, ...round({ ...initial, current: BASE }, 'start') })),
    round: assign(({ context: c }, p: Purpose) => round(c, p)),
    answer: assign(({ context: c, event: e }) => {
      const url = c.waiting[0]
      if (e.type !== 'answer' || url === undefined) return {}
      return { pings: { ...c.pings, [url]: e.ms }, waiting: c.waiting.slice(1) }
    }),
    choose: assign(({ context: c }) => ({ current: best(c) ?? c.current })),
    end: assign({ purpose: null, waiting: [], urls: [] }),
    openMenu: assign(({ context: c }) => ({ menuOpen: true, selected: c.current })),
    pick: assign(({ event: e }) => (e.type === 'lines.lineSelected' ? { selected: e.url } : {})),
    apply: assign(({ context: c }) => ({ current: c.selected ?? c.current, selected: null, menuOpen: false })),
    revert: assign({ selected: null, menuOpen: false }),
  },
}).createMachine({
  id: 'linesModel',
  context: initial,
  initial: 'idle',
  on: { 'app.started': { target: '.testing', reenter: true, actions: 'start' } },
  states: {
    idle: {},
    testing: {
      always: [
        { guard: 'startChose', target: 'watching', actions: ['choose', 'end'] },
        { guard: 'startFailed', actions: { type: 'round', params: 'fallback' } },
        { guard: 'done', target: 'watching', actions: 'end' },
      ],
      on: {
        answer: { actions: 'answer' },
        staleAnswer: {},
        // A round is already in flight: the socket coming back changes nothing.
        'socket.opened': {},
        'lines.menuOpened': [
          { guard: 'partial', actions: [{ type: 'round', params: 'menu' }, 'openMenu'] },
          { actions: 'openMenu' },
        ],
        'lines.lineSelected': { guard: 'selectable', actions: 'pick' },
        'lines.confirmed': { guard: 'menuOpen', actions: 'apply' },
        'lines.cancelled': { guard: 'menuOpen', actions: 'revert' },
      },
    },
    watching: {
      on: {
        delay: [
          // While the menu is open the retest times every line.
          { guard: and(['retestDue', 'menuOpen']), target: 'testing', actions: { type: 'round', params: 'menu' } },
          { guard: 'retestDue', target: 'testing', actions: { type: 'round', params: 'retest' } },
        ],
        staleAnswer: {},
        // The socket (re)connected while the line in use shows no live ping: time again at once,
        // every line while the menu is open; a live line waits for its round.
        'socket.opened': [
          { guard: and(['currentDown', 'menuOpen']), target: 'testing', actions: { type: 'round', params: 'menu' } },
          { guard: 'currentDown', target: 'testing', actions: { type: 'round', params: 'retest' } },
        ],
        'lines.menuOpened': { target: 'testing', actions: [{ type: 'round', params: 'menu' }, 'openMenu'] },
        'lines.lineSelected': { guard: 'selectable', actions: 'pick' },
        'lines.confirmed': { guard: 'menuOpen', actions: 'apply' },
        'lines.cancelled': { guard: 'menuOpen', actions: 'revert' },
      },
    },
  },
})

type ModelSnapshot = SnapshotFrom<typeof linesModel>

const started: EventOfType<'app.started'> = {
  type: 'app.started',
  appVersion: '0.1.0',
  site: { siteCode: '001', configApiBaseUrl: BASE, siteKey: 'k', languageCode: 'en_US', healthy: true, injected: { lines: LINES.map((url, i) => ({ url, title: `Line ${i + 1}` })) } },
  storedLanguage: null,
  device: 'desktop',
  viewport: { width: 1280, height: 800 },
  url: 'http://hall.test/',
}

const events = (s: ModelSnapshot): ModelEvent[] => {
  const c = s.context
  const out: ModelEvent[] = [{ type: 'staleAnswer' }, { type: 'delay', ms: LINES_DELAYS.retest }, { type: 'socket.opened', connection: 1 }]
  if (s.matches('idle')) out.push(started)
  if (c.waiting.length > 0) out.push({ type: 'answer', ms: LIVE }, { type: 'answer', ms: FAILED })
  if (!c.menuOpen) out.push({ type: 'lines.menuOpened' })
  else out.push({ type: 'lines.lineSelected', url: L1 }, { type: 'lines.lineSelected', url: L2 }, { type: 'lines.confirmed' }, { type: 'lines.cancelled' })
  return out
}

const realRound = (actor: { getSnapshot(): { context: { round: { id: string; waiting: ReadonlyArray<string> } | null } } }) =>
  actor.getSnapshot().context.round

/** Invariants on every step: what was emitted matches the model's change. */
const check = () => {
  let before: ModelContext | null = null
  return ({ model, real, emitted, step }: StepCheck<typeof linesMachine, typeof linesModel>) => {
    if (step === 0) before = null
    const m = model.context
    expect(real.context.current).toBe(m.current)
    expect(real.context.selected).toBe(m.selected)
    expect(real.matches({ running: { menu: 'open' } })).toBe(m.menuOpen)
    expect(real.context.round?.waiting ?? []).toEqual(m.waiting)
    const chosen = emitted.filter((e) => e.type === 'lines.baseChosen')
    const prev = before?.current ?? ''
    if (before !== null && prev !== '' && m.current !== prev) expect(chosen).toEqual([{ type: 'lines.baseChosen', url: m.current }])
    else expect(chosen).toEqual([])
    for (const r of emitted.filter((e) => e.type === 'lines.testRequested')) expect((r as unknown as { urls: string[] }).urls.length).toBeGreaterThan(0)
    before = m
  }
}

const harness = modelHarness({
  name: 'lines',
  machine: linesMachine,
  model: linesModel,
  events,
  check: check(),
  expectedValue: (m) => (m.matches('idle') ? 'idle' : { running: { test: m.matches('testing') ? 'testing' : 'watching', menu: m.context.menuOpen ? 'open' : 'closed' } }),
  drive: (event, { actor, clock }) => {
    if (event.type === 'delay') return clock.increment(event.ms)
    if (event.type === 'answer' || event.type === 'staleAnswer') {
      const r = realRound(actor)
      const url = r?.waiting[0] ?? L1
      const e: LinesEvent = { type: 'lines.pinged', round: event.type === 'answer' ? (r?.id ?? 'none') : 'lines-0', url, ms: event.type === 'answer' ? event.ms : LIVE }
      return actor.send(e)
    }
    actor.send(event)
  },
  limits: { simplePaths: 30 },
})

describe('lines actor, model-based', () => {
  it('follows the model on every generated path and covers every state and transition', () => {
    const report = harness.run()
    expect(report.states.uncovered).toEqual([])
    expect(report.transitions.uncovered).toEqual([])
    expect(report.branches.uncovered).toEqual([])
  })

  it('leaves a live line alone when the socket opens', () => {
    const { real, emitted } = harness.runEvents([started, { type: 'answer', ms: LIVE }, { type: 'answer', ms: LIVE }, { type: 'socket.opened', connection: 1 }])
    expect(real.context.round).toBeNull()
    // The start round's only.
    expect(emitted.filter((e) => e.type === 'lines.testRequested')).toHaveLength(1)
  })

  it('times the line in use at once when the socket reconnects, not 15 s later', () => {
    const { real, emitted } = harness.runEvents([started, { type: 'answer', ms: FAILED }, { type: 'answer', ms: FAILED }, { type: 'answer', ms: FAILED }, { type: 'socket.opened', connection: 2 }])
    expect(real.context.round?.purpose).toBe('retest')
    expect(emitted.filter((e) => e.type === 'lines.testRequested').at(-1)).toMatchObject({ urls: [BASE] })
  })

  it('switches to the fastest line at start and announces it once', () => {
    const { real, emitted } = harness.runEvents([started, { type: 'answer', ms: SLOW }, { type: 'answer', ms: LIVE }])
    expect(real.context.current).toBe(L2)
    expect(emitted.filter((e) => e.type === 'lines.baseChosen')).toEqual([{ type: 'lines.baseChosen', url: L2 }])
  })
})
