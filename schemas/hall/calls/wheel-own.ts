/**
 * Lucky wheels (activity types LuckyWheel 2, LuckyWheelNew 20) and word collection (Collection 18):
 * calls of the hall's own design (docs/hall-protocol.md, "Lucky wheel and word collection"). The
 * spec names turntableTaskList, luckyIntegralList, extract_word, extract_allWord and group_word
 * (schemas/hall/calls/active.ts) but no call that spins a wheel, shows its prizes and winners, or
 * shows the cards a player has collected; these are those.
 *
 * - `turntableInfo`: the wheel's prizes in the order they sit on the wheel (clockwise from the
 *   top), the spins left, the points counted and how many points make a spin, the latest winners.
 * - `turntableDraw`: spends one spin; the hall draws the prize from the activity's configured
 *   odds and pays it through the ledger in the same transaction. The answer names the prize by its
 *   id and its place on the wheel (`index`), so the lobby's wheel stops where the hall decided.
 * - `wordCollection`: the words of a collection activity with how many of each the player holds,
 *   its sets (one word of each makes a set), the chances left.
 */
import { Schema } from 'effect'
import { defineCall } from '../call'
import { wheelCodes } from './codes'
import { BigId } from '../envelope'
import { ActivityWinner } from './active'
import { Amount, Count, CurrencyCode, Id, RequestDeviceType } from './common'

/** A prize of a wheel: its id, its title in the caller's language and the amount it pays ('0': no prize). */
export const WheelPrize = Schema.Struct({ prizeId: Id, title: Schema.String, amount: Amount })
export type WheelPrize = typeof WheelPrize.Type

export const WheelInfo = Schema.Struct({
  activeId: Id,
  /** The prizes, clockwise from the top of the wheel; a draw's `index` is a place in this list. */
  prizes: Schema.Array(WheelPrize),
  /** Spins left in the period (earned by tasks and points, less those spent). */
  spins: Count,
  /** Points counted in the period (1 point per 1 of the currency bet). */
  points: Amount,
  /** Points that make one spin ('0': points give no spins). */
  pointsPerSpin: Amount,
  /** The latest prizes won by anyone (names masked), newest first. */
  winners: Schema.Array(ActivityWinner),
})
export type WheelInfo = typeof WheelInfo.Type

export const turntableInfo = defineCall({
  name: 'turntableInfo',
  designed: true,
  area: 'active',
  path: '/active/turntableInfo',
  request: Schema.Struct({ activeId: Id }),
  response: WheelInfo,
})

/** A spin's outcome: the prize the hall drew, its place on the wheel, what it paid, the spins left and the balance after. */
export const WheelDraw = Schema.Struct({
  drawId: BigId,
  prizeId: Id,
  index: Count,
  title: Schema.String,
  amount: Amount,
  spins: Count,
  currency: CurrencyCode,
  game_gold: Amount,
})
export type WheelDraw = typeof WheelDraw.Type

export const turntableDraw = defineCall({
  name: 'turntableDraw',
  designed: true,
  codes: { ...wheelCodes },
  area: 'active',
  path: '/active/turntableDraw',
  request: Schema.Struct({ activeId: Id, requestDeviceType: RequestDeviceType }),
  response: WheelDraw,
})

/** A word of a collection and how many of it the player holds. */
export const CollectedWord = Schema.Struct({ wordId: Id, word: Schema.String, count: Count })
export type CollectedWord = typeof CollectedWord.Type

/** A set: one of each word of the activity exchanges for `amount`; `complete` when the player holds one of each. */
export const WordSet = Schema.Struct({ groupId: Id, title: Schema.String, amount: Amount, complete: Schema.Boolean })
export type WordSet = typeof WordSet.Type

export const WordCollection = Schema.Struct({
  activeId: Id,
  words: Schema.Array(CollectedWord),
  groups: Schema.Array(WordSet),
  chances: Count,
})
export type WordCollection = typeof WordCollection.Type

export const wordCollection = defineCall({
  name: 'wordCollection',
  designed: true,
  area: 'active',
  path: '/active/wordCollection',
  request: Schema.Struct({ activeId: Id }),
  response: WordCollection,
})
