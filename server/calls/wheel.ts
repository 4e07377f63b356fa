/**
 * Lucky wheels (activity types LuckyWheel 2, LuckyWheelNew 20) and word collection (Collection 18)
 * at the hall: the spec's turntableTaskList, luckyIntegralList, extract_word, extract_allWord,
 * group_word and the hall's own turntableInfo, turntableDraw, wordCollection
 * (docs/hall-protocol.md "Lucky wheel and word collection"). The rules are server/play/wheel.ts and
 * server/play/words.ts; every outcome is the hall's. A spin, a draw and an exchange are each one
 * transaction under the player's row lock, so a repeated or concurrent request spends a chance or
 * a word once and pays once.
 */
import {
  extractAllWord, extractWord, groupWord, luckyIntegralList, turntableDraw, turntableInfo, turntableTaskList, wordCollection,
} from '../../schemas/hall/calls'
import { activitiesOf, textIn, ts, type ActivityRow } from '../activities'
import { lockPlayer, TRIAL_ACCOUNT } from '../rewards'
import { balanceOf, type PlayerRow } from '../store'
import { chancesOf, PlayCodes, prizesOf, running, spinWheel, WHEEL_TYPES, WORDS_TYPE } from '../play/wheel'
import { complete, drawWords, exchangeSet, groupsOf, holdingsOf, wordsOf } from '../play/words'
import { maskName } from './activities'
import { zoneOf } from './records'
import { requirePlayer } from './session'
import { ServiceError, implement } from './types'
import type { CallContext, Implementation } from './types'

/** The latest winners a wheel shows. */
const WINNERS = 20
/** The most a points page may hold. */
const MAX_PAGE_SIZE = 50

/** The running-or-over activity of this site with this id, of one of `types`. */
const playActivity = async (ctx: CallContext, activeId: number, types: ReadonlyArray<number>): Promise<ActivityRow> => {
  const a = (await activitiesOf(ctx.db, ctx.site.code, 'id = $2', [activeId]))[0]
  if (a === undefined || !types.includes(a.type)) throw new ServiceError(PlayCodes.unknown, 'no such activity')
  return a
}

/** The real player who may play now: not a trial account, the activity running. */
const playerToPlay = async (ctx: CallContext, a: ActivityRow): Promise<PlayerRow> => {
  const { player } = await requirePlayer(ctx)
  if (player.accountType === TRIAL_ACCOUNT) throw new ServiceError(PlayCodes.trial, 'register to play')
  if (!running(a, ctx.now)) throw new ServiceError(PlayCodes.notRunning, 'the activity is not running')
  return player
}

const ANY_PLAY = [...WHEEL_TYPES, WORDS_TYPE]

export const wheelCalls: ReadonlyArray<Implementation> = [
  implement(turntableTaskList, async (ctx, p) => {
    const a = await playActivity(ctx, p.activeId, ANY_PLAY)
    const { player } = await requirePlayer(ctx)
    const c = await chancesOf(ctx.db, a, player, zoneOf(ctx.site.timeZone), ctx.now)
    const notStarted = ctx.now < a.startMs
    const over = ctx.now >= a.endMs
    return {
      list: c.tasks.map((t) => ({
        taskId: t.task.id,
        title: textIn(t.task.titles, ctx.language, ctx.site.languageCode),
        condition: t.task.condition,
        need: t.task.need,
        done: t.done,
        spins: t.task.chances,
        // Task item states: HasSend 4 (its chances are given), Goto 3 (go and do it), Expired 2, UnOpen 99.
        status: notStarted ? (99 as const) : t.met ? (4 as const) : over ? (2 as const) : (3 as const),
      })),
      spins: running(a, ctx.now) ? c.left : 0,
    }
  }),
  implement(luckyIntegralList, async (ctx, p) => {
    const a = await playActivity(ctx, p.activeId, WHEEL_TYPES)
    const { player } = await requirePlayer(ctx)
    const zone = zoneOf(ctx.site.timeZone)
    const c = await chancesOf(ctx.db, a, player, zone, ctx.now)
    const size = Math.min(Math.max(p.size ?? 20, 1), MAX_PAGE_SIZE)
    const current = Math.max(p.page ?? 1, 1)
    const window = [player.id, player.currency, ts(c.period.from), ts(c.period.to)]
    const total = (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM game_rounds WHERE player_id = $1 AND currency = $2 AND created_at >= $3 AND created_at < $4', window)).rows[0]!.n
    const rows = (
      await ctx.db.query<{ id: string; name: string; integral: string; createdAt: string }>(
        `SELECT r.id::text AS id, g.name, trim_scale(r.bet)::text AS integral, to_char(r.created_at AT TIME ZONE $7, 'YYYY-MM-DD HH24:MI:SS') AS "createdAt"
         FROM game_rounds r JOIN games g ON g.id = r.game_id
         WHERE r.player_id = $1 AND r.currency = $2 AND r.created_at >= $3 AND r.created_at < $4 ORDER BY r.created_at DESC, r.id DESC LIMIT $5 OFFSET $6`,
        [...window, size, (current - 1) * size, zone],
      )
    ).rows
    return { records: rows.map((r) => ({ id: r.id, title: r.name, integral: r.integral, createdAt: r.createdAt })), total, current, size }
  }),
  implement(turntableInfo, async (ctx, p) => {
    const a = await playActivity(ctx, p.activeId, WHEEL_TYPES)
    const zone = zoneOf(ctx.site.timeZone)
    const prizes = await prizesOf(ctx.db, a.id)
    const player = ctx.session === undefined ? undefined : (await requirePlayer(ctx).catch(() => undefined))?.player
    const c = player === undefined ? undefined : await chancesOf(ctx.db, a, player, zone, ctx.now)
    const winners = (
      await ctx.db.query<{ username: string; prize: Record<string, string>; amount: string; time: string }>(
        `SELECT pl.username, w.titles AS prize, trim_scale(d.amount)::text AS amount, to_char(d.created_at AT TIME ZONE $3, 'YYYY-MM-DD HH24:MI:SS') AS time
         FROM play_draws d JOIN players pl ON pl.id = d.player_id JOIN wheel_prizes w ON w.id = d.prize_id
         WHERE d.activity_id = $1 AND d.amount > 0 ORDER BY d.created_at DESC, d.id DESC LIMIT $2`,
        [a.id, WINNERS, zone],
      )
    ).rows
    return {
      activeId: a.id,
      prizes: prizes.map((x) => ({ prizeId: x.id, title: textIn(x.titles, ctx.language, ctx.site.languageCode), amount: x.amount })),
      spins: c !== undefined && running(a, ctx.now) ? c.left : 0,
      points: c?.bet ?? '0',
      pointsPerSpin: c?.pointsPerSpin ?? ((await ctx.db.query<{ v: string }>('SELECT trim_scale(points_per_spin)::text AS v FROM play_settings WHERE activity_id = $1', [a.id])).rows[0]?.v ?? '0'),
      winners: winners.map((w) => ({ username: maskName(w.username), title: textIn(w.prize, ctx.language, ctx.site.languageCode), amount: w.amount, time: w.time })),
    }
  }),
  implement(turntableDraw, async (ctx, p) => {
    const a = await playActivity(ctx, p.activeId, WHEEL_TYPES)
    const player = await playerToPlay(ctx, a)
    const zone = zoneOf(ctx.site.timeZone)
    const spin = await ctx.db.transaction(async (tx) => {
      await lockPlayer(tx, player.id)
      return spinWheel(tx, a, player, zone, ctx.now, ctx.site.languageCode)
    })
    if (spin === undefined) throw new ServiceError(PlayCodes.noSpins, 'no spin left')
    return {
      drawId: spin.drawId,
      prizeId: spin.prize.id,
      index: spin.index,
      title: textIn(spin.prize.titles, ctx.language, ctx.site.languageCode),
      amount: spin.prize.amount,
      spins: spin.left,
      currency: player.currency,
      game_gold: await balanceOf(ctx.db, player.id, player.currency),
    }
  }),
  implement(wordCollection, async (ctx, p) => {
    const a = await playActivity(ctx, p.activeId, [WORDS_TYPE])
    const { player } = await requirePlayer(ctx)
    const words = await wordsOf(ctx.db, a.id)
    const held = await holdingsOf(ctx.db, a.id, player.id)
    const c = await chancesOf(ctx.db, a, player, zoneOf(ctx.site.timeZone), ctx.now)
    return {
      activeId: a.id,
      words: words.map((w) => ({ wordId: w.id, word: w.word, count: held.get(w.id) ?? 0 })),
      groups: (await groupsOf(ctx.db, a.id)).map((g) => ({ groupId: g.id, title: textIn(g.titles, ctx.language, ctx.site.languageCode), amount: g.amount, complete: complete(words, held) })),
      chances: running(a, ctx.now) ? c.left : 0,
    }
  }),
  implement(extractWord, async (ctx, p) => {
    const a = await playActivity(ctx, p.activeId, [WORDS_TYPE])
    const player = await playerToPlay(ctx, a)
    const zone = zoneOf(ctx.site.timeZone)
    const r = await ctx.db.transaction(async (tx) => {
      await lockPlayer(tx, player.id)
      return drawWords(tx, a, player, zone, ctx.now, 1)
    })
    const card = r.drawn[0]
    if (card === undefined) throw new ServiceError(PlayCodes.noChances, 'no draw left')
    return { card: { wordId: card.id, word: card.word }, chances: r.left }
  }),
  implement(extractAllWord, async (ctx, p) => {
    const a = await playActivity(ctx, p.activeId, [WORDS_TYPE])
    const player = await playerToPlay(ctx, a)
    const zone = zoneOf(ctx.site.timeZone)
    const r = await ctx.db.transaction(async (tx) => {
      await lockPlayer(tx, player.id)
      return drawWords(tx, a, player, zone, ctx.now, 100)
    })
    if (r.drawn.length === 0) throw new ServiceError(PlayCodes.noChances, 'no draw left')
    return { cards: r.drawn.map((w) => ({ wordId: w.id, word: w.word })), chances: r.left }
  }),
  implement(groupWord, async (ctx, p) => {
    const a = await playActivity(ctx, p.activeId, [WORDS_TYPE])
    const player = await playerToPlay(ctx, a)
    const group = (await groupsOf(ctx.db, a.id)).find((g) => g.id === p.groupId)
    if (group === undefined) throw new ServiceError(PlayCodes.unknown, 'no such set')
    const amount = await ctx.db.transaction(async (tx) => {
      await lockPlayer(tx, player.id)
      return exchangeSet(tx, a, group, player, ctx.now, ctx.site.languageCode)
    })
    if (amount === undefined) throw new ServiceError(PlayCodes.incomplete, 'the set is not complete')
    return { amount, count: 1, currency: player.currency, game_gold: await balanceOf(ctx.db, player.id, player.currency) }
  }),
]
