/**
 * An operator's decisions on a deposit (docs/operations.md, the operator's console): confirm an
 * offline transfer or a crypto deposit that arrived, reject one with a reason, or settle by hand
 * an online order its provider never confirmed, with the provider's reference. Each is one
 * transaction with the order's row locked; the decision is kept once per order
 * (deposit_decisions, migration 267), so the same decision sent many times at once pays once, and
 * a second, different one is refused. Paying goes through depositCredited, the one place a paid
 * deposit reaches the wallet (server/calls/pay.ts); the player's socket hears the same notices as
 * from the provider (pay/orderProgress, payOrderSuccess), stored in the transaction, sent after it.
 */
import type { Db, Queryable } from '../db'
import { depositCredited } from '../calls/pay'
import { balanceOf } from '../store'
import { storeNotice, type SocketHub } from '../ws'

export type DepositAction = 'confirm' | 'reject' | 'settle'

/** What a decision is kept as. */
const KEPT: Readonly<Record<DepositAction, 'confirmed' | 'rejected' | 'settled'>> = { confirm: 'confirmed', reject: 'rejected', settle: 'settled' }

/** A deposit decision refused: no such order (404), not in a state for it or decided already (409). */
export class DepositRefused extends Error {
  constructor(
    readonly status: 404 | 409,
    message: string,
  ) {
    super(message)
  }
}

export interface DepositDecision {
  readonly orderNo: string
  readonly action: DepositAction
  /** The finance account deciding. */
  readonly account: string
  /** Why (a rejection's reason). */
  readonly reason: string
  /** The provider's reference of an online order settled by hand. */
  readonly reference: string
  readonly now: number
}

/** What a decision did: changed false for a repeat of the decision already made. */
export interface DepositDecided {
  readonly changed: boolean
  readonly orderNo: string
  readonly playerId: string
  readonly status: number
  readonly amount: string
  readonly currency: string
  readonly balance: string
  readonly decidedBy: string
}

interface Locked {
  readonly orderNo: string
  readonly playerId: string
  readonly kind: 'fiat' | 'crypto' | 'offline'
  readonly status: number
  readonly providerRef: string
  readonly amount: string
  readonly currency: string
  readonly walletCurrency: string
  readonly credit: string
  readonly bonus: string
  readonly rate: string
}

const STATUS_WORD: Readonly<Record<number, string>> = { 0: 'waiting for payment', 1: 'paid', 2: 'failed', 3: 'cancelled', 4: 'expired', 5: 'waiting for confirmation' }

/** Whether an order in this state may take the action. */
const allowed = (o: Locked, action: DepositAction): boolean =>
  action === 'settle' ? o.kind === 'fiat' && (o.status === 0 || o.status === 4) : o.kind !== 'fiat' && (o.status === 0 || o.status === 5)

/** Confirms, rejects or settles a deposit order by hand, once (see the file's comment). */
export const decideDeposit = async (db: Db, socket: SocketHub | undefined, d: DepositDecision): Promise<DepositDecided> => {
  if (!/^\d{1,18}$/.test(d.orderNo)) throw new DepositRefused(404, `no deposit order ${d.orderNo}`)
  const result = await db.transaction(async (tx) => {
    const o = (
      await tx.query<Locked>(
        `SELECT order_no::text AS "orderNo", player_id::text AS "playerId", kind, status::int AS status, provider_ref AS "providerRef",
                trim_scale(amount)::text AS amount, currency, wallet_currency AS "walletCurrency", trim_scale(credit)::text AS credit,
                trim_scale(bonus)::text AS bonus, trim_scale(rate)::text AS rate
         FROM deposit_orders WHERE order_no = $1::bigint FOR UPDATE`,
        [d.orderNo],
      )
    ).rows[0]
    if (o === undefined) throw new DepositRefused(404, `no deposit order ${d.orderNo}`)
    const answer = async (changed: boolean, status: number, decidedBy: string): Promise<DepositDecided> => ({
      changed,
      orderNo: o.orderNo,
      playerId: o.playerId,
      status,
      amount: o.amount,
      currency: o.currency,
      balance: await balanceOf(tx, o.playerId, o.walletCurrency),
      decidedBy,
    })
    const earlier = (
      await tx.query<{ action: string; account: string; reference: string }>('SELECT action, account, reference FROM deposit_decisions WHERE order_no = $1::bigint', [d.orderNo])
    ).rows[0]
    if (earlier !== undefined) {
      // The same decision again (a settlement with the same reference) answers the order as it is.
      if (earlier.action === KEPT[d.action] && (d.action !== 'settle' || earlier.reference === d.reference)) return { answer: await answer(false, o.status, earlier.account), notices: [] }
      throw new DepositRefused(409, `order ${d.orderNo} was already ${earlier.action} by ${earlier.account}`)
    }
    if (!allowed(o, d.action)) {
      const what = d.action === 'settle' ? 'settled by hand (only an online order its provider has not paid can be)' : d.action === 'confirm' ? 'confirmed' : 'rejected'
      throw new DepositRefused(409, `order ${d.orderNo} is ${o.kind === 'fiat' && d.action !== 'settle' ? 'an online order' : (STATUS_WORD[o.status] ?? String(o.status))}: it cannot be ${what}`)
    }
    if (d.action === 'settle' && d.reference !== o.providerRef) throw new DepositRefused(409, `the reference does not match order ${d.orderNo}'s payment at the provider`)
    const at = new Date(d.now).toISOString()
    const notices: Array<{ msgId: string; type: string; data: unknown }> = []
    let status: number
    if (d.action === 'reject') {
      status = 2
      await tx.query('UPDATE deposit_orders SET status = 2 WHERE order_no = $1::bigint', [o.orderNo])
    } else {
      status = 1
      const first = (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM deposit_orders WHERE player_id = $1 AND status = 1', [o.playerId])).rows[0]?.n === 0
      await tx.query('UPDATE deposit_orders SET status = 1, paid_at = $2, is_first = $3 WHERE order_no = $1::bigint', [o.orderNo, at, first ? 1 : 0])
      const balance = await depositCredited(tx, o)
      if (balance === undefined) throw new Error(`deposit ${o.orderNo} could not be credited`)
      notices.push(await storeNotice(tx, o.playerId, 'pay/orderProgress', { orderNo: o.orderNo, status: 1, amount: o.amount, currency: o.currency }))
      notices.push(
        await storeNotice(tx, o.playerId, 'payOrderSuccess', {
          orderNo: o.orderNo,
          amount: o.credit,
          currency: o.walletCurrency,
          balance: await balanceOf(tx, o.playerId, o.walletCurrency),
          isFirst: first ? 1 : 0,
        }),
      )
    }
    if (status === 2) notices.push(await storeNotice(tx, o.playerId, 'pay/orderProgress', { orderNo: o.orderNo, status: 2, amount: o.amount, currency: o.currency }))
    await tx.query('INSERT INTO deposit_decisions (order_no, action, account, reason, reference, at) VALUES ($1::bigint, $2, $3, $4, $5, $6)', [
      o.orderNo,
      KEPT[d.action],
      d.account,
      d.reason,
      d.reference,
      at,
    ])
    return { answer: await answer(true, status, d.account), notices }
  })
  if (socket !== undefined && result.notices.length > 0) await socket.send(result.answer.playerId, result.notices)
  return result.answer
}

/** The decision kept for an order, if any. */
export const depositDecisionOf = async (db: Queryable, orderNo: string): Promise<{ action: string; account: string; reason: string; reference: string; at: string } | undefined> =>
  (
    await db.query<{ action: string; account: string; reason: string; reference: string; at: string }>(
      `SELECT action, account, reason, reference, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at FROM deposit_decisions WHERE order_no = $1::bigint`,
      [orderNo],
    )
  ).rows[0]
