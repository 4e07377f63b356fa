/**
 * VIP calls (spec §7.11): the ladder (details), the player's level and progress (vipInfo), the
 * player's VIP with its rewards (vip) and receiving them (giftRecv1).
 *
 * The spec gives no payloads. vipInfo is the reference hall's (the Mine page's bar). The ladder
 * and the player's VIP carry the screens document's VIP entity field for field (VipSettings,
 * VipRule, keepLevelStatus, user VIP, rewards vip_gift, vip_bonus, day/week/month_bonus); the
 * receive call takes the spec's reward type codes with vip -1 for every level
 * (docs/hall-protocol.md).
 */
import { Schema } from 'effect'
import { defineCall } from '../call'
import { vipCodes } from './codes'
import { Amount, DateTime, Flag, NoParams, Received, Switch } from './common'

/** VIP reward type codes (spec enumerations): promotion (level-up gift) 13001, week 13002, month 13003, day 13004. */
export const VipRewardType = Schema.Literals([13001, 13002, 13003, 13004])
export type VipRewardType = typeof VipRewardType.Type

/**
 * A reward's receive status (spec §4): 0 receivable, 1 received, 2 expired, 3 sent; the card
 * status of a reward the level does not give is -1 (none), of one not receivable yet 2.
 */
export const VipRewardStatus = Schema.Literals([-1, 0, 1, 2, 3])
export type VipRewardStatus = typeof VipRewardStatus.Type

const Level = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/**
 * The player's VIP level and progress to the next one (screens §2 Mine and VIP screen). The totals
 * count towards the next level, which needs both its deposit and its bet; at the top level
 * nextLevel is null and the needs are '0'.
 */
export const VipInfo = Schema.Struct({
  level: Level,
  levelName: Schema.String,
  nextLevel: Schema.NullOr(Level),
  depositAmount: Amount,
  depositNeed: Amount,
  betAmount: Amount,
  betNeed: Amount,
})
export type VipInfo = typeof VipInfo.Type

/**
 * A level of the ladder (spec VipSettings): its icon, which rewards it gives (statuses 1 on), what
 * reaching it needs (level_up_deposit, level_up_bet), what keeping it needs per day, week and
 * month, and its reward amounts (vip_gift the level-up gift; day, week and month bonuses).
 */
export const VipSetting = Schema.Struct({
  vip: Schema.Int,
  icon_style: Schema.String,
  icon_color: Schema.String,
  vip_gift_status: Flag,
  day_bonus_status: Flag,
  week_bonus_status: Flag,
  month_bonus_status: Flag,
  level_up_deposit: Amount,
  level_up_bet: Amount,
  day_deposit: Amount,
  day_bet: Amount,
  week_deposit: Amount,
  week_bet: Amount,
  month_deposit: Amount,
  month_bet: Amount,
  vip_gift: Amount,
  day_bonus: Amount,
  week_bonus: Amount,
  month_bonus: Amount,
})
export type VipSetting = typeof VipSetting.Type

/** The ladder, its rules (VipRule, operator HTML) and whether levels must be kept (keepLevelStatus 1). */
export const vipDetails = defineCall({
  name: 'vipDetails',
  area: 'vip',
  path: '/user/vipdetails',
  request: NoParams,
  response: Schema.Struct({ list: Schema.Array(VipSetting), rule: Schema.String, keepLevelStatus: Flag }),
})

export const vipInfo = defineCall({
  name: 'vipInfo',
  area: 'vip',
  path: '/user/vipInfo',
  request: NoParams,
  response: VipInfo,
})

/** A reward card of the VIP screen: its type, the level it is for, amount, status and when it expires. */
export const VipReward = Schema.Struct({
  type: VipRewardType,
  vip: Schema.Int,
  amount: Amount,
  status: VipRewardStatus,
  expireTime: Schema.NullOr(DateTime),
})
export type VipReward = typeof VipReward.Type

/**
 * The player's VIP (spec user VIP): level and next level, the bet and deposit the player has and
 * the next level needs (need_* is what is still missing), the site's vip_status switch, and the
 * reward cards.
 */
export const UserVip = Schema.Struct({
  vip: Schema.Int,
  next_vip: Schema.NullOr(Schema.Int),
  user_validbet: Amount,
  next_vip_validbet: Amount,
  need_validbet: Amount,
  user_deposit: Amount,
  next_vip_deposit: Amount,
  need_deposit: Amount,
  vip_status: Switch,
  rewards: Schema.Array(VipReward),
})
export type UserVip = typeof UserVip.Type

export const vipLevels = defineCall({
  name: 'vipLevels',
  area: 'vip',
  path: '/user/vip',
  request: NoParams,
  response: UserVip,
})

/**
 * Receives the receivable rewards of a type for a level, or of that type for every level with vip
 * -1 (spec §7.11); with vip -1 and no type, every receivable reward (the receive-all button). A
 * request that pays nothing is refused (1701); vip_status not open 1700; trial players 1704.
 */
export const vipGiftReceive = defineCall({
  name: 'vipGiftReceive',
  codes: { ...vipCodes },
  area: 'vip',
  path: '/user/giftRecv1',
  request: Schema.Struct({ type: Schema.optionalKey(VipRewardType), vip: Schema.Int.check(Schema.isGreaterThanOrEqualTo(-1)) }),
  response: Received,
})
