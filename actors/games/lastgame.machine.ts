import { assign, enqueueActions, setup } from 'xstate'
import type { EventOfType } from '../../schemas/events'

/**
 * The continue-last-game confirm (screens §2, §4; §9 continue-game debounce 1000 ms). When a real
 * player's sign-in prize answer names a last game (`games.lastGameFound`, from the launch), the
 * confirm is requested from the popup queue 1000 ms later; another one within the second restarts
 * the wait, and a sign-in or sign-out in between cancels it (the next sign-in's answer decides).
 * A game opening or playing cancels it too, and an answer that comes while one is open offers
 * nothing: the player is already in a game (the sign-in's prize answer can come after a launch
 * the player started meanwhile, and then names that very game).
 *
 * Consumes: games.lastGameFound, games.playStateChanged, session.loggedIn, session.loggedOut.
 * Emits: games.popupRequested.
 */

export type LastGameEvent =
  | EventOfType<'games.lastGameFound'>
  | EventOfType<'games.playStateChanged'>
  | EventOfType<'session.loggedIn'>
  | EventOfType<'session.loggedOut'>
export type LastGameEmitted = EventOfType<'games.popupRequested'>

export interface LastGameContext {
  /** The last game the confirm will offer (lastgameinfo), or null. */
  readonly lastGame: Readonly<Record<string, unknown>> | null
  /** A game is opening or playing. */
  readonly inGame: boolean
}

export const initialLastGame: LastGameContext = { lastGame: null, inGame: false }

/** The debounce (spec §9: continue-game debounce 1000 ms). */
export const LAUNCH_DELAYS = { continueGame: 1000 } as const

export const lastGameMachine = setup({
  types: { context: {} as LastGameContext, events: {} as LastGameEvent, emitted: {} as LastGameEmitted },
  delays: { continueGame: LAUNCH_DELAYS.continueGame },
  guards: {
    inLobby: ({ context }) => !context.inGame,
    gameStarts: ({ event }) => event.type === 'games.playStateChanged' && event.state !== 'lobby',
  },
  actions: {
    track: assign(({ event }) => (event.type === 'games.playStateChanged' ? { inGame: event.state !== 'lobby' } : {})),
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
    'games.lastGameFound': { guard: 'inLobby', target: '.debouncing', reenter: true, actions: 'keep' },
    'games.playStateChanged': [{ guard: 'gameStarts', target: '.quiet', actions: ['track', 'forget'] }, { actions: 'track' }],
    'session.loggedIn': { target: '.quiet', actions: 'forget' },
    'session.loggedOut': { target: '.quiet', actions: 'forget' },
  },
  states: {
    quiet: {},
    debouncing: { after: { continueGame: { target: 'quiet', actions: 'offer' } } },
  },
})
