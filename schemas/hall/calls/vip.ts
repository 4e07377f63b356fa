/**
 * VIP calls (spec §7.11): details, levels and gift receiving.
 *
 * The spec gives no payloads. The player's level and progress (vipInfo) are precise: the screens
 * document's VIP screen shows the level and progress bars for deposit and bet, and the Mine page a
 * progress bar to the next level; the other answers stay open until the VIP screen is built.
 */
import { Schema } from 'effect'
import { defineCall } from '../call'
import { Amount } from './auth'
import { OpenRequest, OpenResponse } from './common'

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

export const vipDetails = defineCall({
  name: 'vipDetails',
  area: 'vip',
  path: '/user/vipdetails',
  request: OpenRequest,
  response: OpenResponse,
})

export const vipInfo = defineCall({
  name: 'vipInfo',
  area: 'vip',
  path: '/user/vipInfo',
  request: Schema.Struct({}),
  response: VipInfo,
})

export const vipLevels = defineCall({
  name: 'vipLevels',
  area: 'vip',
  path: '/user/vip',
  request: OpenRequest,
  response: OpenResponse,
})

export const vipGiftReceive = defineCall({
  name: 'vipGiftReceive',
  area: 'vip',
  path: '/user/giftRecv1',
  request: OpenRequest,
  response: OpenResponse,
})
