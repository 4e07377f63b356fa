import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { selectSavings, selectSavingsEntry, selectSavingsRate, walletMachine } from '../../../../actors/wallet'
import {
  yuebaoActor, yuebaoProfitActor, yuebaoReceiveActor, yuebaoRecordsActor, yuebaoSaveActor, yuebaoTakeoutActor,
} from '../../../../actors/yuebao'
import type { LobbyEvent } from '../../../../schemas/events'
import { runActors } from '../../../support/actors'

const login: LobbyEvent = { type: 'session.loggedIn', mode: 'normal', username: 'p', accountType: 0, real: true, mustChangePassword: false }
const guest: LobbyEvent = { type: 'session.loggedIn', mode: 'trymode', username: 'g', accountType: 1, real: false, mustChangePassword: false }
const asked = (a: ReturnType<typeof runActors>) => a.emitted.filter((e) => e.type === 'hall.requested').map((e) => [e.call, e.payload])
const notices = (a: ReturnType<typeof runActors>) => a.emitted.filter((e) => e.type !== 'hall.requested')

const INDEX = {
  switchStatus: 'open', principal: '0.00', yearRate: '7.3', isPop: 0, curIncome: '0.00', gameGold: '500.00', currency: 'USD',
  minIn: '1', minOut: '1', totalIncome: '0.00', nextSettleTime: '2026-11-26 00:00:00',
}
const ALL = [yuebaoActor, yuebaoProfitActor, yuebaoRecordsActor, yuebaoSaveActor, yuebaoTakeoutActor, yuebaoReceiveActor]

describe('the savings actors', () => {
  it("read the savings page at a real player's sign-in (not a guest's), and with page 1 and the profit when the page opens", () => {
    const a = runActors(ALL)
    a.send(guest, { type: 'yuebao.opened' })
    expect(asked(a)).toEqual([])
    a.send(login)
    expect(asked(a)).toEqual([['yuebaoIndex', {}]])
    a.send({ type: 'yuebao.opened' }, { type: 'list.opened', list: 'yuebaorecords', condition: { type: 2 } })
    expect(asked(a).slice(1)).toEqual([
      ['yuebaoIndex', { page: 1 }],
      ['yuebaoProfitCount', {}],
      ['yuebaoProfitRecord', { current: 1, size: 10, type: 2 }],
    ])
  })

  it("tell the wallet the principal and the site's terms from the page's answer", () => {
    const a = runActors([yuebaoActor])
    a.send(login, { type: 'hall.responded', requestId: 'yuebao-1', call: 'yuebaoIndex', data: { ...INDEX, switchStatus: 'close', principal: '12.50' } })
    expect(notices(a)).toEqual([{ type: 'wallet.savingsReported', principal: '12.50', terms: { open: false, yearRate: '7.3' } }])
  })

  it('save: the call with its amount and request id; the balances after it go to the wallet, and the figures and records are read again', () => {
    const a = runActors(ALL)
    a.send(login, { type: 'list.opened', list: 'yuebaorecords', condition: {} })
    a.send({ type: 'hall.responded', requestId: 'yuebaorecords-1', call: 'yuebaoProfitRecord', data: { records: [], total: 0, current: 1, size: 10 } })
    a.send({ type: 'command.submitted', command: 'yuebaosave', payload: { amount: '100', request_id: 'r-1' } })
    // A second press while the first is in flight asks nothing more.
    a.send({ type: 'command.submitted', command: 'yuebaosave', payload: { amount: '100', request_id: 'r-2' } })
    expect(asked(a).at(-1)).toEqual(['yuebaoSaveGold', { amount: '100', request_id: 'r-1' }])
    expect(asked(a).filter(([call]) => call === 'yuebaoSaveGold')).toHaveLength(1)
    a.send({ type: 'hall.responded', requestId: 'yuebaosave-1', call: 'yuebaoSaveGold', data: { amount: '100', principal: '100.00', curIncome: '0.00', gameGold: '400.00' } })
    const moved = notices(a).slice(-3)
    expect(moved).toEqual([
      { type: 'wallet.balanceReported', balance: '400.00', source: 'transfer' },
      { type: 'wallet.savingsReported', principal: '100.00' },
      { type: 'yuebao.moved', kind: 'save', amount: '100' },
    ])
    expect(yuebaoSaveActor.view(a.snapshot('yuebaosave')).status).toBe('succeeded')
    const before = asked(a).length
    a.send(moved[2] as LobbyEvent)
    expect(asked(a).slice(before).map(([call]) => call).sort()).toEqual(['yuebaoIndex', 'yuebaoProfitCount', 'yuebaoProfitRecord'])
  })

  it("take out: the hall's refusal of the amount shows in the form, without the error modal", () => {
    const a = runActors([yuebaoTakeoutActor])
    a.send(login, { type: 'command.submitted', command: 'yuebaoTakeoutGold', payload: { amount: '20.01', request_id: 'r-1' } })
    a.send({ type: 'hall.failed', requestId: 'yuebaoTakeoutGold-1', call: 'yuebaoTakeoutGold', error: { _tag: 'ServiceCode', code: 1283, msg: 'the savings are less than the amount' } })
    const view = yuebaoTakeoutActor.view(a.snapshot('yuebaoTakeoutGold'))
    expect([view.status, view.formError]).toEqual(['failed', 'error.principalShort'])
    expect(notices(a).filter((e) => e.type === 'errors.reported')).toEqual([])
  })

  it('receive: the interest received goes to the wallet; another failure shows the error modal', () => {
    const a = runActors([yuebaoReceiveActor])
    a.send(login, { type: 'command.submitted', command: 'yuebaoreceive', payload: { request_id: 'r-1' } })
    a.send({ type: 'hall.responded', requestId: 'yuebaoreceive-1', call: 'yuebaoReceive', data: { amount: '0.06', principal: '100.00', curIncome: '0.00', gameGold: '400.06' } })
    expect(notices(a)).toEqual([
      { type: 'wallet.balanceReported', balance: '400.06', source: 'transfer' },
      { type: 'wallet.savingsReported', principal: '100.00' },
      { type: 'yuebao.moved', kind: 'receive', amount: '0.06' },
    ])
    a.send({ type: 'command.submitted', command: 'yuebaoreceive', payload: { request_id: 'r-2' } })
    a.send({ type: 'hall.failed', requestId: 'yuebaoreceive-2', call: 'yuebaoReceive', error: { _tag: 'Network', message: 'offline' } })
    expect(notices(a).filter((e) => e.type === 'errors.reported')).toHaveLength(1)
  })

  it('the wallet shows the savings entry while the switch is on or a principal is held, with the year rate', () => {
    const wallet = createActor(walletMachine).start()
    wallet.send(login)
    wallet.send({ type: 'wallet.savingsReported', principal: '0.00', terms: { open: false, yearRate: '7.3' } })
    expect([selectSavingsEntry(wallet.getSnapshot()), selectSavingsRate(wallet.getSnapshot())]).toEqual([false, '7.3'])
    wallet.send({ type: 'wallet.savingsReported', principal: '100.00' })
    expect([selectSavingsEntry(wallet.getSnapshot()), selectSavings(wallet.getSnapshot())]).toEqual([true, '100.00'])
    wallet.send({ type: 'session.loggedOut', reason: 'logout' })
    expect([selectSavingsEntry(wallet.getSnapshot()), selectSavings(wallet.getSnapshot())]).toEqual([false, null])
  })
})
