import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { securityMachine, selectSecurityRows, type SecurityEmitted, type SecurityEvent } from '../../../../actors/security'

const login = (real: boolean): SecurityEvent => ({ type: 'session.loggedIn', mode: real ? 'normal' : 'trymode', username: 'p1', accountType: real ? 0 : 1, real, mustChangePassword: false })
const refresh: SecurityEvent = { type: 'postlogin.refreshRequested', items: ['redDot', 'authInfo', 'notices', 'gameCategories', 'rewardBind'] }
const info = { mobile_phone: '******4567', email: '', is_open_google_auth: 0, withdraw_pass: 1 } as const
const benefits = {
  list: [
    { id: 8001, kind: 'bindPhone', reward: '2.00', done: 1, status: 1 },
    { id: 8002, kind: 'bindEmail', reward: '1.00', done: 0, status: -1 },
  ],
}

const run = (...events: SecurityEvent[]) => {
  const actor = createActor(securityMachine)
  const emitted: SecurityEmitted[] = []
  actor.on('*', (e) => emitted.push(e as SecurityEmitted))
  actor.start()
  for (const e of events) actor.send(e)
  return { emitted, send: (e: SecurityEvent) => actor.send(e), snap: () => actor.getSnapshot() }
}

describe('the security actor', () => {
  it("a real sign-in's refresh fetches the auth info and the reward-bind data, and the page rows follow", () => {
    const a = run(login(true), refresh)
    expect(a.emitted).toEqual([
      { type: 'hall.requested', requestId: 'security-1', call: 'actionVerify', payload: {} },
      { type: 'hall.requested', requestId: 'security-2', call: 'newcomerBenefitStatus', payload: {} },
    ])
    expect(selectSecurityRows(a.snap())).toBeNull()
    a.send({ type: 'hall.responded', requestId: 'security-1', call: 'actionVerify', data: info })
    a.send({ type: 'hall.responded', requestId: 'security-2', call: 'newcomerBenefitStatus', data: benefits })
    expect(selectSecurityRows(a.snap())).toEqual([
      { item: 'phone', bound: true, shown: '******4567', reward: null },
      { item: 'email', bound: false, shown: '', reward: '1.00' },
      { item: 'googleAuth', bound: false, shown: '', reward: null },
      { item: 'withdrawPass', bound: true, shown: '', reward: null },
    ])
  })

  it('fetches only the items the refresh names', () => {
    const a = run(login(true), { type: 'postlogin.refreshRequested', items: ['authInfo'] })
    expect(a.emitted.map((e) => e.call)).toEqual(['actionVerify'])
  })

  it('a guest or a visitor fetches nothing; a logout forgets, and answers due for the past player are ignored', () => {
    expect(run(refresh).emitted).toEqual([])
    expect(run(login(false), refresh).emitted).toEqual([])
    const a = run(login(true), refresh)
    a.send({ type: 'session.loggedOut', reason: 'logout' })
    a.send({ type: 'hall.responded', requestId: 'security-1', call: 'actionVerify', data: info })
    expect(selectSecurityRows(a.snap())).toBeNull()
  })

  it('a bound item fetches both again', () => {
    const a = run(login(true), refresh)
    a.send({ type: 'postlogin.bound', item: 'phone' })
    expect(a.emitted.slice(2).map((e) => [e.requestId, e.call])).toEqual([['security-3', 'actionVerify'], ['security-4', 'newcomerBenefitStatus']])
  })

  it('a failed fetch keeps what was known', () => {
    const a = run(login(true), refresh)
    a.send({ type: 'hall.responded', requestId: 'security-1', call: 'actionVerify', data: info })
    a.send({ type: 'postlogin.bound', item: 'email' })
    a.send({ type: 'hall.failed', requestId: 'security-3', call: 'actionVerify', error: { _tag: 'Timeout', ms: 60_000 } })
    expect(selectSecurityRows(a.snap())?.[0]?.bound).toBe(true)
  })
})
