/**
 * Money out in the hall's store (migration 100): turnover requirements (audits) met by the valid
 * bets of game rounds, withdraw accounts, and withdraw orders with their ledger entries.
 *
 * The ledger rules: a withdrawal holds its whole amount (fee included) from the balance when it is
 * asked ('withdraw-hold'), gives it back when rejected or failed ('withdraw-release'), and records
 * the payout when paid ('withdraw-paid', amount 0: the money left the balance at the hold). Each
 * is one transaction with the order's status change, so a balance never changes without its
 * entry, never goes negative, and a settled order cannot be settled again.
 */
import type { AccountKind, WithdrawChannel, WithdrawOrder, WithdrawSpeed, WithdrawStatus } from '../schemas/hall/calls/withdraw'
import type { Db, Queryable } from './db'
import { checkAmount, credit, debit, decimalsOf, lockWallet, oncePerRequest } from './money'
import { balanceOf } from './store'
import { WithdrawCodes, WithdrawError } from './withdraw/codes'
import { ACCOUNT_COLUMNS, accountOf, liveAccount, type AccountRow } from './withdraw/accounts'

export { WithdrawCodes, WithdrawError } from './withdraw/codes'

/** Where a turnover requirement comes from. */
export type TurnoverSource = 'deposit' | 'bonus' | 'activity' | 'task' | 'vip' | 'rebate' | 'manual'

/**
 * Adds a turnover requirement: `amount` credited in `currency` must be bet `multiple` times
 * before it can be withdrawn. Runs in the caller's transaction (the deposit's or the bonus's
 * crediting transaction); answers the requirement's id.
 */
export const addTurnover = async (
  db: Queryable,
  playerId: string,
  currency: string,
  amount: string,
  multiple: string,
  source: TurnoverSource,
  title = '',
): Promise<string> => {
  const row = (
    await db.query<{ id: string }>(
      `INSERT INTO turnover_requirements (player_id, currency, source, title, amount, multiple, need_bet)
       VALUES ($1, $2, $3, $4, $5::numeric, $6::numeric, $5::numeric * $6::numeric) RETURNING id::text AS id`,
      [playerId, currency, source, title, amount, multiple],
    )
  ).rows[0]
  if (row === undefined) throw new Error('turnover insert returned no row')
  return row.id
}

/**
 * A round's bet meets the player's running requirements in that currency, oldest first: each
 * takes what it still needs, a requirement met is done. Runs in the round's transaction.
 */
export const meetTurnover = async (db: Queryable, playerId: string, currency: string, bet: string, roundId: string, now: Date = new Date()): Promise<void> => {
  const running = (
    await db.query<{ id: string; left: string }>(
      `SELECT id::text AS id, (need_bet - done_bet)::text AS left FROM turnover_requirements
       WHERE player_id = $1 AND currency = $2 AND status = 0 ORDER BY id FOR UPDATE`,
      [playerId, currency],
    )
  ).rows
  let rest = bet
  for (const r of running) {
    const step = (
      await db.query<{ take: string; rest: string; positive: boolean }>(
        `SELECT least($1::numeric, $2::numeric)::text AS take, greatest($1::numeric - $2::numeric, 0)::text AS rest, $1::numeric > 0 AS positive`,
        [rest, r.left],
      )
    ).rows[0]
    if (step === undefined || !step.positive) break
    await db.query(
      `UPDATE turnover_requirements SET done_bet = done_bet + $2::numeric,
         status = CASE WHEN done_bet + $2::numeric >= need_bet THEN 1 ELSE 0 END,
         finished_at = CASE WHEN done_bet + $2::numeric >= need_bet THEN $3::timestamptz ELSE NULL END
       WHERE id = $1`,
      [r.id, step.take, now.toISOString()],
    )
    await db.query('INSERT INTO turnover_bets (requirement_id, round_id, valid_bet) VALUES ($1, $2, $3::numeric)', [r.id, roundId, step.take])
    rest = step.rest
  }
}

/** What of a balance can be withdrawn: the balance, what running audits lock, the bet still needed, what pending orders hold. */
export interface Withdrawable {
  readonly balance: string
  readonly withdrawable: string
  readonly locked: string
  readonly auditNeed: string
  readonly frozen: string
}

/**
 * The balance in a currency and what of it can be withdrawn now: the amounts of running turnover
 * requirements stay until their bets are met (withdrawable = balance - locked, not below 0).
 */
export const withdrawableOf = async (db: Queryable, playerId: string, currency: string): Promise<Withdrawable> => {
  const balance = await balanceOf(db, playerId, currency)
  const row = (
    await db.query<{ locked: string; need: string; frozen: string; withdrawable: string }>(
      `WITH a AS (SELECT coalesce(sum(amount), 0) AS locked, coalesce(sum(need_bet - done_bet), 0) AS need
                  FROM turnover_requirements WHERE player_id = $1 AND currency = $2 AND status = 0)
       SELECT trim_scale(a.locked)::text AS locked, trim_scale(a.need)::text AS need,
              trim_scale(greatest($3::numeric - a.locked, 0))::text AS withdrawable,
              (SELECT trim_scale(coalesce(sum(amount), 0))::text FROM withdraw_orders WHERE player_id = $1 AND currency = $2 AND status IN (0, 1)) AS frozen
       FROM a`,
      [playerId, currency, balance],
    )
  ).rows[0]
  return {
    balance,
    withdrawable: row?.withdrawable ?? '0',
    locked: row?.locked ?? '0',
    auditNeed: row?.need ?? '0',
    frozen: row?.frozen ?? '0',
  }
}

// --- channels and settings ----------------------------------------------------------------------

/** A kind's limits in the wallet's currency (fee_rate in percent of the amount). */
const DEFAULT_CHANNELS: ReadonlyArray<Omit<WithdrawChannel, 'currency' | 'closed' | 'need_proof'>> = [
  { kind: 'bank', name: 'Bank transfer', min_amount: '10', max_amount: '50000', fee_rate: '1', speed: 2 },
  { kind: 'ewallet', name: 'E-wallet', min_amount: '10', max_amount: '20000', fee_rate: '1.5', speed: 1 },
  { kind: 'crypto', name: 'Crypto', min_amount: '20', max_amount: '100000', fee_rate: '0.5', speed: 1 },
  { kind: 'wallet', name: 'Wallet app', min_amount: '10', max_amount: '20000', fee_rate: '0', speed: 1 },
]

/** Speed 1 (fast) costs one percent point more than the channel's rate. */
export const FAST_SPEED_EXTRA_RATE = '1'

/** A site's withdraw settings (withdraw_site_settings; the defaults when it has no row). */
export interface WithdrawSettings {
  readonly closed: boolean
  readonly closedKinds: ReadonlyArray<AccountKind>
  readonly message: string
  readonly needSms: boolean
  readonly dailyTimes: number
  readonly dailyMaxAmount: string
  /** The kinds of account whose withdrawals need a proof uploaded first. */
  readonly proofKinds: ReadonlyArray<AccountKind>
  /**
   * Four-eyes (docs/operations.md): an order of more than this amount needs the approvals of two
   * different finance accounts before the console marks it paid (default 10000).
   */
  readonly secondApprovalOver: string
}

/** The second-approval amount of a site without its own (migration 267's default). */
export const DEFAULT_SECOND_APPROVAL_OVER = '10000'

export const settingsOf = async (db: Queryable, siteCode: string): Promise<WithdrawSettings> =>
  (
    await db.query<WithdrawSettings>(
      `SELECT closed, closed_kinds AS "closedKinds", message, need_sms AS "needSms", daily_times AS "dailyTimes",
              trim_scale(daily_max_amount)::text AS "dailyMaxAmount", proof_kinds AS "proofKinds",
              trim_scale(second_approval_over)::text AS "secondApprovalOver"
       FROM withdraw_site_settings WHERE site_code = $1`,
      [siteCode],
    )
  ).rows[0] ?? { closed: false, closedKinds: [], message: '', needSms: false, dailyTimes: 5, dailyMaxAmount: '1000000', proofKinds: [], secondApprovalOver: DEFAULT_SECOND_APPROVAL_OVER }

/** Changes a site's withdraw settings (the control surface's `withdraw-settings`). */
export const setSettings = async (db: Queryable, siteCode: string, patch: { readonly [K in keyof WithdrawSettings]?: WithdrawSettings[K] | undefined }): Promise<WithdrawSettings> => {
  const before = await settingsOf(db, siteCode)
  const s: WithdrawSettings = {
    closed: patch.closed ?? before.closed,
    closedKinds: patch.closedKinds ?? before.closedKinds,
    message: patch.message ?? before.message,
    needSms: patch.needSms ?? before.needSms,
    dailyTimes: patch.dailyTimes ?? before.dailyTimes,
    dailyMaxAmount: patch.dailyMaxAmount ?? before.dailyMaxAmount,
    proofKinds: patch.proofKinds ?? before.proofKinds,
    secondApprovalOver: patch.secondApprovalOver ?? before.secondApprovalOver,
  }
  await db.query(
    `INSERT INTO withdraw_site_settings (site_code, closed, closed_kinds, message, need_sms, daily_times, daily_max_amount, proof_kinds, second_approval_over)
     VALUES ($1, $2, $3, $4, $5, $6, $7::numeric, $8, $9::numeric)
     ON CONFLICT (site_code) DO UPDATE SET closed = $2, closed_kinds = $3, message = $4, need_sms = $5, daily_times = $6, daily_max_amount = $7::numeric,
       proof_kinds = $8, second_approval_over = $9::numeric`,
    [siteCode, s.closed, s.closedKinds, s.message, s.needSms, s.dailyTimes, s.dailyMaxAmount, s.proofKinds, s.secondApprovalOver],
  )
  return s
}

/** The channels of a site in a currency, with what the site closed and which ask a proof. */
export const channelsOf = (settings: WithdrawSettings, currency: string): ReadonlyArray<WithdrawChannel> =>
  DEFAULT_CHANNELS.map((c) => ({
    ...c,
    currency,
    closed: settings.closed || settings.closedKinds.includes(c.kind) ? (1 as const) : (0 as const),
    need_proof: settings.proofKinds.includes(c.kind) ? (1 as const) : (0 as const),
  }))

/** The coins and networks crypto withdrawals go on. */
export const CRYPTO_NETWORKS = [
  { currency: 'USDT', network: 'TRC20', min_amount: '10', max_amount: '100000', fee: '1', address_pattern: '^T[1-9A-HJ-NP-Za-km-z]{33}$', icon: '' },
  { currency: 'USDT', network: 'ERC20', min_amount: '20', max_amount: '100000', fee: '5', address_pattern: '^0x[0-9a-fA-F]{40}$', icon: '' },
  { currency: 'USDC', network: 'ERC20', min_amount: '20', max_amount: '100000', fee: '5', address_pattern: '^0x[0-9a-fA-F]{40}$', icon: '' },
  { currency: 'BTC', network: 'BTC', min_amount: '0.0005', max_amount: '10', fee: '0.0001', address_pattern: '^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$', icon: '' },
  { currency: 'ETH', network: 'ERC20', min_amount: '0.01', max_amount: '100', fee: '0.002', address_pattern: '^0x[0-9a-fA-F]{40}$', icon: '' },
] as const

// --- accounts (server/withdraw/accounts.ts) -------------------------------------------------------

export { accountsOf, bindAccount, deleteAccountOf, liveAccount, maskNumber, setDefault } from './withdraw/accounts'

// --- orders ------------------------------------------------------------------------------------

/** A moment as the hall answers it, 'YYYY-MM-DD HH:mm:ss' in a zone. */
export const momentIn = (at: Date | number, zone: string): string =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
    .format(at)
    .replace('T', ' ')

interface OrderRow {
  readonly id: string
  readonly playerId: string
  readonly accountId: number
  readonly currency: string
  readonly amount: string
  readonly fee: string
  readonly arrive: string
  readonly speed: WithdrawSpeed
  readonly status: WithdrawStatus
  readonly reason: string
  readonly steps: ReadonlyArray<{ status: WithdrawStatus; at: number }>
  readonly createdAt: Date
  readonly finishedAt: Date | null
}

const ORDER_COLUMNS = `id::text AS id, player_id::text AS "playerId", account_id::int AS "accountId", currency, trim_scale(amount)::text AS amount,
  trim_scale(fee)::text AS fee, trim_scale(amount - fee)::text AS arrive, speed::int AS speed, status::int AS status, reason, steps,
  created_at AS "createdAt", finished_at AS "finishedAt"`

const orderAnswer = async (db: Queryable, r: OrderRow, zone: string): Promise<WithdrawOrder> => {
  const a = (await db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM withdraw_accounts WHERE id = $1`, [r.accountId])).rows[0]
  if (a === undefined) throw new Error(`order ${r.id} names no account`)
  return {
    order_no: r.id,
    currency: r.currency,
    amount: r.amount,
    fee: r.fee,
    arrive_amount: r.arrive,
    account: accountOf(a),
    speed: r.speed,
    status: r.status,
    reason: r.reason,
    created_at: momentIn(r.createdAt, zone),
    finished_at: r.finishedAt === null ? null : momentIn(r.finishedAt, zone),
    steps: r.steps.map((s) => ({ status: s.status, time: momentIn(s.at, zone) })),
  }
}

/** An order of a player as answered (undefined when it is not theirs). */
export const orderOfPlayer = async (db: Queryable, playerId: string, orderNo: string, zone: string): Promise<WithdrawOrder | undefined> => {
  const r = (await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM withdraw_orders WHERE id = $1::bigint AND player_id = $2`, [orderNo, playerId])).rows[0]
  return r === undefined ? undefined : orderAnswer(db, r, zone)
}

/** The states of the record filter: undo 10001 reviewing, pending 10002 approved, done 10003 the rest. */
const STATES_OF_FILTER: Readonly<Record<number, ReadonlyArray<number>>> = { 10001: [0], 10002: [1], 10003: [2, 3, 4, 5] }

/** The player's orders, newest first, in a time range and state filter. */
export const ordersOf = async (
  db: Queryable,
  playerId: string,
  q: { from: Date | null; to: Date | null; state?: number | undefined; currency?: string | undefined; current: number; size: number },
  zone: string,
): Promise<{ records: ReadonlyArray<WithdrawOrder>; total: number; current: number; size: number }> => {
  const states = q.state === undefined ? null : [...(STATES_OF_FILTER[q.state] ?? [])]
  const where = `player_id = $1 AND ($2::timestamptz IS NULL OR created_at >= $2) AND ($3::timestamptz IS NULL OR created_at < $3)
    AND ($4::int[] IS NULL OR status = ANY ($4::int[])) AND ($5::text IS NULL OR currency = upper($5))`
  const params = [playerId, q.from, q.to, states, q.currency ?? null]
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM withdraw_orders WHERE ${where}`, params)).rows[0]?.n ?? 0
  const rows = (
    await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM withdraw_orders WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $6 OFFSET $7`, [
      ...params,
      q.size,
      (q.current - 1) * q.size,
    ])
  ).rows
  const records: WithdrawOrder[] = []
  for (const r of rows) records.push(await orderAnswer(db, r, zone))
  return { records, total, current: q.current, size: q.size }
}

/** The fee of withdrawing `amount` to an account of a channel at a speed, rounded to the currency's scale. */
export const feeOf = async (
  db: Queryable,
  channel: WithdrawChannel,
  amount: string,
  speed: WithdrawSpeed,
): Promise<{ amount: string; fee: string; fee_rate: string; arrive_amount: string }> => {
  const row = (
    await db.query<{ rate: string; fee: string; arrive: string; amount: string }>(
      `WITH r AS (SELECT $2::numeric + CASE WHEN $3 = 1 THEN $4::numeric ELSE 0 END AS rate),
            f AS (SELECT round($1::numeric * r.rate / 100, (SELECT scale FROM currencies WHERE code = $5)) AS fee, r.rate FROM r)
       SELECT trim_scale(f.rate)::text AS rate, trim_scale(f.fee)::text AS fee, trim_scale($1::numeric - f.fee)::text AS arrive,
              trim_scale($1::numeric)::text AS amount FROM f`,
      [amount, channel.fee_rate, speed, FAST_SPEED_EXTRA_RATE, channel.currency],
    )
  ).rows[0]
  if (row === undefined) throw new Error('fee query returned no row')
  return { amount: row.amount, fee: row.fee, fee_rate: row.rate, arrive_amount: row.arrive }
}

/** Compares two decimal strings in the database's numeric: -1, 0 or 1. */
const compare = async (db: Queryable, a: string, b: string): Promise<number> =>
  (await db.query<{ c: number }>('SELECT sign($1::numeric - $2::numeric)::int AS c', [a, b])).rows[0]?.c ?? 0

/**
 * The amount check of a withdrawal, and of its fee quote (getWithdrawFee): digits with at most the
 * currency's decimals, above 0, within the channel's least and most amount.
 */
export const checkWithdrawAmount = async (db: Queryable, currency: string, channel: WithdrawChannel, amount: string): Promise<void> => {
  const decimals = await decimalsOf(db, currency)
  checkAmount(amount, { decimals, min: channel.min_amount, max: channel.max_amount }, (problem) =>
    problem === 'min'
      ? new WithdrawError(WithdrawCodes.belowMin, `the least one withdrawal is ${channel.min_amount}`)
      : problem === 'max' || problem === 'length'
        ? new WithdrawError(WithdrawCodes.aboveMax, `the most one withdrawal is ${channel.max_amount}`)
        : new WithdrawError(WithdrawCodes.badAmount, `the amount is a positive number with at most ${decimals} decimals`),
  )
}

/** Refuses an amount above what the player can withdraw now (1304). */
export const checkWithdrawable = async (db: Queryable, playerId: string, currency: string, amount: string): Promise<void> => {
  const can = await withdrawableOf(db, playerId, currency)
  if ((await compare(db, amount, can.withdrawable)) > 0) throw new WithdrawError(WithdrawCodes.aboveWithdrawable, `at most ${can.withdrawable} can be withdrawn now`)
}

/** A withdrawal asked for (its checks of password and code are the call's). */
export interface WithdrawRequest {
  readonly playerId: string
  readonly siteCode: string
  readonly accountId: number
  readonly amount: string
  readonly requestId: string
  readonly speed?: WithdrawSpeed | undefined
  /** The uploaded proof (withdraw_proofs id) a channel that asks one needs. */
  readonly proofId?: string | undefined
  /** The start of the player's day in the site's zone: the daily allowance counts from it. */
  readonly dayStart: Date
  readonly now: number
}

/**
 * Asks a withdrawal: checks the account, the channel, the limits, the daily allowance and what
 * can be withdrawn, then creates the order and holds its amount, in one transaction with the
 * wallet row locked. The same request id answers the order it created (created false) and holds
 * nothing again.
 */
export const requestWithdraw = async (db: Db, w: WithdrawRequest): Promise<{ order: OrderRow; created: boolean; balance: string }> =>
  db.transaction(async (tx) => {
    const account = await liveAccount(tx, w.playerId, w.accountId)
    const currency = (await tx.query<{ currency: string }>('SELECT currency FROM players WHERE id = $1', [w.playerId])).rows[0]?.currency
    if (currency === undefined) throw new Error(`no player ${w.playerId}`)
    // The wallet row is the lock every money movement of this player takes: one withdrawal at a time.
    await lockWallet(tx, { playerId: w.playerId, currency })
    return oncePerRequest<OrderRow, { order: OrderRow; created: boolean; balance: string }>(tx, {
      table: 'withdraw_orders',
      playerId: w.playerId,
      requestId: w.requestId,
      earlier: ORDER_COLUMNS,
      // The same request id answers the order it created, whatever else it asks now.
      again: async (order) => ({ order, created: false, balance: await balanceOf(tx, w.playerId, currency) }),
      first: async () => {
        const settings = await settingsOf(tx, w.siteCode)
        const channel = channelsOf(settings, currency).find((c) => c.kind === account.kind)
        if (channel === undefined || channel.closed === 1) throw new WithdrawError(WithdrawCodes.closed, settings.message || 'withdrawals are closed for now')
        let proofId: string | null = null
        if (settings.proofKinds.includes(account.kind)) {
          if (w.proofId === undefined) throw new WithdrawError(WithdrawCodes.needProof, 'this channel needs a proof uploaded with the withdrawal')
          // A proof of this player, not yet with an order: one proof goes with one withdrawal.
          const proof = (
            await tx.query<{ id: string }>(
              `SELECT id::text AS id FROM withdraw_proofs p WHERE id = $1::bigint AND player_id = $2 AND order_id IS NULL
                 AND NOT EXISTS (SELECT 1 FROM withdraw_orders o WHERE o.proof_id = p.id) FOR UPDATE`,
              [w.proofId, w.playerId],
            )
          ).rows[0]
          if (proof === undefined) throw new WithdrawError(WithdrawCodes.badProof, 'upload a new proof for this withdrawal')
          proofId = proof.id
        }
        const amount = w.amount
        await checkWithdrawAmount(tx, currency, channel, amount)
        const today = (
          await tx.query<{ n: number; sum: string }>(
            `SELECT count(*)::int AS n, coalesce(sum(amount), 0)::text AS sum FROM withdraw_orders
             WHERE player_id = $1 AND created_at >= $2 AND status NOT IN (3, 4, 5)`,
            [w.playerId, w.dayStart.toISOString()],
          )
        ).rows[0] ?? { n: 0, sum: '0' }
        if (today.n >= settings.dailyTimes) throw new WithdrawError(WithdrawCodes.dailyLimit, `at most ${settings.dailyTimes} withdrawals a day`)
        const dayTotal = (await tx.query<{ s: string }>('SELECT ($1::numeric + $2::numeric)::text AS s', [today.sum, amount])).rows[0]?.s ?? amount
        if ((await compare(tx, dayTotal, settings.dailyMaxAmount)) > 0) throw new WithdrawError(WithdrawCodes.dailyLimit, `at most ${settings.dailyMaxAmount} a day`)
        await checkWithdrawable(tx, w.playerId, currency, amount)
        const speed = w.speed ?? channel.speed
        const fee = await feeOf(tx, channel, amount, speed)
        const order = (
          await tx.query<OrderRow>(
            `INSERT INTO withdraw_orders (player_id, request_id, account_id, currency, amount, fee, speed, status, steps, created_at, proof_id)
             VALUES ($1, $2, $3, $4, $5::numeric, $6::numeric, $7, 0, $8::jsonb, $9, $10::bigint) RETURNING ${ORDER_COLUMNS}`,
            [w.playerId, w.requestId, account.id, currency, amount, fee.fee, speed, JSON.stringify([{ status: 0, at: w.now }]), new Date(w.now).toISOString(), proofId],
          )
        ).rows[0]
        if (order === undefined) throw new Error('order insert returned no row')
        if (proofId !== null) await tx.query('UPDATE withdraw_proofs SET order_id = $2::bigint WHERE id = $1::bigint', [proofId, order.id])
        const balance = await debit(tx, { playerId: w.playerId, currency }, amount, 'withdraw-hold')
        if (balance === undefined) throw new WithdrawError(WithdrawCodes.aboveWithdrawable, 'not enough balance')
        return { order, created: true, balance: await balanceOf(tx, w.playerId, currency) }
      },
    })
  })

/** What an operator does with an order: approve (reviewing to paying out), pay, reject or fail (the money comes back). */
export type SettleAction = 'approve' | 'pay' | 'reject' | 'fail'

const NEXT_STATUS: Readonly<Record<SettleAction, { from: ReadonlyArray<WithdrawStatus>; to: WithdrawStatus }>> = {
  approve: { from: [0], to: 1 },
  pay: { from: [0, 1], to: 2 },
  reject: { from: [0, 1], to: 3 },
  fail: { from: [1], to: 4 },
}

/** An order moved on (or found already past the step: changed false), with the balance after it. */
export interface Settled {
  readonly changed: boolean
  readonly playerId: string
  readonly orderNo: string
  readonly status: WithdrawStatus
  readonly amount: string
  readonly currency: string
  readonly balance: string
}

/**
 * Moves an order on in the caller's transaction, with its ledger entry: a rejection or failure
 * gives the held amount back ('withdraw-release'), a payout records it ('withdraw-paid', with the
 * payout's reference when given). The order's row is locked first; an order already past the step
 * answers changed false and moves no money. The console's decisions (server/withdraw/decide.ts)
 * run it in their own transaction beside the approvals.
 */
export const settleWithdrawIn = async (
  tx: Queryable,
  orderNo: string,
  action: SettleAction,
  reason: string,
  now: number,
  payoutReference?: string,
): Promise<Settled> => {
  const order = (await tx.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM withdraw_orders WHERE id = $1::bigint FOR UPDATE`, [orderNo])).rows[0]
  if (order === undefined) throw new WithdrawError(WithdrawCodes.noOrder, `no withdraw order ${orderNo}`)
  const step = NEXT_STATUS[action]
  const unchanged = { changed: false, playerId: order.playerId, orderNo: order.id, status: order.status, amount: order.amount, currency: order.currency }
  if (!step.from.includes(order.status)) return { ...unchanged, balance: await balanceOf(tx, order.playerId, order.currency) }
  await lockWallet(tx, order)
  const final = step.to !== 1
  await tx.query(
    `UPDATE withdraw_orders SET status = $2, reason = $3, steps = steps || $4::jsonb, finished_at = CASE WHEN $5 THEN $6::timestamptz ELSE finished_at END,
       payout_reference = coalesce($7, payout_reference)
     WHERE id = $1::bigint`,
    [orderNo, step.to, reason, JSON.stringify([{ status: step.to, at: now }]), final, new Date(now).toISOString(), payoutReference ?? null],
  )
  if (step.to === 3 || step.to === 4) {
    await credit(tx, order, order.amount, 'withdraw-release')
  } else if (step.to === 2) {
    await credit(tx, order, '0', 'withdraw-paid')
  }
  return { ...unchanged, changed: true, status: step.to, balance: await balanceOf(tx, order.playerId, order.currency) }
}

/** An order as it is (changed false), with the player's balance: a repeated decision's answer. */
export const settledAsIs = async (db: Queryable, orderNo: string): Promise<Settled> => {
  const order = (await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM withdraw_orders WHERE id = $1::bigint`, [orderNo])).rows[0]
  if (order === undefined) throw new WithdrawError(WithdrawCodes.noOrder, `no withdraw order ${orderNo}`)
  return { changed: false, playerId: order.playerId, orderNo: order.id, status: order.status, amount: order.amount, currency: order.currency, balance: await balanceOf(db, order.playerId, order.currency) }
}

/** settleWithdrawIn in a transaction of its own (the control surface's `withdraw-order`). */
export const settleWithdraw = async (db: Db, orderNo: string, action: SettleAction, reason: string, now: number): Promise<Settled> =>
  db.transaction((tx) => settleWithdrawIn(tx, orderNo, action, reason, now))

/** The answer of an order by number (for the calls), in a zone. */
export const orderAnswerOf = async (db: Queryable, order: { id: string }, zone: string): Promise<WithdrawOrder> => {
  const r = (await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM withdraw_orders WHERE id = $1::bigint`, [order.id])).rows[0]
  if (r === undefined) throw new WithdrawError(WithdrawCodes.noOrder, `no withdraw order ${order.id}`)
  return orderAnswer(db, r, zone)
}
