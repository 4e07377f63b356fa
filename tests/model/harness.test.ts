import { describe, expect, it } from 'vitest'
import { assign, setup } from 'xstate'
import { modelHarness, ModelDivergence, pickAtRandom, type DelayEvent } from './harness'

// A tiny actor with a delay: start → waiting, after 1 s → done, cancel while waiting, reset when done.
const tiny = setup({
  types: { context: {} as { starts: number }, events: {} as { type: 'start' } | { type: 'cancel' } | { type: 'reset' } },
}).createMachine({
  id: 'tiny',
  context: { starts: 0 },
  initial: 'idle',
  states: {
    idle: { on: { start: { target: 'waiting', actions: assign({ starts: ({ context }) => context.starts + 1 }) } } },
    waiting: { after: { 1000: 'done' }, on: { cancel: 'idle' } },
    done: { on: { reset: 'idle' } },
  },
})

type TinyModelEvent = { type: 'start' } | { type: 'cancel' } | { type: 'reset' } | DelayEvent

// Its test model: the delay is an explicit event; the context is left out (it only counts).
const tinyModel = (delayTarget: 'done' | 'idle') =>
  setup({ types: { events: {} as TinyModelEvent } }).createMachine({
    id: 'tinyModel',
    initial: 'idle',
    states: {
      idle: { on: { start: 'waiting' } },
      waiting: { on: { delay: { guard: ({ event }) => event.ms >= 1000, target: delayTarget }, cancel: 'idle' } },
      done: { on: { reset: 'idle' } },
    },
  })

const allEvents: ReadonlyArray<TinyModelEvent> = [{ type: 'start' }, { type: 'cancel' }, { type: 'reset' }, { type: 'delay', ms: 1000 }]

describe('model harness', () => {
  it('runs a modelled delay on the real actor through the simulated clock', () => {
    const harness = modelHarness({ name: 'tiny', machine: tiny, model: tinyModel('done'), events: allEvents, log: false })
    const run = harness.runEvents([{ type: 'start' }, { type: 'delay', ms: 1000 }, { type: 'reset' }, { type: 'start' }])
    expect(run.real.value).toBe('waiting')
    expect(run.real.context.starts).toBe(2)
  })

  it('throws with the path written out step by step when the real actor diverges', () => {
    const harness = modelHarness({ name: 'tiny', machine: tiny, model: tinyModel('idle'), events: allEvents, log: false })
    let error: unknown
    try {
      harness.run()
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ModelDivergence)
    const message = (error as Error).message
    expect(message).toContain('model tiny: the real actor diverged from the model at step 2: expected "idle", real "done"')
    expect(message).toMatch(/✓ {2}0\. \(initial state\) {3}→ "idle"/)
    expect(message).toMatch(/✓ {2}1\. start {3}→ "waiting"/)
    expect(message).toMatch(/✗ {2}2\. delay \{"ms":1000\} {3}→ model "idle", real "done"/)
  })

  it('names the failing check and the path when a per-step assertion fails', () => {
    const harness = modelHarness({
      name: 'tiny',
      machine: tiny,
      model: tinyModel('done'),
      events: allEvents,
      log: false,
      check: ({ real }) => {
        if (real.value === 'done' && real.context.starts > 0) throw new Error('done is forbidden')
      },
    })
    expect(() => harness.run()).toThrow(/check failed at step 2: done is forbidden\n[^]*✗ {2}2\. delay/)
  })

  it('counts coverage over the real machine: every leaf state and every handler, after included', () => {
    const lines: string[] = []
    const report = modelHarness({ name: 'tiny', machine: tiny, model: tinyModel('done'), events: allEvents, log: (l) => lines.push(l) }).run()
    expect(report.states).toEqual({ covered: 3, total: 3, uncovered: [] })
    expect(report.transitions).toEqual({ covered: 4, total: 4, uncovered: [] })
    expect(report.line).toMatch(/^model tiny: states 3\/3, transitions 4\/4, branches 4\/4 \(paths \d+, steps \d+\)$/)
    expect(lines).toEqual([report.line])
  })

  it('lists what a poorer event set leaves uncovered', () => {
    const lines: string[] = []
    const report = modelHarness({
      name: 'tiny',
      machine: tiny,
      model: tinyModel('done'),
      events: [{ type: 'start' }, { type: 'delay', ms: 1000 }],
      log: (l) => lines.push(l),
    }).run()
    expect(report.states.covered).toBe(3)
    expect(report.transitions).toEqual({ covered: 2, total: 4, uncovered: ['#tiny.waiting on cancel', '#tiny.done on reset'] })
    expect(lines[0]).toContain('uncovered transitions:\n    #tiny.waiting on cancel\n    #tiny.done on reset')
  })

  it('refuses a test model with a delay of its own, which the graph cannot traverse', () => {
    expect(() => modelHarness({ name: 'tiny', machine: tiny, events: [{ type: 'start' }], log: false }).run()).toThrow(
      /After events on test machines are not supported/,
    )
  })
})

describe('paths bounded by coverage', () => {
  // Two self-loops on one state: one real leaf, two handlers; the model counts each event up to
  // 4, so it has 25 states and many paths, most of which cover nothing new.
  type AB = { type: 'a' } | { type: 'b' }
  const real = setup({ types: { context: {} as { a: number; b: number }, events: {} as AB } }).createMachine({
    id: 'ab',
    context: { a: 0, b: 0 },
    initial: 'on',
    states: { on: { on: { a: { actions: assign({ a: ({ context }) => context.a + 1 }) }, b: { actions: assign({ b: ({ context }) => context.b + 1 }) } } } },
  })
  const model = setup({ types: { context: {} as { a: number; b: number }, events: {} as AB } }).createMachine({
    id: 'ab',
    context: { a: 0, b: 0 },
    initial: 'on',
    states: {
      on: {
        on: {
          a: { guard: ({ context }) => context.a < 4, actions: assign({ a: ({ context }) => context.a + 1 }) },
          b: { guard: ({ context }) => context.b < 4, actions: assign({ b: ({ context }) => context.b + 1 }) },
        },
      },
    },
  })
  const spec = { name: 'ab', machine: real, model, events: [{ type: 'a' as const }, { type: 'b' as const }], log: false as const, limits: { simplePaths: 0, extraPaths: 3 } }

  it('stops once every state, transition and branch is covered and the extra random paths ran', () => {
    const generated = modelHarness(spec).paths().length
    const report = modelHarness(spec).run()
    expect(report.states.covered).toBe(report.states.total)
    expect(report.branches.covered).toBe(report.branches.total)
    const coveredAfter = Number(/covered after (\d+), then 3 at random/.exec(report.line)?.[1])
    expect(coveredAfter).toBeGreaterThanOrEqual(1)
    expect(report.paths).toBe(coveredAfter + 3)
    expect(report.skippedPaths).toBe(generated - report.paths)
    expect(report.skippedPaths).toBeGreaterThan(0)
  })

  it('runs every path with LOBBY_MODEL_ALL_PATHS=1', () => {
    process.env['LOBBY_MODEL_ALL_PATHS'] = '1'
    try {
      const report = modelHarness(spec).run()
      expect(report.skippedPaths).toBe(0)
      expect(report.paths).toBe(modelHarness(spec).paths().length)
    } finally {
      delete process.env['LOBBY_MODEL_ALL_PATHS']
    }
  })

  it('picks the same extra paths for the same seed, others for another, in their order', () => {
    const items = Array.from({ length: 100 }, (_, i) => i)
    const a = pickAtRandom(items, 10, 'lobby:x')
    expect(pickAtRandom(items, 10, 'lobby:x')).toEqual(a)
    expect(pickAtRandom(items, 10, 'other:x')).not.toEqual(a)
    expect(a).toHaveLength(10)
    expect(new Set(a).size).toBe(10)
    expect([...a].sort((x, y) => x - y)).toEqual(a)
    expect(pickAtRandom([1, 2], 5, 's')).toEqual([1, 2])
  })
})
