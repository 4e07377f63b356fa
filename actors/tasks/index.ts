import type { Received } from '../../schemas/hall/calls/common'
import {
  activeTaskGetPrize, activeTaskGetPrizeAll, activeTaskIndex, activeTaskTask, taskSaveAddress, vitalityBoxes, vitalityRevBox,
  type TaskGroup, type TaskItem, type VitalityBox,
} from '../../schemas/hall/calls/task'
import { commandActor, queryActor, type QueryContext } from '../kit'

/**
 * The task centre (spec screens §2 global popup task, /home/event/task, the system menu's task
 * entry; calls §7.10; enumerations task types, conditions, item states) over the kit. Whether a
 * task is done, its progress and its state are the hall's, read from its store; the lobby only
 * shows, asks and takes the player where a task is done (`goOf`). Nothing is asked at boot.
 *
 * - `taskgroups` (query, real players): the groups (newcomer, daily) with their receivable counts,
 *   read when the task centre opens, after a receipt and after a credited deposit once shown.
 * - `tasklist` (query, real players): the tasks of the group shown, read when the centre opens on
 *   a group or the player chooses another, again after a receipt or a credited deposit.
 * - `taskboxes` (query, real players): the day's vitality and its boxes, read with the groups.
 * - `taskreceive`, `taskreceiveall`, `taskbox` (commands, real players): receive one task's prize,
 *   every receivable prize of a group, or open a box; the balance after it goes to the wallet,
 *   `tasks.changed` to the rest (the lists and the red dots). Only the first receive error of a
 *   burst opens the error modal (spec §8).
 * - `tasksaveaddress` (command, real players): the saved task address (screens §2 saveUrlUuid,
 *   actionType 2).
 */

type Shown<Req, T> = QueryContext<Req, T>

export const taskGroupsActor = queryActor({
  id: 'taskgroups',
  call: activeTaskIndex,
  audience: 'real',
  fetchOn: {
    'tasks.opened': true,
    'tasks.changed': { when: (_e, c: Shown<Record<string, never>, ReadonlyArray<TaskGroup>>) => c.data !== null },
    'realtime.payOrderSucceeded': { when: (_e, c: Shown<Record<string, never>, ReadonlyArray<TaskGroup>>) => c.data !== null },
  },
  payload: {},
  retryOn: ['socket.opened'],
  select: (d): ReadonlyArray<TaskGroup> => d.list,
})

type ListContext = Shown<{ readonly template: string }, ReadonlyArray<TaskItem>>

export const taskListActor = queryActor({
  id: 'tasklist',
  call: activeTaskTask,
  audience: 'real',
  fetchOn: {
    'tasks.opened': { payload: (e) => ({ template: e.template }) },
    'tasks.groupChosen': { payload: (e) => ({ template: e.template }) },
    'tasks.changed': { when: (_e, c: ListContext) => c.payload !== null },
    'realtime.payOrderSucceeded': { when: (_e, c: ListContext) => c.payload !== null },
  },
  payload: { template: 'newcomer' },
  retryOn: ['socket.opened'],
  select: (d): ReadonlyArray<TaskItem> => d.list,
})

type BoxesData = { readonly vitality: number; readonly boxes: ReadonlyArray<VitalityBox> }

export const taskBoxesActor = queryActor({
  id: 'taskboxes',
  call: vitalityBoxes,
  audience: 'real',
  fetchOn: {
    'tasks.opened': { payload: (e) => ({ siteCode: e.siteCode }) },
    'tasks.changed': { when: (_e, c: Shown<{ readonly siteCode: string }, BoxesData>) => c.payload !== null },
  },
  payload: { siteCode: '' },
  retryOn: ['socket.opened'],
  select: (d): BoxesData => d,
})

/** The task centre's service codes (server/calls/tasks.ts) shown beside the tasks, not as a modal. */
const RECEIVE_INLINE = {
  unknown: 'error.unknown', notDone: 'error.notDone', received: 'error.received', expired: 'error.expired', trial: 'error.trial', notOpen: 'error.notOpen',
  nothing: 'error.nothing', unknownBox: 'error.unknown', boxNotReached: 'error.boxNotReached', boxOpened: 'error.boxOpened',
} as const

const received = (r: Received) => [
  { type: 'wallet.balanceReported' as const, balance: r.game_gold, source: 'reward' as const },
  { type: 'tasks.changed' as const, count: r.count },
]

export const taskReceiveActor = commandActor({
  id: 'taskreceive',
  call: activeTaskGetPrize,
  modal: ['badAddress', 'wrongSite'],
  audience: 'real',
  select: (d): Received => d,
  announce: (r) => received(r),
  codes: RECEIVE_INLINE,
  firstErrorOnly: true,
})

export const taskReceiveAllActor = commandActor({
  id: 'taskreceiveall',
  call: activeTaskGetPrizeAll,
  modal: ['badAddress', 'wrongSite'],
  audience: 'real',
  select: (d): Received => d,
  announce: (r) => received(r),
  codes: RECEIVE_INLINE,
  firstErrorOnly: true,
})

export const taskBoxActor = commandActor({
  id: 'taskbox',
  call: vitalityRevBox,
  modal: ['badAddress', 'wrongSite'],
  audience: 'real',
  select: (d): Received => d,
  announce: (r) => received(r),
  codes: RECEIVE_INLINE,
  firstErrorOnly: true,
})

export const taskSaveAddressActor = commandActor({
  id: 'tasksaveaddress',
  call: taskSaveAddress,
  audience: 'real',
  select: () => null,
  codes: { badAddress: 'error.badAddress' },
})

export { goOf, anyTaskReceivable, progressOf, saveUrlUuidOf, type TaskGo } from './tasks.logic'
export type { TaskGroup, TaskItem, VitalityBox }
