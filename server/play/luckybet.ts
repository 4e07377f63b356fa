/**
 * Lucky bet (activity type 14; calls luckyOrderList and the designed luckyOrderReceive;
 * docs/hall.md "Playing activities"). Migration 225.
 *
 * The rule: a qualifying bet is one of the player's real game rounds (game_rounds) played inside
 * the activity's window with a bet of at least the activity's least bet. A qualifying bet is lucky
 * when the whole part of its bet ends in the activity's lucky digits (suffix '8': 8, 18, 108 …;
 * '88': 88, 188 …); a lucky bet's prize is trunc(bet × rate / 100) to the currency's scale, at most
 * the activity's most prize. The list shows each qualifying bet with its prize ('0' and status
 * Processing 0 when it is not lucky), CanReceive 1 while it can be received, HasReceive 2 once it
 * was, Expired 3 after the activity's receive window. Receiving is one transaction whose claim row
 * (activity, round) is taken first: a repeated or concurrent receive pays once ('activity-lucky').
 */
import type { LuckyOrder } from '../../schemas/hall/calls/active'
import type { ActivityRow } from '../activities'
import { ts } from '../activities'
import type { Db, Queryable } from '../db'
import { lockPlayer, payReward } from '../rewards'
import { balanceOf, type PlayerRow } from '../store'
import { ServiceError } from '../calls/types'
import { PlayCodes } from './common'

export const LUCKY_KIND = 'activity-lucky'

export interface LuckyRule { readonly suffix: string; readonly minBet: string; readonly rate: string; readonly maxPrize: string }

export const ruleOf = async (db: Queryable, activityId: number): Promise<LuckyRule> =>
  (
    await db.query<LuckyRule>(
      `SELECT suffix, trim_scale(min_bet)::text AS "minBet", trim_scale(rate)::text AS rate, trim_scale(max_prize)::text AS "maxPrize" FROM play_lucky_rules WHERE activity_id = $1`,
      [activityId],
    )
  ).rows[0] ?? { suffix: '8', minBet: '1', rate: '100', maxPrize: '1000' }

export const setLuckyRule = async (db: Queryable, activityId: number, r: LuckyRule): Promise<void> => {
  await db.query(
    `INSERT INTO play_lucky_rules (activity_id, suffix, min_bet, rate, max_prize) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (activity_id) DO UPDATE SET suffix = $2, min_bet = $3, rate = $4, max_prize = $5`,
    [activityId, r.suffix, r.minBet, r.rate, r.maxPrize],
  )
}

/** The qualifying rounds with their prize and claim, as SQL over $1 player, $2 activity, $3 from, $4 to, $5 suffix, $6 min bet, $7 rate, $8 max prize. */
const QUALIFYING = `
  SELECT r.id, r.created_at, g.name AS game, r.bet, r.currency,
         CASE WHEN trunc(r.bet)::text LIKE '%' || $5 THEN least(trunc(r.bet * $7::numeric / 100, c.scale), $8::numeric) ELSE 0 END AS prize,
         lc.round_id IS NOT NULL AS claimed
  FROM game_rounds r JOIN games g ON g.id = r.game_id JOIN currencies c ON c.code = r.currency
  LEFT JOIN play_lucky_claims lc ON lc.activity_id = $2 AND lc.round_id = r.id
  WHERE r.player_id = $1 AND r.created_at >= $3 AND r.created_at < $4 AND r.bet >= $6::numeric`

const paramsOf = (a: ActivityRow, player: PlayerRow, rule: LuckyRule) => [player.id, a.id, ts(a.startMs), ts(a.endMs), rule.suffix, rule.minBet, rule.rate, rule.maxPrize]

/** The status of a qualifying bet: not lucky 0, receivable 1, received 2, expired 3. */
const statusOf = (prize: string, claimed: boolean, over: boolean): 0 | 1 | 2 | 3 => (claimed ? 2 : Number(prize) === 0 ? 0 : over ? 3 : 1)

const overAt = (a: ActivityRow): number => a.endMs + a.receiveHours * 3_600_000

export const luckyOrders = async (db: Queryable, a: ActivityRow, player: PlayerRow, page: number, size: number, zone: string, now: number): Promise<{ records: LuckyOrder[]; total: number }> => {
  const rule = await ruleOf(db, a.id)
  const params = paramsOf(a, player, rule)
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${QUALIFYING}) q`, params)).rows[0]!.n
  const rows = (
    await db.query<{ orderNo: string; gameName: string; betAmount: string; rewardAmount: string; claimed: boolean; createdAt: string }>(
      `SELECT q.id::text AS "orderNo", q.game AS "gameName", trim_scale(q.bet)::text AS "betAmount", trim_scale(q.prize)::text AS "rewardAmount", q.claimed,
              to_char(q.created_at AT TIME ZONE $9, 'YYYY-MM-DD HH24:MI:SS') AS "createdAt"
       FROM (${QUALIFYING}) q ORDER BY q.created_at DESC, q.id DESC LIMIT $10 OFFSET $11`,
      [...params, zone, size, (page - 1) * size],
    )
  ).rows
  const over = now >= overAt(a)
  return { records: rows.map(({ claimed, ...r }) => ({ ...r, status: statusOf(r.rewardAmount, claimed, over) })), total }
}

/** Receives one lucky bet's prize; answers the amount, count, currency and balance. */
export const receiveLucky = async (db: Db, a: ActivityRow, player: PlayerRow, orderNo: string, now: number) => {
  const rule = await ruleOf(db, a.id)
  const amount = await db.transaction(async (tx) => {
    await lockPlayer(tx, player.id)
    const q = (await tx.query<{ prize: string; claimed: boolean }>(`SELECT trim_scale(q.prize)::text AS prize, q.claimed FROM (${QUALIFYING}) q WHERE q.id = $9`, [...paramsOf(a, player, rule), orderNo])).rows[0]
    if (q === undefined) throw new ServiceError(PlayCodes.notFound, 'no such qualifying bet')
    if (q.claimed) throw new ServiceError(PlayCodes.received, 'this prize was received already')
    if (Number(q.prize) === 0) throw new ServiceError(PlayCodes.notLucky, 'this bet is not lucky')
    if (now >= overAt(a)) throw new ServiceError(PlayCodes.notRunning, 'the time to receive is over')
    const taken = await tx.query('INSERT INTO play_lucky_claims (activity_id, round_id, player_id, amount, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING round_id', [
      a.id, orderNo, player.id, q.prize, ts(now),
    ])
    if (taken.rows.length === 0) throw new ServiceError(PlayCodes.received, 'this prize was received already')
    await payReward(tx, player, q.prize, LUCKY_KIND, { multiple: a.turnoverMultiple, source: 'activity', title: 'lucky bet' })
    return q.prize
  })
  return { amount, count: 1, currency: player.currency, game_gold: await balanceOf(db, player.id, player.currency) }
}
