/**
 * Deposits (calls §7.5, docs/hall.md "Deposits"): the methods and channels a site offers per
 * currency, the fee and bonus of an amount, orders with their states, offline transfers the player
 * confirms or cancels, the banks of a channel and the exchange rates a deposit in another currency
 * is credited at.
 *
 * An order is paid by its provider (the small provider page the hall serves, server/pay/provider.ts),
 * by the control surface, or not at all (it fails, is cancelled or expires). Settling an order is
 * one transaction: the order's state changes, and when paid the wallet is credited with ledger
 * entries (depositCredited) and the notices the player hears are stored; a settled order is
 * never settled again, so a repeated payment callback credits once.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import {
  DepositStatus,
  PayCode,
  depositSignText,
  getPayChooseBank,
  getPayOrderFee,
  getSiteCurrencyExchangeRate,
  offlineOrderV3,
  payListV4,
  payOrderInfo,
  payOrderListV3,
  payPlatformListV3,
  payTypeV4,
  transferCancel,
  transferConfirm,
} from '../../schemas/hall/calls/pay'
import type { DepositOrder, PayChannel, PayKind, PayMethod } from '../../schemas/hall/calls/pay'
import type { Db, Queryable } from '../db'
import { LIMITS } from '../../schemas/validation'
import { checkAmount, credit, oncePerRequest, type AmountProblem } from '../money'
import { lockPlayer } from '../rewards'
import { balanceOf, playerById, siteByCode } from '../store'
import type { PlayerRow } from '../store'
import { storeNotice } from '../ws'
import { addTurnover } from '../withdraw'
import type { SocketHub } from '../ws'
import { rangeOf, zoneOf } from './records'
import { requirePlayer } from './session'
import { ServiceError, implement } from './types'
import type { CallContext, Implementation } from './types'

/** Where the provider's pay page of an order is served (pay_url is this path and the order's reference). */
export const PROVIDER_PAGE_PATH = '/provider/pay'

/** How long an order waits for its payment: online fiat 30 minutes, crypto an hour, an offline transfer a day. */
export const ORDER_TTL_MS: Readonly<Record<PayKind, number>> = { fiat: 30 * 60_000, crypto: 60 * 60_000, offline: 24 * 60 * 60_000 }


export const md5 = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex')

const sameText = (a: string, b: string): boolean => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

// --- channels -----------------------------------------------------------------------------------

interface ChannelRow extends PayChannel {
  readonly method_name: string
  readonly method_icon: string
  readonly method_sort: number
  readonly crypto: boolean
  readonly address: string
  readonly bank_name: string
  readonly account_name: string
  readonly account_no: string
  readonly branch: string
}

const CHANNEL_COLUMNS = `c.id, m.id AS type, c.name, c.icon, m.kind, m.currency, trim_scale(c.min_amount)::text AS min_amount,
  trim_scale(c.max_amount)::text AS max_amount, c.fixed_amounts, trim_scale(c.fee_rate)::text AS fee_rate,
  trim_scale(c.bonus_rate)::text AS bonus_rate, c.network, c.need_real_name::int AS need_real_name, c.choose_bank::int AS choose_bank,
  c.sort, m.name AS method_name, m.icon AS method_icon, m.sort AS method_sort, (cur.currency_type = 2) AS crypto, c.address,
  c.bank_name, c.account_name, c.account_no, c.branch`

/**
 * The channels a player may deposit on: enabled, of the site (or every site), in a currency the
 * site offers and that converts into the player's wallet currency; one currency or all.
 */
const channelsOf = async (db: Queryable, siteCode: string, walletCurrency: string, currency: string | undefined): Promise<ReadonlyArray<ChannelRow>> =>
  (
    await db.query<ChannelRow>(
      `SELECT ${CHANNEL_COLUMNS}
       FROM pay_channels c JOIN pay_methods m ON m.id = c.method_id JOIN currencies cur ON cur.code = m.currency
       JOIN site_currencies sc ON sc.site_code = $1 AND sc.currency_code = m.currency
       WHERE c.enabled AND (c.site_code IS NULL OR c.site_code = $1) AND ($3::text IS NULL OR m.currency = upper($3))
         AND (m.currency = $2 OR EXISTS (SELECT 1 FROM exchange_rates r WHERE r.currency = m.currency AND r.target = $2))
       ORDER BY sc.sort, m.sort, m.id, c.sort, c.id`,
      [siteCode, walletCurrency, currency ?? null],
    )
  ).rows

const channelOf = async (db: Queryable, player: PlayerRow, channelId: number): Promise<ChannelRow> => {
  const found = (await channelsOf(db, player.siteCode, player.currency, undefined)).find((c) => c.id === channelId)
  if (found === undefined) throw new ServiceError(PayCode.channelUnavailable, 'this deposit channel is not available')
  return found
}

const channelAnswer = (c: ChannelRow): PayChannel => ({
  id: c.id,
  type: c.type,
  name: c.name,
  icon: c.icon,
  kind: c.kind,
  currency: c.currency,
  min_amount: c.min_amount,
  max_amount: c.max_amount,
  fixed_amounts: c.fixed_amounts,
  fee_rate: c.fee_rate,
  bonus_rate: c.bonus_rate,
  network: c.network,
  need_real_name: c.need_real_name,
  choose_bank: c.choose_bank,
  sort: c.sort,
})

/** The methods of the channels, in order, each with its channels and the highest bonus among them. */
const methodsOf = (channels: ReadonlyArray<ChannelRow>): ReadonlyArray<PayMethod & { channels: ReadonlyArray<PayChannel> }> => {
  const byType = new Map<number, PayMethod & { channels: PayChannel[] }>()
  for (const c of channels) {
    const method = byType.get(c.type) ?? { type: c.type, name: c.method_name, icon: c.method_icon, kind: c.kind, currency: c.currency, bonus_rate: '0', sort: c.method_sort, channels: [] }
    method.channels.push(channelAnswer(c))
    byType.set(c.type, Number(c.bonus_rate) > Number(method.bonus_rate) ? { ...method, bonus_rate: c.bonus_rate } : method)
  }
  return [...byType.values()]
}

/** Checks an amount against the money rules (server/money/amount.ts) and the channel's limits. */
const AMOUNT_REFUSALS: Readonly<Record<AmountProblem, string>> = {
  format: 'the amount is not a number',
  decimals: 'the amount has more decimals than its currency takes',
  length: 'the amount is too long',
  zero: 'the amount must be more than zero',
  min: 'below the least deposit of this channel',
  max: 'above the most deposit of this channel',
}
const checkChannelAmount = (channel: ChannelRow, raw: string): string =>
  checkAmount(raw, { decimals: LIMITS.moneyDecimals[channel.crypto ? 'crypto' : 'fiat'], min: channel.min_amount, max: channel.max_amount }, (problem) =>
    problem === 'min'
      ? new ServiceError(PayCode.belowMin, `the least you can deposit on this channel is ${channel.min_amount}`)
      : problem === 'max'
        ? new ServiceError(PayCode.aboveMax, `the most you can deposit on this channel is ${channel.max_amount}`)
        : new ServiceError(PayCode.invalidAmount, AMOUNT_REFUSALS[problem]),
  )

/** Fee and bonus of an amount on a channel (rounded to the currency's scale), what the player pays and what arrives. */
const feeOf = async (db: Queryable, channel: ChannelRow, amount: string) =>
  (
    await db.query<{ amount: string; fee: string; bonus: string; pay_amount: string; arrive_amount: string }>(
      `WITH x AS (SELECT $1::numeric AS a, round($1::numeric * $2::numeric / 100, cur.scale) AS fee,
                         round($1::numeric * $3::numeric / 100, cur.scale) AS bonus FROM currencies cur WHERE cur.code = $4)
       SELECT trim_scale(a)::text AS amount, trim_scale(fee)::text AS fee, trim_scale(bonus)::text AS bonus,
              trim_scale(a)::text AS pay_amount, trim_scale(a - fee + bonus)::text AS arrive_amount FROM x`,
      [amount, channel.fee_rate, channel.bonus_rate, channel.currency],
    )
  ).rows[0] ?? { amount, fee: '0', bonus: '0', pay_amount: amount, arrive_amount: amount }

// --- orders -------------------------------------------------------------------------------------

/** An order as stored, with what the answer needs. */
export interface OrderRow {
  readonly orderNo: string
  readonly playerId: string
  readonly siteCode: string
  readonly channelId: number
  readonly channelName: string
  readonly kind: PayKind
  readonly currency: string
  readonly amount: string
  readonly fee: string
  readonly bonus: string
  readonly walletCurrency: string
  readonly rate: string
  readonly credit: string
  readonly status: DepositStatus
  readonly providerRef: string
  readonly payerName: string
  readonly proofUrl: string
  readonly isFirst: number
  readonly createdAt: string
  readonly expireAt: string
  readonly paidAt: string | null
  readonly expired: boolean
  readonly network: string
  readonly address: string
  readonly bankName: string
  readonly accountName: string
  readonly accountNo: string
  readonly branch: string
}

const at = (column: string): string => `to_char(${column} AT TIME ZONE $ZONE, 'YYYY-MM-DD HH24:MI:SS')`

const orderSelect = (where: string): string =>
  `SELECT o.order_no::text AS "orderNo", o.player_id::text AS "playerId", o.site_code AS "siteCode", o.channel_id AS "channelId",
          c.name AS "channelName", o.kind, o.currency, trim_scale(o.amount)::text AS amount, trim_scale(o.fee)::text AS fee,
          trim_scale(o.bonus)::text AS bonus, o.wallet_currency AS "walletCurrency", trim_scale(o.rate)::text AS rate,
          trim_scale(o.credit)::text AS credit, o.status::int AS status, o.provider_ref AS "providerRef", o.payer_name AS "payerName",
          o.proof_url AS "proofUrl", o.is_first::int AS "isFirst", ${at('o.created_at')} AS "createdAt", ${at('o.expire_at')} AS "expireAt",
          ${at('o.paid_at')} AS "paidAt", (o.expire_at <= $NOW) AS expired, c.network, c.address, c.bank_name AS "bankName",
          c.account_name AS "accountName", c.account_no AS "accountNo", c.branch
   FROM deposit_orders o JOIN pay_channels c ON c.id = o.channel_id WHERE ${where}`

/** Runs an order query: $ZONE and $NOW are bound after the given parameters. */
const queryOrders = async (db: Queryable, where: string, params: ReadonlyArray<unknown>, zone: string, now: number, tail = ''): Promise<ReadonlyArray<OrderRow>> => {
  const sql = (orderSelect(where) + tail).replaceAll('$ZONE', `$${params.length + 1}`).replaceAll('$NOW', `$${params.length + 2}`)
  return (await db.query<OrderRow>(sql, [...params, zone, new Date(now).toISOString()])).rows
}

/** The identifying remark of an offline transfer. */
const remarkOf = (orderNo: string): string => `D${orderNo.slice(-8)}`

/** The text a crypto order's QR code holds: the network's payment URI with the address and amount. */
const cryptoUri = (network: string, address: string, amount: string): string => {
  const scheme = network === 'BTC' ? 'bitcoin' : network === 'TRC20' ? 'tron' : 'ethereum'
  return `${scheme}:${address}?amount=${amount}`
}

export const orderAnswer = (o: OrderRow): DepositOrder => ({
  order_no: o.orderNo,
  channel_id: o.channelId,
  channel_name: o.channelName,
  kind: o.kind,
  currency: o.currency,
  amount: o.amount,
  pay_amount: o.amount,
  fee: o.fee,
  bonus: o.bonus,
  status: o.status,
  created_at: o.createdAt,
  expire_at: o.expireAt,
  paid_at: o.paidAt,
  pay_url: o.kind === 'fiat' ? `${PROVIDER_PAGE_PATH}/${o.providerRef}` : '',
  transfer: o.kind === 'offline' ? { bank_name: o.bankName, account_name: o.accountName, account_no: o.accountNo, branch: o.branch, remark: remarkOf(o.orderNo) } : null,
  crypto: o.kind === 'crypto' ? { address: o.address, network: o.network, coin_amount: o.amount, qr_code: cryptoUri(o.network, o.address, o.amount) } : null,
  proof_url: o.proofUrl,
})

/** Orders still waiting past their time become expired (an offline transfer the player confirmed waits for review). */
export const expireDue = async (db: Queryable, playerId: string, now: number): Promise<void> => {
  await db.query('UPDATE deposit_orders SET status = 4 WHERE player_id = $1 AND status = 0 AND expire_at <= $2', [playerId, new Date(now).toISOString()])
}

const zoneOfSite = async (db: Queryable, siteCode: string): Promise<string> => {
  const r = await db.query<{ zone: string }>('SELECT time_zone AS zone FROM sites WHERE code = $1', [siteCode])
  return zoneOf(r.rows[0]?.zone ?? '')
}

/** The player's order by number; orderNotFound otherwise. */
const ownOrder = async (db: Queryable, player: PlayerRow, orderNo: string, now: number, lock = false): Promise<OrderRow> => {
  const zone = await zoneOfSite(db, player.siteCode)
  const found = (await queryOrders(db, 'o.order_no = $1::bigint AND o.player_id = $2', [orderNo, player.id], zone, now, lock ? ' FOR UPDATE OF o' : ''))[0]
  if (found === undefined) throw new ServiceError(PayCode.orderNotFound, 'no such deposit order')
  return found
}

/** A notice stored in a transaction, to send once it committed. */
interface Stored {
  readonly playerId: string
  readonly notices: ReadonlyArray<{ msgId: string; type: string; data: unknown }>
}

const sendStored = async (socket: SocketHub | undefined, stored: Stored): Promise<void> => {
  if (socket !== undefined && stored.notices.length > 0) await socket.send(stored.playerId, stored.notices)
}

const progressNotice = async (db: Queryable, o: OrderRow, status: DepositStatus) =>
  storeNotice(db, o.playerId, 'pay/orderProgress', { orderNo: o.orderNo, status, amount: o.amount, currency: o.currency })

/**
 * "A deposit was credited": the one place a paid deposit reaches the wallet. The deposit (amount
 * less fee, converted into the wallet's currency) and its bonus are two ledger entries, in the
 * caller's transaction. Anything attached to a credited deposit (a turnover requirement, a
 * deposit task) belongs here. Returns the balance after it, or undefined if the wallet refused.
 */
/**
 * The turnover a deposit brings (server/withdraw.ts): its own amount bet once before it can be
 * withdrawn (against money laundering), its bonus three times, as operators commonly ask.
 */
export const DEPOSIT_TURNOVER = { deposit: '1', bonus: '3' } as const

export const depositCredited = async (
  tx: Queryable,
  order: { readonly orderNo: string; readonly playerId: string; readonly walletCurrency: string; readonly credit: string; readonly bonus: string; readonly rate: string },
): Promise<string | undefined> => {
  const parts = (
    await tx.query<{ base: string; bonus: string }>(
      `WITH b AS (SELECT round($2::numeric * $3::numeric, cur.scale) AS bonus FROM currencies cur WHERE cur.code = $4)
       SELECT trim_scale($1::numeric - least(b.bonus, $1::numeric))::text AS base, trim_scale(least(b.bonus, $1::numeric))::text AS bonus FROM b`,
      [order.credit, order.bonus, order.rate, order.walletCurrency],
    )
  ).rows[0]
  if (parts === undefined) return undefined
  const wallet = { playerId: order.playerId, currency: order.walletCurrency }
  let balance = await credit(tx, wallet, parts.base, 'deposit')
  if (Number(parts.base) > 0) {
    await addTurnover(tx, order.playerId, order.walletCurrency, parts.base, DEPOSIT_TURNOVER.deposit, 'deposit', `Deposit ${order.orderNo}`)
  }
  if (Number(parts.bonus) > 0) {
    balance = await credit(tx, wallet, parts.bonus, 'bonus-deposit')
    await addTurnover(tx, order.playerId, order.walletCurrency, parts.bonus, DEPOSIT_TURNOVER.bonus, 'bonus', `Deposit bonus ${order.orderNo}`)
  }
  await tx.query('UPDATE players SET has_recharged = 1 WHERE id = $1', [order.playerId])
  return balance
}

/** How an order ends outside the player's hands: its provider pays or fails it, or its time runs out. */
export type Settlement = 'paid' | 'failed' | 'expired'

const STATUS_OF: Readonly<Record<Settlement, DepositStatus>> = { paid: 1, failed: 2, expired: 4 }

/**
 * Settles an order, once: in one transaction the order is locked; an order already settled is
 * answered as it is (changed false) so a repeated callback changes nothing; an order past its
 * time cannot be paid (it expires instead). Paying credits the wallet (depositCredited). The
 * notices (pay/orderProgress, and payOrderSuccess when paid) are stored in the same transaction
 * and sent after it.
 */
export const settleOrder = async (
  db: Db,
  socket: SocketHub | undefined,
  ref: { readonly orderNo: string } | { readonly providerRef: string },
  outcome: Settlement,
  now: number,
): Promise<{ order: OrderRow; changed: boolean } | undefined> => {
  const result = await db.transaction(async (tx) => {
    const key = 'orderNo' in ref ? ref.orderNo : ref.providerRef
    if ('orderNo' in ref && !/^\d{1,18}$/.test(key)) return undefined
    const head = (
      await tx.query<{ siteCode: string }>(
        `SELECT site_code AS "siteCode" FROM deposit_orders WHERE ${'orderNo' in ref ? 'order_no = $1::bigint' : 'provider_ref = $1'}`,
        [key],
      )
    ).rows[0]
    if (head === undefined) return undefined
    const zone = await zoneOfSite(tx, head.siteCode)
    const order = (
      await queryOrders(tx, `${'orderNo' in ref ? 'o.order_no = $1::bigint' : 'o.provider_ref = $1'}`, [key], zone, now, ' FOR UPDATE OF o')
    )[0]
    if (order === undefined) return undefined
    if (order.status !== 0 && order.status !== 5) return { order, changed: false, stored: { playerId: order.playerId, notices: [] } }
    const effective: Settlement = outcome === 'paid' && order.status === 0 && order.expired ? 'expired' : outcome
    const status = STATUS_OF[effective]
    const at = new Date(now).toISOString()
    const notices: Array<{ msgId: string; type: string; data: unknown }> = []
    if (effective === 'paid') {
      const first = (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM deposit_orders WHERE player_id = $1 AND status = 1', [order.playerId])).rows[0]?.n === 0
      await tx.query('UPDATE deposit_orders SET status = 1, paid_at = $2, is_first = $3 WHERE order_no = $1::bigint', [order.orderNo, at, first ? 1 : 0])
      const balance = await depositCredited(tx, order)
      if (balance === undefined) throw new Error(`deposit ${order.orderNo} could not be credited`)
      notices.push(await progressNotice(tx, order, 1))
      notices.push(
        await storeNotice(tx, order.playerId, 'payOrderSuccess', {
          orderNo: order.orderNo,
          amount: order.credit,
          currency: order.walletCurrency,
          balance: await balanceOf(tx, order.playerId, order.walletCurrency),
          isFirst: first ? 1 : 0,
        }),
      )
    } else {
      await tx.query('UPDATE deposit_orders SET status = $2 WHERE order_no = $1::bigint', [order.orderNo, status])
      notices.push(await progressNotice(tx, order, status))
    }
    const after = (await queryOrders(tx, 'o.order_no = $1::bigint', [order.orderNo], zone, now))[0] ?? order
    return { order: after, changed: true, stored: { playerId: order.playerId, notices } }
  })
  if (result === undefined) return undefined
  await sendStored(socket, result.stored)
  return { order: result.order, changed: result.changed }
}

/** The provider's callback signature: MD5 of `order_no=…&status=…&amount=…&key=<the site's provider key>`. */
export const providerSign = (p: { readonly order_no: string; readonly status: string; readonly amount: string }, providerKey: string): string =>
  md5(`order_no=${p.order_no}&status=${p.status}&amount=${p.amount}&key=${providerKey}`)

/**
 * The provider's payment callback: a signed {order_no, status 'paid' | 'failed', amount, sign}.
 * A wrong signature or amount is refused (nothing changes); a repeated callback answers the order
 * as it is.
 */
export const providerCallback = async (
  db: Db,
  socket: SocketHub | undefined,
  body: unknown,
  now: number,
): Promise<{ status: number; body: Record<string, unknown> }> => {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const { order_no: orderNo, status, amount, sign } = b
  if (typeof orderNo !== 'string' || !/^\d{1,18}$/.test(orderNo) || (status !== 'paid' && status !== 'failed') || typeof amount !== 'string' || typeof sign !== 'string') {
    return { status: 400, body: { ok: false, error: 'order_no, status (paid or failed), amount and sign are required' } }
  }
  const row = (
    await db.query<{ providerKey: string; amount: string }>(
      `SELECT s.provider_key AS "providerKey", trim_scale(o.amount)::text AS amount FROM deposit_orders o JOIN sites s ON s.code = o.site_code WHERE o.order_no = $1::bigint`,
      [orderNo],
    )
  ).rows[0]
  // An unknown order and another provider's (a signature that does not match) get one answer, so
  // a caller cannot learn which order numbers exist.
  if (row === undefined || !sameText(providerSign({ order_no: orderNo, status, amount }, row.providerKey), sign.toLowerCase())) {
    return { status: 403, body: { ok: false, error: 'bad signature' } }
  }
  if (amount !== row.amount) return { status: 409, body: { ok: false, error: 'the amount is not the order amount' } }
  const settled = await settleOrder(db, socket, { orderNo }, status, now)
  if (settled === undefined) return { status: 404, body: { ok: false, error: 'no such order' } }
  return { status: 200, body: { ok: true, status: settled.order.status, changed: settled.changed } }
}

/** The order a provider reference names, with its site's provider key (the provider page). */
export const orderByProviderRef = async (db: Queryable, ref: string, now: number): Promise<{ order: OrderRow; providerKey: string } | undefined> => {
  if (!/^[0-9a-f]{32}$/.test(ref)) return undefined
  const head = (await db.query<{ siteCode: string }>('SELECT site_code AS "siteCode" FROM deposit_orders WHERE provider_ref = $1', [ref])).rows[0]
  if (head === undefined) return undefined
  const site = await siteByCode(db, head.siteCode)
  const key = (await db.query<{ k: string }>('SELECT provider_key AS k FROM sites WHERE code = $1', [head.siteCode])).rows[0]?.k
  const order = (await queryOrders(db, 'o.provider_ref = $1', [ref], zoneOf(site?.timeZone ?? ''), now))[0]
  return order === undefined || key === undefined ? undefined : { order, providerKey: key }
}

/** The deposit key of a site (the lobby receives it with the site configuration). */
export const depositKeyOf = async (db: Queryable, siteCode: string): Promise<string> =>
  (await db.query<{ k: string }>('SELECT deposit_key AS k FROM sites WHERE code = $1', [siteCode])).rows[0]?.k ?? ''

/** The rate one unit of `currency` is worth in `target` (1 for the same currency); undefined when none is known. */
const rateOf = async (db: Queryable, currency: string, target: string): Promise<string | undefined> =>
  currency === target
    ? '1'
    : (await db.query<{ rate: string }>('SELECT trim_scale(rate)::text AS rate FROM exchange_rates WHERE currency = $1 AND target = $2', [currency, target])).rows[0]?.rate

const createOrder = async (ctx: CallContext, p: typeof offlineOrderV3.request.Type) => {
  const { player } = await requirePlayer(ctx)
  const key = await depositKeyOf(ctx.db, ctx.site.code)
  if (p.sign === undefined || !sameText(md5(depositSignText(p, key)), p.sign.toLowerCase())) throw new ServiceError(PayCode.badSign, 'the deposit signature is not valid')
  if (p.request_id.length < 8 || p.request_id.length > 64) throw new ServiceError(PayCode.badSign, 'request_id must be 8 to 64 characters')
  const channel = await channelOf(ctx.db, player, p.channel_id)
  if (p.currency !== undefined && p.currency.toUpperCase() !== channel.currency) throw new ServiceError(PayCode.channelUnavailable, 'this channel takes another currency')
  const amount = checkChannelAmount(channel, p.amount)
  if (p.bank_code !== undefined && p.bank_code !== '') {
    const known = await ctx.db.query('SELECT 1 FROM pay_banks WHERE channel_id = $1 AND bank_code = $2', [channel.id, p.bank_code])
    if (channel.choose_bank !== 1 || known.rows.length === 0) throw new ServiceError(PayCode.channelUnavailable, 'this bank is not offered on this channel')
  }
  const rate = await rateOf(ctx.db, channel.currency, player.currency)
  if (rate === undefined) throw new ServiceError(PayCode.channelUnavailable, 'this deposit channel is not available')
  const fee = await feeOf(ctx.db, channel, amount)
  // Once per request id: a retry answers the order it made when it asks the same order.
  const orderNo = await ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, player.id)
    return oncePerRequest<{ orderNo: string; same: boolean }, string>(tx, {
      table: 'deposit_orders',
      playerId: player.id,
      requestId: p.request_id,
      earlier: 'r.order_no::text AS "orderNo", (r.channel_id = $3 AND r.amount = $4::numeric) AS same',
      params: [channel.id, amount],
      reuse: { same: (e) => e.same, refuse: () => new ServiceError(PayCode.requestReused, 'this request id was used for another order') },
      again: (e) => e.orderNo,
      first: async () => {
        const inserted = await tx.query<{ orderNo: string }>(
          `INSERT INTO deposit_orders (player_id, site_code, channel_id, request_id, kind, currency, amount, fee, bonus, wallet_currency, rate, credit,
                                       provider_ref, bank_code, payer_name, created_at, expire_at)
           SELECT $1, $2, $3, $4, $5, $6, $7::numeric, $8::numeric, $9::numeric, $10, $11::numeric,
                  round(($7::numeric - $8::numeric + $9::numeric) * $11::numeric, w.scale), $12, $13, $14, $15, $16
           FROM currencies w WHERE w.code = $10
           RETURNING order_no::text AS "orderNo"`,
          [
            player.id, ctx.site.code, channel.id, p.request_id, channel.kind, channel.currency, amount, fee.fee, fee.bonus, player.currency, rate,
            randomBytes(16).toString('hex'), p.bank_code ?? '', p.payer_name ?? '', new Date(ctx.now).toISOString(), new Date(ctx.now + ORDER_TTL_MS[channel.kind]).toISOString(),
          ],
        )
        const made = inserted.rows[0]?.orderNo
        if (made === undefined) throw new Error('deposit order insert returned no row')
        return made
      },
    })
  })
  return orderAnswer(await ownOrder(ctx.db, player, orderNo, ctx.now))
}

/**
 * The state filter of the records as the player reads it: 10001 undone (did not go through:
 * failed, cancelled, expired), 10002 pending (waiting for the payment or under review), 10003
 * done (paid).
 */
const STATES: Readonly<Record<number, ReadonlyArray<number>>> = { 10001: [2, 3, 4], 10002: [0, 5], 10003: [1] }

export const payCalls: ReadonlyArray<Implementation> = [
  implement(payListV4, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    return { list: methodsOf(await channelsOf(ctx.db, ctx.site.code, player.currency, p.payCurrency ?? player.currency)).map(({ channels: _c, ...m }) => m) }
  }),
  implement(payTypeV4, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const channels = await channelsOf(ctx.db, ctx.site.code, player.currency, p.payCurrency)
    return { list: channels.filter((c) => c.type === p.type).map(channelAnswer) }
  }),
  implement(payPlatformListV3, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    return { list: methodsOf(await channelsOf(ctx.db, ctx.site.code, player.currency, p.payCurrency)) }
  }),
  implement(getPayOrderFee, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const channel = await channelOf(ctx.db, player, p.channel_id)
    const fee = await feeOf(ctx.db, channel, checkChannelAmount(channel, p.amount))
    return { ...fee, fee_rate: channel.fee_rate, bonus_rate: channel.bonus_rate }
  }),
  implement(offlineOrderV3, createOrder),
  implement(transferConfirm, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    await expireDue(ctx.db, player.id, ctx.now)
    const result = await ctx.db.transaction(async (tx) => {
      const order = await ownOrder(tx, player, p.order_no, ctx.now, true)
      if (order.kind !== 'offline' || order.status !== 0) throw new ServiceError(PayCode.orderState, 'this order cannot be confirmed')
      const channel = await channelOf(tx, player, order.channelId)
      const payer = (p.payer_name ?? order.payerName).trim()
      if (channel.need_real_name === 1 && payer === '') throw new ServiceError(PayCode.payerNameRequired, "the payer's name is required")
      await tx.query('UPDATE deposit_orders SET status = 5, payer_name = $2, proof_url = $3 WHERE order_no = $1::bigint', [order.orderNo, payer, p.proof_url ?? order.proofUrl])
      const notice = await progressNotice(tx, order, 5)
      return { order: await ownOrder(tx, player, order.orderNo, ctx.now), notice }
    })
    await sendStored(ctx.socket, { playerId: player.id, notices: [result.notice] })
    return orderAnswer(result.order)
  }),
  implement(transferCancel, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    await expireDue(ctx.db, player.id, ctx.now)
    const result = await ctx.db.transaction(async (tx) => {
      const order = await ownOrder(tx, player, p.order_no, ctx.now, true)
      if (order.status !== 0 && order.status !== 5) throw new ServiceError(PayCode.orderState, 'this order cannot be cancelled')
      await tx.query('UPDATE deposit_orders SET status = 3 WHERE order_no = $1::bigint', [order.orderNo])
      const notice = await progressNotice(tx, order, 3)
      return { order: await ownOrder(tx, player, order.orderNo, ctx.now), notice }
    })
    await sendStored(ctx.socket, { playerId: player.id, notices: [result.notice] })
    return orderAnswer(result.order)
  }),
  implement(payOrderInfo, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    await expireDue(ctx.db, player.id, ctx.now)
    return orderAnswer(await ownOrder(ctx.db, player, p.order_no, ctx.now))
  }),
  implement(payOrderListV3, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    await expireDue(ctx.db, player.id, ctx.now)
    const zone = zoneOf(ctx.site.timeZone)
    const range = await rangeOf(ctx.db, p, ctx.now, zone)
    const current = p.current ?? 1
    const size = Math.min(p.size ?? 10, 50)
    const states = p.state === undefined || p.state === 10000 ? null : [...(STATES[p.state] ?? [])]
    const where = `o.player_id = $1 AND ($2::timestamptz IS NULL OR o.created_at >= $2) AND ($3::timestamptz IS NULL OR o.created_at < $3)
      AND ($4::int[] IS NULL OR o.status = ANY ($4::int[])) AND ($5::text IS NULL OR o.currency = upper($5))`
    const params = [player.id, range.from, range.to, states, p.currency ?? null]
    const total = (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM deposit_orders o WHERE ${where}`, params)).rows[0]?.n ?? 0
    const rows = await queryOrders(ctx.db, where, params, zone, ctx.now, ` ORDER BY o.created_at DESC, o.order_no DESC LIMIT ${size} OFFSET ${(current - 1) * size}`)
    return { records: rows.map(orderAnswer), total, current, size }
  }),
  implement(getPayChooseBank, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const channel = await channelOf(ctx.db, player, p.channel_id)
    const banks = await ctx.db.query<{ bank_code: string; bank_name: string }>(
      'SELECT bank_code, bank_name FROM pay_banks WHERE channel_id = $1 ORDER BY sort, bank_code',
      [channel.id],
    )
    return { list: banks.rows.map((b) => ({ ...b, icon: '' })) }
  }),
  implement(getSiteCurrencyExchangeRate, async (ctx, p) => {
    const player = ctx.session === undefined ? undefined : await playerById(ctx.db, ctx.session.playerId)
    const target = (p.target ?? player?.currency ?? ctx.site.currencyCode).toUpperCase()
    const rates = await ctx.db.query<{ currency: string; target: string; rate: string; updated_at: string }>(
      `SELECT r.currency, r.target, trim_scale(r.rate)::text AS rate, to_char(r.updated_at AT TIME ZONE $3, 'YYYY-MM-DD HH24:MI:SS') AS updated_at
       FROM exchange_rates r JOIN site_currencies sc ON sc.site_code = $1 AND sc.currency_code = r.currency
       WHERE r.target = $2 ORDER BY sc.sort`,
      [ctx.site.code, target, zoneOf(ctx.site.timeZone)],
    )
    return { list: rates.rows }
  }),
]

// --- discount codes (server/pay/discount.ts) -----------------------------------------------------

export { DiscountCode, discountCalls, putDiscountCode } from '../pay/discount'
