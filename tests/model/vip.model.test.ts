import type { LobbyEvent } from '../../schemas/events'
import { vipInfo } from '../../schemas/hall/calls/vip'
import { describe, expect, it } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import { progressOf, selectVipLevel, selectVipProgress, vipMachine } from '../../actors/vip'
import { modelHarness } from './harness'

/**
 * The vip actor on every path the sample events generate: a real login asks for vipInfo, a trial
 * login or a logout forgets it, a credited deposit and a view's refresh ask again for a real player
 * only; only the newest request's answer is taken, a failure keeps what was shown.
 */
type Snap = SnapshotFrom<typeof vipMachine>
const INFO = { level: 1, levelName: 'VIP 1', nextLevel: 2, depositAmount: '600', depositNeed: '500', betAmount: '500', betNeed: '2500' }
const TOP = { level: 10, levelName: 'VIP 10', nextLevel: null, depositAmount: '2000000', depositNeed: '0', betAmount: '9000000', betNeed: '0' }
const login = (real: boolean): LobbyEvent =>
  ({ type: 'session.loggedIn', mode: real ? 'normal' : 'trymode', username: 'demo', accountType: real ? 0 : 1, real, mustChangePassword: false })

const events = (s: Snap): LobbyEvent[] => {
  const c = s.context
  const out: LobbyEvent[] = [login(false), { type: 'session.loggedOut', reason: 'logout' }]
  if (c.requestCount < 3) {
    out.push(login(true), { type: 'query.refreshRequested', query: 'vip' }, { type: 'realtime.payOrderSucceeded' } as unknown as LobbyEvent)
  }
  if (c.pendingId !== null) {
    out.push({ type: 'hall.responded', requestId: c.pendingId, call: vipInfo.name, data: c.requestCount % 2 === 0 ? TOP : INFO })
    out.push({ type: 'hall.failed', requestId: c.pendingId, call: vipInfo.name, error: { _tag: 'Network', message: 'offline' } as never })
  }
  // An answer to an older request.
  if (c.requestCount >= 2) out.push({ type: 'hall.responded', requestId: 'vip-1', call: vipInfo.name, data: { ...INFO, level: 7 } })
  return out
}

describe('vip model', () => {
  const harness = modelHarness({
    name: 'vip',
    machine: vipMachine,
    model: vipMachine,
    events: events,
    serializeState: (s) => {
      const c = s.context
      return JSON.stringify([c.requestCount, c.real, c.pendingId, (c.data as { level?: number } | null)?.level ?? null])
    },
    check: ({ real, emitted }) => {
      const asked = emitted.filter((e) => e.type === 'hall.requested')
      // Only a real player is asked for, one request at a time, and it is the one awaited.
      for (const e of asked) {
        expect([e['call'], e['payload']]).toEqual([vipInfo.name, {}])
        expect(real.context.real).toBe(true)
        expect(real.context.pendingId).toBe(e['requestId'])
      }
      // Nothing known or awaited for a visitor or a guest; never the older answer's level.
      if (!real.context.real) expect([real.context.data, real.context.pendingId]).toEqual([null, null])
      expect(selectVipLevel(real)).not.toBe(7)
      const p = selectVipProgress(real)
      expect(p >= 0 && p <= 100 && Number.isInteger(p)).toBe(true)
    },
  })

  it('covers every state, transition and branch', () => {
    const report = harness.run()
    expect(report.states.uncovered).toEqual([])
    expect(report.transitions.uncovered).toEqual([])
    expect(report.branches.uncovered).toEqual([])
  })

  it('takes the newest answer: progress 60 at VIP 1, 100 at the top', () => {
    const { real } = harness.runEvents([login(true), { type: 'query.refreshRequested', query: 'vip' }, { type: 'hall.responded', requestId: 'vip-1', call: vipInfo.name, data: TOP }, { type: 'hall.responded', requestId: 'vip-2', call: vipInfo.name, data: INFO }] as never)
    expect(selectVipLevel(real)).toBe(1)
    expect(selectVipProgress(real)).toBe(60)
    expect(progressOf(TOP)).toBe(100)
  })
})
