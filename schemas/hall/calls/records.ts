/**
 * Records and reports (screens §2 /home/records and /home/report with current: account details,
 * betting record, personal statement). The spec names no call for them; these are the hall's own
 * design, documented in docs/hall-protocol.md ("Records and reports"): paged like every list
 * (page from 1, size 1 to 50, the total), filtered by the spec's date filter (today 0, yesterday
 * 1, 7, 15, 30 days, this month 31, last two months 32, last three months 33, this week -2, last
 * week -3, all -1, custom -4 with startDate and endDate) on the hall's clock in the site's time
 * zone, and the betting record also by the state filter (all 10000, undone 10001,
 * pending 10002, done 10003), with the shared record query (schemas/hall/calls/common.ts:
 * RecordQuery, days of the site's calendar) and the one Paged answer shape. Amounts are decimal
 * strings; moments DateTime in the site's time zone.
 */
import { Schema } from 'effect'
import { defineCall } from '../call'
import { BigId } from '../envelope'
import { Amount, DateOnly, DateTime, Paged, RecordQueryFields } from './common'

/** A page size of a record screen: the spec's options go up to 50. */
const RecordSize = Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 50 })))

/** One bet of the betting record: a game round, settled at once by the reference hall's games. */
export const BetRecord = Schema.Struct({
  orderNo: BigId,
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
  betTime: DateTime,
  currency: Schema.String,
})
export type BetRecord = typeof BetRecord.Type

/** The totals of the betting record's filtered rows (all pages). */
export const BetSummary = Schema.Struct({ betAmount: Amount, validBet: Amount, winAmount: Amount, profit: Amount })
export type BetSummary = typeof BetSummary.Type

export const betRecord = defineCall({
  name: 'betRecord',
  designed: true,
  area: 'records',
  path: '/record/betRecord',
  request: Schema.Struct({ ...RecordQueryFields, size: RecordSize, gameCategoryId: Schema.optional(Schema.Number), platformId: Schema.optional(Schema.Number) }),
  /** The page of bets, and the totals over every filtered bet (all pages). */
  response: Schema.Struct({ page: Paged(BetRecord), summary: BetSummary }),
})

/** The kinds of movement the account details list (the wallet's ledger), and 'all'. */
export const MovementKind = Schema.Literals(['all', 'deposit', 'withdraw', 'bet', 'win', 'bonus', 'transfer', 'interest', 'other'])
export type MovementKind = typeof MovementKind.Type

/** One movement of the player's money: a ledger entry, signed, with the balance after it. */
export const Movement = Schema.Struct({
  id: BigId,
  kind: MovementKind,
  amount: Amount,
  balance: Amount,
  currency: Schema.String,
  createdAt: DateTime,
})
export type Movement = typeof Movement.Type

export const accountDetails = defineCall({
  name: 'accountDetails',
  designed: true,
  area: 'records',
  path: '/record/accountDetails',
  request: Schema.Struct({ ...RecordQueryFields, size: RecordSize, kind: Schema.optional(MovementKind) }),
  response: Paged(Movement),
})

/** One day of the personal statement: what came in and went out, and the profit of the games. */
export const StatementDay = Schema.Struct({
  day: DateOnly,
  deposit: Amount,
  withdraw: Amount,
  bet: Amount,
  /** The bets that count towards turnover (every settled bet at the reference hall). */
  validBet: Amount,
  win: Amount,
  bonus: Amount,
  /** win minus bet. */
  profit: Amount,
})
export type StatementDay = typeof StatementDay.Type

/** The totals of the statement's filtered days. */
export const StatementSummary = Schema.Struct({ deposit: Amount, withdraw: Amount, bet: Amount, validBet: Amount, win: Amount, bonus: Amount, profit: Amount })
export type StatementSummary = typeof StatementSummary.Type

export const personalStatement = defineCall({
  name: 'personalStatement',
  designed: true,
  area: 'records',
  path: '/record/statement',
  request: Schema.Struct({ ...RecordQueryFields, size: RecordSize }),
  /** The page of days, and the totals over every filtered day. */
  response: Schema.Struct({ page: Paged(StatementDay), summary: StatementSummary }),
})
