import { assign, setup } from 'xstate'
import { TOAST_DELAYS, initialContext, messageOf, withToast, withoutHead, type ToastsContext, type ToastsEvent } from './toasts.logic'

/**
 * Toasts (spec §9: 2 s each). One toast on screen at a time: `showing` holds the head of the queue
 * for 2 s (the `shown` delay on the actor clock, so it is a `clock.fired` fact in the log), then
 * drops it; the next one, if any, shows at once for its own 2 s. A toast asked for while another
 * shows waits its turn.
 *
 * Consumes: toast.requested, realtime.payOrderSucceeded (deposit received),
 *   realtime.withdrawOrderSucceeded (withdrawal paid out), realtime.registerSucceeded,
 *   games.warned (a game-lobby warning: lobby.game.fetchingPrize, club needs the app, favourite failed).
 * Emits: nothing.
 */
export const toastsMachine = setup({
  types: { context: {} as ToastsContext, events: {} as ToastsEvent },
  delays: { shown: TOAST_DELAYS.shown },
  guards: {
    hasToast: ({ context }) => context.queue.length > 0,
  },
  actions: {
    add: assign(({ context, event }) => withToast(context, messageOf(event))),
    dropHead: assign(({ context }) => withoutHead(context)),
  },
}).createMachine({
  id: 'toasts',
  context: initialContext,
  initial: 'idle',
  on: {
    'toast.requested': { actions: 'add' },
    'realtime.payOrderSucceeded': { actions: 'add' },
    'realtime.withdrawOrderSucceeded': { actions: 'add' },
    'realtime.registerSucceeded': { actions: 'add' },
    'games.warned': { actions: 'add' },
  },
  states: {
    idle: {
      always: { guard: 'hasToast', target: 'showing' },
    },
    showing: {
      after: { shown: { target: 'idle', actions: 'dropHead' } },
    },
  },
})
