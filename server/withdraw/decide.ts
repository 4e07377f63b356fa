/**
 * An operator's decisions on a withdrawal (docs/operations.md), shared by the operator's console
 * (server/support/ops-money.ts) and the control surface (`withdraw-order`): approve, refuse with
 * a reason the player sees, mark paid with the payout's reference. Each is one transaction with
 * the order's row locked, so the same decision sent many times at once moves the money once.
 *
 * Four-eyes: an order of more than its site's `secondApprovalOver` (withdraw settings) needs the
 * approvals of two different finance accounts before it can be marked paid; an account's approval
 * is one row per order (withdraw_approvals), so the same account approving twice counts once.
 */
import type { WithdrawStatus } from '../../schemas/hall/calls/withdraw'
import type { Db, Queryable } from '../db'
import type { SocketHub } from '../ws'
import { DEFAULT_SECOND_APPROVAL_OVER, settleWithdrawIn, settledAsIs, type Settled } from '../withdraw'

/** Tells the player's socket what happened to an order, as the control surface always has: its progress, and a payout's success with the balance after it. */
export const pushSettled = async (socket: SocketHub | undefined, r: Settled): Promise<void> => {
  if (socket === undefined || !r.changed) return
  await socket.push(r.playerId, 'withdraw/orderProgress', { orderNo: r.orderNo, status: r.status, amount: r.amount, currency: r.currency })
  if (r.status === 2) await socket.push(r.playerId, 'withdrawOrderSuccess', { orderNo: r.orderNo, amount: r.amount, currency: r.currency, balance: r.balance, isFirst: 0 })
}

/** One finance account's approval of an order. */
export interface Approval {
  readonly account: string
  readonly reason: string
  readonly at: string
}

/** The approvals of an order, first first. */
export const approvalsOf = async (db: Queryable, orderNo: string): Promise<ReadonlyArray<Approval>> =>
  (
    await db.query<Approval>(
      `SELECT account, reason, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at FROM withdraw_approvals WHERE order_id = $1::bigint ORDER BY at, account`,
      [orderNo],
    )
  ).rows

/** A decision refused: no such order (404) or not in a state for it (409), with the reason. */
export class DecisionRefused extends Error {
  constructor(
    readonly status: 404 | 409,
    message: string,
  ) {
    super(message)
  }
}

/** What a decision did: the order after it (changed false when it was a repeat), its approvals and how many it needs. */
export interface Decided {
  readonly settled: Settled
  readonly approvals: ReadonlyArray<Approval>
  /** 1, or 2 above the site's second-approval amount. */
  readonly approvalsNeeded: number
  /** Whether this request did something (a new approval, the order moved on), not a repeat. */
  readonly fresh: boolean
}

interface Head {
  readonly status: WithdrawStatus
  readonly reason: string
  readonly payoutReference: string
  readonly needed: number
}

/** Locks the order's row and reads what a decision needs of it. */
const lockOrder = async (tx: Queryable, orderNo: string): Promise<Head> => {
  if (!/^\d{1,19}$/.test(orderNo)) throw new DecisionRefused(404, `no withdraw order ${orderNo}`)
  const head = (
    await tx.query<Head>(
      `SELECT o.status::int AS status, o.reason, o.payout_reference AS "payoutReference",
              CASE WHEN o.amount > coalesce(s.second_approval_over, $2::numeric) THEN 2 ELSE 1 END AS needed
       FROM withdraw_orders o JOIN players p ON p.id = o.player_id LEFT JOIN withdraw_site_settings s ON s.site_code = p.site_code
       WHERE o.id = $1::bigint FOR UPDATE OF o`,
      [orderNo, DEFAULT_SECOND_APPROVAL_OVER],
    )
  ).rows[0]
  if (head === undefined) throw new DecisionRefused(404, `no withdraw order ${orderNo}`)
  return head
}

const STATUS_WORD: Readonly<Record<number, string>> = { 0: 'waiting for review', 1: 'approved', 2: 'paid', 3: 'refused', 4: 'failed', 5: 'cancelled' }

/** The order as it is: a repeat of a decision already made answers it unchanged. */
const asIs = async (tx: Queryable, orderNo: string, needed: number): Promise<Decided> => ({
  settled: await settledAsIs(tx, orderNo),
  approvals: await approvalsOf(tx, orderNo),
  approvalsNeeded: needed,
  fresh: false,
})

/** Runs a decision in one transaction and tells the player's socket once it committed. */
const decide = async (db: Db, socket: SocketHub | undefined, run: (tx: Queryable) => Promise<Decided>): Promise<Decided> => {
  const d = await db.transaction(run)
  await pushSettled(socket, d.settled)
  return d
}

/**
 * A finance account approves an order: its approval is kept (once per account), and an order
 * waiting for review moves to approved (the player hears it). An approved order may take a second
 * approval (four-eyes).
 */
export const approveWithdraw = (
  db: Db,
  socket: SocketHub | undefined,
  d: { readonly orderNo: string; readonly account: string; readonly reason: string; readonly now: number },
): Promise<Decided> =>
  decide(db, socket, async (tx) => {
    const head = await lockOrder(tx, d.orderNo)
    if (head.status !== 0 && head.status !== 1) throw new DecisionRefused(409, `order ${d.orderNo} is ${STATUS_WORD[head.status] ?? head.status}: it cannot be approved`)
    const added = await tx.query(
      'INSERT INTO withdraw_approvals (order_id, account, reason, at) VALUES ($1::bigint, $2, $3, $4) ON CONFLICT (order_id, account) DO NOTHING RETURNING account',
      [d.orderNo, d.account, d.reason, new Date(d.now).toISOString()],
    )
    if (head.status === 1) return { ...(await asIs(tx, d.orderNo, head.needed)), fresh: added.rows.length > 0 }
    // The note stays with the approval: the order's reason is what the player reads, a refusal's.
    const settled = await settleWithdrawIn(tx, d.orderNo, 'approve', '', d.now)
    return { settled, approvals: await approvalsOf(tx, d.orderNo), approvalsNeeded: head.needed, fresh: true }
  })

/**
 * Refuses an order waiting for review or approved: the held amount goes back to the player, who
 * sees the reason. The same refusal again answers the order as it is.
 */
export const refuseWithdraw = (
  db: Db,
  socket: SocketHub | undefined,
  d: { readonly orderNo: string; readonly reason: string; readonly now: number },
): Promise<Decided> =>
  decide(db, socket, async (tx) => {
    const head = await lockOrder(tx, d.orderNo)
    if (head.status === 3 && head.reason === d.reason) return asIs(tx, d.orderNo, head.needed)
    if (head.status !== 0 && head.status !== 1) throw new DecisionRefused(409, `order ${d.orderNo} is ${STATUS_WORD[head.status] ?? head.status}: it cannot be refused`)
    const settled = await settleWithdrawIn(tx, d.orderNo, 'reject', d.reason, d.now)
    return { settled, approvals: await approvalsOf(tx, d.orderNo), approvalsNeeded: head.needed, fresh: settled.changed }
  })

/**
 * Marks an approved order paid with the payout's reference, once it has the approvals it needs
 * (two different accounts above the site's second-approval amount). The same reference again
 * answers the paid order as it is; another is refused.
 */
export const payWithdraw = (
  db: Db,
  socket: SocketHub | undefined,
  d: { readonly orderNo: string; readonly payoutReference: string; readonly now: number },
): Promise<Decided> =>
  decide(db, socket, async (tx) => {
    const head = await lockOrder(tx, d.orderNo)
    if (head.status === 2 && head.payoutReference === d.payoutReference) return asIs(tx, d.orderNo, head.needed)
    if (head.status === 0) throw new DecisionRefused(409, `order ${d.orderNo} is waiting for review: approve it first`)
    if (head.status !== 1) throw new DecisionRefused(409, `order ${d.orderNo} is ${STATUS_WORD[head.status] ?? head.status}: it cannot be marked paid`)
    const approvals = await approvalsOf(tx, d.orderNo)
    if (approvals.length < head.needed) {
      throw new DecisionRefused(409, `order ${d.orderNo} is above the site's second-approval amount: it needs the approval of ${head.needed - approvals.length} more finance account(s) (not ${approvals.map((a) => a.account).join(', ')})`)
    }
    const settled = await settleWithdrawIn(tx, d.orderNo, 'pay', '', d.now, d.payoutReference)
    return { settled, approvals, approvalsNeeded: head.needed, fresh: settled.changed }
  })
