/**
 * The only writer of balances: every credit and debit of the hall is one statement that changes
 * the wallet and writes its ledger entry (wallet_entries) with a kind of the union, so a balance
 * never changes without its entry, and never goes below zero.
 */
import type { Queryable } from '../db'
import { ensureWallet } from '../store'
import type { LedgerKind } from './kinds'

/** A player's wallet in one currency. */
export interface WalletKey {
  readonly playerId: string
  readonly currency: string
}

const UNSIGNED = /^\d+(\.\d+)?$/

/** Adds a signed amount and writes its entry in one statement; the balance after, or undefined (nothing written) below zero. */
const move = async (db: Queryable, w: WalletKey, signed: string, kind: LedgerKind): Promise<string | undefined> => {
  await ensureWallet(db, w.playerId, w.currency)
  return (
    await db.query<{ balance: string }>(
      `WITH moved AS (
         UPDATE wallets SET balance = balance + $3::numeric
         WHERE player_id = $1 AND currency = $2 AND balance + $3::numeric >= 0 RETURNING balance)
       INSERT INTO wallet_entries (player_id, currency, amount, balance, kind)
       SELECT $1, $2, $3::numeric, balance, $4 FROM moved RETURNING balance::text AS balance`,
      [w.playerId, w.currency, signed, kind],
    )
  ).rows[0]?.balance
}

const unsigned = (amount: string): string => {
  if (!UNSIGNED.test(amount)) throw new Error(`a ledger amount is an unsigned decimal, not ${amount}`)
  return amount
}

/** Pays `amount` (≥ 0) into the wallet with an entry of `kind`; answers the balance after it. */
export const credit = async (db: Queryable, w: WalletKey, amount: string, kind: LedgerKind): Promise<string> => {
  const balance = await move(db, w, unsigned(amount), kind)
  if (balance === undefined) throw new Error(`a credit of ${amount} (${kind}) found no wallet to pay into`)
  return balance
}

/**
 * Takes `amount` (≥ 0) from the wallet with an entry of `kind`; answers the balance after it, or
 * undefined when the balance is short (nothing changes: the caller refuses with its own code).
 */
export const debit = async (db: Queryable, w: WalletKey, amount: string, kind: LedgerKind): Promise<string | undefined> =>
  move(db, w, `-${unsigned(amount)}`, kind)

/** Holds the wallet's row for the transaction: the lock every money movement of a player takes. */
export const lockWallet = async (tx: Queryable, w: WalletKey): Promise<void> => {
  await ensureWallet(tx, w.playerId, w.currency)
  await tx.query('SELECT balance FROM wallets WHERE player_id = $1 AND currency = $2 FOR UPDATE', [w.playerId, w.currency])
}

/**
 * An operator's correction of a balance by a signed amount ('-5' takes, '5' pays); answers the
 * balance after it, or undefined when it would go below zero (nothing changes).
 */
export const adjust = async (db: Queryable, w: WalletKey, signed: string, kind: LedgerKind): Promise<string | undefined> =>
  signed.startsWith('-') ? debit(db, w, signed.slice(1), kind) : move(db, w, unsigned(signed), kind)
