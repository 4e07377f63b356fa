/**
 * The VIP calls the reference hall implements (calls §7.11): the player's level and progress
 * (/user/vipInfo). The ladder is the vip_levels table (migration 060); a player's totals are their
 * completed deposits (positive 'deposit' and 'control' wallet entries, the control credit standing
 * for a completed deposit) and the bets of their game rounds, in their currency. The level is the
 * highest whose deposit and bet needs both are reached.
 */
import { vipInfo } from '../../schemas/hall/calls'
import type { VipInfo } from '../../schemas/hall/calls'
import type { Queryable } from '../db'
import { requirePlayer } from './session'
import { implement } from './types'
import type { Implementation } from './types'

interface LevelRow {
  readonly level: number
  readonly name: string
  readonly deposit_need: string
  readonly bet_need: string
}

/** A player's VIP level and progress to the next one. */
export const vipInfoOf = async (db: Queryable, playerId: string, currency: string): Promise<VipInfo> => {
  const totals = (
    await db.query<{ deposit: string; bet: string }>(
      `SELECT
         (SELECT coalesce(trim_scale(sum(amount)), 0)::text FROM wallet_entries
           WHERE player_id = $1 AND currency = $2 AND amount > 0 AND kind IN ('deposit', 'control')) AS deposit,
         (SELECT coalesce(trim_scale(sum(bet)), 0)::text FROM game_rounds WHERE player_id = $1 AND currency = $2) AS bet`,
      [playerId, currency],
    )
  ).rows[0] ?? { deposit: '0', bet: '0' }
  const levels = (
    await db.query<LevelRow>(
      'SELECT level, name, trim_scale(deposit_need)::text AS deposit_need, trim_scale(bet_need)::text AS bet_need FROM vip_levels ORDER BY level',
    )
  ).rows
  // The ladder is climbed in order: a level counts only when every level below it is reached too.
  let current = levels[0]
  for (const l of levels) {
    if (Number(totals.deposit) >= Number(l.deposit_need) && Number(totals.bet) >= Number(l.bet_need)) current = l
    else break
  }
  const next = levels.find((l) => current !== undefined && l.level > current.level)
  return {
    level: current?.level ?? 0,
    levelName: current?.name ?? 'VIP 0',
    nextLevel: next?.level ?? null,
    depositAmount: totals.deposit,
    depositNeed: next?.deposit_need ?? '0',
    betAmount: totals.bet,
    betNeed: next?.bet_need ?? '0',
  }
}

export const vipCalls: ReadonlyArray<Implementation> = [
  implement(vipInfo, async (ctx) => {
    const { player } = await requirePlayer(ctx)
    return vipInfoOf(ctx.db, player.id, player.currency)
  }),
]
