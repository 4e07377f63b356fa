import { createActor, type AnyStateMachine } from 'xstate'
import { describe, expect, it } from 'vitest'
import { authInfoActor, rewardBindActor, securityRowsOf } from '../../../../actors/security'
import type { LobbyEvent } from '../../../../schemas/events'

const login = (real: boolean): LobbyEvent => ({ type: 'session.loggedIn', mode: real ? 'normal' : 'trymode', username: 'p1', accountType: real ? 0 : 1, real, mustChangePassword: false })
const refresh: LobbyEvent = { type: 'postlogin.refreshRequested', items: ['redDot', 'authInfo', 'notices', 'gameCategories', 'rewardBind'] }
const info = { mobile_phone: '******4567', email: '', is_open_google_auth: 0, withdraw_pass: 1 } as const
const benefits = {
  list: [
    { id: 8001, kind: 'bindPhone', reward: '2.00', done: 1, status: 1 },
    { id: 8002, kind: 'bindEmail', reward: '1.00', done: 0, status: -1 },
  ],
}

/** Both security queries, fed the same events (the host gives each its own answers). */
const run = (...events: LobbyEvent[]) => {
  const start = (machine: AnyStateMachine) => {
    const actor = createActor(machine)
    const emitted: Array<{ type: string; requestId?: string; call?: string; payload?: unknown }> = []
    actor.on('*', (e) => emitted.push(e as never))
    actor.start()
    return { actor, emitted }
  }
  const auth = start(authInfoActor.machine)
  const reward = start(rewardBindActor.machine)
  const send = (e: LobbyEvent) => {
    auth.actor.send(e)
    reward.actor.send(e)
  }
  for (const e of events) send(e)
  return {
    send,
    emitted: () => [...auth.emitted, ...reward.emitted],
    rows: () => securityRowsOf(authInfoActor.view(auth.actor.getSnapshot()).data, rewardBindActor.view(reward.actor.getSnapshot()).data),
  }
}

describe('the security queries', () => {
  it("a real sign-in's refresh fetches the auth info and the reward-bind data, and the page rows follow", () => {
    const a = run(login(true), refresh)
    expect(a.emitted()).toEqual([
      { type: 'hall.requested', requestId: 'authinfo-1', call: 'actionVerify', payload: {} },
      { type: 'hall.requested', requestId: 'rewardbind-1', call: 'newcomerBenefitStatus', payload: {} },
    ])
    expect(a.rows()).toBeNull()
    a.send({ type: 'hall.responded', requestId: 'authinfo-1', call: 'actionVerify', data: info })
    a.send({ type: 'hall.responded', requestId: 'rewardbind-1', call: 'newcomerBenefitStatus', data: benefits })
    expect(a.rows()).toEqual([
      { item: 'phone', bound: true, shown: '******4567', reward: null },
      { item: 'email', bound: false, shown: '', reward: '1.00' },
      { item: 'googleAuth', bound: false, shown: '', reward: null },
      { item: 'withdrawPass', bound: true, shown: '', reward: null },
    ])
  })

  it('promises no reward the hall does not offer: none listed, or a zero one, shows none', () => {
    const info0 = { mobile_phone: '', email: '', is_open_google_auth: 0, withdraw_pass: 0 } as const
    const none = run(login(true), refresh)
    none.send({ type: 'hall.responded', requestId: 'authinfo-1', call: 'actionVerify', data: info0 })
    none.send({ type: 'hall.responded', requestId: 'rewardbind-1', call: 'newcomerBenefitStatus', data: { list: [] } })
    expect(none.rows()?.map((r) => r.reward)).toEqual([null, null, null, null])
    const zero = run(login(true), refresh)
    zero.send({ type: 'hall.responded', requestId: 'authinfo-1', call: 'actionVerify', data: info0 })
    zero.send({
      type: 'hall.responded', requestId: 'rewardbind-1', call: 'newcomerBenefitStatus',
      data: { list: [{ id: 8001, kind: 'bindPhone', reward: '0.00', done: 0, status: -1 }, { id: 8004, kind: 'bindWithdrawPass', reward: '1.00', done: 0, status: -1 }] },
    })
    expect(zero.rows()?.map((r) => r.reward)).toEqual([null, null, null, '1.00'])
  })

  it('fetches only the items the refresh names', () => {
    const a = run(login(true), { type: 'postlogin.refreshRequested', items: ['authInfo'] })
    expect(a.emitted().map((e) => e.call)).toEqual(['actionVerify'])
  })

  it('a guest or a visitor fetches nothing; a logout forgets, and answers due for the past player are ignored', () => {
    expect(run(refresh).emitted()).toEqual([])
    expect(run(login(false), refresh).emitted()).toEqual([])
    const a = run(login(true), refresh)
    a.send({ type: 'session.loggedOut', reason: 'logout' })
    a.send({ type: 'hall.responded', requestId: 'authinfo-1', call: 'actionVerify', data: info })
    expect(a.rows()).toBeNull()
  })

  it('a bound item fetches both again', () => {
    const a = run(login(true), refresh)
    a.send({ type: 'postlogin.bound', item: 'phone' })
    expect(a.emitted().map((e) => [e.requestId, e.call])).toEqual([
      ['authinfo-1', 'actionVerify'], ['authinfo-2', 'actionVerify'], ['rewardbind-1', 'newcomerBenefitStatus'], ['rewardbind-2', 'newcomerBenefitStatus'],
    ])
  })

  it('a failed fetch keeps what was known', () => {
    const a = run(login(true), refresh)
    a.send({ type: 'hall.responded', requestId: 'authinfo-1', call: 'actionVerify', data: info })
    a.send({ type: 'postlogin.bound', item: 'email' })
    a.send({ type: 'hall.failed', requestId: 'authinfo-2', call: 'actionVerify', error: { _tag: 'Timeout', ms: 60_000 } })
    expect(a.rows()?.[0]?.bound).toBe(true)
  })
})
