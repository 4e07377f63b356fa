import { describe, expect, it } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import { createCommandMachine, type CommandConfig } from '../../../actors/kit'
import type { LobbyEvent } from '../../../schemas/events'
import type { HallError } from '../../../schemas/hall/errors'
import { vipInfo } from '../../../schemas/hall/calls/vip'
import { modelHarness } from '../harness'

/**
 * The command factory on every path the sample events generate: valid and invalid submissions,
 * a double submission, answers and every kind of failure (a code the form shows, a code that
 * shows the modal, a silent code, a network failure), the first-error-only rule, a reset, and
 * sign-in and sign-out. Every form of every domain inherits this.
 */
// A call that declares one code the form shows (its name, as the kit handles codes by name).
const CALL = { ...vipInfo, codes: { codeWrong: 1101 } as const }
const config: CommandConfig<typeof CALL, string> = {
  id: 'cmd',
  call: CALL,
  audience: 'real',
  validate: (p) => ((p as { amount?: number }).amount ?? 0) > 0 ? null : 'amountInvalid',
  select: (d) => d.levelName,
  announce: (r) => [{ type: 'toast.shown', message: r } as unknown as LobbyEvent],
  codes: { codeWrong: 'codeWrong' },
  firstErrorOnly: true,
}
const machine = createCommandMachine(config)
type Snap = SnapshotFrom<typeof machine>

const login = (real: boolean): LobbyEvent =>
  ({ type: 'session.loggedIn', mode: real ? 'normal' : 'trymode', username: 'p', accountType: real ? 0 : 1, real, mustChangePassword: false })
const submit = (amount: number, command = 'cmd'): LobbyEvent => ({ type: 'command.submitted', command, payload: { amount } })
const fail = (id: string, error: HallError): LobbyEvent => ({ type: 'hall.failed', requestId: id, call: CALL.name, error })
const INFO = { level: 1, levelName: 'done', nextLevel: 2, depositAmount: '0', depositNeed: '1', betAmount: '0', betNeed: '1' }

const events = (s: Snap): LobbyEvent[] => {
  const c = s.context
  const out: LobbyEvent[] = [login(false), { type: 'command.reset', command: 'cmd' }, { type: 'command.reset', command: 'other' }, submit(5, 'other')]
  if (c.requestCount < 3) out.push(login(true), { type: 'session.loggedOut', reason: 'logout' }, submit(5), submit(0))
  if (c.pendingId !== null) {
    out.push({ type: 'hall.responded', requestId: c.pendingId, call: CALL.name, data: INFO })
    out.push(fail(c.pendingId, { _tag: 'ServiceCode', code: 1101, msg: 'wrong code' }))
    out.push(fail(c.pendingId, { _tag: 'ServiceCode', code: 5000, msg: 'refused' }))
    out.push(fail(c.pendingId, { _tag: 'ServiceCode', code: -1, msg: 'expired' }))
    out.push(fail(c.pendingId, { _tag: 'Network', message: 'offline' }))
  }
  return out
}

const harness = modelHarness({
  name: 'command',
  machine,
  events: events,
  serializeState: (s) => {
    const c = s.context
    return JSON.stringify([s.value, c.requestCount, c.real, c.pendingId, c.result, c.error?._tag ?? null, c.formError, c.reported])
  },
  check: ({ real, emitted, event }) => {
    const c = real.context
    const asked = emitted.filter((e) => e.type === 'hall.requested')
    for (const e of asked) {
      // Only a real player's valid submission reaches the hall, once.
      expect(c.real).toBe(true)
      expect((e['payload'] as { amount: number }).amount).toBeGreaterThan(0)
      expect(e['requestId']).toBe(c.pendingId)
    }
    const modals = emitted.filter((e) => e.type === 'errors.reported')
    expect(modals.length).toBeLessThanOrEqual(1)
    if (modals.length === 1) {
      // Never for a code the form shows or a silent one.
      const error = (event as { error?: HallError } | null)?.error
      expect(error?._tag === 'ServiceCode' && [1101, -1].includes(error.code)).toBe(false)
    }
    expect(real.value === 'submitting').toBe(c.pendingId !== null)
  },
})

describe('command factory model', () => {
  it('covers every state, transition and branch', () => {
    const report = harness.run()
    expect(report.states.uncovered).toEqual([])
    expect(report.transitions.uncovered).toEqual([])
    expect(report.branches.uncovered).toEqual([])
  })

  it('a double submission asks once; an invalid one asks nothing and says why', () => {
    const { real, emitted } = harness.runEvents([login(true), submit(0), submit(5), submit(5)] as never)
    expect(emitted.filter((e) => e.type === 'hall.requested')).toHaveLength(1)
    expect(real.value).toBe('submitting')
    const refused = harness.runEvents([login(true), submit(0)] as never)
    expect([refused.real.value, refused.real.context.formError, refused.emitted]).toEqual(['failed', 'amountInvalid', []])
  })

  it('shows only the first error in a modal until the form starts over', () => {
    const { emitted } = harness.runEvents([
      login(true), submit(5), fail('cmd-1', { _tag: 'ServiceCode', code: 5000, msg: 'refused' }),
      submit(5), fail('cmd-2', { _tag: 'Timeout', ms: 60_000 }),
      { type: 'command.reset', command: 'cmd' }, submit(5), fail('cmd-3', { _tag: 'Network', message: 'offline' }),
    ] as never)
    expect(emitted.filter((e) => e.type === 'errors.reported')).toEqual([
      { type: 'errors.reported', message: 'refused', translate: false, code: 5000 },
      { type: 'errors.reported', message: 'network', translate: true, code: null },
    ])
  })
})
