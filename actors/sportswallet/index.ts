import type { SnapshotFrom } from 'xstate'
import type { ActorSpec } from '../spec'
import { IN_GAME, sportsWalletMachine } from './sportswallet.machine'

/**
 * The sports-wallet actor: a signed-in player's sports wallet balance (provider 136), asked when
 * the sports page opens and by its refresh button; '-1' while the money is in a game.
 */
export const sportsWalletActor = {
  id: 'sportswallet',
  machine: sportsWalletMachine,
  consumes: ['session.loggedIn', 'session.loggedOut', 'games.sportsWalletRequested', 'hall.responded', 'hall.failed', 'games.balanceChanged'],
} as const satisfies ActorSpec

export { sportsWalletMachine, initialSportsWallet, SPORTS_WALLET_CALL, IN_GAME } from './sportswallet.machine'
export type { SportsWalletContext, SportsWalletEvent, SportsWalletEmitted } from './sportswallet.machine'

type SportsWalletSnapshot = SnapshotFrom<typeof sportsWalletMachine>

/** The sports wallet's balance, or null (a visitor, or before an answer). */
export const selectSportsBalance = (s: SportsWalletSnapshot): string | null => s.context.balance

/** The money is in a game: the balance is the in-game marker. */
export const selectSportsInGame = (s: SportsWalletSnapshot): boolean => s.context.balance === IN_GAME

/** A request is in flight (the refresh button waits). */
export const selectSportsLoading = (s: SportsWalletSnapshot): boolean => s.context.request !== null

/** Signed in: the wallet exists. */
export const selectSportsAvailable = (s: SportsWalletSnapshot): boolean => s.matches('player')

/** The last request failed. */
export const selectSportsFailed = (s: SportsWalletSnapshot): boolean => s.context.failed
