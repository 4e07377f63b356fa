import {
  doMatchBet, investmentHandler, luckyOrderList, matchBetRecordList, requestReward, type LuckyOrder, type MatchBetRecord,
} from '../../schemas/hall/calls/active'
import type { Received } from '../../schemas/hall/calls/common'
import {
  investmentInfo, luckyOrderReceive, matchList, quizQuestions, type Investment, type InvestTerm, type Match, type QuizQuestion,
} from '../../schemas/hall/calls/play-own'
import type { LobbyEvent } from '../../schemas/events'
import type { PlayKind } from '../../schemas/events/play'
import { commandActor, pagedActor, queryActor, type QueryContext } from '../kit'

/**
 * The playing activities (docs/hall.md "Playing activities"; calls §7.4 doMatchBet,
 * matchBetRecordList, investment_handler, luckyOrderList, request_reward and the hall's matchList,
 * investmentInfo, luckyOrderReceive, quizQuestions), shown on the event centre's detail page. Every
 * outcome (odds, settlement, maturity, the lucky rule, the quiz's answers) is the hall's; the lobby
 * shows and asks. Read when a panel opens (`play.opened`), never at boot.
 *
 * - `playmatches` (query): a guess activity's matches with their odds and the balance, read again when
 *   the hall says an activity changed (a settlement, `realtime.activeDetailsReceived`) or the player
 *   guessed; the balance it carries goes to the wallet at once.
 * - `playguesses` (paged list): the player's guesses; `playguess` (command) places one.
 * - `playinvest` (query): an invest activity's terms and the player's subscriptions, read again when a
 *   subscription matures (the socket) or moves; `playinvesting` (command) subscribes or receives.
 * - `playlucky` (paged list): the qualifying bets with their prize; `playluckyreceive` (command).
 * - `playquiz` (query): the quiz's questions and the player's answer; `requestReward` (command) sends them.
 * Each command's answer carries the balance after it, which goes to the wallet (`wallet.balanceReported`).
 */

type ById = QueryContext<{ readonly activeId: number }, unknown>
const opened = (kind: PlayKind) => ({
  payload: (e: { readonly activeId: number }) => ({ activeId: e.activeId }),
  when: (e: { readonly kind: PlayKind }) => e.kind === kind,
})
const same = (kind: PlayKind) => ({ when: (e: { readonly activeId: number; readonly kind: PlayKind }, c: ById) => e.kind === kind && c.payload?.activeId === e.activeId })
const shown = { when: (_e: unknown, c: ById) => c.payload !== null }

const balance = (game_gold: string): LobbyEvent => ({ type: 'wallet.balanceReported', balance: game_gold, source: 'reward' })
const changed = (activeId: number, kind: PlayKind): LobbyEvent => ({ type: 'play.changed', activeId, kind })

/** The hall's codes the panels show beside their form, not as a modal (server/play/common.ts). */
const INLINE = {
  matchClosed: 'error.matchClosed', amountOutOfRange: 'error.amountOutOfRange', balanceShort: 'error.balanceShort', requestReused: 'error.requestReused', notMatured: 'error.notMatured',
  received: 'error.received', notFound: 'error.notFound', notLucky: 'error.notLucky', badAnswers: 'error.badAnswers', trial: 'error.trial', notRunning: 'error.notRunning',
} as const

/** A guess activity's matches, the stake bounds and the balance. */
export interface Matches { readonly list: ReadonlyArray<Match>; readonly minAmount: string; readonly maxAmount: string }

export const matchesActor = queryActor({
  id: 'playmatches',
  call: matchList,
  audience: 'real',
  fetchOn: { 'play.opened': opened('guess'), 'play.changed': same('guess'), 'realtime.activeDetailsReceived': shown },
  payload: { activeId: 1 },
  retryOn: ['socket.opened'],
  select: (d): Matches & { readonly game_gold: string | null } => d,
  announce: (d) => (d.game_gold === null ? [] : [balance(d.game_gold)]),
})

const activeIdIn = (condition: { readonly [key: string]: unknown }): number => (typeof condition['activeId'] === 'number' ? condition['activeId'] : 1)

export const guessesActor = pagedActor({
  id: 'playguesses',
  call: matchBetRecordList,
  audience: 'real',
  request: (q) => ({ activeId: activeIdIn(q.condition), page: q.page, size: q.size }),
  read: (d) => ({ rows: d.records, total: d.total }),
  reloadOn: ['play.changed', 'realtime.activeDetailsReceived'],
  retryOn: ['socket.opened'],
})

export const guessActor = commandActor({
  id: 'playguess',
  call: doMatchBet,
  modal: ['unknown'],
  audience: 'real',
  announce: (r, p) => [balance(r.game_gold), changed(p.activeId, 'guess')],
  codes: INLINE,
})

/** An invest activity's terms and the player's subscriptions. */
export interface InvestView { readonly terms: ReadonlyArray<InvestTerm>; readonly list: ReadonlyArray<Investment>; readonly invested: string }

export const investActor = queryActor({
  id: 'playinvest',
  call: investmentInfo,
  audience: 'real',
  fetchOn: { 'play.opened': opened('invest'), 'play.changed': same('invest'), 'realtime.activeDetailsReceived': shown },
  payload: { activeId: 1 },
  retryOn: ['socket.opened'],
  select: (d): InvestView => d,
})

export const investingActor = commandActor({
  id: 'playinvesting',
  call: investmentHandler,
  modal: ['unknown'],
  audience: 'real',
  announce: (r, p) => [balance(r.game_gold), changed(p.activeId, 'invest')],
  codes: INLINE,
})

export const luckyActor = pagedActor({
  id: 'playlucky',
  call: luckyOrderList,
  audience: 'real',
  request: (q) => ({ activeId: activeIdIn(q.condition), page: q.page, size: q.size }),
  read: (d) => ({ rows: d.records, total: d.total }),
  reloadOn: ['play.changed'],
  retryOn: ['socket.opened'],
})

export const luckyReceiveActor = commandActor({
  id: 'playluckyreceive',
  call: luckyOrderReceive,
  modal: ['unknown'],
  audience: 'real',
  select: (d): Received => d,
  announce: (r, p) => [balance(r.game_gold), changed(p.activeId, 'lucky')],
  codes: INLINE,
  firstErrorOnly: true,
})

/** The quiz: its questions, the reward, the player's status and how many were right. */
export interface QuizView { readonly list: ReadonlyArray<QuizQuestion>; readonly reward: string; readonly status: number; readonly correct: number }

export const quizActor = queryActor({
  id: 'playquiz',
  call: quizQuestions,
  audience: 'real',
  fetchOn: { 'play.opened': opened('quiz'), 'play.changed': same('quiz') },
  payload: { activeId: 1 },
  retryOn: ['socket.opened'],
  select: (d): QuizView => d,
})

/** Named after its call: the kit asks a command whose request may hold a secret to be; this one holds none, the name is its call's all the same. */
export const quizAnswerActor = commandActor({
  id: 'requestReward',
  call: requestReward,
  modal: ['unknown'],
  audience: 'real',
  announce: (r, p) => [balance(r.game_gold), changed(p.activeId, 'quiz')],
  codes: INLINE,
})

/** The kind of playing panel an activity shows, by its type (the quiz: a Customize activity whose template starts with 'quiz'); null for the others. */
export const playKindOf = (a: { readonly type: number; readonly template: string }): PlayKind | null =>
  a.type === 21 ? 'guess' : a.type === 16 ? 'invest' : a.type === 14 ? 'lucky' : a.type === 1 && a.template.startsWith('quiz') ? 'quiz' : null

export type { Investment, InvestTerm, LuckyOrder, Match, MatchBetRecord, QuizQuestion }
