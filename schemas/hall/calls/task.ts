/**
 * Task calls (spec §7.10): vitality boxes, the task centre and its tasks, prizes, the newcomer
 * benefits and the saved task address.
 *
 * The spec names siteCode, template, boxId and the saved address's fields, and the task
 * enumerations (task types, conditions, item states, periods); the answers are the hall's design
 * (docs/hall-protocol.md). Every prize call answers Received.
 */
import { Schema } from 'effect'
import { defineCall } from '../call'
import { taskCodes } from './codes'
import { Ack, Amount, Count, Id, ListOf, NoParams, Received } from './common'

/**
 * Task item states (spec enumerations): PendingReceive 0 (done, prize waiting), Finish 1
 * (received), Expired 2, Goto 3 (not done: the lobby offers to go and do it), HasSend 4 (sent
 * automatically), UnOpen 99 (not open yet).
 */
export const TaskItemState = Schema.Literals([0, 1, 2, 3, 4, 99])
export type TaskItemState = typeof TaskItemState.Type

/**
 * Task types (spec enumerations): register 0, bind phone 1, first bind bank card 2, bind wechat 3,
 * set birthday 4, set withdrawal pin 5, set question 6, first set nickname 7, yuebao first
 * deposit 8, set avatar 10, download music library 11, SMS valid 12, bind whatsapp 13, bind
 * facebook 14, bind telegram 15, set GA 16, first deposit 17, download and login 18, bind email
 * 19, bind crypto 21, bind zalo 22, bind line 23, bind twitter 24; a recurring task (recharge,
 * bet) has type 0 and a condition.
 */
export const TaskType = Schema.Literals([0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24])
export type TaskType = typeof TaskType.Type

/** Task conditions (spec enumerations): none 0, recharge 1, betting 2, betting-one (a single bet) 3. */
export const TaskCondition = Schema.Literals([0, 1, 2, 3])
export type TaskCondition = typeof TaskCondition.Type

/** A vitality box: the vitality it needs, the prize in it, and its state (task item states). */
export const VitalityBox = Schema.Struct({ boxId: Id, need: Count, reward: Amount, status: TaskItemState })
export type VitalityBox = typeof VitalityBox.Type

/** The player's vitality of the period and the boxes it opens. */
export const vitalityBoxes = defineCall({
  name: 'vitalityBoxes',
  area: 'task',
  path: '/activetask/vitality/boxs',
  request: Schema.Struct({ siteCode: Schema.String }),
  response: Schema.Struct({ vitality: Count, boxes: Schema.Array(VitalityBox) }),
})

/**
 * A group of the task centre (template: 'newcomer', 'daily', 'weekly' ...; period: spec activity
 * period Signal 0, Daily 1, Weekly 2): how many tasks it has and how many prizes wait.
 */
export const TaskGroup = Schema.Struct({
  template: Schema.String,
  title: Schema.String,
  period: Schema.Literals([0, 1, 2]),
  count: Count,
  receivable: Count,
})
export type TaskGroup = typeof TaskGroup.Type

/** The task centre's groups, in order. */
export const activeTaskIndex = defineCall({
  name: 'activeTaskIndex',
  area: 'task',
  path: '/activetask/index',
  request: NoParams,
  response: ListOf(TaskGroup),
})

/**
 * A task: its type and condition, what it needs and has done (amounts for recharge and bet, 1 for
 * a one-off), its prize and vitality, its state, and where 'go' leads (spec location types).
 */
export const TaskItem = Schema.Struct({
  taskId: Id,
  taskType: TaskType,
  condition: TaskCondition,
  title: Schema.String,
  need: Amount,
  done: Amount,
  reward: Amount,
  vitality: Count,
  status: TaskItemState,
  location_type: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 10 })),
  location_value: Schema.String,
})
export type TaskItem = typeof TaskItem.Type

/** The tasks of a group. */
export const activeTaskTask = defineCall({
  name: 'activeTaskTask',
  area: 'task',
  path: '/activetask/task',
  request: Schema.Struct({ template: Schema.String }),
  response: ListOf(TaskItem),
})

/** Receives a done task's prize. */
export const activeTaskGetPrize = defineCall({
  name: 'activeTaskGetPrize',
  codes: { ...taskCodes },
  area: 'task',
  path: '/activetask/getprize',
  request: Schema.Struct({ taskId: Id }),
  response: Received,
})

/** Receives every waiting prize of a group. */
export const activeTaskGetPrizeAll = defineCall({
  name: 'activeTaskGetPrizeAll',
  codes: { ...taskCodes },
  area: 'task',
  path: '/activetask/getprizeall',
  request: Schema.Struct({ template: Schema.String }),
  response: Received,
})

/** Opens a vitality box the player's vitality reached. */
export const vitalityRevBox = defineCall({
  name: 'vitalityRevBox',
  codes: { ...taskCodes },
  area: 'task',
  path: '/activetask/vitality/revBox',
  request: Schema.Struct({ boxId: Id }),
  response: Received,
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
  reward: Amount,
  done: Schema.Literals([0, 1]),
  status: Schema.Literals([-1, 0, 1, 2, 3]),
})
export type NewcomerBenefit = typeof NewcomerBenefit.Type

export const NewcomerBenefits = ListOf(NewcomerBenefit)

export const newcomerBenefitStatus = defineCall({
  name: 'newcomerBenefitStatus',
  area: 'task',
  path: '/activetask/newcomer_benefit_status',
  request: NoParams,
  response: NewcomerBenefits,
})

/** The player asked not to see the new-benefits pop-up again. */
export const disableNewcomerPop = defineCall({
  name: 'disableNewcomerPop',
  area: 'task',
  path: '/activetask/disable_newcomer_pop',
  request: NoParams,
  response: Ack,
})

/**
 * The saved task address (spec §7.3: address, actionType 2), reported when the root URL carries
 * saveUrlUuid for a signed-in player.
 */
export const taskSaveAddress = defineCall({
  name: 'taskSaveAddress',
  codes: { badAddress: taskCodes.badAddress },
  area: 'task',
  path: '/activetask/task_save_address',
  request: Schema.Struct({ address: Schema.String, actionType: Schema.Literal(2) }),
  response: Ack,
})

/** Receives a newcomer benefit's reward (its status 0 receivable becomes 1 received; the balance is credited). */
export const newcomerBenefitReward = defineCall({
  name: 'newcomerBenefitReward',
  area: 'task',
  path: '/activetask/newcomer_benefit_reward',
  request: Schema.Struct({ id: Schema.Number }),
  /** balance: the player's balance after the reward was credited (the wallet takes it). */
  response: Schema.Struct({ id: Schema.Number, reward: Amount, status: Schema.Literals([1]), balance: Amount }),
})

/** Whether the new-benefits pop-up shows after login (pop 1), with the benefits it lists. */
export const newcomerBenefitPop = defineCall({
  name: 'newcomerBenefitPop',
  area: 'task',
  path: '/activetask/newcomer_benefit_pop',
  request: NoParams,
  response: Schema.Struct({ pop: Schema.Literals([0, 1]), list: Schema.Array(NewcomerBenefit) }),
})
