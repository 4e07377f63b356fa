import { describe, expect, it } from 'vitest'
import { createMachine, type AnyStateMachine, type SnapshotFrom, type StateValue } from 'xstate'
import { LAUNCH_DELAYS, lastGameMachine, type LastGameEvent } from '../../actors/games'
import { modelHarness, type DelayEvent } from './harness'

/**
 * The continue-last-game actor against a test model: the real states, the 1000 ms debounce as an
 * explicit `{ type: 'delay', ms }` event. The model splits the wait in two: 999 ms leaves it
 * 'almost' due (the real actor still debouncing), one more millisecond offers the popup; another
 * last game within the second restarts the wait from the start, a sign-in or sign-out cancels it.
 */
type ModelEvent = LastGameEvent | DelayEvent
const DUE = LAUNCH_DELAYS.continueGame

const cfg = lastGameMachine.config as Record<string, any>
const model = createMachine(
  {
    ...cfg,
    states: {
      quiet: cfg.states.quiet,
      debouncing: {
        on: {
          delay: [
            { guard: ({ event }: { event: DelayEvent }) => event.ms >= DUE, target: 'quiet', actions: 'offer' },
            { guard: ({ event }: { event: DelayEvent }) => event.ms === DUE - 1, target: 'almost' },
          ],
        },
      },
      almost: { on: { delay: { target: 'quiet', actions: 'offer' } } },
    },
  } as never,
  lastGameMachine.implementations as never,
) as unknown as AnyStateMachine

/** The model's 'almost' is the real actor still debouncing. */
const expectedValue = (m: SnapshotFrom<AnyStateMachine>): StateValue => (m.value === 'almost' ? 'debouncing' : m.value)

const found = (name: string): ModelEvent => ({ type: 'games.lastGameFound', lastGame: { gameName: name, gameId: '1', platfromId: 13, categoryId: 3 } })
const login: ModelEvent = { type: 'session.loggedIn', mode: 'normal', username: 'demo', accountType: 0, real: true, mustChangePassword: false }

describe('lastgame model', () => {
  const harness = modelHarness({
    name: 'lastgame',
    machine: lastGameMachine,
    model,
    events: [found('A'), found('B'), login, { type: 'session.loggedOut', reason: 'logout' }, { type: 'delay', ms: DUE - 1 }, { type: 'delay', ms: DUE }, { type: 'delay', ms: 1 }] as never,
    expectedValue: expectedValue as never,
    check: ({ emitted, event, model: m, real }) => {
      // The confirm is asked for exactly when the debounce runs out, with the last game found.
      const offered = emitted.filter((e) => e.type === 'games.popupRequested')
      if (event?.type !== 'delay') expect(offered).toEqual([])
      for (const o of offered) expect(o['popup']).toBe('continueLastGame')
      if (offered.length > 0) expect(m.value).toBe('quiet')
      if (real.matches('quiet')) expect(real.context.lastGame).toBeNull()
    },
  })

  it('covers every state, transition and branch', () => {
    const report = harness.run()
    expect(report.states.uncovered).toEqual([])
    expect(report.transitions.uncovered).toEqual([])
    expect(report.branches.uncovered).toEqual([])
  })

  it('another last game within the second restarts the wait: one offer, of the last one, 1000 ms after it', () => {
    const { emitted } = harness.runEvents([found('A'), { type: 'delay', ms: DUE - 1 }, login, found('B'), { type: 'delay', ms: DUE - 1 }, { type: 'delay', ms: 1 }] as never)
    expect(emitted.filter((e) => e.type === 'games.popupRequested')).toEqual([
      { type: 'games.popupRequested', popup: 'continueLastGame', props: { gameName: 'B', gameId: '1', platfromId: 13, categoryId: 3 } },
    ])
  })
})
