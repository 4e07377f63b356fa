import { describe, expect, it } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import { createQueryMachine, type QueryConfig } from '../../../actors/kit'
import type { LobbyEvent, LobbyEventType } from '../../../schemas/events'
import { vipInfo } from '../../../schemas/hall/calls/vip'
import { modelHarness } from '../harness'

/**
 * The query factory on every path the sample events generate, for two configurations that
 * between them use every option: a real players' query (a sign-in that fetches only for a normal
 * login, a trigger with its own payload, retry when the socket opens again, a forget event) and a
 * site query (anyone, fetched again at a sign-out). Every use of the factory inherits this.
 */
const INFO = { level: 1, levelName: 'VIP 1', nextLevel: 2, depositAmount: '600', depositNeed: '500', betAmount: '500', betNeed: '2500' }

const login = (real: boolean, mode: 'normal' | 'sms' = 'normal'): LobbyEvent =>
  ({ type: 'session.loggedIn', mode: real ? mode : 'trymode', username: 'p', accountType: real ? 0 : 1, real, mustChangePassword: false })
const logout: LobbyEvent = { type: 'session.loggedOut', reason: 'logout' }
const refresh = (query: string): LobbyEvent => ({ type: 'query.refreshRequested', query })

const playerQuery: QueryConfig<typeof vipInfo, number, LobbyEventType> = {
  id: 'q',
  call: vipInfo,
  audience: 'real',
  fetchOn: {
    'session.loggedIn': { when: (e: { mode: string }) => e.mode === 'normal' },
    'postlogin.bound': { payload: () => ({}) },
  } as never,
  payload: {},
  retryOn: ['socket.opened'],
  forgetOn: ['session.expiredAcknowledged'],
  select: (d, previous) => d.level + (previous ?? 0) * 0,
}

const siteQuery: QueryConfig<typeof vipInfo, number, LobbyEventType> = {
  id: 's',
  call: vipInfo,
  audience: 'anyone',
  fetchOn: { 'games.prizePoolOpened': true, 'session.loggedOut': true } as never,
  payload: {},
  select: (d) => d.level,
}

const run = (config: QueryConfig<typeof vipInfo, number, LobbyEventType>, extra: (c: Snap['context']) => LobbyEvent[]) => {
  const machine = createQueryMachine(config)
  type S = SnapshotFrom<typeof machine>
  const events = (s: S): LobbyEvent[] => {
    const c = s.context
    // Every event that may fetch is offered while fewer than three requests were made, so the
    // model stays finite; answers, a guest's sign-in and the others always.
    const out: LobbyEvent[] = [login(false), refresh('other')]
    if (c.requestCount < 3) out.push(logout, login(true), login(true, 'sms'), refresh(config.id), ...extra(c))
    if (c.pendingId !== null) {
      out.push({ type: 'hall.responded', requestId: c.pendingId, call: vipInfo.name, data: INFO })
      out.push({ type: 'hall.failed', requestId: c.pendingId, call: vipInfo.name, error: { _tag: 'Network', message: 'offline' } })
    }
    if (c.requestCount >= 2) out.push({ type: 'hall.responded', requestId: `${config.id}-1`, call: vipInfo.name, data: { ...INFO, level: 7 } })
    return out
  }
  return modelHarness({
    name: `query (${config.audience})`,
    machine,
    events: events,
    serializeState: (s) => {
      const c = s.context
      return JSON.stringify([s.value, c.requestCount, c.real, c.signedIn, c.pendingId, c.data, c.error === null])
    },
    check: ({ real, emitted }) => {
      const c = real.context
      for (const e of emitted.filter((x) => x.type === 'hall.requested')) {
        // One request awaited: the one just asked, for someone the query serves.
        expect(e['requestId']).toBe(c.pendingId)
        expect(e['call']).toBe(vipInfo.name)
        if (config.audience === 'real') expect(c.real).toBe(true)
      }
      // Never the older answer; nothing kept for those a player's query does not serve.
      expect(c.data).not.toBe(7)
      if (config.audience === 'real' && !c.real) expect([c.data, c.pendingId]).toEqual([null, null])
      expect(real.value === 'loading').toBe(c.pendingId !== null)
    },
  })
}
type Snap = SnapshotFrom<ReturnType<typeof createQueryMachine>>

describe('query factory model', () => {
  it("a real players' query covers every state, transition and branch", () => {
    const report = run(playerQuery, () => [
      { type: 'postlogin.bound', item: 'phone' },
      { type: 'socket.opened', connection: 1 },
      { type: 'session.expiredAcknowledged' },
    ]).run()
    expect(report.states.uncovered).toEqual([])
    expect(report.transitions.uncovered).toEqual([])
    expect(report.branches.uncovered).toEqual([])
  })

  it('a site query covers every state, transition and branch', () => {
    const report = run(siteQuery, () => [{ type: 'games.prizePoolOpened' }]).run()
    expect(report.states.uncovered).toEqual([])
    expect(report.transitions.uncovered).toEqual([])
    expect(report.branches.uncovered).toEqual([])
  })

  it('keeps what it showed through a failure and a refresh, and takes only the newest answer', () => {
    const h = run(playerQuery, () => [])
    const { real } = h.runEvents([
      login(true),
      { type: 'hall.responded', requestId: 'q-1', call: vipInfo.name, data: INFO },
      { type: 'postlogin.bound', item: 'phone' },
      { type: 'hall.failed', requestId: 'q-2', call: vipInfo.name, error: { _tag: 'Timeout', ms: 60_000 } },
      { type: 'socket.opened', connection: 2 },
      refresh('q'),
      { type: 'hall.responded', requestId: 'q-3', call: vipInfo.name, data: { ...INFO, level: 7 } },
    ] as never)
    expect([real.value, real.context.data, real.context.pendingId]).toEqual(['loading', 1, 'q-4'])
  })
})
