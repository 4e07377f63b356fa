import { describe, expect, it } from 'vitest'
import type { LobbyEvent } from '../../../schemas/events'
import { Bus, type BusRecord } from '../../../src/bus/bus'
import { startTabsRunner, type TabsPort } from '../../../src/effects/tabs'

/** Tabs of one browser: what one posts, the others hear (never itself), as a BroadcastChannel does. */
const browser = () => {
  const tabs = new Set<{ hear: (m: unknown) => void }>()
  const open = (): TabsPort & { closed: boolean } => {
    let listener: ((m: unknown) => void) | null = null
    const me = { hear: (m: unknown) => listener?.(m) }
    tabs.add(me)
    const port = {
      closed: false,
      post: (m: unknown) => {
        for (const t of tabs) if (t !== me) t.hear(structuredClone(m))
      },
      listen: (fn: (m: unknown) => void) => {
        listener = fn
        return () => (listener = null)
      },
      close: () => {
        port.closed = true
        tabs.delete(me)
      },
    }
    return port
  }
  return { open }
}

/** A bus without actors: the test plays the session actor's notices itself. */
const tab = (port: TabsPort) => {
  const bus = new Bus({ now: () => 0, onInvalid: 'throw' })
  const records: BusRecord[] = []
  bus.records$.subscribe((r) => records.push(r))
  const stop = startTabsRunner(bus, port)
  const notice = (e: LobbyEvent) => bus.publish(e, 'actor', 'session')
  const facts = () => records.filter((r) => r.source === 'tabs').map((r) => r.event)
  return { notice, facts, stop }
}

const loggedIn = (username: string): LobbyEvent => ({ type: 'session.loggedIn', mode: 'normal', username, accountType: 0, real: true, mustChangePassword: false })

describe('tabs runner', () => {
  it('tells the other tabs when this one logged out, with the player that was signed in', () => {
    const b = browser()
    const one = tab(b.open())
    const two = tab(b.open())
    const three = tab(b.open())

    one.notice(loggedIn('player01'))
    one.notice({ type: 'session.loggedOut', reason: 'logout' })

    expect(two.facts()).toEqual([{ type: 'session.signedOutElsewhere', username: 'player01' }])
    expect(three.facts()).toEqual([{ type: 'session.signedOutElsewhere', username: 'player01' }])
    expect(one.facts()).toEqual([])
  })

  it('says nothing of a token expiry, nor of a logout with nobody signed in', () => {
    const b = browser()
    const one = tab(b.open())
    const two = tab(b.open())

    one.notice(loggedIn('player01'))
    one.notice({ type: 'session.loggedOut', reason: 'expired' })
    one.notice({ type: 'session.loggedOut', reason: 'logout' })

    expect(two.facts()).toEqual([])
  })

  it('ignores messages that are not a logout, and stops hearing and closes its channel when stopped', () => {
    const b = browser()
    const port = b.open()
    const one = tab(port)
    const other = b.open()

    other.post({ kind: 'hello' })
    other.post({ kind: 'signedOut', username: 42 })
    other.post(null)
    expect(one.facts()).toEqual([])

    one.stop()
    other.post({ kind: 'signedOut', username: 'player01' })
    expect(one.facts()).toEqual([])
    expect(port.closed).toBe(true)
  })

  it('does nothing without a channel (a browser without BroadcastChannel)', () => {
    const bus = new Bus({ now: () => 0, onInvalid: 'throw' })
    const stop = startTabsRunner(bus, null)
    expect(() => bus.publish(loggedIn('player01'), 'actor', 'session')).not.toThrow()
    stop()
  })
})
