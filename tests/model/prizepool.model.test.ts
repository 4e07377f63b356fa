import { describe, expect, it } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import { PRIZE_CALLS, WINNER_PAGE, prizePoolMachine, selectPrizeAmount, selectPrizeWinners, type PrizePoolEvent } from '../../actors/prizepool'
import { modelHarness } from './harness'

/**
 * The prize-pool actor on every path the sample events generate: opening asks for the win amount
 * and the winner list (size 200, current 1); it shows once both have answered, each answer or
 * failure in either order; a reopening asks again and ignores the older answers.
 */
type Snap = SnapshotFrom<typeof prizePoolMachine>
const WINNER = { username: 'pl***037', gameName: 'Crazy Gems 1', amount: '129.19' }

const events = (s: Snap): PrizePoolEvent[] => {
  const c = s.context
  const out: PrizePoolEvent[] = []
  if (c.requestCount < 4) out.push({ type: 'games.prizePoolOpened' })
  if (c.amountRequest !== null) {
    out.push({ type: 'hall.responded', requestId: c.amountRequest, call: PRIZE_CALLS.amount, data: { amount: '128888.88' } })
    out.push({ type: 'hall.responded', requestId: c.amountRequest, call: PRIZE_CALLS.amount, data: null })
    out.push({ type: 'hall.failed', requestId: c.amountRequest, call: PRIZE_CALLS.amount, error: { _tag: 'Network', message: 'offline' } as never })
  }
  if (c.winnersRequest !== null) {
    out.push({ type: 'hall.responded', requestId: c.winnersRequest, call: PRIZE_CALLS.winners, data: { records: [WINNER, { bad: 1 }], total: 240 } })
    out.push({ type: 'hall.responded', requestId: c.winnersRequest, call: PRIZE_CALLS.winners, data: {} })
    out.push({ type: 'hall.failed', requestId: c.winnersRequest, call: PRIZE_CALLS.winners, error: { _tag: 'ServiceCode', code: 9999, msg: 'x' } })
  }
  // An answer to an older opening.
  if (c.requestCount >= 4) out.push({ type: 'hall.responded', requestId: 'prizepool-1', call: PRIZE_CALLS.amount, data: { amount: '1.00' } })
  return out
}

describe('prize pool model', () => {
  const harness = modelHarness({
    name: 'prizepool',
    machine: prizePoolMachine,
    model: prizePoolMachine,
    events: events as never,
    serializeState: (s) => {
      const c = (s as Snap).context
      return JSON.stringify([s.value, c.requestCount, c.amountRequest, c.winnersRequest, c.amount, c.winners.length, c.total, c.failed])
    },
    check: ({ real, emitted }) => {
      // Every opening asks for both calls, the winner list as size 200, current 1.
      const asked = emitted.filter((e) => e.type === 'hall.requested')
      if (asked.length > 0) {
        expect(asked.map((e) => [e['call'], e['payload']])).toEqual([[PRIZE_CALLS.amount, {}], [PRIZE_CALLS.winners, { size: 200, current: 1 }]])
        expect(real.value).toBe('loading')
      }
      // Shown exactly when nothing is in flight after an opening.
      if (real.value === 'shown') expect([real.context.amountRequest, real.context.winnersRequest]).toEqual([null, null])
      if (real.value === 'loading') expect(real.context.amountRequest !== null || real.context.winnersRequest !== null).toBe(true)
      expect(real.context.winners.length).toBeLessThanOrEqual(WINNER_PAGE.size)
    },
  })

  it('covers every state, transition and branch', () => {
    const report = harness.run()
    expect(report.states.uncovered).toEqual([])
    expect(report.transitions.uncovered).toEqual([])
    expect(report.branches.uncovered).toEqual([])
  })

  it('shows the win amount and the valid winners once both answers are in; an older answer is ignored', () => {
    const { real } = harness.runEvents([
      { type: 'games.prizePoolOpened' },
      { type: 'games.prizePoolOpened' },
      { type: 'hall.responded', requestId: 'prizepool-1', call: PRIZE_CALLS.amount, data: { amount: '1.00' } },
      { type: 'hall.responded', requestId: 'prizepool-4', call: PRIZE_CALLS.winners, data: { records: [WINNER, { bad: 1 }], total: 240 } },
      { type: 'hall.responded', requestId: 'prizepool-3', call: PRIZE_CALLS.amount, data: { amount: '128888.88' } },
    ] as never)
    expect(real.value).toBe('shown')
    expect(selectPrizeAmount(real)).toBe('128888.88')
    expect(selectPrizeWinners(real)).toEqual([WINNER])
    expect(real.context.total).toBe(240)
    expect(real.context.failed).toBe(false)
  })
})
