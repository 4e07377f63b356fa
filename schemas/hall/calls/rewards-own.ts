/**
 * Rebates (cashback), awards and receive records: calls of the hall's own design
 * (docs/hall-protocol.md, "Rebates, awards and receive records"). The spec shows /home/event/cashback,
 * /home/event/award, /home/receive-records and /home/pickUpRecord, the system menu's rebate entry
 * with its return-gold count and the location type cashback 6, but names no call for them.
 *
 * - `rebateIndex`: the player's return gold per game category: the valid bets not yet rebated,
 *   the site's rate and the amount they give now (to the cent, rounded down).
 * - `rebateReceive`: receives every category's return gold at once (one ledger entry).
 * - `pendingAwards`: what the player can receive now, from every source the hall knows.
 * - `receiveRecords`: what the player received, from every source, paged with the date filter.
 */
import { Schema } from 'effect'
import { defineCall } from '../call'
import { rebateCodes } from './codes'
import { BigId } from '../envelope'
import { Amount, Count, CurrencyCode, DateTime, NoParams, Paged, Received, RecordQueryFields } from './common'

/** One game category's return gold (categories: chess 1, fish 2, electronic 3, real 4, sports 5, cockfighting 6, lottery 8, club 9, club friend 10, blockchain 11). */
export const RebateCategory = Schema.Struct({
  categoryId: Schema.Int,
  /** The site's rate in percent of the valid bet ('0.8' is 0.8 %). */
  rate: Amount,
  /** The valid bets of the category not rebated yet (within the window). */
  validBet: Amount,
  /** How many game rounds those are. */
  rounds: Count,
  /** trunc(validBet × rate / 100, 2): what receiving gives now. */
  amount: Amount,
})
export type RebateCategory = typeof RebateCategory.Type

export const RebateInfo = Schema.Struct({
  /** Every category the site rates, in category order, with or without bets. */
  list: Schema.Array(RebateCategory),
  /** The sum of the categories' amounts. */
  total: Amount,
  currency: CurrencyCode,
  /** The first moment whose rounds still count (the start of the site's day `windowDays - 1` days ago). */
  since: DateTime,
  windowDays: Count,
  /** The turnover a receipt asks: `turnoverMultiple` × its amount to bet before withdrawing it. */
  turnoverMultiple: Amount,
})
export type RebateInfo = typeof RebateInfo.Type

export const rebateIndex = defineCall({
  name: 'rebateIndex',
  designed: true,
  area: 'rebate',
  path: '/rebate/index',
  request: NoParams,
  response: RebateInfo,
})

/** Receives the return gold of every category giving at least 0.01: one receipt, one ledger entry; count is how many categories it paid. */
export const rebateReceive = defineCall({
  name: 'rebateReceive',
  designed: true,
  codes: { ...rebateCodes },
  area: 'rebate',
  path: '/rebate/receive',
  request: NoParams,
  response: Received,
})

/** The sources a pending award comes from. */
export const AwardSource = Schema.Literals(['rebate', 'vip', 'activity', 'message'])
export type AwardSource = typeof AwardSource.Type

/** Something the player can receive now: its source, a title in the player's language, the amount and how many rewards it holds, and where it is received. */
export const PendingAward = Schema.Struct({
  source: AwardSource,
  title: Schema.String,
  amount: Amount,
  count: Count,
  /** An activity's id and template (source activity), else null. */
  activeId: Schema.NullOr(Schema.Int),
  template: Schema.NullOr(Schema.String),
})
export type PendingAward = typeof PendingAward.Type

export const pendingAwards = defineCall({
  name: 'pendingAwards',
  designed: true,
  area: 'rebate',
  path: '/record/awards',
  request: NoParams,
  response: Schema.Struct({ list: Schema.Array(PendingAward), total: Amount, currency: CurrencyCode }),
})

/** The sources a received reward comes from (the ledger entry's kind); 'other' for a kind the hall does not name. */
export const ReceiveSource = Schema.Literals(['activity', 'vip', 'rebate', 'redpacket', 'message', 'task', 'newcomer', 'discount', 'other'])
export type ReceiveSource = typeof ReceiveSource.Type

/** One reward received: the ledger entry that credited it. */
export const ReceiveRecord = Schema.Struct({
  id: BigId,
  source: ReceiveSource,
  amount: Amount,
  currency: CurrencyCode,
  createdAt: DateTime,
})
export type ReceiveRecord = typeof ReceiveRecord.Type

export const receiveRecords = defineCall({
  name: 'receiveRecords',
  designed: true,
  area: 'rebate',
  path: '/record/receiveRecords',
  request: Schema.Struct({
    ...RecordQueryFields,
    size: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 50 }))),
    source: Schema.optional(Schema.Literals(['all', 'activity', 'vip', 'rebate', 'redpacket', 'message', 'task', 'newcomer', 'discount', 'other'])),
  }),
  /** The page of receipts, newest first, and the sum over every filtered one. */
  response: Schema.Struct({ page: Paged(ReceiveRecord), summary: Schema.Struct({ amount: Amount }) }),
})
