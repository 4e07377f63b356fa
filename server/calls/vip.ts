/**
 * The VIP calls the reference hall implements (calls §7.11): the player's level and progress
 * (/user/vipInfo), the ladder with its rewards and rules (/user/vipdetails), the player's VIP with
 * the reward cards (/user/vip) and receiving them (/user/giftRecv1). The ladder is the vip_levels
 * table (migrations 060 and 150); a player's totals are their completed deposits (positive
 * 'deposit' and 'control' wallet entries, the control credit standing for a completed deposit)
 * and the bets of their game rounds, in their currency. The level is the highest whose deposit
 * and bet needs are both reached, climbing in order.
 *
 * Rewards (spec §3, §4; codes promotion 13001, week 13002, month 13003, day 13004): a level's
 * promotion gift is receivable once the level is reached (any level up to the player's); the day,
 * week and month bonuses of the player's current level once per period of the site's calendar,
 * when the period's deposit and bet reach the level's needs for it; a period's bonus not received
 * is gone when the period ends (its expireTime). Receiving is one transaction: the claim's key
 * (player, level, code, period) is taken first, so a repeated or concurrent receive or
 * receive-all pays nothing twice; the wallet is credited with its ledger entry ('bonus-vip') and a
 * turnover requirement of vip_config.turnover_multiple times the amount. Trial players cannot
 * receive; nothing is served while the site's vip_status is not open.
 */
import { vipDetails, vipGiftReceive, vipInfo, vipLevels } from '../../schemas/hall/calls'
import type { SysInfo } from '../../schemas/hall/calls/site'
import type { Received } from '../../schemas/hall/calls/common'
import type { UserVip, VipInfo, VipReward, VipRewardType, VipSetting } from '../../schemas/hall/calls/vip'
import type { Queryable } from '../db'
import { kindIn, kindsWhere } from '../money'
import { calendarPeriod, localTime, lockPlayer, payReward, sumAmounts, TRIAL_ACCOUNT, type Period } from '../rewards'
import { balanceOf, type PlayerRow } from '../store'
import { zoneOf } from './records'
import { requirePlayer } from './session'
import { doc } from './site'
import { ServiceError, implement } from './types'
import type { CallContext, Implementation } from './types'

/** The ledger kind of a VIP reward. */
export const VIP_KIND = 'bonus-vip'
/** account_type of a trial (guest) account. */

/** The VIP service codes (the hall's own: the spec's catalogue names none; docs/hall-protocol.md). */
export const VipCodes = {
  /** The site does not run VIP (vip_status not open). */
  closed: 1700,
  /** Nothing of what was asked can be received now (not reached, received, or the level gives none). */
  notReceivable: 1701,
  /** Trial players cannot receive rewards. */
  trial: 1704,
} as const

export const PROMOTION = 13001
export const WEEK = 13002
export const MONTH = 13003
export const DAY = 13004

interface LevelRow {
  readonly level: number
  readonly name: string
  readonly icon_color: string
  readonly deposit_need: string
  readonly bet_need: string
  readonly vip_gift: string
  readonly day_bonus: string
  readonly week_bonus: string
  readonly month_bonus: string
  readonly day_deposit: string
  readonly day_bet: string
  readonly week_deposit: string
  readonly week_bet: string
  readonly month_deposit: string
  readonly month_bet: string
}

const num = (c: string): string => `trim_scale(${c})::text AS ${c}`
const levelsOf = async (db: Queryable): Promise<ReadonlyArray<LevelRow>> =>
  (
    await db.query<LevelRow>(
      `SELECT level, name, icon_color, trim_scale(deposit_need)::text AS deposit_need, trim_scale(bet_need)::text AS bet_need,
         ${['vip_gift', 'day_bonus', 'week_bonus', 'month_bonus', 'day_deposit', 'day_bet', 'week_deposit', 'week_bet', 'month_deposit', 'month_bet'].map(num).join(', ')}
       FROM vip_levels ORDER BY level`,
    )
  ).rows

/** A player's deposit and bet totals in their currency, since `from` (ms; all time when null) until `to`. */
const totalsOf = async (db: Queryable, playerId: string, currency: string, from: number | null = null, to: number | null = null) =>
  (
    await db.query<{ deposit: string; bet: string }>(
      `SELECT
         (SELECT coalesce(trim_scale(sum(amount)), 0)::text FROM wallet_entries
           WHERE player_id = $1 AND currency = $2 AND amount > 0 AND ${kindIn(kindsWhere('vip', 'deposit'))}
             AND ($3::timestamptz IS NULL OR created_at >= $3) AND ($4::timestamptz IS NULL OR created_at < $4)) AS deposit,
         (SELECT coalesce(trim_scale(sum(bet)), 0)::text FROM game_rounds WHERE player_id = $1 AND currency = $2
             AND ($3::timestamptz IS NULL OR created_at >= $3) AND ($4::timestamptz IS NULL OR created_at < $4)) AS bet`,
      [playerId, currency, from === null ? null : new Date(from).toISOString(), to === null ? null : new Date(to).toISOString()],
    )
  ).rows[0] ?? { deposit: '0', bet: '0' }

/** The level reached with these totals: the ladder is climbed in order. */
const levelFor = (levels: ReadonlyArray<LevelRow>, totals: { deposit: string; bet: string }): { current: LevelRow | undefined; next: LevelRow | undefined } => {
  let current = levels[0]
  for (const l of levels) {
    if (Number(totals.deposit) >= Number(l.deposit_need) && Number(totals.bet) >= Number(l.bet_need)) current = l
    else break
  }
  return { current, next: levels.find((l) => current !== undefined && l.level > current.level) }
}

/** A player's VIP level and progress to the next one. */
export const vipInfoOf = async (db: Queryable, playerId: string, currency: string): Promise<VipInfo> => {
  const totals = await totalsOf(db, playerId, currency)
  const { current, next } = levelFor(await levelsOf(db), totals)
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

const UNIT = { [DAY]: 'day', [WEEK]: 'week', [MONTH]: 'month' } as const
const periodOf = (db: Queryable, type: typeof DAY | typeof WEEK | typeof MONTH, zone: string, at: number): Promise<Period> => calendarPeriod(db, UNIT[type], zone, at)

/** A reward card as the hall sees it: what the lobby is answered and the claim receiving it takes. */
interface Card {
  readonly reward: VipReward
  readonly periodKey: string
}

/** The player's VIP: level, progress and the reward cards, at the hall's `now` (no writes). */
export const userVipOf = async (db: Queryable, player: PlayerRow, zone: string, now: number): Promise<{ vip: UserVip; cards: ReadonlyArray<Card> }> => {
  const levels = await levelsOf(db)
  const totals = await totalsOf(db, player.id, player.currency)
  const { current, next } = levelFor(levels, totals)
  const level = current?.level ?? 0
  const claims = new Set(
    (await db.query<{ k: string }>(`SELECT level || ':' || reward_type || ':' || period_key AS k FROM vip_claims WHERE player_id = $1`, [player.id])).rows.map((r) => r.k),
  )
  const claimed = (lvl: number, type: number, key: string): boolean => claims.has(`${lvl}:${type}:${key}`)
  const cards: Card[] = []
  // Promotion gifts: every level reached, received or not; the next level's as not receivable yet.
  for (const l of levels) {
    if (l.level === 0 || Number(l.vip_gift) <= 0 || l.level > (next?.level ?? level)) continue
    const status = l.level > level ? 2 : claimed(l.level, PROMOTION, 'once') ? 1 : 0
    cards.push({ reward: { type: PROMOTION, vip: l.level, amount: l.vip_gift, status, expireTime: null }, periodKey: 'once' })
  }
  // The current level's day, week and month bonuses for this period.
  for (const [type, amount, depositNeed, betNeed] of [
    [DAY, current?.day_bonus, current?.day_deposit, current?.day_bet],
    [WEEK, current?.week_bonus, current?.week_deposit, current?.week_bet],
    [MONTH, current?.month_bonus, current?.month_deposit, current?.month_bet],
  ] as const) {
    if (amount === undefined || Number(amount) <= 0) {
      cards.push({ reward: { type, vip: level, amount: '0', status: -1, expireTime: null }, periodKey: '' })
      continue
    }
    const period = await periodOf(db, type, zone, now)
    const reached = Number(depositNeed) <= 0 && Number(betNeed) <= 0
      ? true
      : await totalsOf(db, player.id, player.currency, period.from, period.to).then((t) => Number(t.deposit) >= Number(depositNeed) && Number(t.bet) >= Number(betNeed))
    const status = claimed(level, type, period.key) ? 1 : reached ? 0 : 2
    cards.push({ reward: { type, vip: level, amount, status, expireTime: localTime(period.to - 1000, zone) }, periodKey: period.key })
  }
  const missing = (need: string, have: string): string => String(Math.max(0, Number(need) - Number(have)))
  return {
    cards,
    vip: {
      vip: level,
      next_vip: next?.level ?? null,
      user_validbet: totals.bet,
      next_vip_validbet: next?.bet_need ?? '0',
      need_validbet: next === undefined ? '0' : missing(next.bet_need, totals.bet),
      user_deposit: totals.deposit,
      next_vip_deposit: next?.deposit_need ?? '0',
      need_deposit: next === undefined ? '0' : missing(next.deposit_need, totals.deposit),
      vip_status: 'open',
      rewards: cards.map((c) => c.reward),
    },
  }
}

/** Refuses every VIP call but vipInfo while the site does not run VIP. */
const requireOpen = async (ctx: CallContext): Promise<void> => {
  const sys = await doc<Pick<SysInfo, 'vip_status'>>(ctx.db, ctx.site, 'sysInfo')
  if (sys.vip_status !== 'open') throw new ServiceError(VipCodes.closed, 'VIP is not open on this site')
}

const configOf = async (db: Queryable) =>
  (await db.query<{ rule: string; keep: 0 | 1; multiple: string }>('SELECT rule, keep_level_status AS keep, trim_scale(turnover_multiple)::text AS multiple FROM vip_config')).rows[0] ??
  { rule: '', keep: 0 as const, multiple: '0' }

/** Receives the receivable cards `type`/`vip` choose (vip -1: every level; no type: every type), in one transaction. */
const receive = async (ctx: CallContext, type: VipRewardType | undefined, vip: number): Promise<Received> => {
  await requireOpen(ctx)
  const { player } = await requirePlayer(ctx)
  if (player.accountType === TRIAL_ACCOUNT) throw new ServiceError(VipCodes.trial, 'register to receive rewards')
  const zone = zoneOf(ctx.site.timeZone)
  const { multiple } = await configOf(ctx.db)
  const paid = await ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, player.id)
    const { cards } = await userVipOf(tx, player, zone, ctx.now)
    const chosen = cards.filter((c) => c.reward.status === 0 && (type === undefined || c.reward.type === type) && (vip === -1 || c.reward.vip === vip))
    const amounts: string[] = []
    for (const c of chosen) {
      const taken = await tx.query(
        `INSERT INTO vip_claims (player_id, level, reward_type, period_key, amount, currency, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING player_id`,
        [player.id, c.reward.vip, c.reward.type, c.periodKey, c.reward.amount, player.currency, new Date(ctx.now).toISOString()],
      )
      if (taken.rows.length === 0) continue
      await payReward(tx, player, c.reward.amount, VIP_KIND, { multiple, source: 'vip', title: `VIP ${c.reward.vip} ${c.reward.type}` })
      amounts.push(c.reward.amount)
    }
    return amounts
  })
  if (paid.length === 0) throw new ServiceError(VipCodes.notReceivable, 'nothing can be received now')
  return { amount: await sumAmounts(ctx.db, paid), count: paid.length, currency: player.currency, game_gold: await balanceOf(ctx.db, player.id, player.currency) }
}

const settingOf = (l: LevelRow): VipSetting => ({
  vip: l.level,
  icon_style: `vip-${l.level}`,
  icon_color: l.icon_color,
  vip_gift_status: Number(l.vip_gift) > 0 ? 1 : 0,
  day_bonus_status: Number(l.day_bonus) > 0 ? 1 : 0,
  week_bonus_status: Number(l.week_bonus) > 0 ? 1 : 0,
  month_bonus_status: Number(l.month_bonus) > 0 ? 1 : 0,
  level_up_deposit: l.deposit_need,
  level_up_bet: l.bet_need,
  day_deposit: l.day_deposit,
  day_bet: l.day_bet,
  week_deposit: l.week_deposit,
  week_bet: l.week_bet,
  month_deposit: l.month_deposit,
  month_bet: l.month_bet,
  vip_gift: l.vip_gift,
  day_bonus: l.day_bonus,
  week_bonus: l.week_bonus,
  month_bonus: l.month_bonus,
})

export const vipCalls: ReadonlyArray<Implementation> = [
  implement(vipInfo, async (ctx) => {
    const { player } = await requirePlayer(ctx)
    return vipInfoOf(ctx.db, player.id, player.currency)
  }),
  implement(vipDetails, async (ctx) => {
    await requireOpen(ctx)
    const config = await configOf(ctx.db)
    return { list: (await levelsOf(ctx.db)).map(settingOf), rule: config.rule, keepLevelStatus: config.keep }
  }),
  implement(vipLevels, async (ctx) => {
    await requireOpen(ctx)
    const { player } = await requirePlayer(ctx)
    return (await userVipOf(ctx.db, player, zoneOf(ctx.site.timeZone), ctx.now)).vip
  }),
  implement(vipGiftReceive, (ctx, req) => receive(ctx, req.type, req.vip)),
]
