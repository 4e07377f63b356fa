import { describe, expect, it } from 'vitest'
import { SERVICE_DELAYS, selectServiceDue } from '../../../../actors/service'
import { lobby } from '../session/support'

/**
 * The customer-service delay (spec §constants: 500 ms; issue 45): an agent the service page chose
 * to open by itself (questionListDisplay 1, or the menu's ?agent=) is due 500 ms of the actor
 * clock later, a clock fact in the log; a second choice during the wait takes its place.
 */
const due = (l: ReturnType<typeof lobby>) => selectServiceDue(l.host.actor('serviceopen')!.getSnapshot() as never)

describe('the serviceopen actor', () => {
  it('makes the chosen agent due after 500 ms of the actor clock, once', () => {
    const l = lobby()
    expect(SERVICE_DELAYS.open).toBe(500)
    expect(due(l)).toBeNull()
    l.intent({ type: 'service.agentChosen', index: 0 })
    l.timers.advance(499)
    expect(due(l)).toBeNull()
    l.timers.advance(1)
    expect(due(l)).toEqual({ index: 0, n: 1 })
    expect(l.records.filter((r) => r.event.type === 'clock.fired' && r.states?.['serviceopen'] === 'idle')).toHaveLength(1)
    l.timers.advance(5_000)
    expect(due(l)).toEqual({ index: 0, n: 1 })
  })

  it('a second choice during the wait takes the first one’s place and waits anew', () => {
    const l = lobby()
    l.intent({ type: 'service.agentChosen', index: 0 })
    l.timers.advance(300)
    l.intent({ type: 'service.agentChosen', index: 2 })
    l.timers.advance(300)
    expect(due(l)).toBeNull()
    l.timers.advance(200)
    expect(due(l)).toEqual({ index: 2, n: 1 })
    l.intent({ type: 'service.agentChosen', index: 1 })
    l.timers.advance(500)
    expect(due(l)).toEqual({ index: 1, n: 2 })
  })
})
