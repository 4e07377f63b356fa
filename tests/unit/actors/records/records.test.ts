import { describe, expect, it } from 'vitest'
import { betRecordsActor, movementsActor, statementActor } from '../../../../actors/records'
import type { LobbyEvent } from '../../../../schemas/events'
import { runActors } from '../../../support/actors'

const login: LobbyEvent = { type: 'session.loggedIn', mode: 'normal', username: 'p', accountType: 0, real: true, mustChangePassword: false }
const guest: LobbyEvent = { type: 'session.loggedIn', mode: 'trymode', username: 'g', accountType: 1, real: false, mustChangePassword: false }
const asked = (a: ReturnType<typeof runActors>) => a.emitted.filter((e) => e.type === 'hall.requested').map((e) => [e.call, e.payload])

describe('the record lists', () => {
  it('ask their call with the page, its size and the date filter; a custom range carries its days', () => {
    const a = runActors([betRecordsActor, movementsActor, statementActor])
    a.send(login)
    a.send({ type: 'list.opened', list: 'betrecords', condition: { dateType: 7, state: 10003 } })
    a.send({ type: 'list.opened', list: 'movements', condition: { dateType: -4, startDate: '2026-11-01', endDate: '2026-11-24', kind: 'bet' } })
    a.send({ type: 'list.opened', list: 'statement', condition: {} })
    expect(asked(a)).toEqual([
      ['betRecord', { current: 1, size: 10, dateType: 7, state: 10003 }],
      ['accountDetails', { current: 1, size: 10, dateType: -4, startDate: '2026-11-01', endDate: '2026-11-24', kind: 'bet' }],
      ['personalStatement', { current: 1, size: 10, dateType: 0 }],
    ])
  })

  it('show the rows and the totals of the answer', () => {
    const a = runActors([betRecordsActor])
    a.send(login, { type: 'list.opened', list: 'betrecords', condition: { dateType: 0 } })
    const bet = { orderNo: '1', gameName: 'G', platformName: 'P', categoryId: 3, betAmount: '10', validBet: '10', winAmount: '0', profit: '-10', state: 10003, betTime: '2026-11-24 10:00:00', currency: 'CNY' }
    const summary = { betAmount: '10', validBet: '10', winAmount: '0', profit: '-10' }
    a.send({ type: 'hall.responded', requestId: 'betrecords-1', call: 'betRecord', data: { page: { records: [bet], total: 1, current: 1, size: 10 }, summary } })
    const view = betRecordsActor.view(a.snapshot('betrecords'))
    expect([view.status, view.rows, view.total, view.summary]).toEqual(['ready', [bet], 1, summary])
  })

  it('ask the money lists again when the socket says money moved; nothing for a guest', () => {
    const a = runActors([movementsActor, statementActor])
    a.send(guest, { type: 'list.opened', list: 'movements', condition: {} })
    expect(asked(a)).toEqual([])
    a.send(login, { type: 'list.opened', list: 'movements', condition: {} })
    a.send({ type: 'hall.responded', requestId: 'movements-1', call: 'accountDetails', data: { records: [], total: 0, current: 1, size: 10 } })
    a.send({ type: 'realtime.payOrderSucceeded' } as unknown as LobbyEvent)
    expect(asked(a).map(([call]) => call)).toEqual(['accountDetails', 'accountDetails'])
  })
})
