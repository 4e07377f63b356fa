/**
 * Withdraw accounts (bank cards, crypto addresses and the like) of the money-out model
 * (server/withdraw.ts): binding, the default, deletion, and the live account an order names.
 */
import type { AccountKind, WithdrawAccount } from '../../schemas/hall/calls/withdraw'
import type { Db, Queryable } from '../db'
import { WithdrawCodes, WithdrawError } from './codes'

// --- accounts ----------------------------------------------------------------------------------

export interface AccountRow {
  readonly id: number
  readonly kind: AccountKind
  readonly name: string
  readonly code: string
  readonly network: string
  readonly accountNo: string
  readonly holder: string
  readonly currency: string
  readonly isDefault: boolean
  readonly deleted: boolean
  readonly playerId: string
}

export const ACCOUNT_COLUMNS = `id::int AS id, kind, name, code, network, account_no AS "accountNo", holder, currency, is_default AS "isDefault",
  deleted_at IS NOT NULL AS deleted, player_id::text AS "playerId"`

/** A number as answers show it: the last four digits ('**** 1234'); crypto addresses are public and whole. */
export const maskNumber = (kind: AccountKind, no: string): string => (kind === 'crypto' ? no : `**** ${no.slice(-4)}`)

export const accountOf = (r: AccountRow): WithdrawAccount => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  code: r.code,
  network: r.network,
  account_no: maskNumber(r.kind, r.accountNo),
  holder: r.holder,
  currency: r.currency,
  icon: '',
  is_default: r.isDefault ? 1 : 0,
})

/** The player's live accounts, the default first, then in binding order. */
export const accountsOf = async (db: Queryable, playerId: string): Promise<ReadonlyArray<WithdrawAccount>> =>
  (
    await db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM withdraw_accounts WHERE player_id = $1 AND deleted_at IS NULL ORDER BY is_default DESC, id`, [
      playerId,
    ])
  ).rows.map(accountOf)

/** A live account of this player, or a refusal (another player's or a deleted account is no account of theirs). */
export const liveAccount = async (db: Queryable, playerId: string, id: number): Promise<AccountRow> => {
  const row = (await db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM withdraw_accounts WHERE id = $1`, [id])).rows[0]
  if (row === undefined || row.playerId !== playerId || row.deleted) throw new WithdrawError(WithdrawCodes.noAccount, 'no such withdraw account')
  return row
}

/** Binds an account; the first one becomes the default. */
export const bindAccount = async (
  db: Db,
  playerId: string,
  a: { kind: AccountKind; name: string; code: string; network?: string; accountNo: string; holder: string; cpf?: string; currency: string },
): Promise<WithdrawAccount> =>
  db.transaction(async (tx) => {
    await tx.query('SELECT id FROM players WHERE id = $1 FOR UPDATE', [playerId])
    const taken = (
      await tx.query(
        `SELECT 1 FROM withdraw_accounts WHERE player_id = $1 AND kind = $2 AND code = $3 AND network = $4 AND account_no = $5 AND deleted_at IS NULL`,
        [playerId, a.kind, a.code, a.network ?? '', a.accountNo],
      )
    ).rows.length
    if (taken > 0) throw new WithdrawError(WithdrawCodes.accountTaken, 'this account is already bound')
    const first = (await tx.query('SELECT 1 FROM withdraw_accounts WHERE player_id = $1 AND deleted_at IS NULL', [playerId])).rows.length === 0
    const row = (
      await tx.query<AccountRow>(
        `INSERT INTO withdraw_accounts (player_id, kind, name, code, network, account_no, holder, cpf, currency, is_default)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${ACCOUNT_COLUMNS}`,
        [playerId, a.kind, a.name, a.code, a.network ?? '', a.accountNo, a.holder, a.cpf ?? '', a.currency, first],
      )
    ).rows[0]
    if (row === undefined) throw new Error('account insert returned no row')
    return accountOf(row)
  })

/** Makes an account the default. */
export const setDefault = async (db: Db, playerId: string, id: number): Promise<ReadonlyArray<WithdrawAccount>> => {
  await db.transaction(async (tx) => {
    await liveAccount(tx, playerId, id)
    await tx.query('UPDATE withdraw_accounts SET is_default = false WHERE player_id = $1 AND is_default', [playerId])
    await tx.query('UPDATE withdraw_accounts SET is_default = true WHERE id = $1', [id])
  })
  return accountsOf(db, playerId)
}

/** Deletes an account (kept for the orders that name it); the oldest other one becomes the default. */
export const deleteAccountOf = async (db: Db, playerId: string, id: number, now: number): Promise<void> => {
  await db.transaction(async (tx) => {
    const a = await liveAccount(tx, playerId, id)
    await tx.query('UPDATE withdraw_accounts SET deleted_at = $2, is_default = false WHERE id = $1', [id, new Date(now).toISOString()])
    if (a.isDefault) {
      await tx.query(
        `UPDATE withdraw_accounts SET is_default = true WHERE id = (SELECT id FROM withdraw_accounts WHERE player_id = $1 AND deleted_at IS NULL ORDER BY id LIMIT 1)`,
        [playerId],
      )
    }
  })
}

