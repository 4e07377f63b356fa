import { describe, expect, it } from 'vitest'
import { assign, setup, type SnapshotFrom } from 'xstate'
import {
  NOT_TODAY_CLOSE_MS, dueFrames, flagsOf, frameboxInitialContext, frameboxMachine, keep, markShown, toggleNotToday,
  type FrameboxContext, type FrameboxEvent,
} from '../../actors/framebox'
import type { Frame } from '../../schemas/hall/calls/site'
import { appStarted, siteConfig } from '../support/site-fixtures'
import { modelHarness, type DelayEvent, type StepCheck } from './harness'

// The test model: the frame box's states with the 0.5 s close as an explicit delay event. Which
// frames are due is the pure rule of framebox.logic (unit-tested on its own); the model owns the
// order of things: fetch, one frame at a time, close, not-today, link, login and day changes.

const frame = (id: number, frameType: 1 | 2 | 3 | 4): Frame => ({
  id, frameType, img_style: 4, img_url: '', img_color: '', img_icon: '', title: `f${id}`, publicity_name: '', content: '',
  location_type: 1, location_value: '', location_template: '', jump_window: 0,
})
const FRAMES: ReadonlyArray<Frame> = [frame(1, 1), frame(2, 2), frame(3, 4)]

type ModelEvent = FrameboxEvent | DelayEvent

const present = (c: FrameboxContext): Partial<FrameboxContext> => {
  const f = c.pending[0]
  if (f === undefined) return {}
  return {
    current: f,
    pending: c.pending.slice(1),
    history: keep(c.history, markShown(flagsOf(c.history, c.username, c.day), f)),
    loginSeen: f.frameType === 1 ? [...c.loginSeen, f.id] : c.loginSeen,
  }
}
const toggled = (c: FrameboxContext, id: number) => ({ history: keep(c.history, toggleNotToday(flagsOf(c.history, c.username, c.day), id)) })
const isFor = (c: FrameboxContext, e: ModelEvent) => (e.type === 'framebox.notTodayToggled' || e.type === 'framebox.linkClicked') && c.current?.id === e.frameId
const closed = (e: ModelEvent) => e.type === 'popup.closed' && e.popup === 'forcePopup'
const awaited = (c: FrameboxContext): string | null => c.requests.awaiting.frames ?? null
const answers = (c: FrameboxContext, e: ModelEvent) => (e.type === 'hall.responded' || e.type === 'hall.failed') && e.requestId === awaited(c)

const frameboxModel = setup({
  types: { context: {} as FrameboxContext, events: {} as ModelEvent },
  guards: {
    answers: ({ context, event }) => answers(context, event),
    hasPending: ({ context }) => context.pending.length > 0,
    isFor: ({ context, event }) => isFor(context, event),
    onNow: ({ context, event }) =>
      event.type === 'framebox.notTodayToggled' && isFor(context, event) && !flagsOf(context.history, context.username, context.day).notToday.includes(event.frameId),
    closed: ({ event }) => closed(event),
    due: ({ event }) => event.type === 'delay' && event.ms >= NOT_TODAY_CLOSE_MS,
  },
  actions: {
    profile: assign(({ event }) => (event.type === 'app.started' ? { byFrameCall: event.site.hallProfile?.frames === 'frame' } : {})),
    day: assign(({ event }) => (event.type === 'framebox.dayChanged' ? { day: event.day } : {})),
    loaded: assign(({ event }) => (event.type === 'framebox.historyLoaded' ? { history: event.history } : {})),
    signIn: assign(({ context, event }) =>
      event.type === 'session.loggedIn'
        ? { ...frameboxInitialContext, byFrameCall: context.byFrameCall, day: context.day, history: context.history, requests: { count: context.requests.count, awaiting: {} }, username: event.username, trial: !event.real }
        : {},
    ),
    signOut: assign(({ context }) => ({ ...frameboxInitialContext, byFrameCall: context.byFrameCall, day: context.day, history: context.history, requests: { count: context.requests.count, awaiting: {} } })),
    fetch: assign(({ context }) => ({ requests: { count: context.requests.count + 1, awaiting: { frames: `framebox-${context.requests.count + 1}` } } })),
    take: assign(({ context, event }) => ({ requests: { count: context.requests.count, awaiting: {} }, pending: event.type === 'hall.responded' ? dueFrames(context, FRAMES) : [] })),
    present: assign(({ context }) => present(context)),
    toggle: assign(({ context, event }) => (event.type === 'framebox.notTodayToggled' ? toggled(context, event.frameId) : {})),
    drop: assign({ current: null }),
  },
}).createMachine({
  id: 'frameboxModel',
  context: frameboxInitialContext,
  initial: 'idle',
  on: {
    'app.started': { actions: 'profile' },
    'framebox.dayChanged': { actions: 'day' },
    'framebox.historyLoaded': { actions: 'loaded' },
    'session.loggedIn': { target: '.idle', actions: 'signIn' },
    'session.loggedOut': { target: '.idle', actions: 'signOut' },
  },
  states: {
    idle: { on: { 'postlogin.framesStarted': { target: 'fetching', actions: 'fetch' } } },
    fetching: {
      on: {
        'hall.responded': { guard: 'answers', target: 'next', actions: 'take' },
        'hall.failed': { guard: 'answers', target: 'next', actions: 'take' },
      },
    },
    next: { always: [{ guard: 'hasPending', target: 'showing', actions: 'present' }, { target: 'idle', actions: 'drop' }] },
    showing: {
      on: {
        'popup.closed': { guard: 'closed', target: 'next' },
        'framebox.notTodayToggled': [{ guard: 'onNow', target: 'closingSoon', actions: 'toggle' }, { guard: 'isFor', actions: 'toggle' }],
        'framebox.linkClicked': { guard: 'isFor', target: 'leaving' },
      },
    },
    closingSoon: {
      on: {
        delay: { guard: 'due', target: 'leaving' },
        'popup.closed': { guard: 'closed', target: 'next' },
        'framebox.notTodayToggled': { guard: 'isFor', target: 'showing', actions: 'toggle' },
        'framebox.linkClicked': { guard: 'isFor', target: 'leaving' },
      },
    },
    leaving: { on: { 'popup.closed': { guard: 'closed', target: 'next' } } },
  },
})

type ModelSnapshot = SnapshotFrom<typeof frameboxModel>

const login = (username: string, real = true): ModelEvent => ({ type: 'session.loggedIn', mode: 'normal', username, accountType: real ? 0 : 1, real, mustChangePassword: false })

const samples = (s: ModelSnapshot): ReadonlyArray<ModelEvent> => {
  const c = s.context
  const id = awaited(c) ?? `framebox-${c.requests.count}`
  const cur = c.current?.id ?? 1
  const fresh = c.requests.count === 0 && c.username === ''
  return [
    // The default site's start (the frame-call profile's list is the unit test's: tests/unit/actors/profiles/frames.test.ts).
    ...(fresh && c.day === '' ? [appStarted({ site: siteConfig() }) as ModelEvent] : []),
    ...(c.day === '' ? [{ type: 'framebox.dayChanged', day: '2030-01-01' } as ModelEvent] : []),
    ...(c.day === '2030-01-01' ? [{ type: 'framebox.dayChanged', day: '2030-01-02' } as ModelEvent] : []),
    ...(fresh ? [{ type: 'framebox.historyLoaded', history: [{ username: 'p1', day: '2030-01-01', shownToday: [2], notToday: [], once: [3] }] } as ModelEvent] : []),
    ...(c.requests.count < 2 ? [login('p1')] : []),
    ...(c.username !== '' && c.requests.count > 0 ? [{ type: 'session.loggedOut', reason: 'logout' } as ModelEvent] : []),
    ...(c.requests.count < 2 && c.username !== '' ? [{ type: 'postlogin.framesStarted' } as ModelEvent] : []),
    { type: 'hall.responded', requestId: id, call: 'frameBoxIndex', data: { list: FRAMES } },
    { type: 'hall.failed', requestId: id, call: 'frameBoxIndex', error: { _tag: 'Network', message: 'offline' } },
    { type: 'hall.responded', requestId: 'stale', call: 'frameBoxIndex', data: { list: FRAMES } },
    { type: 'popup.closed', popup: 'forcePopup' },
    { type: 'framebox.notTodayToggled', frameId: cur },
    { type: 'framebox.linkClicked', frameId: cur },
    { type: 'delay', ms: NOT_TODAY_CLOSE_MS - 1 },
    { type: 'delay', ms: NOT_TODAY_CLOSE_MS },
  ]
}

/** Kept simple: the emitted events do not name their cause; a sign-in emits nothing. */
const emittedCause = (emitted: ReadonlyArray<{ type: string }>): string | undefined => (emitted.length === 0 ? 'session.loggedIn' : undefined)

const invariants = () => {
  let before: ModelSnapshot | null = null
  return ({ real, model, emitted, step }: StepCheck<typeof frameboxMachine, typeof frameboxModel>) => {
    if (step === 0) before = null
    expect(real.context).toEqual(model.context)
    const requested = emitted.filter((e) => e.type === 'framebox.popupRequested')
    const dismissed = emitted.filter((e) => e.type === 'framebox.popupDismissed')
    const finished = emitted.filter((e) => e.type === 'framebox.finished')
    if (before !== null) {
      const was = String(before.value)
      const is = String(model.value)
      // A frame is asked for exactly when one is presented, one at a time.
      const presented = model.context.current !== null && model.context.current !== before.context.current
      expect(requested.length).toBe(presented ? 1 : 0)
      // The popup is dismissed exactly when the frame box decides to leave.
      expect(dismissed.length).toBe(is === 'leaving' && was !== 'leaving' ? 1 : 0)
      // Finished exactly when a round ends with nothing more to show (not when a sign-in resets it).
      const roundEnded = was !== 'idle' && is === 'idle' && step > 0 && !['session.loggedIn', 'session.loggedOut'].includes(String(emittedCause(emitted)))
      if (finished.length > 0) expect(roundEnded).toBe(true)
    }
    before = model
  }
}

const framebox = modelHarness({
  name: 'framebox',
  machine: frameboxMachine,
  model: frameboxModel,
  events: samples,
  check: invariants(),
  limits: { traversal: 200_000, paths: 20_000 },
})

describe('framebox actor model', () => {
  it('follows the model on every generated path and covers every state and transition', () => {
    const report = framebox.run()
    expect(report.states.uncovered).toEqual([])
    expect(report.transitions.uncovered).toEqual([])
    expect(report.branches.uncovered).toEqual([])
    expect(report.droppedPaths).toBe(0)
  })

  it('a login, a day, a first round: login, day and one-time frames in order; a second login the same day: only the login frame', () => {
    const round = (n: number): ModelEvent[] => [
      { type: 'postlogin.framesStarted' },
      { type: 'hall.responded', requestId: `framebox-${n}`, call: 'frameBoxIndex', data: { list: FRAMES } },
    ]
    const close: ModelEvent = { type: 'popup.closed', popup: 'forcePopup' }
    const { emitted } = framebox.runEvents([
      { type: 'framebox.dayChanged', day: '2030-01-01' }, login('p1'), ...round(1), close, close, close,
      login('p1'), ...round(2), close,
      { type: 'framebox.dayChanged', day: '2030-01-02' }, login('p1'), ...round(3), close, close,
    ])
    const shown = emitted.filter((e) => e.type === 'framebox.popupRequested').map((e) => (e as unknown as { props: { frame: Frame } }).props.frame.id)
    expect(shown).toEqual([1, 2, 3, 1, 1, 2])
    expect(emitted.filter((e) => e.type === 'framebox.finished')).toHaveLength(3)
  })
})
