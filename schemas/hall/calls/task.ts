/**
 * Task calls (spec §7.10): vitality boxes, task lists, prizes and newcomer benefits.
 *
 * Payloads named by the spec are listed; the rest are open objects.
 */
import { Schema } from 'effect'
import { defineCall } from '../call'
import { Amount } from './auth'
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

/**
 * A newcomer benefit (the reward-bind data of screens §4 after login): a reward for binding an
 * item or for the first recharge. done: the player did it; status: the reward's receive status
 * (spec §4: 0 receivable, 1 received, 2 expired, 3 sent), -1 while not done. The spec shows no
 * shape; this is the reference hall's.
 */
export const NewcomerBenefit = Schema.Struct({
  id: Schema.Number,
  kind: Schema.Literals(['bindPhone', 'bindEmail', 'bindGoogleAuth', 'bindWithdrawPass', 'firstRecharge']),
  reward: Schema.String,
  done: Schema.Literals([0, 1]),
  status: Schema.Literals([-1, 0, 1, 2, 3]),
})
export type NewcomerBenefit = typeof NewcomerBenefit.Type

export const NewcomerBenefits = Schema.Struct({ list: Schema.Array(NewcomerBenefit) })

export const newcomerBenefitStatus = defineCall({
  name: 'newcomerBenefitStatus',
  area: 'task',
  path: '/activetask/newcomer_benefit_status',
  request: Schema.Struct({}),
  response: NewcomerBenefits,
})

/** The player asked not to see the new-benefits pop-up again. */
export const disableNewcomerPop = defineCall({
  name: 'disableNewcomerPop',
  area: 'task',
  path: '/activetask/disable_newcomer_pop',
  request: Schema.Struct({}),
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

/** Receives a newcomer benefit's reward (its status 0 receivable becomes 1 received; the balance is credited). */
export const newcomerBenefitReward = defineCall({
  name: 'newcomerBenefitReward',
  area: 'task',
  path: '/activetask/newcomer_benefit_reward',
  request: Schema.Struct({ id: Schema.Number }),
  /** balance: the player's balance after the reward was credited (the wallet takes it). */
  response: Schema.Struct({ id: Schema.Number, reward: Schema.String, status: Schema.Literals([1]), balance: Amount }),
})

/** Whether the new-benefits pop-up shows after login (pop 1), with the benefits it lists. */
export const newcomerBenefitPop = defineCall({
  name: 'newcomerBenefitPop',
  area: 'task',
  path: '/activetask/newcomer_benefit_pop',
  request: Schema.Struct({}),
  response: Schema.Struct({ pop: Schema.Literals([0, 1]), list: Schema.Array(NewcomerBenefit) }),
})
