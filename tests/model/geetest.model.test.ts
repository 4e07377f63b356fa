import { describe, expect, it } from 'vitest'
import { createMachine, type AnyStateMachine, type SnapshotFrom } from 'xstate'
import { GEETEST_DELAYS, GEETEST_SECONDS, geetestMachine, type GeetestEvent } from '../../actors/geetest'
import { modelHarness, type DelayEvent } from './harness'

/**
 * The geetest restriction against a test model: the same states, its delays as explicit
 * `{ type: 'delay', ms }` events. A tick is a delay of a second; the block ends on a delay of the
 * whole 60 s (whatever tick is pending), and the model counts the seconds left as the real actor
 * does.
 */
type ModelEvent = GeetestEvent | DelayEvent
const tickDue = ({ event }: { event: ModelEvent }) => event.type === 'delay' && event.ms >= GEETEST_DELAYS.tick && event.ms < GEETEST_DELAYS.block
const blockDue = ({ event }: { event: ModelEvent }) => event.type === 'delay' && event.ms >= GEETEST_DELAYS.block

const cfg = geetestMachine.config as Record<string, any>
const model = createMachine(
  {
    ...cfg,
    states: {
      open: cfg.states.open,
      restricted: {
        entry: 'restrict',
        exit: 'lift',
        on: { delay: { guard: blockDue, target: 'open' } },
        initial: 'counting',
        states: { counting: { on: { delay: { guard: tickDue, target: 'counting', reenter: true, actions: 'tick' } } } },
      },
    },
  } as never,
  geetestMachine.implementations as never,
) as unknown as AnyStateMachine

const events = (s: SnapshotFrom<typeof geetestMachine>): ModelEvent[] => [
  { type: 'geetest.challengeFailed', attempt: 'login' },
  { type: 'geetest.challengeFailed', attempt: 'codeSend' },
  // A few ticks, then the end (the countdown's context is bounded this way).
  ...(s.context.left >= GEETEST_SECONDS - 1 ? [{ type: 'delay', ms: GEETEST_DELAYS.tick } as const] : []),
  { type: 'delay', ms: GEETEST_DELAYS.tick - 1 },
  { type: 'delay', ms: GEETEST_DELAYS.block },
]

describe('geetest model', () => {
  const harness = modelHarness({
    name: 'geetest',
    machine: geetestMachine,
    model,
    events: events as never,
    check: ({ real, emitted, model: m }) => {
      // Restricted exactly while seconds are left, announced on the way in and out.
      expect(real.context.left > 0).toBe(real.matches('restricted'))
      expect(real.context.left).toBeLessThanOrEqual(GEETEST_SECONDS)
      expect(real.context).toEqual(m.context)
      for (const e of emitted) {
        if (e.type === 'geetest.restricted') expect(e).toEqual({ type: 'geetest.restricted', seconds: GEETEST_SECONDS })
        else expect(e).toEqual({ type: 'geetest.lifted' })
      }
    },
  })

  it('covers every state, transition and branch', () => {
    const report = harness.run()
    expect(report.states.uncovered).toEqual([])
    expect(report.transitions.uncovered).toEqual([])
    expect(report.branches.uncovered).toEqual([])
  })

  it('counts 60 s down a second at a time and lifts the restriction at the end', () => {
    const { real, emitted } = harness.runEvents([
      { type: 'geetest.challengeFailed', attempt: 'codeSend' },
      { type: 'delay', ms: 1_000 },
      { type: 'delay', ms: 1_000 },
      // Another failure meanwhile changes nothing.
      { type: 'geetest.challengeFailed', attempt: 'login' },
    ] as never)
    expect([real.context.left, emitted]).toEqual([58, [{ type: 'geetest.restricted', seconds: 60 }]])
    const after = harness.runEvents([{ type: 'geetest.challengeFailed', attempt: 'login' }, { type: 'delay', ms: 60_000 }] as never)
    expect([after.real.value, after.real.context.left]).toEqual(['open', 0])
    expect(after.emitted.map((e) => e.type)).toEqual(['geetest.restricted', 'geetest.lifted'])
  })
})
