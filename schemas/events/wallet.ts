import { Schema } from 'effect'
import { defineEvent } from '../event'

/**
 * The player's money (spec §2 header balance with refresh, the Mine page's game_gold, the sports
 * wallet header; §4 in a game game_gold is -1, a completed deposit or withdrawal refreshes the
 * balance). One actor owns it, the wallet: every answer that carries the balance reaches it as
 * `wallet.balanceReported`, and every view reads it there. The wallet screens (deposits,
 * withdrawals, savings, transfers) add their events here.
 */

/** The player pressed the balance's refresh button (header, Mine page). */
export const walletRefreshRequested = defineEvent('wallet.refreshRequested', 'intent', 'The player asked to refresh the balance (the refresh button by the balance).', {})

/** The sports page wants the sports wallet's balance (provider 136): on opening, and by its refresh button. */
export const walletSportsRequested = defineEvent('wallet.sportsRequested', 'intent', "The sports wallet's balance (provider 136) is wanted: the sports page opened or its refresh was pressed.", {})

/**
 * Where a reported balance comes from. `login` (the sign-in's user info) and `prize` (/home/prize)
 * read the balance as the hall holds it, so they also say whether the money is in a game; a
 * `reward` (a red packet, a newcomer benefit) or a `transfer` credits the lobby balance and says
 * nothing of a game; `recall` (the central wallet's RefreshGold) reads the balance back in the
 * lobby. A domain that moves money adds its own source here.
 */
export const BalanceSource = Schema.Literals(['login', 'prize', 'reward', 'transfer', 'withdraw', 'recall'])
export type BalanceSource = typeof BalanceSource.Type

/**
 * An actor's hall call answered the player's balance (game_gold as the hall wrote it: a decimal
 * amount, or the in-game marker). The wallet is the only actor that keeps it; any domain whose
 * answer carries the balance after a movement of money emits this with it.
 */
export const walletBalanceReported = defineEvent('wallet.balanceReported', 'notice', "A hall answer carried the player's balance (game_gold): the wallet takes it.", {
  balance: Schema.String,
  source: BalanceSource,
})

/**
 * The savings (yuebao) domain read or moved the savings balance: the principal, and with the
 * savings page's answer the site's terms (the switch, the year rate in percent) that decide the
 * header entry and the menu's year-rate badge.
 */
export const walletSavingsReported = defineEvent('wallet.savingsReported', 'notice', 'The savings balance (principal) was read or moved; with the page read, the switch and the year rate.', {
  principal: Schema.String,
  terms: Schema.optionalKey(Schema.Struct({ open: Schema.Boolean, yearRate: Schema.String })),
})

/** The wallet events. */
export const walletEvents = [walletRefreshRequested, walletSportsRequested, walletBalanceReported, walletSavingsReported] as const
