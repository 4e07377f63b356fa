import { describe, expect, it } from 'vitest'
import {
  anyTaskReceivable, goOf, progressOf, saveUrlUuidOf, taskBoxActor, taskBoxesActor, taskGroupsActor, taskListActor, taskReceiveActor, taskReceiveAllActor,
  taskSaveAddressActor, type TaskItem,
} from '../../../../actors/tasks'
import { redDotActor } from '../../../../actors/badges'
import type { LobbyEvent } from '../../../../schemas/events'
import { runActors } from '../../../support/actors'

const login: LobbyEvent = { type: 'session.loggedIn', mode: 'normal', username: 'p', accountType: 0, real: true, mustChangePassword: false }
const guest: LobbyEvent = { type: 'session.loggedIn', mode: 'normal', username: 'g', accountType: 1, real: false, mustChangePassword: false }
const asked = (a: ReturnType<typeof runActors>) => a.emitted.filter((e) => e.type === 'hall.requested').map((e) => [e.call, e.payload])
const item = (o: Partial<TaskItem>): TaskItem => ({
  taskId: 3001, taskType: 1, condition: 0, title: 'Bind your phone', need: '1', done: '0', reward: '2', vitality: 20, status: 3, location_type: 1, location_value: '', ...o,
})
const received = { amount: '2', count: 1, currency: 'USD', game_gold: '12.00' }

describe('the task centre actors', () => {
  it('ask nothing at a login; the task centre opening reads the groups, the group’s tasks and the boxes of the site', () => {
    const a = runActors([taskGroupsActor, taskListActor, taskBoxesActor])
    a.send(login)
    a.send({ type: 'realtime.payOrderSucceeded', msgId: 'm1', data: { orderNo: '1', amount: '108', currency: 'USD', balance: '108.00', isFirst: 1 } })
    expect(asked(a)).toEqual([])
    a.send({ type: 'tasks.opened', template: 'newcomer', siteCode: '001' })
    expect(asked(a)).toEqual([['activeTaskIndex', {}], ['activeTaskTask', { template: 'newcomer' }], ['vitalityBoxes', { siteCode: '001' }]])
    a.send({ type: 'tasks.groupChosen', template: 'daily' })
    expect(asked(a).slice(3)).toEqual([['activeTaskTask', { template: 'daily' }]])
  })

  it('a guest is asked nothing and cannot receive', () => {
    const a = runActors([taskGroupsActor, taskListActor, taskReceiveAllActor])
    a.send(guest, { type: 'tasks.opened', template: 'newcomer', siteCode: '001' })
    a.send({ type: 'command.submitted', command: 'taskreceiveall', payload: { template: 'newcomer' } })
    expect(asked(a)).toEqual([])
  })

  it('a receipt reports the balance to the wallet and reads the groups, the shown group, the boxes and the red dots again', () => {
    const a = runActors([taskGroupsActor, taskListActor, taskBoxesActor, taskReceiveActor, redDotActor])
    a.send(login, { type: 'tasks.opened', template: 'daily', siteCode: '201' })
    a.send({ type: 'command.submitted', command: 'taskreceive', payload: { taskId: 3001 } })
    a.send({ type: 'hall.responded', requestId: 'taskreceive-1', call: 'activeTaskGetPrize', data: received })
    expect(a.emitted.filter((e) => e.type === 'wallet.balanceReported')).toEqual([{ type: 'wallet.balanceReported', balance: '12.00', source: 'reward' }])
    const changed = a.emitted.filter((e) => e.type === 'tasks.changed')
    expect(changed).toEqual([{ type: 'tasks.changed', count: 1 }])
    const before = asked(a).length
    a.send(changed[0] as LobbyEvent)
    expect(asked(a).slice(before)).toEqual([['activeTaskTask', { template: 'daily' }], ['vitalityBoxes', { siteCode: '201' }], ['getRedDot', {}]])
  })

  it('receive-all and the box ask once for a double click; a refusal the centre shows stays in it', () => {
    const a = runActors([taskReceiveAllActor, taskBoxActor])
    a.send(login)
    const all: LobbyEvent = { type: 'command.submitted', command: 'taskreceiveall', payload: { template: 'newcomer' } }
    a.send(all, all)
    const box: LobbyEvent = { type: 'command.submitted', command: 'taskbox', payload: { boxId: 401 } }
    a.send(box, box)
    expect(asked(a)).toEqual([['activeTaskGetPrizeAll', { template: 'newcomer' }], ['vitalityRevBox', { boxId: 401 }]])
    a.send({ type: 'hall.failed', requestId: 'taskbox-1', call: 'vitalityRevBox', error: { _tag: 'ServiceCode', code: 1808, msg: 'not reached' } })
    expect(taskBoxActor.view(a.snapshot('taskbox') as never).formError).toBe('error.boxNotReached')
    expect(a.emitted.filter((e) => e.type === 'errors.reported')).toEqual([])
  })

  it('reports the saved task address', () => {
    const a = runActors([taskSaveAddressActor])
    a.send(login, { type: 'command.submitted', command: 'tasksaveaddress', payload: { address: 'f1c2', actionType: 2 } })
    expect(asked(a)).toEqual([['taskSaveAddress', { address: 'f1c2', actionType: 2 }]])
  })
})

describe('the task centre rules', () => {
  it("'go' takes the player where the task is done", () => {
    expect(goOf(item({ taskType: 1 }))).toEqual({ kind: 'route', name: 'security', query: { current: 'phone', from: 'bindModal' } })
    expect(goOf(item({ taskType: 19 }))).toEqual({ kind: 'route', name: 'security', query: { current: 'email', from: 'bindModal' } })
    expect(goOf(item({ taskType: 16 }))).toMatchObject({ name: 'security', query: { current: 'googleAuth' } })
    expect(goOf(item({ taskType: 5 }))).toMatchObject({ name: 'security', query: { current: 'withdrawPass' } })
    expect(goOf(item({ taskType: 17, location_type: 5 }))).toEqual({ kind: 'popup', popup: 'pay' })
    expect(goOf(item({ taskType: 10 }))).toEqual({ kind: 'route', name: 'personal' })
    expect(goOf(item({ taskType: 7 }))).toEqual({ kind: 'route', name: 'personal' })
    expect(goOf(item({ taskType: 8, location_type: 10 }))).toEqual({ kind: 'route', name: 'yuebao' })
    expect(goOf(item({ taskType: 11 }))).toEqual({ kind: 'music' })
    expect(goOf(item({ taskType: 2 }))).toEqual({ kind: 'route', name: 'withdraw' })
    expect(goOf(item({ taskType: 0 }))).toEqual({ kind: 'popup', popup: 'register' })
    expect(goOf(item({ taskType: 18 }))).toEqual({ kind: 'popup', popup: 'downloadApp' })
    expect(goOf(item({ taskType: 0, condition: 1, location_type: 5 }))).toEqual({ kind: 'popup', popup: 'pay' })
    expect(goOf(item({ taskType: 0, condition: 2 }))).toEqual({ kind: 'route', name: 'game' })
    expect(goOf(item({ taskType: 0, condition: 3 }))).toEqual({ kind: 'route', name: 'game' })
    // A social bind follows the hall's location: an external address, an event page, or nowhere.
    expect(goOf(item({ taskType: 14, location_type: 2, location_value: 'https://example.com/fb' }))).toEqual({ kind: 'url', url: 'https://example.com/fb' })
    expect(goOf(item({ taskType: 14, location_type: 2, location_value: 'javascript:alert(1)' }))).toEqual({ kind: 'none' })
    expect(goOf(item({ taskType: 22, location_type: 8 }))).toEqual({ kind: 'route', name: 'vip' })
    // Bind facebook and bind wechat without a location of the hall's: the security centre, where the third-party sign-in binds.
    expect(goOf(item({ taskType: 14, location_type: 1 }))).toEqual({ kind: 'route', name: 'security' })
    expect(goOf(item({ taskType: 3, location_type: 1 }))).toEqual({ kind: 'route', name: 'security' })
    expect(goOf(item({ taskType: 23, location_type: 1 }))).toEqual({ kind: 'none' })
    expect(goOf(item({ taskType: 23, location_type: 1 }))).toEqual({ kind: 'none' })
  })

  it('progress, receive-all and the saved task address', () => {
    expect(progressOf({ need: '300', done: '60' })).toBe(20)
    expect(progressOf({ need: '300', done: '450' })).toBe(100)
    expect(progressOf({ need: '1', done: '0' })).toBe(0)
    expect(progressOf({ need: '0', done: '0' })).toBe(100)
    expect(anyTaskReceivable([{ status: 1 }, { status: 3 }, { status: 99 }])).toBe(false)
    expect(anyTaskReceivable([{ status: 1 }, { status: 0 }])).toBe(true)
    expect(saveUrlUuidOf('?saveUrlUuid=ab-12')).toBe('ab-12')
    expect(saveUrlUuidOf('saveUrlUuid=ab-12&x=1')).toBe('ab-12')
    expect(saveUrlUuidOf('?saveUrlUuid=a&saveUrlUuid=b')).toBeNull()
    expect(saveUrlUuidOf('?saveUrlUuid=')).toBeNull()
    expect(saveUrlUuidOf('')).toBeNull()
  })
})
