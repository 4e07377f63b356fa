/**
 * Savings-balance (yuebao) calls (spec §7.7): the savings page, its records, moving money in and
 * out, the profit and receiving it.
 *
 * The spec names switchStatus, principal, yearRate and isPop (the index answer) and the yuebao
 * entity's curIncome and gameGold; the rest is the hall's design (docs/hall-protocol.md). Every
 * money move is one ledger transaction in the hall and answers the savings balance and the wallet
 * balance after it, so neither needs another call; request_id makes a move idempotent.
 */
import { Schema } from 'effect'
import { BigId } from '../envelope'
import { defineCall } from '../call'
import { yuebaoCodes } from './codes'
import { Amount, CurrencyCode, DateTime, Flag, NoParams, Paged, RecordQueryFields, Switch, WithdrawPin } from './common'

/**
 * The savings page (spec yuebao entity): switchStatus (the site's switch; the header hides the
 * entry when it is close and principal is 0), principal (the savings balance), yearRate (yearly
 * interest, percent), isPop (1: show the savings pop-up), curIncome (profit accrued and not
 * received yet), gameGold (the wallet balance), with the least amount moved in or out, the total
 * profit received and the time profit is next settled.
 */
export const YuebaoIndex = Schema.Struct({
  switchStatus: Switch,
  principal: Amount,
  yearRate: Amount,
  isPop: Flag,
  curIncome: Amount,
  gameGold: Amount,
  currency: CurrencyCode,
  minIn: Amount,
  minOut: Amount,
  totalIncome: Amount,
  nextSettleTime: Schema.NullOr(DateTime),
})
export type YuebaoIndex = typeof YuebaoIndex.Type

/**
 * The savings page's figures. `page` 1: the savings page itself reads them (the header's read at
 * sign-in leaves it out), and only such a read answers isPop 1, the first time.
 */
export const yuebaoIndex = defineCall({
  name: 'yuebaoIndex',
  area: 'yuebao',
  path: '/yuebao/index',
  request: Schema.Struct({ page: Schema.optional(Flag) }),
  response: YuebaoIndex,
})

/**
 * A savings record's type: 1 transfer-in, 2 transfer-out of capital, 3 transfer-out of interest,
 * 5 profit received (spec savings record filters).
 */
export const YuebaoRecordType = Schema.Literals([1, 2, 3, 5])

/** A savings record: its type, amount and the principal after it. */
export const YuebaoRecord = Schema.Struct({
  id: BigId,
  type: YuebaoRecordType,
  amount: Amount,
  principal: Amount,
  createdAt: DateTime,
})
export type YuebaoRecord = typeof YuebaoRecord.Type

/**
 * The savings records, newest first. type is the spec's filter: all 0, transfer-in 1,
 * transfer-out 2 (capital 2 and interest 3 records), check 3 (interest only), profit 5.
 */
export const yuebaoProfitRecord = defineCall({
  name: 'yuebaoProfitRecord',
  area: 'yuebao',
  path: '/yuebao/profitRecord',
  request: Schema.Struct({ ...RecordQueryFields, type: Schema.optional(Schema.Literals([0, 1, 2, 3, 5])) }),
  response: Paged(YuebaoRecord),
})

/** The balances after a savings move. */
export const YuebaoBalances = Schema.Struct({ amount: Amount, principal: Amount, curIncome: Amount, gameGold: Amount })
export type YuebaoBalances = typeof YuebaoBalances.Type

/** Moves `amount` from savings to the wallet (the withdraw password confirms it where the site asks). */
export const yuebaoTakeoutGold = defineCall({
  name: 'yuebaoTakeoutGold',
  codes: { ...yuebaoCodes },
  area: 'yuebao',
  path: '/yuebao/takeoutGold',
  request: Schema.Struct({ amount: Amount, request_id: Schema.String, withdraw_pass: Schema.optional(WithdrawPin) }),
  response: YuebaoBalances,
})

/** Moves `amount` from the wallet into savings. */
export const yuebaoSaveGold = defineCall({
  name: 'yuebaoSaveGold',
  codes: { ...yuebaoCodes },
  area: 'yuebao',
  path: '/yuebao/saveGold',
  request: Schema.Struct({ amount: Amount, request_id: Schema.String }),
  response: YuebaoBalances,
})

/** The profit figures: yesterday's, the total received, and what is accrued and not received (curIncome). */
export const yuebaoProfitCount = defineCall({
  name: 'yuebaoProfitCount',
  area: 'yuebao',
  path: '/yuebao/profitCount',
  request: NoParams,
  response: Schema.Struct({ yesterday: Amount, totalIncome: Amount, curIncome: Amount, yearRate: Amount }),
})

/** Receives the accrued profit into the wallet; amount is what this request credited ('0' when nothing). */
export const yuebaoReceive = defineCall({
  name: 'yuebaoReceive',
  codes: { requestReused: yuebaoCodes.requestReused },
  area: 'yuebao',
  path: '/yuebao/receive',
  request: Schema.Struct({ request_id: Schema.optional(Schema.String) }),
  response: YuebaoBalances,
})
