import { createActor } from 'xstate'
import type { LobbyEvent } from '../../../../schemas/events'
import { describe, expect, it } from 'vitest'
import { progressOf, selectVipInfo, selectVipLevel, selectVipProgress, vipMachine } from '../../../../actors/vip'

const login = (real: boolean): LobbyEvent => ({ type: 'session.loggedIn', mode: real ? 'normal' : 'trymode', username: 'demo', accountType: real ? 0 : 1, real, mustChangePassword: false })
const logout: LobbyEvent = { type: 'session.loggedOut', reason: 'logout' }
const refresh: LobbyEvent = { type: 'query.refreshRequested', query: 'vip' }
const deposit = { type: 'realtime.payOrderSucceeded' } as unknown as LobbyEvent
const ok = (requestId: string, data: unknown): LobbyEvent => ({ type: 'hall.responded', requestId, call: 'vipInfo', data })
const info = (over: Partial<Record<string, unknown>> = {}) => ({
  level: 1, levelName: 'VIP 1', nextLevel: 2, depositAmount: '600', depositNeed: '500', betAmount: '500', betNeed: '2500', ...over,
})

const run = (...events: LobbyEvent[]) => {
  const actor = createActor(vipMachine)
  const emitted: LobbyEvent[] = []
  actor.on('*', (e) => emitted.push(e))
  actor.start()
  for (const e of events) actor.send(e)
  return { emitted, send: (e: LobbyEvent) => actor.send(e), snap: () => actor.getSnapshot() }
}

describe('VIP progress', () => {
  it('is the mean of the deposit and bet shares, each capped at its need, in whole percent', () => {
    expect(progressOf(null)).toBe(0)
    expect(progressOf(info({ depositAmount: '0', betAmount: '0' }) as never)).toBe(0)
    // Deposit met (capped at 1), bet 500 of 2500 (0.2): (1 + 0.2) / 2.
    expect(progressOf(info() as never)).toBe(60)
    expect(progressOf(info({ depositAmount: '250', betAmount: '0' }) as never)).toBe(25)
    expect(progressOf(info({ depositAmount: '499.99', betAmount: '2499.99' }) as never)).toBe(99)
  })
  it('is 100 at the top level', () => {
    expect(progressOf(info({ level: 10, nextLevel: null, depositNeed: '0', betNeed: '0' }) as never)).toBe(100)
  })
})

describe('the vip actor', () => {
  it('asks nothing for visitors and guests, and ignores refreshes then', () => {
    const a = run(login(false), refresh, deposit)
    expect(a.emitted).toEqual([])
    expect(selectVipInfo(a.snap())).toBeNull()
  })

  it('a real login asks for vipInfo and keeps the answer', () => {
    const a = run(login(true))
    expect(a.emitted).toEqual([{ type: 'hall.requested', requestId: 'vip-1', call: 'vipInfo', payload: {} }])
    a.send(ok('vip-1', info()))
    expect(selectVipLevel(a.snap())).toBe(1)
    expect(selectVipProgress(a.snap())).toBe(60)
  })

  it('asks again after a credited deposit and when a view asks; only the newest answer is taken', () => {
    const a = run(login(true), ok('vip-1', info()))
    a.send(deposit)
    a.send(refresh)
    expect(a.emitted.map((e) => (e as { requestId?: string }).requestId)).toEqual(['vip-1', 'vip-2', 'vip-3'])
    a.send(ok('vip-2', info({ level: 5 })))
    expect(selectVipLevel(a.snap())).toBe(1)
    a.send(ok('vip-3', info({ level: 2, levelName: 'VIP 2' })))
    expect(selectVipLevel(a.snap())).toBe(2)
  })

  it('a logout forgets the level and ignores the answer still due', () => {
    const a = run(login(true))
    a.send(logout)
    a.send(ok('vip-1', info()))
    expect(selectVipInfo(a.snap())).toBeNull()
    a.send(refresh)
    expect(a.emitted).toHaveLength(1)
  })

  it('a failed call keeps what was shown', () => {
    const a = run(login(true), ok('vip-1', info()), refresh)
    a.send({ type: 'hall.failed', requestId: 'vip-2', call: 'vipInfo', error: { kind: 'network' } } as unknown as LobbyEvent)
    expect(selectVipLevel(a.snap())).toBe(1)
  })
})
