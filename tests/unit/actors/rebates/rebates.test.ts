import { describe, expect, it } from 'vitest'
import { redDotActor } from '../../../../actors/badges'
import { anyReturnGold, awardsActor, rebateActor, rebateReceiveActor, receiveRecordsActor, type RebateInfo } from '../../../../actors/rebates'
import type { LobbyEvent } from '../../../../schemas/events'
import { runActors } from '../../../support/actors'

const login: LobbyEvent = { type: 'session.loggedIn', mode: 'normal', username: 'p', accountType: 0, real: true, mustChangePassword: false }
const guest: LobbyEvent = { type: 'session.loggedIn', mode: 'trymode', username: 'g', accountType: 1, real: false, mustChangePassword: false }
const asked = (a: ReturnType<typeof runActors>) => a.emitted.filter((e) => e.type === 'hall.requested').map((e) => [e.call, e.payload])
const info = (amounts: ReadonlyArray<string>): RebateInfo => ({
  list: amounts.map((amount, i) => ({ categoryId: i + 1, rate: '0.5', validBet: '100', rounds: 1, amount })),
  total: amounts.reduce((s, x) => String(Number(s) + Number(x)), '0'),
  currency: 'CNY', since: '2026-11-20 00:00:00', windowDays: 7, turnoverMultiple: '1',
})

describe('the rebate, award and receive-record actors', () => {
  it('ask nothing at a login; each screen opening reads its own', () => {
    const a = runActors([rebateActor, awardsActor, receiveRecordsActor])
    a.send(login)
    expect(asked(a)).toEqual([])
    a.send({ type: 'rebate.opened' })
    a.send({ type: 'awards.opened' })
    expect(asked(a)).toEqual([['rebateIndex', {}], ['pendingAwards', {}]])
  })

  it('a guest asks nothing', () => {
    const a = runActors([rebateActor, awardsActor, receiveRecordsActor])
    a.send(guest, { type: 'rebate.opened' }, { type: 'awards.opened' }, { type: 'list.opened', list: 'receiverecords', condition: {} })
    expect(asked(a)).toEqual([])
  })

  it('a receipt reports the balance to the wallet and reads the rebate, the awards, the red dots and the records again', () => {
    const a = runActors([rebateActor, rebateReceiveActor, awardsActor, redDotActor, receiveRecordsActor])
    a.send(login, { type: 'rebate.opened' }, { type: 'awards.opened' }, { type: 'list.opened', list: 'receiverecords', condition: { dateType: 0, source: 'all' } })
    a.send({ type: 'hall.responded', requestId: 'rebate-1', call: 'rebateIndex', data: info(['0.18', '0']) })
    a.send({ type: 'hall.responded', requestId: 'receiverecords-1', call: 'receiveRecords', data: { page: { records: [], total: 0, current: 1, size: 10 }, summary: { amount: '0' } } })
    const before = asked(a).length
    a.send({ type: 'command.submitted', command: 'rebatereceive', payload: {} })
    a.send({ type: 'hall.responded', requestId: 'rebatereceive-1', call: 'rebateReceive', data: { amount: '0.18', count: 1, currency: 'CNY', game_gold: '100.18' } })
    expect(a.emitted.filter((e) => e.type === 'wallet.balanceReported')).toEqual([{ type: 'wallet.balanceReported', balance: '100.18', source: 'reward' }])
    const received = a.emitted.filter((e) => e.type === 'rebate.received')
    expect(received).toEqual([{ type: 'rebate.received', count: 1 }])
    a.send(received[0] as LobbyEvent)
    expect(asked(a).slice(before).map(([call]) => call).sort()).toEqual(['getRedDot', 'pendingAwards', 'rebateIndex', 'rebateReceive', 'receiveRecords'])
  })

  it('a double click receives once; a refusal the hall names is shown beside the button', () => {
    const a = runActors([rebateReceiveActor])
    a.send(login)
    const submit: LobbyEvent = { type: 'command.submitted', command: 'rebatereceive', payload: {} }
    a.send(submit, submit)
    expect(asked(a)).toEqual([['rebateReceive', {}]])
    a.send({ type: 'hall.failed', requestId: 'rebatereceive-1', call: 'rebateReceive', error: { _tag: 'ServiceCode', code: 1851, msg: 'no return gold' } } as unknown as LobbyEvent)
    expect(rebateReceiveActor.view(a.snapshot('rebatereceive')).formError).toBe('error.nothing')
  })

  it('the receive records ask with the page, the date filter and the source; a custom range carries its days', () => {
    const a = runActors([receiveRecordsActor])
    a.send(login)
    a.send({ type: 'list.opened', list: 'receiverecords', condition: { dateType: 1, source: 'rebate' } })
    a.send({ type: 'hall.responded', requestId: 'receiverecords-1', call: 'receiveRecords', data: { page: { records: [], total: 0, current: 1, size: 10 }, summary: { amount: '0' } } })
    a.send({ type: 'list.conditionChanged', list: 'receiverecords', condition: { dateType: -4, startDate: '2026-11-01', endDate: '2026-11-02', source: 'nonsense' } })
    expect(asked(a)).toEqual([
      ['receiveRecords', { current: 1, size: 10, dateType: 1, source: 'rebate' }],
      ['receiveRecords', { current: 1, size: 10, dateType: -4, startDate: '2026-11-01', endDate: '2026-11-02' }],
    ])
  })

  it('return gold is receivable when any category gives some', () => {
    expect(anyReturnGold(info(['0', '0']))).toBe(false)
    expect(anyReturnGold(info(['0', '0.01']))).toBe(true)
  })
})
