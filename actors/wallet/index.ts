import type { ActorSpec } from '../spec'
import { walletMachine } from './wallet.machine'

/**
 * The wallet actor: the one owner of the player's money. It takes every balance a hall answer
 * carries (`wallet.balanceReported`: the sign-in, the prize, rewards, transfers), refreshes it
 * (the refresh button, completed deposits and withdrawals), brings it back from a game with
 * RefreshGold, keeps the sports wallet (provider 136) and, later, the savings balance. It alone
 * interprets the in-game marker; views read it through its selectors.
 */
export const walletActor = {
  id: 'wallet',
  machine: walletMachine,
  consumes: [
    'session.loggedIn',
    'session.loggedOut',
    'wallet.balanceReported',
    'wallet.refreshRequested',
    'wallet.sportsRequested',
    'realtime.payOrderSucceeded',
    'realtime.withdrawOrderSucceeded',
    'realtime.walletChanged',
    'games.playStateChanged',
    'hall.responded',
    'hall.failed',
    'wallet.savingsReported',
  ],
} as const satisfies ActorSpec

/** The statechart. */
export { walletMachine } from './wallet.machine'
/** Its calls, its context and its one reading of the in-game marker. */
export { WALLET_CALLS, RECALL_PAYLOAD, READ_SOURCES, initialWallet, initialSports, readGold, sportsGoldOf, answerGoldOf, withGold } from './wallet.logic'
export type { Gold, PlayState, SavingsTerms, SportsWallet, WalletCall, WalletContext, WalletEvent, WalletEmitted } from './wallet.logic'
export * from './wallet.selectors'
