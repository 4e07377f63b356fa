import { assign, enqueueActions, setup } from 'xstate'
import type { EventOfType } from '../../schemas/events'
import { SPORTS_PLATFORM } from '../../schemas/hall/calls/games'

/**
 * The sports wallet (screens §2: a sport-wallet header shows the sports wallet balance, provider
 * 136, with refresh; 'money in game' when the balance is the in-game marker). A signed-in player's
 * sports page asks for it (`games.sportsWalletRequested`, on opening and by the refresh button):
 * /gameapi/getBalanceList {platformId: 136}. A newer request supersedes one in flight; a sign-in
 * or sign-out forgets the balance. A visitor has no wallet: nothing is asked.
 *
 * When the money comes back from a game (`games.balanceChanged` with a balance) while the wallet
 * shows it in a game, or while an answer is awaited that may predate the return, it asks again.
 *
 * Consumes: session.loggedIn, session.loggedOut, games.sportsWalletRequested, hall.responded, hall.failed,
 * games.balanceChanged.
 * Emits: hall.requested.
 */

export type SportsWalletEvent =
  | EventOfType<'session.loggedIn'>
  | EventOfType<'session.loggedOut'>
  | EventOfType<'games.sportsWalletRequested'>
  | EventOfType<'hall.responded'>
  | EventOfType<'hall.failed'>
  | EventOfType<'games.balanceChanged'>
export type SportsWalletEmitted = EventOfType<'hall.requested'>

export const SPORTS_WALLET_CALL = 'getBalanceList'
/** The in-game marker (spec §4: game_gold is -1 while in game). */
export const IN_GAME = '-1'

export interface SportsWalletContext {
  readonly requestCount: number
  readonly request: string | null
  /** The sports wallet's balance ('-1': the money is in a game), or null before an answer. */
  readonly balance: string | null
  /** The last request failed. */
  readonly failed: boolean
}

export const initialSportsWallet: SportsWalletContext = { requestCount: 0, request: null, balance: null, failed: false }

const balanceOf = (data: unknown): string | null => {
  const list = (data as { list?: unknown } | null)?.list
  if (!Array.isArray(list)) return null
  const entry = list.find((e): e is { platformId: number; balance: string } => typeof e === 'object' && e !== null && e.platformId === SPORTS_PLATFORM && typeof e.balance === 'string')
  return entry?.balance ?? null
}

export const sportsWalletMachine = setup({
  types: { context: {} as SportsWalletContext, events: {} as SportsWalletEvent, emitted: {} as SportsWalletEmitted },
  guards: {
    moneyBack: ({ context, event }) =>
      event.type === 'games.balanceChanged' && event.game_gold !== IN_GAME && (context.balance === IN_GAME || context.request !== null),
    answer: ({ context, event }) => (event.type === 'hall.responded' || event.type === 'hall.failed') && context.request !== null && event.requestId === context.request,
  },
  actions: {
    forget: assign({ request: null, balance: null, failed: false }),
    ask: enqueueActions(({ context: c, enqueue }) => {
      const requestId = `sportswallet-${c.requestCount + 1}`
      enqueue.assign({ requestCount: c.requestCount + 1, request: requestId })
      enqueue.emit({ type: 'hall.requested', requestId, call: SPORTS_WALLET_CALL, payload: { platformId: SPORTS_PLATFORM } })
    }),
    take: assign(({ event }) => {
      const balance = event.type === 'hall.responded' ? balanceOf(event.data) : null
      return balance === null ? { request: null, failed: true } : { request: null, balance, failed: false }
    }),
  },
}).createMachine({
  id: 'sportswallet',
  context: initialSportsWallet,
  initial: 'visitor',
  on: {
    // A new sign-in starts afresh (a request in flight for the previous one is forgotten).
    'session.loggedIn': { target: '.player', reenter: true, actions: 'forget' },
    'session.loggedOut': { target: '.visitor', actions: 'forget' },
  },
  states: {
    visitor: {},
    player: {
      initial: 'idle',
      on: {
        'games.sportsWalletRequested': { target: '.loading', actions: 'ask' },
        'games.balanceChanged': { guard: 'moneyBack', target: '.loading', actions: 'ask' },
      },
      states: {
        idle: {},
        loading: {
          on: {
            'hall.responded': { guard: 'answer', target: 'idle', actions: 'take' },
            'hall.failed': { guard: 'answer', target: 'idle', actions: 'take' },
          },
        },
      },
    },
  },
})
