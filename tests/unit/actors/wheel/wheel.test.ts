import { describe, expect, it } from 'vitest'
import { exchangeActor, spinActor, wheelInfoActor, wheelTasksActor, wordsActor } from '../../../../actors/wheel'
import type { LobbyEvent } from '../../../../schemas/events'
import { runActors } from '../../../support/actors'

const login: LobbyEvent = { type: 'session.loggedIn', mode: 'normal', username: 'p', accountType: 0, real: true, mustChangePassword: false }
const asked = (a: ReturnType<typeof runActors>) => a.emitted.filter((e) => e.type === 'hall.requested').map((e) => [e.call, e.payload])
const info = { activeId: 7010, prizes: [{ prizeId: 22101, title: '5', amount: '5' }, { prizeId: 22102, title: 'Try again', amount: '0' }], spins: 1, points: '0', pointsPerSpin: '0', winners: [] }

describe('the lucky wheel and word collection actors', () => {
  it('a wheel page reads the wheel and its tasks, not the collection; a spin keeps the hall’s prize, reports the balance and reads them again', () => {
    const a = runActors([wheelInfoActor, wheelTasksActor, wordsActor, spinActor])
    a.send(login, { type: 'wheel.opened', activeId: 7010, kind: 'wheel' })
    expect(asked(a)).toEqual([['turntableInfo', { activeId: 7010 }], ['turntableTaskList', { activeId: 7010 }]])
    a.send({ type: 'hall.responded', requestId: 'wheelinfo-1', call: 'turntableInfo', data: info })
    a.send({ type: 'command.submitted', command: 'wheelspin', payload: { activeId: 7010, requestDeviceType: 3 } })
    const draw = { drawId: '220000001', prizeId: 22101, index: 0, title: '5', amount: '5', spins: 0, currency: 'USD', game_gold: '113.00' }
    a.send({ type: 'hall.responded', requestId: 'wheelspin-1', call: 'turntableDraw', data: draw })
    expect(a.emitted.filter((e) => e.type === 'wallet.balanceReported')).toEqual([{ type: 'wallet.balanceReported', balance: '113.00', source: 'reward' }])
    const changed = a.emitted.filter((e) => e.type === 'wheel.changed')
    expect(changed).toEqual([{ type: 'wheel.changed', activeId: 7010 }])
    const before = asked(a).length
    a.send(changed[0] as LobbyEvent)
    expect(asked(a).slice(before)).toEqual([['turntableInfo', { activeId: 7010 }], ['turntableTaskList', { activeId: 7010 }]])
    // Another activity's change leaves this wheel alone.
    a.send({ type: 'wheel.changed', activeId: 7011 })
    expect(asked(a)).toHaveLength(before + 2)
  })

  it('a collection page reads the words and tasks, not a wheel; an exchange reports the balance; a double click asks once', () => {
    const a = runActors([wheelInfoActor, wheelTasksActor, wordsActor, exchangeActor])
    a.send(login, { type: 'wheel.opened', activeId: 7012, kind: 'words' })
    expect(asked(a)).toEqual([['turntableTaskList', { activeId: 7012 }], ['wordCollection', { activeId: 7012 }]])
    const submit: LobbyEvent = { type: 'command.submitted', command: 'wordexchange', payload: { activeId: 7012, groupId: 22301, requestDeviceType: 4 } }
    a.send(submit, submit)
    expect(asked(a).filter(([call]) => call === 'groupWord')).toHaveLength(1)
    a.send({ type: 'hall.responded', requestId: 'wordexchange-1', call: 'groupWord', data: { amount: '88', count: 1, currency: 'USD', game_gold: '201.00' } })
    expect(a.emitted.filter((e) => e.type === 'wallet.balanceReported')).toEqual([{ type: 'wallet.balanceReported', balance: '201.00', source: 'reward' }])
  })
})
