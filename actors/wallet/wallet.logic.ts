import type { EventOfType } from '../../schemas/events'
import type { BalanceSource } from '../../schemas/events/wallet'
import { SPORTS_PLATFORM } from '../../schemas/hall/calls/games'
import { noRequests, type Requests } from '../kit'

/**
 * The wallet's data and rules (screens §2 header balance with refresh, Mine page game_gold, sport
 * wallet header; §4 in a game game_gold is -1; calls §7.8 RefreshGold os_type 3, getBalanceList).
 * `readGold` is the one place in the lobby that reads the in-game marker.
 */

/** The hall calls the wallet makes, by the names of schemas/hall/calls. */
export const WALLET_CALLS = {
  /** Reads the balance (game_gold; the marker while the money is in a game). */
  read: 'prize',
  /** Brings the money back from a game and answers the balance (spec §9: os_type 3). */
  recall: 'refreshGold',
  /** The sports wallet's balance (provider 136). */
  sports: 'getBalanceList',
} as const
export type WalletCall = (typeof WALLET_CALLS)[keyof typeof WALLET_CALLS]

/** The payload of RefreshGold (spec §9: balance refresh os_type 3). */
export const RECALL_PAYLOAD = { os_type: 3 } as const

/** What a game_gold value says: an amount in the lobby, or the money in a game. */
export type Gold = { readonly inGame: true } | { readonly inGame: false; readonly amount: string }

const AMOUNT = /^\d+(\.\d+)?$/

/**
 * Reads a balance as the hall writes it (spec §4: game_gold is '-1' while the player's money is in
 * a game). The only place the lobby interprets the marker; null for anything that is not a balance.
 */
export const readGold = (raw: unknown): Gold | null => {
  if (typeof raw !== 'string') return null
  const value = raw.trim()
  if (value === '-1') return { inGame: true }
  return AMOUNT.test(value) ? { inGame: false, amount: value } : null
}

/**
 * Sources that read the balance as the hall holds it, and so also say whether the money is in a
 * game; the others (a reward, a transfer, a completed order) credit the lobby balance only.
 */
export const READ_SOURCES: ReadonlyArray<BalanceSource> = ['login', 'prize', 'recall']

/** The provider-136 entry of a getBalanceList answer, read with readGold; null when there is none. */
export const sportsGoldOf = (data: unknown): Gold | null => {
  const list = (data as { list?: unknown } | null)?.list
  if (!Array.isArray(list)) return null
  const entry = list.find((e: unknown): e is { platformId: number; balance: unknown } => typeof e === 'object' && e !== null && 'platformId' in e && e.platformId === SPORTS_PLATFORM)
  return entry === undefined ? null : readGold(entry.balance)
}

/** The game_gold of a read or recall answer, read with readGold. */
export const answerGoldOf = (data: unknown): Gold | null => readGold((data as { game_gold?: unknown } | null)?.game_gold)

/** Where the launch stands (games.playStateChanged). */
export type PlayState = EventOfType<'games.playStateChanged'>['state']

/** The sports wallet (provider 136). */
export interface SportsWallet {
  /** The last balance, or null before an answer. */
  readonly balance: string | null
  /** The money is in a game (the marker). */
  readonly inGame: boolean
  /** The last request failed. */
  readonly failed: boolean
}

export const initialSports: SportsWallet = { balance: null, inGame: false, failed: false }

/** What the wallet awaits: the balance read or recall, and the sports wallet's read. */
export type WalletPurpose = 'balance' | 'sports'

export interface WalletContext {
  /** The balance read or recall in flight (a newer one supersedes it) and the sports read: the kit's bookkeeping. */
  readonly requests: Requests<WalletPurpose>
  /** The lobby balance as last known (a decimal amount), or null before any. */
  readonly balance: string | null
  /** The player's money is in a game: the hall answered the marker, or a game was entered. */
  readonly inGame: boolean
  /** Where the launch stands. */
  readonly play: PlayState
  /** The last refresh failed: the balance shown may be out of date. */
  readonly stale: boolean
  /** The call of the balance request in flight (read or recall), or null. */
  readonly requestCall: WalletCall | null
  readonly sports: SportsWallet
  /** The savings (yuebao) balance, once the savings domain reports it; null until then. */
  readonly savings: string | null
  /** The site's savings terms (switch, year rate in percent), once the savings page is read; null until then. */
  readonly savingsTerms: SavingsTerms | null
}

/** The site's savings terms as the savings page answers them. */
export interface SavingsTerms {
  readonly open: boolean
  readonly yearRate: string
}

export const initialWallet: WalletContext = {
  requests: noRequests, balance: null, inGame: false, play: 'lobby', stale: false, requestCall: null, sports: initialSports, savings: null, savingsTerms: null,
}

/** The wallet after a balance: a read also says whether the money is in a game; a credit changes the amount only. */
export const withGold = (gold: Gold | null, reads: boolean): Partial<WalletContext> => {
  if (gold === null) return {}
  if (gold.inGame) return { inGame: true, stale: false }
  return { balance: gold.amount, stale: false, ...(reads ? { inGame: false } : {}) }
}

export type WalletEvent =
  | EventOfType<'session.loggedIn'>
  | EventOfType<'session.loggedOut'>
  | EventOfType<'wallet.balanceReported'>
  | EventOfType<'wallet.refreshRequested'>
  | EventOfType<'wallet.sportsRequested'>
  | EventOfType<'wallet.savingsReported'>
  | EventOfType<'realtime.payOrderSucceeded'>
  | EventOfType<'realtime.withdrawOrderSucceeded'>
  | EventOfType<'realtime.walletChanged'>
  | EventOfType<'games.playStateChanged'>
  | EventOfType<'hall.responded'>
  | EventOfType<'hall.failed'>

export type WalletEmitted = EventOfType<'hall.requested'>
