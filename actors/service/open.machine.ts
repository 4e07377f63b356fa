import { assign, setup } from 'xstate'
import type { EventOfType } from '../../schemas/events'

/** Actor delays (ms): the customer-service delay before an agent chosen by the page opens (spec §constants). */
export const SERVICE_DELAYS = { open: 500 } as const

export interface ServiceOpenContext {
  /** The agent (its index in the online list) waiting for the delay, or null. */
  readonly waiting: number | null
  /** The agent to open now, numbered so a view opens each once (n 1, 2, ...), or null before any. */
  readonly due: { readonly index: number; readonly n: number } | null
}

/**
 * The service page's own opening of an agent (screens §2: questionListDisplay 1 goes straight to
 * the first online agent; the menu's popover names one with ?agent=): `service.agentChosen` waits
 * the customer-service delay (500 ms, on the actor clock: a `clock.fired` fact in the log), then
 * makes the agent `due`; the page opens it (its frame or a new window). A second choice during the
 * wait takes the first's place and waits anew.
 *
 * Consumes: service.agentChosen.
 * Emits: nothing.
 */
export const serviceOpenMachine = setup({
  types: { context: {} as ServiceOpenContext, events: {} as EventOfType<'service.agentChosen'> },
  delays: { open: SERVICE_DELAYS.open },
  actions: {
    wait: assign({ waiting: ({ event }) => event.index }),
    open: assign(({ context }) => ({ waiting: null, due: { index: context.waiting ?? 0, n: (context.due?.n ?? 0) + 1 } })),
  },
}).createMachine({
  id: 'serviceopen',
  context: { waiting: null, due: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'service.agentChosen': { target: 'waiting', actions: 'wait' } },
    },
    waiting: {
      on: { 'service.agentChosen': { target: 'waiting', reenter: true, actions: 'wait' } },
      after: { open: { target: 'idle', actions: 'open' } },
    },
  },
})
