import { describe, expect, it } from 'vitest'
import { anyReceivable, categoriesActor, detailActor, discountRoute, logsActor, receiveActor, receiveAllActor } from '../../../../actors/activities'
import { redDotActor } from '../../../../actors/badges'
import type { LobbyEvent } from '../../../../schemas/events'
import type { ActivityDetail, ActivityReward } from '../../../../schemas/hall/calls/active'
import { runActors } from '../../../support/actors'

const login: LobbyEvent = { type: 'session.loggedIn', mode: 'normal', username: 'p', accountType: 0, real: true, mustChangePassword: false }
const asked = (a: ReturnType<typeof runActors>) => a.emitted.filter((e) => e.type === 'hall.requested').map((e) => [e.requestId, e.call, e.payload])
const reward = (receiveId: number, status: ActivityReward['status']): ActivityReward => ({ receiveId, title: '', level: null, condition: 1, need: '50', done: '60', amount: '5', status, expireTime: null })
const detail = (activeId: number, rewards: ActivityReward[]): ActivityDetail => ({
  activeId, type: 10, template: 'deposit-daily', title: 'Daily deposit bonus', imgId: '', imgUrl: '', startTime: '2026-01-01 00:00:00', endTime: '2030-12-31 00:00:00',
  period: 1, status: 1, sort: 0, redDot: 1, content: '<p>Rules</p>', condition: 1, rewardMode: 0, distribution: 2, rechargeAmount: '60', betAmount: '0', rewards,
})

describe('the event centre actors', () => {
  it('a received reward reports the balance and reads the detail shown, the player’s records, the list and the red dots again', () => {
    const a = runActors([categoriesActor, detailActor, logsActor, receiveActor, redDotActor])
    a.send(login, { type: 'activities.opened' }, { type: 'activity.opened', activeId: 7001 }, { type: 'list.opened', list: 'eventlogs', condition: { activeId: 7001 } })
    a.send({ type: 'hall.responded', requestId: 'eventdetail-1', call: 'activeGet', data: detail(7001, [reward(90001, 1)]) })
    a.send({ type: 'hall.responded', requestId: 'eventlogs-1', call: 'activeMyLogs', data: { records: [], total: 0, current: 1, size: 10 } })
    a.send({ type: 'command.submitted', command: 'eventreceive', payload: { activeId: 7001, receiveId: 90001, requestDeviceType: 3 } })
    a.send({ type: 'hall.responded', requestId: 'eventreceive-1', call: 'activeReceive', data: { amount: '5', count: 1, currency: 'USD', game_gold: '113.00' } })
    const changed = a.emitted.filter((e) => e.type === 'activities.changed')
    expect(changed).toEqual([{ type: 'activities.changed', activeId: 7001, count: 1 }])
    expect(a.emitted.filter((e) => e.type === 'wallet.balanceReported')).toEqual([{ type: 'wallet.balanceReported', balance: '113.00', source: 'reward' }])
    const before = asked(a).length
    a.send(changed[0] as LobbyEvent)
    expect(asked(a).slice(before).map(([id, call, payload]) => [String(id).replace(/-\d+$/, ''), call, payload])).toEqual([
      ['eventcats', 'activeCategory', {}],
      ['eventdetail', 'activeGet', { activeId: 7001 }],
      ['eventlogs', 'activeMyLogs', { activeId: 7001, page: 1, size: 10 }],
      ['reddot', 'getRedDot', {}],
    ])
    // A change of another activity leaves this detail alone.
    a.send({ type: 'activities.changed', activeId: 7002, count: 1 })
    expect(asked(a).filter(([, call]) => call === 'activeGet')).toHaveLength(2)
  })

  it('a credited deposit reads the detail shown and the list again; receive-all asks once for a double click', () => {
    const a = runActors([categoriesActor, detailActor, receiveAllActor])
    a.send(login, { type: 'activity.opened', activeId: 7001 })
    a.send({ type: 'realtime.payOrderSucceeded', msgId: 'm1', data: { orderNo: '1', amount: '108', currency: 'USD', balance: '108.00', isFirst: 1 } })
    expect(asked(a).map(([, call, payload]) => [call, payload])).toEqual([['activeGet', { activeId: 7001 }], ['activeCategory', {}], ['activeGet', { activeId: 7001 }]])
    const submit: LobbyEvent = { type: 'command.submitted', command: 'eventreceiveall', payload: { activeId: 7001, requestDeviceType: 4 } }
    a.send(submit, submit)
    expect(asked(a).filter(([, call]) => call === 'activeReceiveAll')).toHaveLength(1)
  })

  it('routes the discount tab by the running modules and enables receive-all when any tier can be received', () => {
    expect(discountRoute({ active: 1, task: 1, rebate: 1, award: 1 })).toBe('eventIndex')
    expect(discountRoute({ active: 0, task: 0, rebate: 1, award: 0 })).toBe('eventCashback')
    expect(discountRoute({ active: 0, task: 1, rebate: 1, award: 0 })).toBe('eventAward')
    expect(discountRoute({ active: 0, task: 0, rebate: 0, award: 0 })).toBe('eventAward')
    expect(anyReceivable([reward(1, 0), reward(2, 2)])).toBe(false)
    expect(anyReceivable([reward(1, 0), reward(2, 1)])).toBe(true)
  })
})

describe('a reward receive error is shown once, the first only (spec §8)', () => {
  const refused = (requestId: string, call: 'activeReceive' | 'activeReceiveAll'): LobbyEvent =>
    ({ type: 'hall.failed', requestId, call, error: { _tag: 'ServiceCode', code: 1001, msg: 'The activity is busy' } })
  const receive = (receiveId: number): LobbyEvent => ({ type: 'command.submitted', command: 'eventreceive', payload: { activeId: 7001, receiveId, requestDeviceType: 3 } })
  const receiveAll: LobbyEvent = { type: 'command.submitted', command: 'eventreceiveall', payload: { activeId: 7001, requestDeviceType: 3 } }
  const modals = (a: ReturnType<typeof runActors>) => a.emitted.filter((e) => e.type === 'errors.reported')
  /** The actors with a bus's one duty here: what one emits reaches the others. */
  const onBus = (specs: Parameters<typeof runActors>[0]) => {
    const a = runActors(specs)
    const send = (...events: LobbyEvent[]): void => {
      for (const event of events) {
        const before = a.emitted.length
        a.send(event)
        for (const e of a.emitted.slice(before)) if (e.type === 'errors.reported') a.send(e as LobbyEvent)
      }
    }
    return { ...a, send }
  }

  it('one modal for a burst over receive and receive-all; none after it until an activity page opens again', () => {
    const a = onBus([receiveActor, receiveAllActor])
    a.send(login, { type: 'activity.opened', activeId: 7001 })
    a.send(receive(90001), receiveAll)
    a.send(refused('eventreceive-1', 'activeReceive'), refused('eventreceiveall-1', 'activeReceiveAll'))
    expect(modals(a)).toEqual([{ type: 'errors.reported', message: 'The activity is busy', translate: false, code: 1001, group: 'eventreceive' }])
    // Later errors of either, and a form starting over, stay silent.
    a.send({ type: 'command.reset', command: 'eventreceive' }, receive(90002), refused('eventreceive-2', 'activeReceive'))
    a.send(receiveAll, refused('eventreceiveall-2', 'activeReceiveAll'))
    expect(modals(a)).toHaveLength(1)
    // The detail page opening again: the next error is shown, once.
    a.send({ type: 'activity.opened', activeId: 7002 })
    a.send(receiveAll, refused('eventreceiveall-3', 'activeReceiveAll'), receive(90003), refused('eventreceive-3', 'activeReceive'))
    expect(modals(a)).toHaveLength(2)
    expect(modals(a)[1]).toMatchObject({ message: 'The activity is busy', group: 'eventreceive' })
  })

  it('an error shown inline (already received, expired) opens no modal and does not silence the next one', () => {
    const a = onBus([receiveActor, receiveAllActor])
    a.send(login, { type: 'activity.opened', activeId: 7001 })
    a.send(receive(90001), { type: 'hall.failed', requestId: 'eventreceive-1', call: 'activeReceive', error: { _tag: 'ServiceCode', code: 1503, msg: 'Expired' } })
    expect(modals(a)).toEqual([])
    a.send(receiveAll, refused('eventreceiveall-1', 'activeReceiveAll'))
    expect(modals(a)).toHaveLength(1)
  })
})
