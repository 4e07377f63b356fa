/**
 * What the finance views of the operator's console read (docs/operations.md): the withdrawal
 * queue, one order with everything about its player beside it, and the deposits waiting for a
 * decision. Reads only; the decisions are server/withdraw/decide.ts and server/pay/decide.ts.
 * Times are UTC, ISO 8601.
 */
import type { Queryable } from '../db'
import { DEFAULT_SECOND_APPROVAL_OVER, FAST_SPEED_EXTRA_RATE, channelsOf, orderAnswerOf, settingsOf, withdrawableOf } from '../withdraw'
import { approvalsOf } from '../withdraw/decide'

const iso = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`

/** The states of the queue's filter. */
export const QUEUE_STATES = { open: [0, 1], pending: [0], approved: [1], paid: [2], refused: [3], failed: [4], cancelled: [5], all: [0, 1, 2, 3, 4, 5] } as const
export type QueueState = keyof typeof QUEUE_STATES
export const isQueueState = (s: string): s is QueueState => Object.hasOwn(QUEUE_STATES, s)

export interface QueueQuery {
  readonly state: QueueState
  readonly site?: string | undefined
  readonly min?: string | undefined
  readonly max?: string | undefined
  readonly olderThanMinutes?: number | undefined
  readonly page: number
  readonly now: number
}

export interface QueueRow {
  readonly orderNo: string
  readonly playerId: string
  readonly username: string
  readonly siteCode: string
  readonly currency: string
  readonly amount: string
  readonly fee: string
  readonly status: number
  readonly accountKind: string
  readonly createdAt: string
  readonly ageMinutes: number
  readonly approvals: ReadonlyArray<string>
  readonly approvalsNeeded: number
}

export const QUEUE_PAGE_SIZE = 50

const SECOND_APPROVAL = `coalesce(s.second_approval_over, ${DEFAULT_SECOND_APPROVAL_OVER})`

/** The queue: waiting for review first, then approved, then the rest; oldest first in each. */
export const withdrawQueue = async (db: Queryable, q: QueueQuery): Promise<{ orders: ReadonlyArray<QueueRow>; total: number; page: number; pageSize: number }> => {
  const where = `o.status = ANY ($1::int[]) AND ($2::text IS NULL OR p.site_code = $2) AND ($3::numeric IS NULL OR o.amount >= $3::numeric)
    AND ($4::numeric IS NULL OR o.amount <= $4::numeric) AND ($5::timestamptz IS NULL OR o.created_at <= $5::timestamptz)`
  const older = q.olderThanMinutes === undefined ? null : new Date(q.now - q.olderThanMinutes * 60_000).toISOString()
  const params = [[...QUEUE_STATES[q.state]], q.site ?? null, q.min ?? null, q.max ?? null, older]
  const from = `FROM withdraw_orders o JOIN players p ON p.id = o.player_id JOIN withdraw_accounts a ON a.id = o.account_id
    LEFT JOIN withdraw_site_settings s ON s.site_code = p.site_code`
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from} WHERE ${where}`, params)).rows[0]?.n ?? 0
  const orders = (
    await db.query<QueueRow>(
      `SELECT o.id::text AS "orderNo", p.id::text AS "playerId", p.username, p.site_code AS "siteCode", o.currency,
              trim_scale(o.amount)::text AS amount, trim_scale(o.fee)::text AS fee, o.status::int AS status, a.kind AS "accountKind",
              ${iso('o.created_at')} AS "createdAt", floor(extract(epoch FROM ($6::timestamptz - o.created_at)) / 60)::int AS "ageMinutes",
              coalesce((SELECT array_agg(w.account ORDER BY w.at, w.account) FROM withdraw_approvals w WHERE w.order_id = o.id), '{}') AS approvals,
              CASE WHEN o.amount > ${SECOND_APPROVAL} THEN 2 ELSE 1 END AS "approvalsNeeded"
       ${from} WHERE ${where}
       ORDER BY CASE o.status WHEN 0 THEN 0 WHEN 1 THEN 1 ELSE 2 END, o.created_at, o.id LIMIT $7 OFFSET $8`,
      [...params, new Date(q.now).toISOString(), QUEUE_PAGE_SIZE, (q.page - 1) * QUEUE_PAGE_SIZE],
    )
  ).rows
  return { orders, total, page: q.page, pageSize: QUEUE_PAGE_SIZE }
}

/** One order with its player's balances (each beside its ledger's sum), recent money and the rules that apply; undefined when there is none. */
export const withdrawOrderView = async (db: Queryable, orderNo: string) => {
  if (!/^\d{1,19}$/.test(orderNo)) return undefined
  const head = (
    await db.query<{ playerId: string; username: string; siteCode: string; currency: string; payoutReference: string; userStatus: number; approvalsNeeded: number }>(
      `SELECT p.id::text AS "playerId", p.username, p.site_code AS "siteCode", o.currency, o.payout_reference AS "payoutReference", p.user_status::int AS "userStatus",
              CASE WHEN o.amount > ${SECOND_APPROVAL} THEN 2 ELSE 1 END AS "approvalsNeeded"
       FROM withdraw_orders o JOIN players p ON p.id = o.player_id LEFT JOIN withdraw_site_settings s ON s.site_code = p.site_code WHERE o.id = $1::bigint`,
      [orderNo],
    )
  ).rows[0]
  if (head === undefined) return undefined
  const player = head.playerId
  const order = await orderAnswerOf(db, { id: orderNo }, 'UTC')
  const settings = await settingsOf(db, head.siteCode)
  const channel = channelsOf(settings, head.currency).find((c) => c.kind === order.account.kind)
  const rows = async <T extends object>(sql: string): Promise<ReadonlyArray<T>> => (await db.query<T>(sql, [player])).rows
  const balances = await rows<{ currency: string; balance: string; ledgerSum: string }>(
    `SELECT w.currency, trim_scale(w.balance)::text AS balance,
            trim_scale(coalesce((SELECT sum(e.amount) FROM wallet_entries e WHERE e.player_id = w.player_id AND e.currency = w.currency), 0))::text AS "ledgerSum"
     FROM wallets w WHERE w.player_id = $1 ORDER BY w.currency`,
  )
  const approvals = await approvalsOf(db, orderNo)
  return {
    order: { ...order, payout_reference: head.payoutReference },
    player: { id: player, username: head.username, siteCode: head.siteCode, currency: head.currency, userStatus: head.userStatus },
    balances,
    withdrawable: await withdrawableOf(db, player, head.currency),
    ledger: await rows<{ at: string; currency: string; kind: string; amount: string; balance: string }>(
      `SELECT ${iso('created_at')} AS at, currency, kind, trim_scale(amount)::text AS amount, trim_scale(balance)::text AS balance
       FROM wallet_entries WHERE player_id = $1 ORDER BY id DESC LIMIT 20`,
    ),
    deposits: await rows<{ orderNo: string; kind: string; amount: string; currency: string; status: number; createdAt: string }>(
      `SELECT order_no::text AS "orderNo", kind, trim_scale(amount)::text AS amount, currency, status::int AS status, ${iso('created_at')} AS "createdAt"
       FROM deposit_orders WHERE player_id = $1 ORDER BY created_at DESC, order_no DESC LIMIT 10`,
    ),
    rounds: await rows<{ id: string; game: string; currency: string; bet: string; win: string; at: string }>(
      `SELECT r.id::text AS id, g.name AS game, r.currency, trim_scale(r.bet)::text AS bet, trim_scale(r.win)::text AS win, ${iso('r.created_at')} AS at
       FROM game_rounds r JOIN games g ON g.id = r.game_id WHERE r.player_id = $1 ORDER BY r.id DESC LIMIT 10`,
    ),
    withdrawals: await rows<{ orderNo: string; amount: string; currency: string; status: number; createdAt: string }>(
      `SELECT id::text AS "orderNo", trim_scale(amount)::text AS amount, currency, status::int AS status, ${iso('created_at')} AS "createdAt"
       FROM withdraw_orders WHERE player_id = $1 ORDER BY created_at DESC, id DESC LIMIT 10`,
    ),
    rules: {
      turnover: await rows<{ id: string; source: string; title: string; amount: string; needBet: string; doneBet: string; status: number }>(
        `SELECT id::text AS id, source, title, trim_scale(amount)::text AS amount, trim_scale(need_bet)::text AS "needBet", trim_scale(done_bet)::text AS "doneBet", status::int AS status
         FROM turnover_requirements WHERE player_id = $1 AND status = 0 ORDER BY id`,
      ),
      feeRate: channel?.fee_rate ?? null,
      fastExtraRate: FAST_SPEED_EXTRA_RATE,
      secondApprovalOver: settings.secondApprovalOver,
    },
    approvals,
    approvalsNeeded: head.approvalsNeeded,
  }
}

/** The deposits' filter: offline transfers and crypto deposits waiting for a decision, or online orders never confirmed by their provider. */
export const DEPOSIT_STATES = ['waiting', 'online', 'decided'] as const
export type DepositState = (typeof DEPOSIT_STATES)[number]
export const isDepositState = (s: string): s is DepositState => (DEPOSIT_STATES as ReadonlyArray<string>).includes(s)

const DEPOSIT_WHERE: Readonly<Record<DepositState, string>> = {
  waiting: `o.kind IN ('offline', 'crypto') AND o.status IN (0, 5) AND d.order_no IS NULL`,
  online: `o.kind = 'fiat' AND o.status IN (0, 4) AND d.order_no IS NULL`,
  decided: `d.order_no IS NOT NULL`,
}

export interface DepositRow {
  readonly orderNo: string
  readonly playerId: string
  readonly username: string
  readonly siteCode: string
  readonly kind: string
  readonly channelName: string
  readonly amount: string
  readonly currency: string
  readonly credit: string
  readonly walletCurrency: string
  readonly status: number
  readonly payerName: string
  readonly proofUrl: string
  readonly createdAt: string
  readonly expireAt: string
  readonly decision: { action: string; account: string; reason: string; reference: string; at: string } | null
}

/** The deposits of a state, confirmed-by-the-player first, oldest first (the decided ones newest first). */
export const depositList = async (db: Queryable, q: { state: DepositState; site?: string | undefined; page: number }): Promise<{ deposits: ReadonlyArray<DepositRow>; page: number; pageSize: number }> => {
  const deposits = (
    await db.query<DepositRow>(
      `SELECT o.order_no::text AS "orderNo", p.id::text AS "playerId", p.username, o.site_code AS "siteCode", o.kind, c.name AS "channelName",
              trim_scale(o.amount)::text AS amount, o.currency, trim_scale(o.credit)::text AS credit, o.wallet_currency AS "walletCurrency",
              o.status::int AS status, o.payer_name AS "payerName", o.proof_url AS "proofUrl", ${iso('o.created_at')} AS "createdAt", ${iso('o.expire_at')} AS "expireAt",
              CASE WHEN d.order_no IS NULL THEN NULL ELSE json_build_object('action', d.action, 'account', d.account, 'reason', d.reason, 'reference', d.reference, 'at', ${iso('d.at')}) END AS decision
       FROM deposit_orders o JOIN players p ON p.id = o.player_id JOIN pay_channels c ON c.id = o.channel_id LEFT JOIN deposit_decisions d ON d.order_no = o.order_no
       WHERE ${DEPOSIT_WHERE[q.state]} AND ($1::text IS NULL OR o.site_code = $1)
       ORDER BY ${q.state === 'decided' ? 'd.at DESC' : 'CASE o.status WHEN 5 THEN 0 ELSE 1 END, o.created_at'}, o.order_no LIMIT $2 OFFSET $3`,
      [q.site ?? null, QUEUE_PAGE_SIZE, (q.page - 1) * QUEUE_PAGE_SIZE],
    )
  ).rows
  return { deposits, page: q.page, pageSize: QUEUE_PAGE_SIZE }
}
