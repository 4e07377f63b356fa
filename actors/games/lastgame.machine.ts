import { assign, enqueueActions, setup } from 'xstate'
import type { EventOfType } from '../../schemas/events'

/**
 * The continue-last-game confirm (screens §2, §4; §9 continue-game debounce 1000 ms). When a real
 * player's sign-in prize answer names a last game (`games.lastGameFound`, from the launch), the
 * confirm is requested from the popup queue 1000 ms later; another one within the second restarts
 * the wait, and a sign-in or sign-out in between cancels it (the next sign-in's answer decides).
 *
 * Consumes: games.lastGameFound, session.loggedIn, session.loggedOut.
 * Emits: games.popupRequested.
 */

export type LastGameEvent = EventOfType<'games.lastGameFound'> | EventOfType<'session.loggedIn'> | EventOfType<'session.loggedOut'>
export type LastGameEmitted = EventOfType<'games.popupRequested'>

export interface LastGameContext {
  /** The last game the confirm will offer (lastgameinfo), or null. */
  readonly lastGame: Readonly<Record<string, unknown>> | null
}

export const initialLastGame: LastGameContext = { lastGame: null }

/** The debounce (spec §9: continue-game debounce 1000 ms). */
export const LAUNCH_DELAYS = { continueGame: 1000 } as const

export const lastGameMachine = setup({
  types: { context: {} as LastGameContext, events: {} as LastGameEvent, emitted: {} as LastGameEmitted },
  delays: { continueGame: LAUNCH_DELAYS.continueGame },
  actions: {
    keep: assign(({ event }) => (event.type === 'games.lastGameFound' ? { lastGame: event.lastGame } : {})),
    forget: assign({ lastGame: null }),
    offer: enqueueActions(({ context, enqueue }) => {
      if (context.lastGame !== null) enqueue.emit({ type: 'games.popupRequested', popup: 'continueLastGame', props: { ...context.lastGame } })
      enqueue.assign({ lastGame: null })
    }),
  },
}).createMachine({
  id: 'lastgame',
  context: initialLastGame,
  initial: 'quiet',
  on: {
    'games.lastGameFound': { target: '.debouncing', reenter: true, actions: 'keep' },
    'session.loggedIn': { target: '.quiet', actions: 'forget' },
    'session.loggedOut': { target: '.quiet', actions: 'forget' },
  },
  states: {
    quiet: {},
    debouncing: { after: { continueGame: { target: 'quiet', actions: 'offer' } } },
  },
})
