/**
 * Task calls (spec §7.10): vitality boxes, task lists, prizes and newcomer benefits.
 *
 * Payloads named by the spec are listed; the rest are open objects.
 */
import { Schema } from 'effect'
import { defineCall } from '../call'
import { OpenRequest, OpenResponse } from './common'

export const vitalityBoxes = defineCall({
  name: 'vitalityBoxes',
  area: 'task',
  path: '/activetask/vitality/boxs',
  request: Schema.Struct({
    siteCode: Schema.optional(Schema.String),
  }),
  response: OpenResponse,
})

export const activeTaskIndex = defineCall({
  name: 'activeTaskIndex',
  area: 'task',
  path: '/activetask/index',
  request: OpenRequest,
  response: OpenResponse,
})

export const activeTaskTask = defineCall({
  name: 'activeTaskTask',
  area: 'task',
  path: '/activetask/task',
  request: OpenRequest,
  response: OpenResponse,
})

export const activeTaskGetPrize = defineCall({
  name: 'activeTaskGetPrize',
  area: 'task',
  path: '/activetask/getprize',
  request: OpenRequest,
  response: OpenResponse,
})

export const activeTaskGetPrizeAll = defineCall({
  name: 'activeTaskGetPrizeAll',
  area: 'task',
  path: '/activetask/getprizeall',
  request: Schema.Struct({
    template: Schema.optional(Schema.String),
  }),
  response: OpenResponse,
})

export const vitalityRevBox = defineCall({
  name: 'vitalityRevBox',
  area: 'task',
  path: '/activetask/vitality/revBox',
  request: Schema.Struct({
    boxId: Schema.optional(Schema.Number),
  }),
  response: OpenResponse,
})

export const newcomerBenefitStatus = defineCall({
  name: 'newcomerBenefitStatus',
  area: 'task',
  path: '/activetask/newcomer_benefit_status',
  request: OpenRequest,
  response: OpenResponse,
})

export const disableNewcomerPop = defineCall({
  name: 'disableNewcomerPop',
  area: 'task',
  path: '/activetask/disable_newcomer_pop',
  request: OpenRequest,
  response: OpenResponse,
})

export const taskSaveAddress = defineCall({
  name: 'taskSaveAddress',
  area: 'task',
  path: '/activetask/task_save_address',
  request: Schema.Struct({
    address: Schema.optional(Schema.String),
    actionType: Schema.optional(Schema.Number),
  }),
  response: OpenResponse,
})

export const newcomerBenefitReward = defineCall({
  name: 'newcomerBenefitReward',
  area: 'task',
  path: '/activetask/newcomer_benefit_reward',
  request: OpenRequest,
  response: OpenResponse,
})

export const newcomerBenefitPop = defineCall({
  name: 'newcomerBenefitPop',
  area: 'task',
  path: '/activetask/newcomer_benefit_pop',
  request: OpenRequest,
  response: OpenResponse,
})
