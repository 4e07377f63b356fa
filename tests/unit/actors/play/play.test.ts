import { describe, expect, it } from 'vitest'
import { guessActor, guessesActor, investActor, investingActor, matchesActor, playKindOf, quizActor } from '../../../../actors/play'
import type { LobbyEvent } from '../../../../schemas/events'
import { runActors } from '../../../support/actors'

const login: LobbyEvent = { type: 'session.loggedIn', mode: 'normal', username: 'p', accountType: 0, real: true, mustChangePassword: false }
const asked = (a: ReturnType<typeof runActors>) => a.emitted.filter((e) => e.type === 'hall.requested').map((e) => [e.call, e.payload])
const match = { matchId: 2101, home: 'A', away: 'B', kickoff: '2030-06-01 18:00:00', status: 0, result: null, options: [{ optionId: 21001, pick: 'home', odds: '2.1' }] }

describe('the playing activities', () => {
  it('read only the panel that opened, for its activity; nothing at sign-in', () => {
    const a = runActors([matchesActor, investActor, quizActor])
    a.send(login)
    expect(asked(a)).toEqual([])
    a.send({ type: 'play.opened', activeId: 7, kind: 'guess' })
    a.send({ type: 'play.opened', activeId: 8, kind: 'invest' })
    expect(asked(a)).toEqual([['matchList', { activeId: 7 }], ['investmentInfo', { activeId: 8 }]])
  })

  it('the matches carry the balance to the wallet, and are read again when the hall says an activity changed (a settlement)', () => {
    const a = runActors([matchesActor])
    a.send(login, { type: 'play.opened', activeId: 7, kind: 'guess' })
    a.send({ type: 'hall.responded', requestId: 'playmatches-1', call: 'matchList', data: { list: [match], minAmount: '1', maxAmount: '1000', game_gold: '90.00' } })
    expect(a.emitted.filter((e) => e.type === 'wallet.balanceReported')).toEqual([{ type: 'wallet.balanceReported', balance: '90.00', source: 'reward' }])
    a.send({ type: 'realtime.activeDetailsReceived', msgId: 'm1', data: { activeId: 7, matchId: 2101 } })
    expect(asked(a).map(([call]) => call)).toEqual(['matchList', 'matchList'])
  })

  it('a guess placed gives the wallet its balance and reads the guesses again', () => {
    const a = runActors([guessActor, guessesActor])
    a.send(login, { type: 'list.opened', list: 'playguesses', condition: { activeId: 7 } })
    a.send({ type: 'hall.responded', requestId: 'playguesses-1', call: 'matchBetRecordList', data: { records: [], total: 0, current: 1, size: 10 } })
    a.send({ type: 'command.submitted', command: 'playguess', payload: { activeId: 7, matchId: 2101, optionId: 21001, amount: '10', requestId: 'r1' } })
    a.send({ type: 'hall.responded', requestId: 'playguess-1', call: 'doMatchBet', data: { orderNo: '210000001', game_gold: '90.00' } })
    expect(a.emitted.filter((e) => e.type === 'wallet.balanceReported' || e.type === 'play.changed')).toEqual([
      { type: 'wallet.balanceReported', balance: '90.00', source: 'reward' },
      { type: 'play.changed', activeId: 7, kind: 'guess' },
    ])
    // The bus hands the notice to the list (runActors keeps what actors emit; the test delivers it).
    a.send({ type: 'play.changed', activeId: 7, kind: 'guess' })
    expect(asked(a).map(([call]) => call)).toEqual(['matchBetRecordList', 'doMatchBet', 'matchBetRecordList'])
  })

  it('a received return gives the wallet its balance and reads the subscriptions again', () => {
    const a = runActors([investActor, investingActor])
    a.send(login, { type: 'play.opened', activeId: 8, kind: 'invest' })
    a.send({ type: 'hall.responded', requestId: 'playinvest-1', call: 'investmentInfo', data: { terms: [], list: [], invested: '0' } })
    a.send({ type: 'command.submitted', command: 'playinvesting', payload: { activeId: 8, action: 'redeem', investId: 160001, requestId: 'r2' } })
    a.send({ type: 'hall.responded', requestId: 'playinvesting-1', call: 'investmentHandler', data: { invested: '0', profit: '2', game_gold: '102.00' } })
    expect(a.emitted.filter((e) => e.type === 'wallet.balanceReported')).toEqual([{ type: 'wallet.balanceReported', balance: '102.00', source: 'reward' }])
    a.send({ type: 'play.changed', activeId: 8, kind: 'invest' })
    // Another activity's change reads nothing.
    a.send({ type: 'play.changed', activeId: 9, kind: 'invest' })
    expect(asked(a).map(([call]) => call)).toEqual(['investmentInfo', 'investmentHandler', 'investmentInfo'])
  })

  it('names the panel of an activity by its type; a quiz is a Customize activity whose template starts with quiz', () => {
    expect([21, 16, 14, 10].map((type) => playKindOf({ type, template: 'x' }))).toEqual(['guess', 'invest', 'lucky', null])
    expect([playKindOf({ type: 1, template: 'quiz-football' }), playKindOf({ type: 1, template: 'weekend-tournament' })]).toEqual(['quiz', null])
  })
})
