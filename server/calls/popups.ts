/**
 * The recharge pop-up and the new-benefits pop-up of the reference hall (screens §4 after login;
 * calls §7 pop_rechargeListV2 with actives and disablePop, disable_active_pop popType 1 popStatus
 * 1, §7.10 newcomer_benefit_pop, newcomer_benefit_status, newcomer_benefit_reward,
 * disable_newcomer_pop). Migration 060 holds the seeded promotions and benefits and which players
 * an operator targets (control surface `player`: recharge_pop, newcomer_pop).
 */
import {
  disableActivePop, disableNewcomerPop, newcomerBenefitPop, newcomerBenefitReward, newcomerBenefitStatus, popRechargeListV2,
} from '../../schemas/hall/calls'
import type { NewcomerBenefit, RechargeActive } from '../../schemas/hall/calls'
import type { Queryable } from '../db'
import { credit } from '../money'
import { balanceOf, bindStateOf } from '../store'
import { requirePlayer } from './session'
import { ServiceError, implement } from './types'
import type { Implementation } from './types'

/** Service codes of the newcomer reward (the reference hall's own). */
export const PopupCodes = { unknownBenefit: 1240, notReceivable: 1241 } as const

const playerFlags = async (db: Queryable, playerId: string) =>
  (
    await db.query<{ rechargePop: number; disabled: number; newcomerPop: number; hasRecharged: number }>(
      `SELECT recharge_pop::int AS "rechargePop", active_pop_disabled::int AS disabled, newcomer_pop::int AS "newcomerPop",
         has_recharged::int AS "hasRecharged" FROM players WHERE id = $1`,
      [playerId],
    )
  ).rows[0] ?? { rechargePop: 0, disabled: 0, newcomerPop: 0, hasRecharged: 0 }

/** A player's newcomer benefits: done by the player's bind state and recharge, received by the claims. */
export const benefitsOf = async (db: Queryable, siteCode: string, playerId: string): Promise<ReadonlyArray<NewcomerBenefit>> => {
  const bind = await bindStateOf(db, playerId)
  const flags = await playerFlags(db, playerId)
  const rows = (
    await db.query<{ id: number; kind: NewcomerBenefit['kind']; reward: string; received: boolean }>(
      `SELECT b.id, b.kind, b.reward::text AS reward, c.player_id IS NOT NULL AS received
       FROM newcomer_benefits b LEFT JOIN newcomer_claims c ON c.benefit_id = b.id AND c.player_id = $2
       WHERE b.site_code IS NULL OR b.site_code = $1 ORDER BY b.sort, b.id`,
      [siteCode, playerId],
    )
  ).rows
  const done = (kind: NewcomerBenefit['kind']): boolean => {
    switch (kind) {
      case 'bindPhone':
        return bind.mobilePhone !== ''
      case 'bindEmail':
        return bind.email !== ''
      case 'bindGoogleAuth':
        return bind.googleAuth === 1
      case 'bindWithdrawPass':
        return bind.withdrawPass
      case 'firstRecharge':
        return flags.hasRecharged === 1
    }
  }
  return rows.map((r) => {
    const isDone = done(r.kind)
    return { id: r.id, kind: r.kind, reward: r.reward, done: isDone ? 1 : 0, status: r.received ? 1 : isDone ? 0 : -1 }
  })
}

export const popupCalls: ReadonlyArray<Implementation> = [
  // The pop-recharge list: the site's promotions for a targeted player, none for the others.
  implement(popRechargeListV2, async (ctx) => {
    const { player } = await requirePlayer(ctx)
    const flags = await playerFlags(ctx.db, player.id)
    if (flags.rechargePop !== 1) return { actives: [], disablePop: flags.disabled === 1 ? (1 as const) : (0 as const) }
    const actives = (
      await ctx.db.query<RechargeActive>(
        `SELECT id, title, content, min_amount::text AS min_amount, bonus_rate::text AS bonus_rate FROM recharge_pops
         WHERE site_code IS NULL OR site_code = $1 ORDER BY sort, id`,
        [ctx.site.code],
      )
    ).rows
    return { actives, disablePop: flags.disabled === 1 ? (1 as const) : (0 as const) }
  }),
  // popType 1 popStatus 1: the recharge pop-up is not to show again.
  implement(disableActivePop, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    if (p.popType === 1) await ctx.db.query('UPDATE players SET active_pop_disabled = $2 WHERE id = $1', [player.id, p.popStatus === 1 ? 1 : 0])
    return {}
  }),
  implement(newcomerBenefitPop, async (ctx) => {
    const { player } = await requirePlayer(ctx)
    const flags = await playerFlags(ctx.db, player.id)
    return flags.newcomerPop === 1 ? { pop: 1 as const, list: await benefitsOf(ctx.db, ctx.site.code, player.id) } : { pop: 0 as const, list: [] }
  }),
  // The reward-bind data: the benefits offered to this player (those an operator targets, until
  // they ask not to see them again), none to the others. The security page promises a reward only
  // from this list, so it never promises what the hall would not pay.
  implement(newcomerBenefitStatus, async (ctx) => {
    const { player } = await requirePlayer(ctx)
    const flags = await playerFlags(ctx.db, player.id)
    return { list: flags.newcomerPop === 1 ? await benefitsOf(ctx.db, ctx.site.code, player.id) : [] }
  }),
  implement(newcomerBenefitReward, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const benefit = (await benefitsOf(ctx.db, ctx.site.code, player.id)).find((b) => b.id === p.id)
    if (benefit === undefined) throw new ServiceError(PopupCodes.unknownBenefit, 'no such benefit')
    if (benefit.status !== 0) throw new ServiceError(PopupCodes.notReceivable, 'the reward is not receivable')
    // The balance after the credit comes back with the answer: the lobby's wallet takes it.
    const balance = await ctx.db.transaction(async (tx) => {
      await tx.query('INSERT INTO newcomer_claims (player_id, benefit_id) VALUES ($1, $2)', [player.id, benefit.id])
      await credit(tx, { playerId: player.id, currency: player.currency }, benefit.reward, 'newcomer')
      return balanceOf(tx, player.id, player.currency)
    })
    return { id: benefit.id, reward: benefit.reward, status: 1 as const, balance }
  }),
  implement(disableNewcomerPop, async (ctx) => {
    const { player } = await requirePlayer(ctx)
    await ctx.db.query('UPDATE players SET newcomer_pop = 0 WHERE id = $1', [player.id])
    return {}
  }),
]
