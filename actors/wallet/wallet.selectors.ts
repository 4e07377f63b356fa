import type { SnapshotFrom } from 'xstate'
import type { walletMachine } from './wallet.machine'

type WalletSnapshot = SnapshotFrom<typeof walletMachine>

/** A player is signed in: the wallet exists (a visitor has none). */
export const selectWalletAvailable = (s: WalletSnapshot): boolean => s.matches('player')

/**
 * The lobby balance to show (a decimal amount), or null: a visitor, no balance known yet, or the
 * money is in a game (then the views say so, see selectInGame).
 */
export const selectBalance = (s: WalletSnapshot): string | null => (s.context.inGame ? null : s.context.balance)

/** The player's money is in a game (spec §4: the hall answers game_gold -1): views show 'money in game'. */
export const selectInGame = (s: WalletSnapshot): boolean => s.matches('player') && s.context.inGame

/** A balance read or recall is in flight (the refresh button spins and waits). */
export const selectRefreshing = (s: WalletSnapshot): boolean => s.matches({ player: { balance: 'loading' } })

/** The last refresh failed: the balance shown may be out of date. */
export const selectStale = (s: WalletSnapshot): boolean => s.context.stale

/** The sports wallet's balance (provider 136), or null (a visitor, before an answer, or in a game). */
export const selectSportsBalance = (s: WalletSnapshot): string | null => (s.context.sports.inGame ? null : s.context.sports.balance)

/** The sports wallet's money is in a game. */
export const selectSportsInGame = (s: WalletSnapshot): boolean => s.context.sports.inGame

/** A sports wallet request is in flight (its refresh button waits). */
export const selectSportsLoading = (s: WalletSnapshot): boolean => s.matches({ player: { sports: 'loading' } })

/** The last sports wallet request failed. */
export const selectSportsFailed = (s: WalletSnapshot): boolean => s.context.sports.failed

/** The savings (yuebao) balance, or null until the savings domain reports one. */
export const selectSavings = (s: WalletSnapshot): string | null => s.context.savings

/**
 * The savings entry shows (spec §2: the header's yuebao hidden when there is no principal and the
 * switch is off; the system menu's when the switch is on or the principal is above 0).
 */
export const selectSavingsEntry = (s: WalletSnapshot): boolean =>
  s.matches('player') && (s.context.savingsTerms?.open === true || Number(s.context.savings ?? '0') > 0)

/** The savings year rate (percent) for the menu's badge, or null before the savings page is read. */
export const selectSavingsRate = (s: WalletSnapshot): string | null => s.context.savingsTerms?.yearRate ?? null
