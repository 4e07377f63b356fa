/**
 * The playing activities' reads and receipts: calls of the hall's own design (docs/hall-protocol.md,
 * "Playing activities"). The spec names doMatchBet, matchBetRecordList, investment_handler,
 * luckyOrderList and request_reward but no call that shows what they act on; these are that.
 *
 * - `matchList`: a sports-guessing activity's (type 21) matches, each with its options and odds,
 *   open for guesses until kick-off and until the operator settles it.
 * - `investmentInfo`: an invest activity's (type 16) terms and the player's subscriptions.
 * - `luckyOrderReceive`: receives the prize of one qualifying bet of a lucky-bet activity (type 14).
 * - `quizQuestions`: a quiz's questions with their choices, and whether the player answered.
 */
import { Schema } from 'effect'
import { defineCall } from '../call'
import { playCodes } from './codes'
import { BigId } from '../envelope'
import { Amount, Count, DateTime, Id, Received, RequestDeviceType } from './common'
import { RewardStatus } from './active'

/** A match's option: who wins (home, away) or a draw, at its odds (decimal, the stake included). */
export const MatchOption = Schema.Struct({ optionId: Id, pick: Schema.Literals(['home', 'draw', 'away']), odds: Amount })
export type MatchOption = typeof MatchOption.Type

/** A match: the teams, kick-off, status (open 0, settled 1, void 2) and, once settled, the winning option. */
export const Match = Schema.Struct({
  matchId: Id,
  home: Schema.String,
  away: Schema.String,
  kickoff: DateTime,
  status: Schema.Literals([0, 1, 2]),
  result: Schema.NullOr(Id),
  options: Schema.Array(MatchOption),
})
export type Match = typeof Match.Type

export const matchList = defineCall({
  name: 'matchList',
  designed: true,
  area: 'active',
  path: '/active/matchList',
  request: Schema.Struct({ activeId: Id }),
  // game_gold: the player's balance (null for a visitor), so a settlement heard on the socket reaches the wallet at once.
  response: Schema.Struct({ list: Schema.Array(Match), minAmount: Amount, maxAmount: Amount, game_gold: Schema.NullOr(Amount) }),
})

/** An invest term: its length in days and its rate for the whole term in percent, with the amounts it takes. */
export const InvestTerm = Schema.Struct({ termId: Id, days: Count, rate: Amount, minAmount: Amount, maxAmount: Amount })
export type InvestTerm = typeof InvestTerm.Type

/** A subscription: holding 0 (until maturityTime), matured 1 (its return can be received), received 2. */
export const Investment = Schema.Struct({
  investId: Id,
  termId: Id,
  days: Count,
  rate: Amount,
  amount: Amount,
  profit: Amount,
  startTime: DateTime,
  maturityTime: DateTime,
  status: Schema.Literals([0, 1, 2]),
})
export type Investment = typeof Investment.Type

export const investmentInfo = defineCall({
  name: 'investmentInfo',
  designed: true,
  area: 'active',
  path: '/active/investmentInfo',
  request: Schema.Struct({ activeId: Id }),
  response: Schema.Struct({ terms: Schema.Array(InvestTerm), list: Schema.Array(Investment), invested: Amount }),
})

export const luckyOrderReceive = defineCall({
  name: 'luckyOrderReceive',
  designed: true,
  codes: { ...playCodes },
  area: 'active',
  path: '/active/luckyOrderReceive',
  request: Schema.Struct({ activeId: Id, orderNo: BigId, requestDeviceType: RequestDeviceType }),
  response: Received,
})

/** A quiz question and its choices (the answer is the chosen text). */
export const QuizQuestion = Schema.Struct({ questionId: Id, question: Schema.String, choices: Schema.Array(Schema.String) })
export type QuizQuestion = typeof QuizQuestion.Type

export const quizQuestions = defineCall({
  name: 'quizQuestions',
  designed: true,
  area: 'active',
  path: '/active/quizQuestions',
  request: Schema.Struct({ activeId: Id }),
  response: Schema.Struct({ list: Schema.Array(QuizQuestion), reward: Amount, status: RewardStatus, correct: Count }),
})
