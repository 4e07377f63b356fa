/**
 * Deposit calls (spec §7.5): deposit methods and channels, orders, transfer confirmation, fees,
 * the bonus badge, banks and exchange rates.
 *
 * The spec names payCurrency, type and charge_rate and nothing of the answers; the rest is the
 * hall's design (docs/hall-protocol.md), in the area's snake_case. A channel says everything the
 * deposit form needs (kind fiat, crypto or offline; currency; min and max; quick amounts; fee and
 * bonus rates in percent). Order numbers are large ids (strings); amounts are decimal strings.
 */
import { Schema } from 'effect'
import { BigId } from '../envelope'
import { defineCall } from '../call'
import { payCodes } from './codes'
import { Amount, CurrencyCode, DateTime, Flag, Id, ListOf, NoParams, Paged, RecordQuery } from './common'

/** How a channel is paid: online in fiat (a pay page), in crypto (an address), or offline (a bank transfer the player confirms). */
export const PayKind = Schema.Literals(['fiat', 'crypto', 'offline'])
export type PayKind = typeof PayKind.Type

/**
 * A deposit method (pay type) of a currency: bank transfer, PIX, e-wallet, USDT ... with the
 * highest bonus rate among its channels (the badge on the method).
 */
export const PayMethod = Schema.Struct({
  type: Id,
  name: Schema.String,
  icon: Schema.String,
  kind: PayKind,
  currency: CurrencyCode,
  bonus_rate: Amount,
  sort: Schema.Int,
})
export type PayMethod = typeof PayMethod.Type

/**
 * A deposit channel: the limits of one deposit (min_amount, max_amount), the quick amounts the
 * form offers, the fee the player pays and the bonus the deposit earns (percent), the crypto
 * network where kind is crypto ('' otherwise), and whether the payer's real name is asked.
 */
export const PayChannel = Schema.Struct({
  id: Id,
  type: Id,
  name: Schema.String,
  icon: Schema.String,
  kind: PayKind,
  currency: CurrencyCode,
  min_amount: Amount,
  max_amount: Amount,
  fixed_amounts: Schema.Array(Amount),
  fee_rate: Amount,
  bonus_rate: Amount,
  network: Schema.String,
  need_real_name: Flag,
  choose_bank: Flag,
  sort: Schema.Int,
})
export type PayChannel = typeof PayChannel.Type

/** The deposit methods of a currency (default: the player's), in order. */
export const payListV4 = defineCall({
  name: 'payListV4',
  area: 'pay',
  path: '/pay/payListV4',
  request: Schema.Struct({ payCurrency: Schema.optional(CurrencyCode) }),
  response: ListOf(PayMethod),
})

/** The channels of one deposit method, in order. */
export const payTypeV4 = defineCall({
  name: 'payTypeV4',
  area: 'pay',
  path: '/pay/payTypeV4',
  request: Schema.Struct({ type: Id, payCurrency: Schema.optional(CurrencyCode) }),
  response: ListOf(PayChannel),
})

/** A deposit method with its channels. */
export const PayPlatform = Schema.Struct({ ...PayMethod.fields, channels: Schema.Array(PayChannel) })
export type PayPlatform = typeof PayPlatform.Type

/** Every deposit method of a currency with its channels at once (the single-page deposit form). */
export const payPlatformListV3 = defineCall({
  name: 'payPlatformListV3',
  area: 'pay',
  path: '/pay/payplatformlistV3',
  request: Schema.Struct({ payCurrency: Schema.optional(CurrencyCode) }),
  response: ListOf(PayPlatform),
})

/**
 * Deposit order status: 0 created (waiting for the payment), 1 paid (credited), 2 failed,
 * 3 cancelled, 4 expired, 5 confirming (an offline transfer the player confirmed, under review).
 * The state filter maps undone 10001 to 2-4 (did not go through), pending 10002 to 0 and 5,
 * done 10003 to 1.
 */
export const DepositStatus = Schema.Literals([0, 1, 2, 3, 4, 5])
export type DepositStatus = typeof DepositStatus.Type

/** Where an offline channel's transfer goes, and the remark that identifies it. */
export const TransferTarget = Schema.Struct({
  bank_name: Schema.String,
  account_name: Schema.String,
  account_no: Schema.String,
  branch: Schema.String,
  remark: Schema.String,
})
export type TransferTarget = typeof TransferTarget.Type

/** Where a crypto channel's payment goes: the address, its network and the exact amount in the coin. */
export const CryptoTarget = Schema.Struct({
  address: Schema.String,
  network: Schema.String,
  coin_amount: Amount,
  qr_code: Schema.String,
})
export type CryptoTarget = typeof CryptoTarget.Type

/**
 * A deposit order: amount, fee and bonus (what is credited is amount + bonus - fee), its status
 * and times, and how to pay it: pay_url for an online channel, transfer for an offline one,
 * crypto for a crypto one (the two others null). pay_amount is what the player pays (the amount
 * and the fee where the channel charges it).
 */
export const DepositOrder = Schema.Struct({
  order_no: BigId,
  channel_id: Id,
  channel_name: Schema.String,
  kind: PayKind,
  currency: CurrencyCode,
  amount: Amount,
  pay_amount: Amount,
  fee: Amount,
  bonus: Amount,
  status: DepositStatus,
  created_at: DateTime,
  expire_at: Schema.NullOr(DateTime),
  paid_at: Schema.NullOr(DateTime),
  pay_url: Schema.String,
  transfer: Schema.NullOr(TransferTarget),
  crypto: Schema.NullOr(CryptoTarget),
  proof_url: Schema.String,
})
export type DepositOrder = typeof DepositOrder.Type

/** The player's deposit records, newest first. */
export const payOrderListV3 = defineCall({
  name: 'payOrderListV3',
  area: 'pay',
  path: '/pay/orderListV3',
  request: RecordQuery,
  response: Paged(DepositOrder),
})

/**
 * An amount as the player typed it, up to 40 characters: the hall, not the schema, judges it
 * (service codes 1350-1352), so a bad amount gets the form's message instead of a protocol error.
 */
export const RawAmount = Schema.String.check(Schema.isMaxLength(40))

/**
 * Creates a deposit order on a channel (the catalogue's one order call, for every kind: the
 * answer says how to pay). request_id makes it idempotent: the same id answers the same order.
 * sign is the spec's MD5 deposit signature where a site asks for it (over channel_id, amount,
 * request_id and the site's deposit key, lowercase hex); the hall's own signature covers the rest.
 */
export const offlineOrderV3 = defineCall({
  name: 'offlineOrderV3',
  codes: { ...payCodes },
  area: 'pay',
  path: '/pay/offlineOrderV3',
  request: Schema.Struct({
    channel_id: Id,
    /** Any short text: the hall checks it against the money rules (spec §5) and the channel's limits and answers a service code. */
    amount: RawAmount,
    currency: Schema.optional(CurrencyCode),
    request_id: Schema.String,
    bank_code: Schema.optional(Schema.String),
    payer_name: Schema.optional(Schema.String),
    activity_id: Schema.optional(Id),
    sign: Schema.optional(Schema.String),
  }),
  response: DepositOrder,
})

/** The player says an offline transfer was made (status 0 to 5), with the payer name and the proof uploaded (certify/uploadpay). */
export const transferConfirm = defineCall({
  name: 'transferConfirm',
  codes: { ...payCodes },
  area: 'pay',
  path: '/pay/transferConfirm',
  request: Schema.Struct({ order_no: BigId, payer_name: Schema.optional(Schema.String), proof_url: Schema.optional(Schema.String) }),
  response: DepositOrder,
})

/** Cancels an order not paid yet (status 0 to 3). */
export const transferCancel = defineCall({
  name: 'transferCancel',
  codes: { ...payCodes },
  area: 'pay',
  path: '/pay/transferCancel',
  request: Schema.Struct({ order_no: BigId }),
  response: DepositOrder,
})

export const payOrderInfo = defineCall({
  name: 'payOrderInfo',
  area: 'pay',
  path: '/pay/orderInfo',
  request: Schema.Struct({ order_no: BigId }),
  response: DepositOrder,
})

/** What a deposit of `amount` on a channel would cost and earn, before the order is made. */
export const PayOrderFee = Schema.Struct({
  amount: Amount,
  fee: Amount,
  fee_rate: Amount,
  bonus: Amount,
  bonus_rate: Amount,
  pay_amount: Amount,
  arrive_amount: Amount,
})
export type PayOrderFee = typeof PayOrderFee.Type

export const getPayOrderFee = defineCall({
  name: 'getPayOrderFee',
  area: 'pay',
  path: '/pay/getPayOrderFee',
  request: Schema.Struct({ channel_id: Id, amount: RawAmount }),
  response: PayOrderFee,
})

/**
 * The site's highest deposit bonus rate (spec: charge_rate, the badge on the recharge entries).
 * Open to visitors. The rate is a percentage as a decimal string ('10' is 10 %); '0' when the
 * site offers none, and the lobby then shows no badge.
 */
export const maxChargeRate = defineCall({
  name: 'maxChargeRate',
  area: 'pay',
  path: '/home/maxChargeRate',
  request: NoParams,
  response: Schema.Struct({ charge_rate: Schema.String.check(Schema.isPattern(/^\d+(\.\d{1,4})?$/)) }),
})

/** A bank the player can pick (a channel with choose_bank 1; a bank card to bind). */
export const Bank = Schema.Struct({ bank_code: Schema.String, bank_name: Schema.String, icon: Schema.String })
export type Bank = typeof Bank.Type

/** The banks of a deposit channel. */
export const getPayChooseBank = defineCall({
  name: 'getPayChooseBank',
  area: 'pay',
  path: '/api/lobby/finance/getPayChooseBank',
  method: 'GET',
  request: Schema.Struct({ channel_id: Id }),
  response: ListOf(Bank),
})

/** One rate: 1 unit of `currency` is `rate` units of `target` (crypto deposits shown in the wallet's currency). */
export const ExchangeRate = Schema.Struct({
  currency: CurrencyCode,
  target: CurrencyCode,
  rate: Amount,
  updated_at: DateTime,
})
export type ExchangeRate = typeof ExchangeRate.Type

/** The site's exchange rates into a currency (default: the player's). */
export const getSiteCurrencyExchangeRate = defineCall({
  name: 'getSiteCurrencyExchangeRate',
  area: 'pay',
  path: '/api/lobby/finance/getSiteCurrencyExchangeRate',
  method: 'GET',
  request: Schema.Struct({ target: Schema.optional(CurrencyCode) }),
  response: ListOf(ExchangeRate),
})

/**
 * The text a deposit order's MD5 signature is taken over (spec §7.5), the site's deposit key
 * (site configuration `depositKey`) last: `amount=…&channel_id=…&request_id=…&key=…`. The
 * signature is the lowercase hex MD5 of it.
 */
export const depositSignText = (p: { readonly channel_id: number; readonly amount: string; readonly request_id: string }, depositKey: string): string =>
  `amount=${p.amount}&channel_id=${p.channel_id}&request_id=${p.request_id}&key=${depositKey}`

/** Deposit service codes (the hall's own range, docs/hall.md "Deposits"). */
export const PayCode = payCodes
