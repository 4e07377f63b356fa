import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { answers, forgetAll, isAwaiting, noRequests, purposeOf, request, settle, type Requests } from '../../../../actors/kit/requests'
import { getSysInfo } from '../../../../schemas/hall/calls/site'

type P = 'a' | 'b' | 'c'
const PURPOSES: ReadonlyArray<P> = ['a', 'b', 'c']
const answer = (requestId: string) => ({ type: 'hall.responded', requestId, call: getSysInfo.name, data: {} })

/** What an actor may do with its bookkeeping. */
type Step = { readonly ask: P | null } | { readonly settle: P } | { readonly forget: true }
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ ask: fc.constantFrom<P | null>('a', 'b', 'c', null) }),
  fc.record({ settle: fc.constantFrom<P>('a', 'b', 'c') }),
  fc.constant({ forget: true as const }),
)

const run = (steps: ReadonlyArray<Step>): { requests: Requests<P>; asked: string[] } => {
  let requests: Requests<P> = noRequests
  const asked: string[] = []
  for (const s of steps) {
    if ('ask' in s) {
      const r = request('t', requests, s.ask, getSysInfo, {})
      expect(r.notice).toEqual({ type: 'hall.requested', requestId: r.requestId, call: 'getSysInfo', payload: {} })
      asked.push(r.requestId)
      requests = r.requests
    } else if ('settle' in s) requests = settle(requests, s.settle)
    else requests = forgetAll(requests)
  }
  return { requests, asked }
}

describe('the kit request bookkeeping', () => {
  it('numbers requests <actorId>-<n>; the newest request of a purpose is the one awaited; settling and forgetting keep the counter', () => {
    const { requests, asked } = run([{ ask: 'a' }, { ask: 'b' }, { ask: 'a' }, { ask: null }, { settle: 'b' }])
    expect(asked).toEqual(['t-1', 't-2', 't-3', 't-4'])
    expect(requests).toEqual({ count: 4, awaiting: { a: 't-3' } })
    expect([isAwaiting(requests, 'a'), isAwaiting(requests, 'b')]).toEqual([true, false])
    expect([answers(requests, 'a', answer('t-1')), answers(requests, 'a', answer('t-3')), answers(requests, 'b', answer('t-3'))]).toEqual([false, true, false])
    expect(answers(requests, 'a', { type: 'hall.requested', requestId: 't-3' })).toBe(false)
    expect(forgetAll(requests)).toEqual({ count: 4, awaiting: {} })
  })

  it('an answer settles a purpose exactly when it is that purpose\'s awaited request, whatever was asked before', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), fc.nat(14), (steps, n) => {
        const { requests } = run(steps)
        const e = answer(`t-${n}`)
        for (const p of PURPOSES) expect(answers(requests, p, e)).toBe(purposeOf(requests, e) === p)
        // Each awaited id is awaited under one purpose only.
        const ids = Object.values(requests.awaiting)
        expect(new Set(ids).size).toBe(ids.length)
      }),
    )
  })
})
