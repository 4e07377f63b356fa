import { assign, enqueueActions, setup } from 'xstate'
import { GEETEST_DELAYS, GEETEST_SECONDS, initialGeetest, type GeetestContext, type GeetestEmitted, type GeetestEvent } from './geetest.logic'

/**
 * The geetest restriction (spec §4: after error_12 or error_01 a timestamp is saved and attempts
 * are blocked for 60 s; §8 GEETEST_RESTRICTED with the seconds left). A failed login or code send
 * reports its restricting error (`geetest.challengeFailed`); the restriction then lasts 60 s on
 * the bus clock, counting down a second at a time for the message, and is announced when it starts
 * and when it ends, so the session and the verification flow refuse attempts meanwhile. A failure
 * while restricted changes nothing (attempts are refused then).
 *
 * Consumes: geetest.challengeFailed.
 * Emits: geetest.restricted, geetest.lifted.
 */
export const geetestMachine = setup({
  types: { context: {} as GeetestContext, events: {} as GeetestEvent, emitted: {} as GeetestEmitted },
  delays: { block: GEETEST_DELAYS.block, tick: GEETEST_DELAYS.tick },
  actions: {
    restrict: enqueueActions(({ enqueue }) => {
      enqueue.assign({ left: GEETEST_SECONDS })
      enqueue.emit({ type: 'geetest.restricted', seconds: GEETEST_SECONDS })
    }),
    // The last second shows 1 until the block ends (the block's own delay ends it).
    tick: assign(({ context }) => ({ left: Math.max(1, context.left - 1) })),
    lift: enqueueActions(({ enqueue }) => {
      enqueue.assign({ left: 0 })
      enqueue.emit({ type: 'geetest.lifted' })
    }),
  },
}).createMachine({
  id: 'geetest',
  context: initialGeetest,
  initial: 'open',
  states: {
    open: { on: { 'geetest.challengeFailed': { target: 'restricted' } } },
    restricted: {
      entry: 'restrict',
      exit: 'lift',
      after: { block: { target: 'open' } },
      initial: 'counting',
      states: {
        counting: { after: { tick: { target: 'counting', reenter: true, actions: 'tick' } } },
      },
    },
  },
})
