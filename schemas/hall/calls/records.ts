/**
 * Records and reports (screens §2 /home/records and /home/report with current: account details,
 * betting record, personal statement). The spec names no call for them; these are the hall's own
 * design, documented in docs/hall-protocol.md ("Records and reports"): paged like every list
 * (page from 1, size 1 to 50, the total), filtered by the spec's date filter (today 0, yesterday
 * 1, 7, 15, 30 days, this month 31, last two months 32, last three months 33, this week -2, last
 * week -3, all -1, custom -4 with startTime and endTime) on the hall's clock in the caller's
 * timezone header, and the betting record also by the state filter (all 10000, undone 10001,
 * pending 10002, done 10003). Amounts are decimal strings; times are ms since the epoch.
 */
import { Schema } from 'effect'
import { defineCall } from '../call'
import { Amount } from './auth'

/** The spec's date filter values. */
export const DateFilter = Schema.Literals([0, 1, 7, 15, 30, 31, 32, 33, -2, -3, -1, -4])
export type DateFilter = typeof DateFilter.Type

/** The spec's state filter values. */
export const StateFilter = Schema.Literals([10000, 10001, 10002, 10003])
export type StateFilter = typeof StateFilter.Type

const Page = Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))
const Size = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 50 }))
const Time = Schema.Number.check(Schema.isGreaterThanOrEqualTo(0))
const Count = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/** What every record query takes: the page, its size and the date filter (custom: startTime and endTime). */
const RecordQuery = {
  page: Page,
  size: Size,
  dateType: DateFilter,
  startTime: Schema.optionalKey(Time),
  endTime: Schema.optionalKey(Time),
}

/** One bet of the betting record: a game round, settled at once by the reference hall's games. */
export const BetRecord = Schema.Struct({
  orderNo: Schema.String,
  gameName: Schema.String,
  platformName: Schema.String,
  categoryId: Schema.Number,
  betAmount: Amount,
  validBet: Amount,
  winAmount: Amount,
  /** win minus bet. */
  profit: Amount,
  /** 10001 undone (cancelled), 10002 pending (not settled), 10003 done (settled). */
  state: Schema.Literals([10001, 10002, 10003]),
  betTime: Time,
  currency: Schema.String,
})
export type BetRecord = typeof BetRecord.Type

/** The totals of the betting record's filtered rows (all pages). */
export const BetSummary = Schema.Struct({ betAmount: Amount, validBet: Amount, winAmount: Amount, profit: Amount })

export const betRecord = defineCall({
  name: 'betRecord',
  area: 'records',
  path: '/record/betRecord',
  request: Schema.Struct({ ...RecordQuery, state: Schema.optionalKey(StateFilter), gameCategoryId: Schema.optionalKey(Schema.Number) }),
  response: Schema.Struct({ list: Schema.Array(BetRecord), total: Count, page: Page, size: Size, summary: BetSummary }),
})

/** The kinds of movement the account details list (the wallet's ledger), and 'all'. */
export const MovementKind = Schema.Literals(['all', 'deposit', 'withdraw', 'bet', 'win', 'bonus', 'transfer', 'interest', 'other'])
export type MovementKind = typeof MovementKind.Type

/** One movement of the player's money: a ledger entry, signed, with the balance after it. */
export const Movement = Schema.Struct({
  id: Schema.String,
  kind: MovementKind,
  amount: Amount,
  balance: Amount,
  currency: Schema.String,
  time: Time,
})
export type Movement = typeof Movement.Type

export const accountDetails = defineCall({
  name: 'accountDetails',
  area: 'records',
  path: '/record/accountDetails',
  request: Schema.Struct({ ...RecordQuery, kind: Schema.optionalKey(MovementKind) }),
  response: Schema.Struct({ list: Schema.Array(Movement), total: Count, page: Page, size: Size }),
})

/** One day of the personal statement: what came in and went out, and the profit of the games. */
export const StatementDay = Schema.Struct({
  day: Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/)),
  deposit: Amount,
  withdraw: Amount,
  bet: Amount,
  win: Amount,
  bonus: Amount,
  /** win minus bet. */
  profit: Amount,
})
export type StatementDay = typeof StatementDay.Type

export const personalStatement = defineCall({
  name: 'personalStatement',
  area: 'records',
  path: '/record/statement',
  request: Schema.Struct(RecordQuery),
  response: Schema.Struct({
    list: Schema.Array(StatementDay),
    total: Count,
    page: Page,
    size: Size,
    summary: Schema.Struct({ deposit: Amount, withdraw: Amount, bet: Amount, win: Amount, bonus: Amount, profit: Amount }),
  }),
})
