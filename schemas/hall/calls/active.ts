/**
 * Activity (event) calls (spec §7.4): categories, details, receiving rewards, lucky wheels, word
 * collection, investment, match bets, discount codes, pop-ups and red packets.
 *
 * Field names come from the spec where it gives them (activeId, receiveId, requestDeviceType,
 * page, size, template, answers, actives, disablePop, popType, popStatus); ids and page numbers are
 * numbers because the lobby builds them from numeric route and list state. The spec shows no
 * answers: the shapes are the hall's design (docs/hall-protocol.md), built on the spec's
 * enumerations (activity type, status, period, condition, reward mode and status, distribution).
 * Every receiving call answers Received, so the wallet learns the new balance at once.
 */
import { Schema } from 'effect'
import { BigId } from '../envelope'
import { defineCall } from '../call'
import { activityCodes, discountCodes, playCodes, wheelCodes } from './codes'
import {
  Ack, Amount, Count, DateTime, Flag, Id, ListOf, NoParams, Paged, Received, RequestDeviceType,
} from './common'
import { Sensitive } from './sensitive'

/**
 * Activity type (spec enumerations): Customize 1, LuckyWheel 2, DailyBonus 3, Rescue 5, RedPack 7,
 * Deposit 10, Wager 12, LuckyBet 14, Promote 15, Invest 16, Proxy 17, Collection 18,
 * LuckyWheelNew 20, GuessingSports 21, DiscountCode 22.
 */
export const ActivityType = Schema.Literals([1, 2, 3, 5, 7, 10, 12, 14, 15, 16, 17, 18, 20, 21, 22])
export type ActivityType = typeof ActivityType.Type

/**
 * Reward status (spec enumerations): Processing 0, CanReceive 1, HasReceive 2, Expired 3,
 * Distributed 4, NotStart 5, Rejected 7.
 */
export const RewardStatus = Schema.Literals([0, 1, 2, 3, 4, 5, 7])
export type RewardStatus = typeof RewardStatus.Type

/** Activity period (spec enumerations): Signal 0, Daily 1, Weekly 2. */
export const ActivityPeriod = Schema.Literals([0, 1, 2])
/** Condition (spec enumerations): unconditional 0, cumulative recharge 1, cumulative coding (bet) 2. */
export const ActivityCondition = Schema.Literals([0, 1, 2])
/** Reward mode (spec enumerations): fixed 0, rate 1. */
export const RewardMode = Schema.Literals([0, 1])
/** Distribution (spec enumerations): self-collect delivery 2, self-collect expired 3, auto dispatch 4, manual 5. */
export const Distribution = Schema.Literals([2, 3, 4, 5])
/** Activity levels (spec enumerations): silver 0, gold 1, diamond 2. */
export const ActivityLevel = Schema.Literals([0, 1, 2])

/** Activity status (enumerations): Draft 0, Processing 1, Over 2, Closed 3, Expired 4. */
export const ActivityStatus = Schema.Literals([0, 1, 2, 3, 4])
export type ActivityStatus = typeof ActivityStatus.Type

/** Which activity: its id (every activity call takes it). */
const activeId = Id

/**
 * An activity as the event list shows it: id, type, the template its detail page uses (route
 * /home/event/detail/{template}/{eventId}), title, image (imgId, spec event categories; imgUrl its
 * address), period, status and whether it has something to receive (redDot).
 */
export const ActivitySummary = Schema.Struct({
  activeId: Id,
  type: ActivityType,
  template: Schema.String,
  title: Schema.String,
  imgId: Schema.String,
  imgUrl: Schema.String,
  startTime: DateTime,
  endTime: DateTime,
  period: ActivityPeriod,
  status: ActivityStatus,
  sort: Schema.Int,
  redDot: Flag,
})
export type ActivitySummary = typeof ActivitySummary.Type

/** An event category (spec: categoryId, sortNumber, activeList) with its activities. */
export const EventCategory = Schema.Struct({
  categoryId: Schema.Int,
  categoryName: Schema.String,
  sortNumber: Schema.Int,
  activeList: Schema.Array(ActivitySummary),
})
export type EventCategory = typeof EventCategory.Type

/** The endTime of a quick-list entry that has no end (a red-packet activity, the discount codes). */
export const NO_END = '9999-12-31 23:59:59'

/** The event categories with their running activities, by sortNumber. */
export const activeCategory = defineCall({
  name: 'activeCategory',
  area: 'active',
  path: '/active/category',
  request: NoParams,
  response: ListOf(EventCategory),
})

/**
 * A reward of an activity the player may receive (receiveId for active/receive): what it needs
 * (condition, need, done so far), what it gives, its level (silver, gold, diamond) and status.
 */
export const ActivityReward = Schema.Struct({
  receiveId: Id,
  title: Schema.String,
  level: Schema.NullOr(ActivityLevel),
  condition: ActivityCondition,
  need: Amount,
  done: Amount,
  amount: Amount,
  status: RewardStatus,
  expireTime: Schema.NullOr(DateTime),
})
export type ActivityReward = typeof ActivityReward.Type

/**
 * An activity's detail page: the summary, its rules (operator HTML the lobby sanitizes), how
 * rewards are computed and handed out, the player's progress in the period (recharge and bet) and
 * the rewards with their status.
 */
export const ActivityDetail = Schema.Struct({
  ...ActivitySummary.fields,
  content: Schema.String,
  condition: ActivityCondition,
  rewardMode: RewardMode,
  distribution: Distribution,
  rechargeAmount: Amount,
  betAmount: Amount,
  rewards: Schema.Array(ActivityReward),
})
export type ActivityDetail = typeof ActivityDetail.Type

export const activeGet = defineCall({
  name: 'activeGet',
  codes: { unknown: activityCodes.unknown },
  area: 'active',
  path: '/active/get',
  request: Schema.Struct({ activeId }),
  response: ActivityDetail,
})

/** A winner line of an activity's announcement (the name masked). */
export const ActivityWinner = Schema.Struct({ username: Schema.String, title: Schema.String, amount: Amount, time: DateTime })
export type ActivityWinner = typeof ActivityWinner.Type

/** The activity's latest winners, newest first. */
export const activeAnnouncement = defineCall({
  name: 'activeAnnouncement',
  area: 'active',
  path: '/active/announcement',
  request: Schema.Struct({ activeId }),
  response: ListOf(ActivityWinner),
})

/**
 * A task of a lucky wheel (types 2, 20) that earns spins: what it needs and has done, the spins it
 * gives and its state (task item states: PendingReceive 0, Finish 1, Expired 2, Goto 3, HasSend 4,
 * UnOpen 99).
 */
export const WheelTask = Schema.Struct({
  taskId: Id,
  title: Schema.String,
  condition: ActivityCondition,
  need: Amount,
  done: Amount,
  spins: Count,
  status: Schema.Literals([0, 1, 2, 3, 4, 99]),
})
export type WheelTask = typeof WheelTask.Type

/** The wheel's tasks and the spins the player has left. */
export const turntableTaskList = defineCall({
  name: 'turntableTaskList',
  area: 'active',
  path: '/active/turntableTaskList',
  request: Schema.Struct({ activeId }),
  response: Schema.Struct({ list: Schema.Array(WheelTask), spins: Count }),
})

/** A line of the player's record in an activity: what was received, how much, its status. */
export const ActivityLog = Schema.Struct({
  id: BigId,
  title: Schema.String,
  amount: Amount,
  status: RewardStatus,
  createdAt: DateTime,
})
export type ActivityLog = typeof ActivityLog.Type

/** The player's records in an activity (page 1-based; size default 20), newest first. */
export const activeMyLogs = defineCall({
  name: 'activeMyLogs',
  area: 'active',
  path: '/active/my_logs',
  request: Schema.Struct({ activeId, page: Schema.optional(Schema.Int), size: Schema.optional(Schema.Int) }),
  response: Paged(ActivityLog),
})

/** Receives one reward of an activity (receiveId from the detail's rewards). */
export const activeReceive = defineCall({
  name: 'activeReceive',
  codes: { ...activityCodes },
  area: 'active',
  path: '/active/receive',
  request: Schema.Struct({ activeId, receiveId: Id, requestDeviceType: RequestDeviceType }),
  response: Received,
})

/** Receives every receivable reward of an activity. */
export const activeReceiveAll = defineCall({
  name: 'activeReceiveAll',
  codes: { ...activityCodes },
  area: 'active',
  path: '/active/receiveall',
  request: Schema.Struct({ activeId, requestDeviceType: RequestDeviceType }),
  response: Received,
})

/** A word card of a collection activity (type 18). */
export const WordCard = Schema.Struct({ wordId: Id, word: Schema.String })
export type WordCard = typeof WordCard.Type

/** Draws one word card with a chance; answers the card and the chances left. */
export const extractWord = defineCall({
  name: 'extractWord',
  codes: { ...wheelCodes },
  area: 'active',
  path: '/active/extract_word',
  request: Schema.Struct({ activeId, requestDeviceType: Schema.optional(RequestDeviceType) }),
  response: Schema.Struct({ card: WordCard, chances: Count }),
})

/** Draws a card with every chance left. */
export const extractAllWord = defineCall({
  name: 'extractAllWord',
  codes: { ...wheelCodes },
  area: 'active',
  path: '/active/extract_allWord',
  request: Schema.Struct({ activeId, requestDeviceType: Schema.optional(RequestDeviceType) }),
  response: Schema.Struct({ cards: Schema.Array(WordCard), chances: Count }),
})

/** Turns a complete set of cards (the phrase groupId) into its reward. */
export const groupWord = defineCall({
  name: 'groupWord',
  codes: { ...wheelCodes },
  area: 'active',
  path: '/active/group_word',
  request: Schema.Struct({ activeId, groupId: Id, requestDeviceType: Schema.optional(RequestDeviceType) }),
  response: Received,
})

/**
 * An investment activity (type 16): subscribe an amount for one of the activity's terms
 * (action 'invest', termId, amount), or receive a matured subscription's return, principal and
 * profit (action 'redeem', investId). requestId makes a repeated request move nothing twice.
 * Answers what is invested now (the subscriptions not yet received), the profit this request
 * received ('0' for a subscription) and the balance after.
 */
export const investmentHandler = defineCall({
  name: 'investmentHandler',
  codes: { ...playCodes },
  area: 'active',
  path: '/active/investment_handler',
  request: Schema.Struct({
    activeId,
    action: Schema.Literals(['invest', 'redeem']),
    amount: Schema.optional(Amount),
    termId: Schema.optional(Id),
    investId: Schema.optional(Id),
    requestId: Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]{1,64}$/)),
  }),
  response: Schema.Struct({ invested: Amount, profit: Amount, game_gold: Amount }),
})

/** A line of the player's points (integral) in a lucky activity. */
export const IntegralRecord = Schema.Struct({ id: BigId, title: Schema.String, integral: Amount, createdAt: DateTime })
export type IntegralRecord = typeof IntegralRecord.Type

/** The player's points record of an activity (page 1, size 20 by default). */
export const luckyIntegralList = defineCall({
  name: 'luckyIntegralList',
  area: 'active',
  path: '/active/luckyIntegralList',
  request: Schema.Struct({ activeId, page: Schema.optional(Schema.Int), size: Schema.optional(Schema.Int) }),
  response: Paged(IntegralRecord),
})

/**
 * Applies for a reward of a custom activity (type 1) with the answers to its questions; the
 * application is reviewed (status Processing 0) or granted at once (HasReceive 2).
 */
export const requestReward = defineCall({
  name: 'requestReward',
  codes: { ...playCodes },
  area: 'active',
  path: '/active/request_reward',
  request: Schema.Struct({
    activeId,
    answers: Schema.Array(Schema.Struct({ questionId: Schema.Int, answer: Schema.String })),
    requestDeviceType: RequestDeviceType,
  }),
  response: Schema.Struct({ status: RewardStatus, amount: Amount, game_gold: Amount }),
})

/**
 * Places a guess on a match of a sports-guessing activity (type 21): the stake leaves the balance
 * at once; requestId makes a repeated request place one guess. Answers the order and the balance.
 */
export const doMatchBet = defineCall({
  name: 'doMatchBet',
  codes: { ...playCodes },
  area: 'active',
  path: '/active/doMatchBet',
  request: Schema.Struct({ activeId, matchId: Id, optionId: Id, amount: Amount, requestId: Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]{1,64}$/)) }),
  response: Schema.Struct({ orderNo: BigId, game_gold: Amount }),
})

/** A guess of the player: the match, the option, stake, odds, result (0 pending, 1 won, 2 lost, 3 refunded). */
export const MatchBetRecord = Schema.Struct({
  orderNo: BigId,
  matchName: Schema.String,
  optionName: Schema.String,
  amount: Amount,
  odds: Amount,
  winAmount: Amount,
  status: Schema.Literals([0, 1, 2, 3]),
  createdAt: DateTime,
})
export type MatchBetRecord = typeof MatchBetRecord.Type

export const matchBetRecordList = defineCall({
  name: 'matchBetRecordList',
  area: 'active',
  path: '/active/matchBetRecordList',
  request: Schema.Struct({ activeId, page: Schema.optional(Schema.Int), size: Schema.optional(Schema.Int) }),
  response: Paged(MatchBetRecord),
})

/**
 * The activities running now, in order: the event centre's first tab on a site whose hall profile
 * says `events: 'quickList'` (docs/hall.md "Hall profile"). Besides the event-centre activities it
 * holds the red-packet activities offered to the player (type 7, template `redpacket`, activeId the
 * red activity's) and, while the site has a discount code to redeem, one discount-code entry (type
 * 22, template `discountCode`, activeId 22). Those two have no end: their endTime is
 * `NO_END` (9999-12-31 23:59:59).
 */
export const quickList = defineCall({
  name: 'quickList',
  area: 'active',
  path: '/active/quickList',
  request: NoParams,
  response: ListOf(ActivitySummary),
})

/** A qualifying bet of a lucky-bet activity (type 14) and what it won. */
export const LuckyOrder = Schema.Struct({
  orderNo: BigId,
  gameName: Schema.String,
  betAmount: Amount,
  rewardAmount: Amount,
  status: RewardStatus,
  createdAt: DateTime,
})
export type LuckyOrder = typeof LuckyOrder.Type

export const luckyOrderList = defineCall({
  name: 'luckyOrderList',
  area: 'active',
  path: '/active/luckyOrderList',
  request: Schema.Struct({ activeId, page: Schema.optional(Schema.Int), size: Schema.optional(Schema.Int) }),
  response: Paged(LuckyOrder),
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
  request: NoParams,
  // disablePop 1: the player asked not to see the pop-up again (disable_active_pop).
  response: Schema.Struct({ actives: Schema.Array(RechargeActive), disablePop: Schema.Literals([0, 1]) }),
})

/** Whether the player has the bound phone a discount code (type 22) needs, masked. */
export const checkCodePhoneNumber = defineCall({
  name: 'checkCodePhoneNumber',
  area: 'active',
  path: '/active/checkCodePhoneNumber',
  request: NoParams,
  response: Schema.Struct({ bound: Flag, mobile_phone: Schema.String }),
})

/** Redeems a discount code (a bearer code, so Sensitive). */
export const useDiscountCode = defineCall({
  name: 'useDiscountCode',
  codes: { ...discountCodes },
  area: 'active',
  path: '/active/useDiscountCode',
  request: Schema.Struct({ code: Sensitive(Schema.String), requestDeviceType: Schema.optional(RequestDeviceType) }),
  response: Received,
})

/** Whether the discount-code popup has a running activity to show for. */
export const isShowDiscount = defineCall({
  name: 'isShowDiscount',
  area: 'active',
  path: '/active/isShowDiscount',
  request: NoParams,
  response: Schema.Struct({ show: Flag }),
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
  request: NoParams,
  response: RedDot,
})

/**
 * The running activity of a template (the detail route's {template}): how a site whose hall profile
 * says `events: 'quickList'` reads an activity's page. A template no activity has: unknown.
 */
export const getByTemplate = defineCall({
  name: 'getByTemplate',
  codes: { unknown: activityCodes.unknown },
  area: 'active',
  path: '/active/getByTemplate',
  request: Schema.Struct({ template: Schema.String }),
  response: ActivityDetail,
})

/** A custom page of the event list (operator HTML the lobby sanitizes). */
export const CustomPage = Schema.Struct({
  id: Id,
  title: Schema.String,
  imgUrl: Schema.String,
  content: Schema.String,
  sort: Schema.Int,
})
export type CustomPage = typeof CustomPage.Type

export const customPageList = defineCall({
  name: 'customPageList',
  area: 'active',
  path: '/active/customPageList',
  request: NoParams,
  response: ListOf(CustomPage),
})

/** popType 1 popStatus 1: the recharge pop-up is not to show again (0 shows it again). */
export const disableActivePop = defineCall({
  name: 'disableActivePop',
  area: 'active',
  path: '/active/disable_active_pop',
  request: Schema.Struct({ popType: Schema.Int, popStatus: Flag }),
  response: Ack,
})

/**
 * The invite-friends activity (type 15; screens §2 promo banner: a reward per invited friend): the
 * link, how many friends were invited and qualified, the reward per friend, what was received and
 * what can be received now, and the rules (operator HTML).
 */
export const PromoteDetails = Schema.Struct({
  activeId: Id,
  /** The event's template: with activeId, its page in the event centre (where its rewards are received). */
  template: Schema.String,
  inviteUrl: Schema.String,
  inviteCount: Count,
  validCount: Count,
  rewardPerFriend: Amount,
  received: Amount,
  receivable: Amount,
  content: Schema.String,
})
export type PromoteDetails = typeof PromoteDetails.Type

export const promoteDetails = defineCall({
  name: 'promoteDetails',
  area: 'active',
  path: '/active/promote_details',
  request: NoParams,
  response: PromoteDetails,
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
  request: NoParams,
  response: ListOf(RedActivity),
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

/** Takes every packet sent to the player; answers each claim, their total and the balance after. */
export const receiveRewardAll = defineCall({
  name: 'receiveRewardAll',
  area: 'active',
  path: '/active/receiverewardall',
  request: Schema.Struct({ requestDeviceType: Schema.Number }),
  response: Schema.Struct({ list: Schema.Array(RedClaim), total: Amount, balance: Amount }),
})
