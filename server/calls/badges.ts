/**
 * The badges' calls (spec screens §2, §3, §9): the site's highest deposit bonus rate
 * (/home/maxChargeRate, open to visitors) and the player's red dots (/active/getred_dot). The
 * rate is the site's setting (sites.max_charge_rate). The activity red dot is derived from the
 * site's running red-packet activities offered to the player that it still has packets of; the
 * task red dot is what the player can receive in the task centre (server/calls/tasks.ts); the
 * rebate's is the player's counter (player_counters, which the control `counters` sets) plus the
 * categories giving return gold now (server/calls/rebates.ts); the award's is its counter plus
 * what the award page lists as receivable now, from every source (server/calls/rebates.ts). The
 * control's task counters are no longer read. The unread counts (/home/index) are counted from the messages
 * (server/calls/messages.ts).
 */
import { getRedDot, maxChargeRate } from '../../schemas/hall/calls'
import type { Queryable } from '../db'
import { activityRedDot } from './activities'
import { awardRedDot, rebateRedDot } from './rebates'
import { taskRedDot } from './tasks'
import { requirePlayer } from './session'
import { OFFERED_TO_PLAYER } from './redpackets'
import { sumAmounts } from '../rewards'
import { implement } from './types'
import type { Implementation } from './types'

/** The counters a player has, all zero when none were set. */
export interface PlayerCounters {
  readonly task_count: number
  readonly task_amount: string
  readonly return_count: number
  readonly return_amount: string
  readonly reward_count: number
  readonly reward_amount: string
}

export const COUNTER_NAMES = [
  'task_count', 'task_amount', 'return_count', 'return_amount', 'reward_count', 'reward_amount',
] as const satisfies ReadonlyArray<keyof PlayerCounters>

const NO_COUNTERS: PlayerCounters = {
  task_count: 0, task_amount: '0', return_count: 0, return_amount: '0', reward_count: 0, reward_amount: '0',
}

const countersOf = async (db: Queryable, playerId: string): Promise<PlayerCounters> => {
  const r = await db.query<PlayerCounters>(
    `SELECT task_count, trim_scale(task_amount)::text AS task_amount,
       return_count, trim_scale(return_amount)::text AS return_amount, reward_count, trim_scale(reward_amount)::text AS reward_amount
     FROM player_counters WHERE player_id = $1`,
    [playerId],
  )
  return r.rows[0] ?? NO_COUNTERS
}

/** Sets some of a player's counters (the control `counters`). */
export const setPlayerCounters = async (db: Queryable, playerId: string, values: { readonly [K in keyof PlayerCounters]?: number | string | undefined }): Promise<void> => {
  await db.query('INSERT INTO player_counters (player_id) VALUES ($1) ON CONFLICT (player_id) DO NOTHING', [playerId])
  for (const name of COUNTER_NAMES) {
    const value = values[name]
    if (value !== undefined) await db.query(`UPDATE player_counters SET ${name} = $2 WHERE player_id = $1`, [playerId, value])
  }
}

/** Sets a site's highest deposit bonus rate. */
export const setMaxChargeRate = async (db: Queryable, siteCode: string, rate: string): Promise<void> => {
  await db.query('UPDATE sites SET max_charge_rate = $2 WHERE code = $1', [siteCode, rate])
}

export const badgeCalls: ReadonlyArray<Implementation> = [
  implement(maxChargeRate, async (ctx) => {
    const r = await ctx.db.query<{ rate: string }>('SELECT trim_scale(max_charge_rate)::text AS rate FROM sites WHERE code = $1', [ctx.site.code])
    return { charge_rate: r.rows[0]?.rate ?? '0' }
  }),
  implement(getRedDot, async (ctx) => {
    const { player } = await requirePlayer(ctx)
    const active = await ctx.db.query<{ count: number; amount: string }>(
      `SELECT count(*)::int AS count, coalesce(trim_scale(sum(a.amount * (a.packets - coalesce(c.taken, 0)))), 0)::text AS amount
       FROM red_activities a
       LEFT JOIN (SELECT activity_id, count(*)::int AS taken FROM red_claims WHERE player_id = $2 GROUP BY activity_id) c ON c.activity_id = a.id
       WHERE a.site_code = $1 AND a.status = 1 AND a.packets > coalesce(c.taken, 0) AND ${OFFERED_TO_PLAYER}`,
      [ctx.site.code, player.id],
    )
    const c = await countersOf(ctx.db, player.id)
    const events = await activityRedDot(ctx, player)
    const tasks = await taskRedDot(ctx, player)
    // The rebate's own: the categories giving return gold now, beside the operator's counter.
    const rebate = await rebateRedDot(ctx, player)
    // The award's own: what the award page lists now (server/calls/rebates.ts), beside the operator's counter.
    const award = await awardRedDot(ctx, player)
    return {
      activeAmount: await sumAmounts(ctx.db, [active.rows[0]?.amount ?? '0', events.amount]),
      activeCount: (active.rows[0]?.count ?? 0) + events.count,
      // The task entry's count: the tasks and vitality boxes the player can receive now (server/calls/tasks.ts).
      taskAmount: tasks.amount,
      taskCount: tasks.count,
      returnAmount: await sumAmounts(ctx.db, [c.return_amount, rebate.amount]),
      returnCount: c.return_count + rebate.count,
      rewardAmount: await sumAmounts(ctx.db, [c.reward_amount, award.amount]),
      rewardCount: c.reward_count + award.count,
    }
  }),
]
