/**
 * The playing activities' calls (spec calls §7.4 doMatchBet, matchBetRecordList,
 * investment_handler, luckyOrderList, request_reward; the hall's own matchList, investmentInfo,
 * luckyOrderReceive, quizQuestions): the rules are server/play/*.ts, the tables migration 225.
 * Every outcome is the hall's; the lobby only shows and asks. Visitors and trial players read
 * what a page shows but do not play for money.
 */
import {
  doMatchBet, investmentHandler, investmentInfo, luckyOrderList, luckyOrderReceive, matchBetRecordList, matchList, quizQuestions, requestReward,
} from '../../schemas/hall/calls'
import { balanceOf, type PlayerRow } from '../store'
import { PlayCodes, playActivity, refuseTrial, requireRunning } from '../play/common'
import { guessRecords, matchesOf, placeGuess } from '../play/guessing'
import { investmentsOf, redeem, subscribe, termsOf } from '../play/invest'
import { luckyOrders, receiveLucky } from '../play/luckybet'
import { answerQuiz, isQuizTemplate, quizOf } from '../play/quiz'
import { zoneOf } from './records'
import { requirePlayer } from './session'
import { ServiceError, implement } from './types'
import type { CallContext, Implementation } from './types'

/** Page 1 and 20 rows unless asked; at most 50 rows. */
const paging = (page: number | undefined, size: number | undefined) => ({ page: Math.max(1, page ?? 1), size: Math.min(50, Math.max(1, size ?? 20)) })

const playerOrNone = async (ctx: CallContext): Promise<PlayerRow | undefined> => (ctx.session === undefined ? undefined : (await requirePlayer(ctx).catch(() => undefined))?.player)

/** A real player who may play for money now. */
const playing = async (ctx: CallContext): Promise<PlayerRow> => {
  const { player } = await requirePlayer(ctx)
  refuseTrial(player)
  return player
}

export const playCalls: ReadonlyArray<Implementation> = [
  implement(matchList, async (ctx, p) => {
    const a = await playActivity(ctx, p.activeId, [21])
    const player = await playerOrNone(ctx)
    return { ...(await matchesOf(ctx.db, a.id, zoneOf(ctx.site.timeZone))), game_gold: player === undefined ? null : await balanceOf(ctx.db, player.id, player.currency) }
  }),
  implement(doMatchBet, async (ctx, p) => {
    const a = await playActivity(ctx, p.activeId, [21])
    const player = await playing(ctx)
    requireRunning(a, ctx.now)
    return placeGuess(ctx.db, a, player, p, ctx.now)
  }),
  implement(matchBetRecordList, async (ctx, p) => {
    const a = await playActivity(ctx, p.activeId, [21])
    const { player } = await requirePlayer(ctx)
    const { page, size } = paging(p.page, p.size)
    return { ...(await guessRecords(ctx.db, a.id, player, page, size, zoneOf(ctx.site.timeZone))), current: page, size }
  }),
  implement(investmentInfo, async (ctx, p) => {
    const a = await playActivity(ctx, p.activeId, [16])
    const player = await playerOrNone(ctx)
    const terms = await termsOf(ctx.db, a.id)
    if (player === undefined) return { terms, list: [], invested: '0' }
    return { terms, ...(await investmentsOf(ctx.db, a.id, player, zoneOf(ctx.site.timeZone), ctx.now)) }
  }),
  implement(investmentHandler, async (ctx, p) => {
    const a = await playActivity(ctx, p.activeId, [16])
    const player = await playing(ctx)
    if (p.action === 'invest') {
      requireRunning(a, ctx.now)
      if (p.termId === undefined || p.amount === undefined) throw new ServiceError(PlayCodes.notFound, 'a subscription names its term and amount')
      return subscribe(ctx.db, a, player, p.termId, p.amount, p.requestId, ctx.now)
    }
    if (p.investId === undefined) throw new ServiceError(PlayCodes.notFound, 'a redeem names its subscription')
    return redeem(ctx.db, a, player, p.investId, p.requestId, ctx.now)
  }),
  implement(luckyOrderList, async (ctx, p) => {
    const a = await playActivity(ctx, p.activeId, [14])
    const { player } = await requirePlayer(ctx)
    const { page, size } = paging(p.page, p.size)
    return { ...(await luckyOrders(ctx.db, a, player, page, size, zoneOf(ctx.site.timeZone), ctx.now)), current: page, size }
  }),
  implement(luckyOrderReceive, async (ctx, p) => {
    const a = await playActivity(ctx, p.activeId, [14])
    const player = await playing(ctx)
    return receiveLucky(ctx.db, a, player, p.orderNo, ctx.now)
  }),
  implement(quizQuestions, async (ctx, p) => {
    const a = await playActivity(ctx, p.activeId, [1], isQuizTemplate)
    return quizOf(ctx.db, a, await playerOrNone(ctx), ctx.language, ctx.site.languageCode)
  }),
  implement(requestReward, async (ctx, p) => {
    const a = await playActivity(ctx, p.activeId, [1], isQuizTemplate)
    const player = await playing(ctx)
    requireRunning(a, ctx.now)
    return answerQuiz(ctx.db, a, player, p.answers, ctx.language, ctx.site.languageCode, ctx.now)
  }),
]
