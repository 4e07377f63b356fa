import { describe, expect, it } from 'vitest'
import { assign, setup } from 'xstate'
import { modelHarness, ModelDivergence, type DelayEvent } from './harness'

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
