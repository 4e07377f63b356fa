import { describe, expect, it } from 'vitest'
import { navActor } from '../../../actors/nav'
import { siteActor } from '../../../actors/site'
import type { LobbyEvent } from '../../../schemas/events'
import { Bus, type BusRecord } from '../../../src/bus/bus'
import { BusClock } from '../../../src/bus/clock'
import { ActorHost } from '../../../src/bus/host'
import { startHistoryRunner, type HistoryPort } from '../../../src/effects/history'
import { appStarted } from '../../support/site-fixtures'

/** A browser history in memory: a stack of URLs, a scroll position, pops on demand. */
const fakeHistory = (start: string) => {
  const stack = [start]
  let at = 0
  let y = 0
  let pop: (() => void) | null = null
  const deferred: Array<() => void> = []
  const rendered: Array<() => void> = []
  const split = (url: string) => ({ path: url.split('?')[0]!, search: url.includes('?') ? `?${url.split('?')[1]}` : '' })
  const port: HistoryPort = {
    location: () => split(stack[at]!),
    push: (url) => {
      stack.splice(at + 1, stack.length, url)
      at++
    },
    replace: (url) => void (stack[at] = url),
    onPop: (l) => {
      pop = l
      return () => (pop = null)
    },
    scrollY: () => y,
    scrollTo: (to) => void (y = to),
    afterRender: (fn) => void rendered.push(fn),
    defer: (fn) => void deferred.push(fn),
  }
  return {
    port,
    stack,
    get at() {
      return at
    },
    scroll: (to: number) => void (y = to),
    get y() {
      return y
    },
    back: () => {
      at--
      pop?.()
    },
    forward: () => {
      at++
      pop?.()
    },
    settle: () => {
      for (const f of deferred.splice(0)) f()
      for (const f of rendered.splice(0)) f()
    },
  }
}

const system = (url: string) => {
  const history = fakeHistory(url)
  const bus = new Bus({ now: () => 0, onInvalid: 'throw' })
  const host = new ActorHost(bus, [siteActor, navActor], new BusClock(null))
  const records: BusRecord[] = []
  bus.records$.subscribe((r) => records.push(r))
  host.start()
  startHistoryRunner(bus, history.port)
  bus.publish(appStarted({ url: `http://127.0.0.1:8080${url}` }), 'runner')
  history.settle()
  const ready: LobbyEvent = { type: 'site.ready', siteCode: '001', language: 'en_US', currency: 'USD', languages: [], currencies: [], systemToken: '', autoVisitorLogin: true, device: 'desktop' }
  bus.publish(ready, 'actor', 'site')
  return { bus, host, history, records, facts: () => records.filter((r) => r.event.type === 'nav.locationChanged').map((r) => r.event) }
}

describe('history runner', () => {
  it('applies the entry redirect, then reports the location the player sees', () => {
    const s = system('/?aid=1')
    expect(s.history.stack).toEqual(['/home/game?aid=1'])
    expect(s.facts()).toEqual([{ type: 'nav.locationChanged', path: '/home/game', search: '?aid=1' }])
    // The report equals the actor's location: nothing more is announced.
    expect(s.records.filter((r) => r.event.type === 'nav.navigated')).toHaveLength(1)
  })

  it('pushes a request, replaces when asked, and does nothing when the address bar already shows it', () => {
    const s = system('/home/game')
    s.bus.publish({ type: 'session.authPromptNeeded', mode: 'login' }, 'actor', 'session')
    s.bus.publish({ type: 'nav.requested', name: 'about' }, 'view')
    s.bus.publish({ type: 'nav.requested', name: 'feedback', replace: true }, 'view')
    expect(s.history.stack).toEqual(['/home/game', '/home/feedback'])
    s.bus.publish({ type: 'nav.requested', name: 'feedback' }, 'view')
    expect(s.history.stack).toEqual(['/home/game', '/home/feedback'])
  })

  it('reports back and forward, and restores the scroll position of each path', () => {
    const s = system('/home/game')
    s.history.scroll(640)
    s.bus.publish({ type: 'nav.requested', name: 'about' }, 'view')
    s.history.settle()
    expect(s.history.y).toBe(0)
    s.history.scroll(120)
    s.history.back()
    s.history.settle()
    expect(s.facts().at(-1)).toEqual({ type: 'nav.locationChanged', path: '/home/game', search: '' })
    expect(s.host.actor('nav')!.getSnapshot().context.location.name).toBe('game')
    expect(s.history.y).toBe(640)
    s.history.forward()
    s.history.settle()
    expect(s.host.actor('nav')!.getSnapshot().context.location.name).toBe('about')
    expect(s.history.y).toBe(120)
  })
})
