import { defineEvent } from '../event'

/**
 * The balance (spec §2 header balance with refresh; §4 socket: a deposit or a withdrawal refreshes
 * it). The balance is the signed-in user's game_gold, which the session actor holds; it refreshes it
 * with /home/prize when the player asks and when the socket reports a completed deposit or
 * withdrawal (`realtime.payOrderSucceeded`, `realtime.withdrawOrderSucceeded`). The wallet screens
 * will add their own events here.
 */

/** The player pressed the balance's refresh button (header, mine page). */
export const balanceRefreshRequested = defineEvent('session.balanceRefreshRequested', 'intent', 'The player asked to refresh the balance (the refresh button by the balance).', {})

/** The wallet events. */
export const walletEvents = [balanceRefreshRequested] as const
