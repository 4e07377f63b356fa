/**
 * Activity (event) calls (spec §7.4): categories, details, receiving rewards, lucky wheels, match bets, discount codes and pop-ups.
 *
 * Field names come from the spec where it gives them; ids and page numbers are numbers because the lobby builds them from numeric route and list state. Answers are not shown in the spec and stay unknown until the hall implements them.
 */
import { Schema } from 'effect'
import { defineCall } from '../call'
import { Amount } from './auth'
import { OpenRequest, OpenResponse } from './common'

export const activeCategory = defineCall({
  name: 'activeCategory',
  area: 'active',
  path: '/active/category',
  request: OpenRequest,
  response: OpenResponse,
})

export const activeGet = defineCall({
  name: 'activeGet',
  area: 'active',
  path: '/active/get',
  request: Schema.Struct({
    activeId: Schema.optional(Schema.Number),
  }),
  response: OpenResponse,
})

export const activeAnnouncement = defineCall({
  name: 'activeAnnouncement',
  area: 'active',
  path: '/active/announcement',
  request: Schema.Struct({
    activeId: Schema.optional(Schema.Number),
  }),
  response: OpenResponse,
})

export const turntableTaskList = defineCall({
  name: 'turntableTaskList',
  area: 'active',
  path: '/active/turntableTaskList',
  request: Schema.Struct({
    activeId: Schema.optional(Schema.Number),
  }),
  response: OpenResponse,
})

export const activeMyLogs = defineCall({
  name: 'activeMyLogs',
  area: 'active',
  path: '/active/my_logs',
  request: Schema.Struct({
    activeId: Schema.optional(Schema.Number),
    page: Schema.optional(Schema.Number),
  }),
  response: OpenResponse,
})

export const activeReceive = defineCall({
  name: 'activeReceive',
  area: 'active',
  path: '/active/receive',
  request: Schema.Struct({
    activeId: Schema.optional(Schema.Number),
    receiveId: Schema.optional(Schema.Number),
    requestDeviceType: Schema.optional(Schema.Number),
  }),
  response: OpenResponse,
})

export const activeReceiveAll = defineCall({
  name: 'activeReceiveAll',
  area: 'active',
  path: '/active/receiveall',
  request: Schema.Struct({
    activeId: Schema.optional(Schema.Number),
    requestDeviceType: Schema.optional(Schema.Number),
  }),
  response: OpenResponse,
})

export const extractWord = defineCall({
  name: 'extractWord',
  area: 'active',
  path: '/active/extract_word',
  request: OpenRequest,
  response: OpenResponse,
})

export const extractAllWord = defineCall({
  name: 'extractAllWord',
  area: 'active',
  path: '/active/extract_allWord',
  request: OpenRequest,
  response: OpenResponse,
})

export const groupWord = defineCall({
  name: 'groupWord',
  area: 'active',
  path: '/active/group_word',
  request: OpenRequest,
  response: OpenResponse,
})

export const investmentHandler = defineCall({
  name: 'investmentHandler',
  area: 'active',
  path: '/active/investment_handler',
  request: OpenRequest,
  response: OpenResponse,
})

export const luckyIntegralList = defineCall({
  name: 'luckyIntegralList',
  area: 'active',
  path: '/active/luckyIntegralList',
  request: Schema.Struct({
    activeId: Schema.optional(Schema.Number),
    page: Schema.optional(Schema.Number),
    size: Schema.optional(Schema.Number),
  }),
  response: OpenResponse,
})

export const requestReward = defineCall({
  name: 'requestReward',
  area: 'active',
  path: '/active/request_reward',
  request: Schema.Struct({
    activeId: Schema.optional(Schema.Number),
    answers: Schema.optional(Schema.Unknown),
    requestDeviceType: Schema.optional(Schema.Number),
  }),
  response: OpenResponse,
})

export const doMatchBet = defineCall({
  name: 'doMatchBet',
  area: 'active',
  path: '/active/doMatchBet',
  request: OpenRequest,
  response: OpenResponse,
})

export const matchBetRecordList = defineCall({
  name: 'matchBetRecordList',
  area: 'active',
  path: '/active/matchBetRecordList',
  request: Schema.Struct({
    activeId: Schema.optional(Schema.Number),
    page: Schema.optional(Schema.Number),
    size: Schema.optional(Schema.Number),
  }),
  response: OpenResponse,
})

export const quickList = defineCall({
  name: 'quickList',
  area: 'active',
  path: '/active/quickList',
  request: OpenRequest,
  response: OpenResponse,
})

export const luckyOrderList = defineCall({
  name: 'luckyOrderList',
  area: 'active',
  path: '/active/luckyOrderList',
  request: OpenRequest,
  response: OpenResponse,
})

/**
 * A recharge promotion of the recharge pop-up (screens §4 after login: the pop-recharge list;
 * calls §7 pop_rechargeListV2 answers actives and disablePop): its title, text, the least
 * deposit it needs and the bonus rate it gives (percent). The spec shows no more of its shape;
 * this is the reference hall's.
 */
export const RechargeActive = Schema.Struct({
  id: Schema.Number,
  title: Schema.String,
  content: Schema.String,
  min_amount: Amount,
  bonus_rate: Amount,
})
export type RechargeActive = typeof RechargeActive.Type

export const popRechargeListV2 = defineCall({
  name: 'popRechargeListV2',
  area: 'active',
  path: '/active/pop_rechargeListV2',
  request: Schema.Struct({}),
  // disablePop 1: the player asked not to see the pop-up again (disable_active_pop).
  response: Schema.Struct({ actives: Schema.Array(RechargeActive), disablePop: Schema.Literals([0, 1]) }),
})

export const checkCodePhoneNumber = defineCall({
  name: 'checkCodePhoneNumber',
  area: 'active',
  path: '/active/checkCodePhoneNumber',
  request: OpenRequest,
  response: OpenResponse,
})

export const useDiscountCode = defineCall({
  name: 'useDiscountCode',
  area: 'active',
  path: '/active/useDiscountCode',
  request: OpenRequest,
  response: OpenResponse,
})

export const isShowDiscount = defineCall({
  name: 'isShowDiscount',
  area: 'active',
  path: '/active/isShowDiscount',
  request: OpenRequest,
  response: OpenResponse,
})

/**
 * The player's red dots (spec §3 red-dot entity): what the activity, task, rebate (return gold)
 * and award entries hold, each an amount and a count. An entry of the system menu shows when its
 * count is above 0.
 */
const RedDotCount = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))
export const RedDot = Schema.Struct({
  activeAmount: Amount, activeCount: RedDotCount,
  taskAmount: Amount, taskCount: RedDotCount,
  returnAmount: Amount, returnCount: RedDotCount,
  rewardAmount: Amount, rewardCount: RedDotCount,
})
export type RedDot = typeof RedDot.Type

export const getRedDot = defineCall({
  name: 'getRedDot',
  area: 'active',
  path: '/active/getred_dot',
  request: Schema.Struct({}),
  response: RedDot,
})

export const getByTemplate = defineCall({
  name: 'getByTemplate',
  area: 'active',
  path: '/active/getByTemplate',
  request: Schema.Struct({
    template: Schema.optional(Schema.String),
  }),
  response: OpenResponse,
})

export const customPageList = defineCall({
  name: 'customPageList',
  area: 'active',
  path: '/active/customPageList',
  request: OpenRequest,
  response: OpenResponse,
})

export const disableActivePop = defineCall({
  name: 'disableActivePop',
  area: 'active',
  path: '/active/disable_active_pop',
  request: Schema.Struct({
    popType: Schema.optional(Schema.Number),
    popStatus: Schema.optional(Schema.Number),
  }),
  response: OpenResponse,
})

export const promoteDetails = defineCall({
  name: 'promoteDetails',
  area: 'active',
  path: '/active/promote_details',
  request: OpenRequest,
  response: OpenResponse,
})

/**
 * Red packets (spec §4 red packets; enumerations: red-packet actions grab, open, send; refresh
 * intervals 10 s, 3 min, 5 min; count 10). The spec names the calls, not their shapes; the
 * project fixes them here once for the lobby and the reference hall:
 *
 * - redactive lists the red-packet activities of the site the player may still take a packet
 *   of, closed ones included (the lobby filters them), each with the packet offered now (redId),
 *   the action that takes it, the devices it may be taken on and how often the lobby polls;
 * - getred (grab), getreward (open) and receivereward (send) take the offered packet. Each
 *   credits the packet's amount once per player and packet: asking again answers the same claim
 *   with `first: false` and credits nothing.
 */

/** How a packet is taken: grabbed from a rain, opened, or a packet sent to the player (enumerations). */
export const RedPacketAction = Schema.Literals(['grab', 'open', 'send'])
export type RedPacketAction = typeof RedPacketAction.Type

/** Activity status (enumerations): Draft 0, Processing 1, Over 2, Closed 3, Expired 4. */
export const ActivityStatus = Schema.Literals([0, 1, 2, 3, 4])
export type ActivityStatus = typeof ActivityStatus.Type

/** Device type strings (enumerations): iOS '1', Android '2', H5 '3', PC '4'. */
export const DeviceTypeString = Schema.Literals(['1', '2', '3', '4'])
export type DeviceTypeString = typeof DeviceTypeString.Type

/** Red-packet refresh intervals in seconds (enumerations: 10 s default, 3 min, 5 min). */
export const RedPacketRefresh = Schema.Literals([10, 180, 300])
export type RedPacketRefresh = typeof RedPacketRefresh.Type

/** One red-packet activity as redactive lists it for the player. */
export const RedActivity = Schema.Struct({
  activeid: Schema.Int,
  title: Schema.String,
  status: ActivityStatus,
  action: RedPacketAction,
  /** The packet offered to the player now (1 .. count). */
  redId: Schema.Int,
  /** Packets of this activity the player may still take (spec count, at most 10). */
  count: Schema.Int,
  /** Devices the packet may be taken on; elsewhere the lobby shows the receive-tips prompt. */
  deviceTypes: Schema.Array(DeviceTypeString),
  /** How often the lobby polls while this activity runs, in seconds. */
  refreshInterval: RedPacketRefresh,
})
export type RedActivity = typeof RedActivity.Type

/** The red-packet activities of the player. */
export const redActive = defineCall({
  name: 'redActive',
  area: 'active',
  path: '/active/redactive',
  request: Schema.Struct({}),
  response: Schema.Struct({ list: Schema.Array(RedActivity) }),
})

/** Which packet to take, and from which device type (numeric, as the other receive calls send it). */
export const RedClaimRequest = Schema.Struct({
  activeId: Schema.Int,
  redId: Schema.Int,
  requestDeviceType: Schema.Number,
})
export type RedClaimRequest = typeof RedClaimRequest.Type

/** A packet taken: its amount, the balance after it, and whether this request was the one that credited it. */
export const RedClaim = Schema.Struct({
  activeId: Schema.Int,
  redId: Schema.Int,
  amount: Amount,
  currency: Schema.String,
  balance: Amount,
  first: Schema.Boolean,
})
export type RedClaim = typeof RedClaim.Type

/** Grabs a packet of a red-packet rain (action grab). */
export const getRed = defineCall({
  name: 'getRed',
  area: 'active',
  path: '/active/getred',
  request: RedClaimRequest,
  response: RedClaim,
})

/** Opens a packet given to the player (action open). */
export const getReward = defineCall({
  name: 'getReward',
  area: 'active',
  path: '/active/getreward',
  request: RedClaimRequest,
  response: RedClaim,
})

/** Takes a packet sent to the player (action send). */
export const receiveReward = defineCall({
  name: 'receiveReward',
  area: 'active',
  path: '/active/receivereward',
  request: RedClaimRequest,
  response: RedClaim,
})

/** The call that takes a packet of each action. */
export const RED_PACKET_CALLS = { grab: 'getRed', open: 'getReward', send: 'receiveReward' } as const satisfies Record<RedPacketAction, string>

export const receiveRewardAll = defineCall({
  name: 'receiveRewardAll',
  area: 'active',
  path: '/active/receiverewardall',
  request: OpenRequest,
  response: OpenResponse,
})
