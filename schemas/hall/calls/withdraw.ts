/**
 * Withdrawal calls (spec §7.6): withdraw information, bank, e-wallet, crypto and wallet-app
 * accounts, withdrawals and their records, turnover audits, fees, proof uploads and the wallets.
 *
 * The spec names currency, auditId, order_no and siteCode; the rest is the hall's design
 * (docs/hall-protocol.md), in the area's snake_case. order_no and the audit id are large ids and
 * therefore strings (BigId). Full card and account numbers, CPF numbers, the withdraw password and
 * codes are Sensitive in requests; answers only ever carry account numbers masked.
 */
import { Schema } from 'effect'
import { BigId } from '../envelope'
import { defineCall } from '../call'
import { accountRefusals, pinCodes, securityCodes, withdrawCodes } from './codes'
import {
  Ack, Amount, Count, CurrencyCode, CurrencyType, DateTime, Flag, Id, ListOf, NoParams, Paged, RecordQuery, VerifyCode, WithdrawPin,
} from './common'
import { Bank } from './pay'
import { Sensitive } from './sensitive'

/** Withdraw speed (spec enumerations): speed 1, normal 2, complete 3. */
export const WithdrawSpeed = Schema.Literals([1, 2, 3])
export type WithdrawSpeed = typeof WithdrawSpeed.Type

/** Where money is withdrawn to: a bank card, an e-wallet (alipay and the like), a crypto address, a wallet-app account. */
export const AccountKind = Schema.Literals(['bank', 'ewallet', 'crypto', 'wallet'])
export type AccountKind = typeof AccountKind.Type

/**
 * A withdraw account of the player: its kind, the bank, e-wallet or coin it is at (name, code,
 * network for crypto), the number masked ('**** 1234'; a crypto address is public and shown
 * whole), the holder's name and whether it is the default.
 */
export const WithdrawAccount = Schema.Struct({
  id: Id,
  kind: AccountKind,
  name: Schema.String,
  code: Schema.String,
  network: Schema.String,
  account_no: Schema.String,
  holder: Schema.String,
  currency: CurrencyCode,
  icon: Schema.String,
  is_default: Flag,
})
export type WithdrawAccount = typeof WithdrawAccount.Type

/**
 * The limits of a kind of account: one withdrawal's min and max, the fee rate (percent), the
 * speed, whether the site closed it for now, and whether its withdrawals need a proof uploaded
 * (uploadpay) first.
 */
export const WithdrawChannel = Schema.Struct({
  kind: AccountKind,
  name: Schema.String,
  currency: CurrencyCode,
  min_amount: Amount,
  max_amount: Amount,
  fee_rate: Amount,
  speed: WithdrawSpeed,
  closed: Flag,
  need_proof: Flag,
})
export type WithdrawChannel = typeof WithdrawChannel.Type

/**
 * The withdraw page: the balance and what of it can be withdrawn now (the rest waits for the
 * turnover audits: audit_need is the bet still needed), today's withdrawals left, the channels and
 * accounts, and whether a withdraw password and a phone are set (spec §2: both are needed).
 */
export const WithdrawInfo = Schema.Struct({
  currency: CurrencyCode,
  currency_type: CurrencyType,
  game_gold: Amount,
  withdrawable: Amount,
  audit_need: Amount,
  daily_times: Count,
  daily_left: Count,
  daily_max_amount: Amount,
  need_sms: Flag,
  has_withdraw_pass: Flag,
  has_phone: Flag,
  channels: Schema.Array(WithdrawChannel),
  accounts: Schema.Array(WithdrawAccount),
})
export type WithdrawInfo = typeof WithdrawInfo.Type

export const withdrawInfo = defineCall({
  name: 'withdrawInfo',
  area: 'withdraw',
  path: '/certify/withdrawInfo',
  request: Schema.Struct({ currency: Schema.optional(CurrencyCode) }),
  response: WithdrawInfo,
})

/**
 * Withdrawal order status: 0 reviewing, 1 approved (paying out), 2 paid, 3 rejected (refunded),
 * 4 failed (refunded), 5 cancelled (refunded). The state filter maps undo 10001 to 0, pending
 * 10002 to 1, done 10003 to 2-5.
 */
export const WithdrawStatus = Schema.Literals([0, 1, 2, 3, 4, 5])
export type WithdrawStatus = typeof WithdrawStatus.Type

/**
 * A withdrawal: amount, fee and what arrives, the account it goes to (masked), status, reason when
 * rejected or failed, and times; each status change with its time in steps (the detail page's
 * progress, route /home/withdraw/withdraw-details/{orderId}).
 */
export const WithdrawOrder = Schema.Struct({
  order_no: BigId,
  currency: CurrencyCode,
  amount: Amount,
  fee: Amount,
  arrive_amount: Amount,
  account: WithdrawAccount,
  speed: WithdrawSpeed,
  status: WithdrawStatus,
  reason: Schema.String,
  created_at: DateTime,
  finished_at: Schema.NullOr(DateTime),
  steps: Schema.Array(Schema.Struct({ status: WithdrawStatus, time: DateTime })),
})
export type WithdrawOrder = typeof WithdrawOrder.Type

/**
 * Withdraws to an account (/certify/cach, the spec's spelling). request_id makes it idempotent: the
 * same id answers the same order and takes the money once. sms_code is asked where withdraw info
 * says need_sms (scene withdraw_sms_verify). proof_url is the upload (uploadpay) of a channel
 * that says need_proof; one proof goes with one order. Answers the order and the balance after.
 */
export const withdrawCash = defineCall({
  name: 'withdrawCash',
  codes: { ...withdrawCodes, noCode: securityCodes.noCode, wrongCode: securityCodes.wrongCode },
  area: 'withdraw',
  path: '/certify/cach',
  request: Schema.Struct({
    account_id: Id,
    amount: Amount,
    withdraw_pass: WithdrawPin,
    request_id: Schema.String,
    speed: Schema.optional(WithdrawSpeed),
    sms_code: Schema.optional(VerifyCode),
    google_code: Schema.optional(VerifyCode),
    proof_url: Schema.optional(Schema.String),
  }),
  response: Schema.Struct({ order: WithdrawOrder, game_gold: Amount }),
})

/** The player's withdrawals, newest first. */
export const withdrawRecord = defineCall({
  name: 'withdrawRecord',
  area: 'withdraw',
  path: '/certify/withdrawRecord',
  request: RecordQuery,
  response: Paged(WithdrawOrder),
})

/** The banks a card can be bound at in a currency (default: the player's); bank_code for bindcard. */
export const bankInfo = defineCall({
  name: 'bankInfo',
  area: 'withdraw',
  path: '/certify/bankInfo',
  request: Schema.Struct({ currency: Schema.optional(CurrencyCode) }),
  response: ListOf(Bank),
})

/**
 * Binds a bank card: the full card number (Sensitive), the holder's real name (spec §5 real name;
 * upper case where the site asks), the branch, and for Brazilian sites the holder's CPF.
 */
export const bindCard = defineCall({
  name: 'bindCard',
  codes: accountRefusals,
  area: 'withdraw',
  path: '/certify/bindcard',
  request: Schema.Struct({
    bank_code: Schema.String,
    card_no: Sensitive(Schema.String),
    holder: Schema.String,
    branch: Schema.optional(Schema.String),
    cpf: Schema.optional(Sensitive(Schema.String)),
    currency: Schema.optional(CurrencyCode),
    withdraw_pass: Schema.optional(WithdrawPin),
  }),
  response: WithdrawAccount,
})

/**
 * Binds an e-wallet account (alipay and the like; wallet_code names which, ewalletList the ones
 * there are). verifyToken is a ticket of verifyWithdrawPass, spent by the binding.
 */
export const bindAlipay = defineCall({
  name: 'bindAlipay',
  codes: accountRefusals,
  area: 'withdraw',
  path: '/certify/bindalipay',
  request: Schema.Struct({
    wallet_code: Schema.optional(Schema.String),
    account_no: Sensitive(Schema.String),
    holder: Schema.String,
    currency: Schema.optional(CurrencyCode),
    withdraw_pass: Schema.optional(WithdrawPin),
    verifyToken: Schema.optional(Sensitive(Schema.String)),
  }),
  response: WithdrawAccount,
})

/** A coin and network crypto withdrawals go on, with its limits and fixed fee. */
export const CryptoNetwork = Schema.Struct({
  currency: CurrencyCode,
  network: Schema.String,
  min_amount: Amount,
  max_amount: Amount,
  fee: Amount,
  address_pattern: Schema.String,
  icon: Schema.String,
})
export type CryptoNetwork = typeof CryptoNetwork.Type

export const cryptoList = defineCall({
  name: 'cryptoList',
  area: 'withdraw',
  path: '/certify/cryptoList',
  request: NoParams,
  response: ListOf(CryptoNetwork),
})

/** Binds a crypto address on a network (an address is public; the hall checks it against address_pattern). */
export const bindCrypto = defineCall({
  name: 'bindCrypto',
  codes: accountRefusals,
  area: 'withdraw',
  path: '/certify/bindCrypto',
  request: Schema.Struct({
    currency: CurrencyCode,
    network: Schema.String,
    address: Schema.String,
    withdraw_pass: Schema.optional(WithdrawPin),
  }),
  response: WithdrawAccount,
})

/** Binds the player's account of the wallet app (pay/wallet/downloadUrl). */
export const bindUserWallet = defineCall({
  name: 'bindUserWallet',
  codes: accountRefusals,
  area: 'withdraw',
  path: '/certify/bindUserWallet',
  request: Schema.Struct({
    wallet_code: Schema.String,
    account_no: Sensitive(Schema.String),
    holder: Schema.optional(Schema.String),
    withdraw_pass: Schema.optional(WithdrawPin),
    verifyToken: Schema.optional(Sensitive(Schema.String)),
  }),
  response: WithdrawAccount,
})

/** Removes a withdraw account (the withdraw password confirms it). */
export const deleteAccount = defineCall({
  name: 'deleteAccount',
  codes: { ...pinCodes, noAccount: withdrawCodes.noAccount },
  area: 'withdraw',
  path: '/certify/deleteAccount',
  request: Schema.Struct({ id: Id, withdraw_pass: WithdrawPin }),
  response: Ack,
})

/** Makes an account the default; answers the accounts as they now are. */
export const setDefaultAccount = defineCall({
  name: 'setDefaultAccount',
  codes: { noAccount: withdrawCodes.noAccount },
  area: 'withdraw',
  path: '/certify/setdefault',
  request: Schema.Struct({ id: Id }),
  response: ListOf(WithdrawAccount),
})

/**
 * A turnover audit: money credited with a bet requirement (a deposit, a bonus, a reward) and how
 * far the player's bets went towards it. status 0 running, 1 done, 2 cancelled. source names what
 * credited it ('deposit', 'activity', 'task', 'vip', 'rebate', 'manual').
 */
export const AuditRecord = Schema.Struct({
  audit_id: BigId,
  source: Schema.String,
  title: Schema.String,
  currency: CurrencyCode,
  amount: Amount,
  need_bet: Amount,
  done_bet: Amount,
  status: Schema.Literals([0, 1, 2]),
  created_at: DateTime,
  finished_at: Schema.NullOr(DateTime),
})
export type AuditRecord = typeof AuditRecord.Type

export const auditRecordPageList = defineCall({
  name: 'auditRecordPageList',
  area: 'withdraw',
  path: '/certify/auditRecordPageList',
  request: RecordQuery,
  response: Paged(AuditRecord),
})

/** An audit with the bets that counted towards it, by game (route /home/withdraw/audit-details/{id}). */
export const AuditDetail = Schema.Struct({
  ...AuditRecord.fields,
  bets: Schema.Array(Schema.Struct({ game_name: Schema.String, bet: Amount, valid_bet: Amount, time: DateTime })),
})
export type AuditDetail = typeof AuditDetail.Type

export const auditDetail = defineCall({
  name: 'auditDetail',
  area: 'withdraw',
  path: '/certify/auditDetail',
  request: Schema.Struct({ auditId: BigId }),
  response: AuditDetail,
})

export const withdrawOrderInfo = defineCall({
  name: 'withdrawOrderInfo',
  area: 'withdraw',
  path: '/certify/orderInfo',
  request: Schema.Struct({ order_no: BigId }),
  response: WithdrawOrder,
})

/**
 * What withdrawing `amount` to an account would cost, before it is asked. Asked while the player
 * types, so silent: a refused quote never opens the error modal over the form (the form shows the
 * channel's fee rate instead, and the withdrawal itself says what is wrong).
 */
export const getWithdrawFee = defineCall({
  name: 'getWithdrawFee',
  codes: { noAccount: withdrawCodes.noAccount, closed: withdrawCodes.closed, badAmount: withdrawCodes.badAmount, belowMin: withdrawCodes.belowMin, aboveMax: withdrawCodes.aboveMax, aboveWithdrawable: withdrawCodes.aboveWithdrawable },
  area: 'withdraw',
  path: '/certify/getWithdrawFee',
  silent: true,
  request: Schema.Struct({ account_id: Id, amount: Amount, speed: Schema.optional(WithdrawSpeed) }),
  response: Schema.Struct({ amount: Amount, fee: Amount, fee_rate: Amount, arrive_amount: Amount }),
})

/**
 * Uploads a proof of payment (spec: file upload), an image as base64 inside the encrypted body
 * (at most 512 KB before base64, which keeps the encrypted request under the 1 MB body limit; png, jpeg or webp); answers where it is kept, for transferConfirm.
 */
export const uploadPay = defineCall({
  name: 'uploadPay',
  codes: { badProof: withdrawCodes.badProof, noOrder: withdrawCodes.noOrder },
  area: 'withdraw',
  path: '/certify/uploadpay',
  request: Schema.Struct({
    order_no: Schema.optional(BigId),
    file_name: Schema.String,
    content_type: Schema.Literals(['image/png', 'image/jpeg', 'image/webp']),
    data: Schema.String,
  }),
  response: Schema.Struct({ url: Schema.String }),
})

/**
 * One wallet of the player per currency (fiat and crypto): the balance, what is frozen (pending
 * withdrawals) and what can be withdrawn now.
 */
export const Wallet = Schema.Struct({
  currency: CurrencyCode,
  currency_type: CurrencyType,
  balance: Amount,
  frozen: Amount,
  withdrawable: Amount,
})
export type Wallet = typeof Wallet.Type

export const walletQuery = defineCall({
  name: 'walletQuery',
  area: 'withdraw',
  path: '/certify/walletQuery',
  request: NoParams,
  response: ListOf(Wallet),
})

/** Whether the site closed withdrawals (all, closed 1), which kinds are closed, and the notice to show. */
export const withdrawalChannelClosedQuery = defineCall({
  name: 'withdrawalChannelClosedQuery',
  area: 'withdraw',
  path: '/certify/withdrawalChannelClosedQuery',
  request: Schema.Struct({ siteCode: Schema.String }),
  response: Schema.Struct({ closed: Flag, kinds: Schema.Array(AccountKind), message: Schema.String }),
})
