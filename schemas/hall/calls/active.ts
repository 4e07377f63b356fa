/**
 * Activity (event) calls (spec §7.4): categories, details, receiving rewards, lucky wheels, match bets, discount codes and pop-ups.
 *
 * Field names come from the spec where it gives them; ids and page numbers are numbers because the lobby builds them from numeric route and list state. Answers are not shown in the spec and stay unknown until the hall implements them.
 */
import { Schema } from 'effect'
import { defineCall } from '../call'
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

export const popRechargeListV2 = defineCall({
  name: 'popRechargeListV2',
  area: 'active',
  path: '/active/pop_rechargeListV2',
  request: OpenRequest,
  response: OpenResponse,
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

export const getRedDot = defineCall({
  name: 'getRedDot',
  area: 'active',
  path: '/active/getred_dot',
  request: OpenRequest,
  response: OpenResponse,
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

export const redActive = defineCall({
  name: 'redActive',
  area: 'active',
  path: '/active/redactive',
  request: OpenRequest,
  response: OpenResponse,
})

export const getRed = defineCall({
  name: 'getRed',
  area: 'active',
  path: '/active/getred',
  request: OpenRequest,
  response: OpenResponse,
})

export const getReward = defineCall({
  name: 'getReward',
  area: 'active',
  path: '/active/getreward',
  request: OpenRequest,
  response: OpenResponse,
})

export const receiveReward = defineCall({
  name: 'receiveReward',
  area: 'active',
  path: '/active/receivereward',
  request: OpenRequest,
  response: OpenResponse,
})

export const receiveRewardAll = defineCall({
  name: 'receiveRewardAll',
  area: 'active',
  path: '/active/receiverewardall',
  request: OpenRequest,
  response: OpenResponse,
})
