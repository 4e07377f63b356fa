import { describe, expect, it } from 'vitest'
import { languageActor } from '../../../actors/session'
import { siteActor } from '../../../actors/site'
import type { LobbyEvent } from '../../../schemas/events'
import { Bus, InvalidEventError, type BusRecord } from '../../../src/bus/bus'
import { BusClock } from '../../../src/bus/clock'
import { ActorHost } from '../../../src/bus/host'
import { appStarted, failed, responded, siteInfo } from '../../support/site-fixtures'

const system = () => {
  let now = 1_000
  const bus = new Bus({ now: () => now++, onInvalid: 'throw' })
  // The site actor alone: these tests are about the bus and the host, with site initialisation as the example.
  const host = new ActorHost(bus, [siteActor], new BusClock(null))
  const records: BusRecord[] = []
  bus.records$.subscribe((r) => records.push(r))
  host.start()
  const requests = () =>
    records.filter((r) => r.event.type === 'hall.requested').map((r) => r.event as Extract<LobbyEvent, { type: 'hall.requested' }>)
  return { bus, host, records, requests }
}

describe('bus', () => {
  it('refuses an event type that is not in the catalogue', () => {
    const { bus } = system()
    expect(() => bus.publish({ type: 'nope.nothing' } as unknown as LobbyEvent, 'runner')).toThrow(InvalidEventError)
  })

  it('refuses an event that does not decode against its schema', () => {
    const { bus } = system()
    expect(() => bus.publish({ type: 'dom.visibilityChanged', visible: 'yes' } as unknown as LobbyEvent, 'runner')).toThrow(
      /does not decode/,
    )
  })

  it('refuses a fact published by a view and an intent published by a runner', () => {
    const { bus } = system()
    expect(() => bus.publish({ type: 'dom.visibilityChanged', visible: true }, 'view')).toThrow(/cannot be published by a view/)
    expect(() => bus.publish({ type: 'app.retryRequested' }, 'runner')).toThrow(/cannot be published by a runner/)
  })

  it('in report mode drops an invalid event and reports it instead of throwing', () => {
    const bus = new Bus({ now: () => 0, onInvalid: 'report' })
    const reported: string[] = []
    bus.invalid$.subscribe((e) => reported.push(e.eventType))
    bus.publish({ type: 'nope' } as unknown as LobbyEvent, 'runner')
    expect(reported).toEqual(['nope'])
    expect(bus.lastSeq).toBe(0)
  })

  it('processes run-to-completion: notices follow their cause, seq strictly increases', () => {
    const { bus, records } = system()
    bus.publish(appStarted(), 'runner')
    expect(records.map((r) => [r.seq, r.kind, r.event.type, r.cause, r.source])).toEqual([
      [1, 'fact', 'app.started', undefined, undefined],
      [2, 'notice', 'hall.requested', 1, 'site'],
    ])
    expect(records[0]!.states).toEqual({ site: 'siteInfo' })
  })
})

describe('site actor on the bus', () => {
  it('asks for site info, system info and the IP check in order, then announces ready', () => {
    const { bus, requests, records, host } = system()
    bus.publish(appStarted({ storedLanguage: 'zh_CN' }), 'runner')
    bus.publish(responded('site-1', 'getSiteInfo', siteInfo()), 'runner')
    bus.publish(responded('site-2', 'getSysInfo', { recommendCurrency: 'USDT', token: 'sys-1', auto_visitor_login_web: 'open', auto_visitor_login_h5: 'close' }), 'runner')
    bus.publish(responded('site-3', 'ipCheck', { areaStatus: true, siteMaintenanceStatus: false }), 'runner')
    expect(requests().map((r) => [r.requestId, r.call])).toEqual([
      ['site-1', 'getSiteInfo'],
      ['site-2', 'getSysInfo'],
      ['site-3', 'ipCheck'],
    ])
    expect(records.at(-1)!.event).toEqual({
      type: 'site.ready',
      siteCode: '001',
      language: 'zh_CN',
      currency: 'USDT',
      languages: ['en_US', 'zh_CN'],
      currencies: ['USD', 'USDT'],
      systemToken: 'sys-1',
      autoVisitorLogin: true,
      device: 'desktop',
    })
    expect(host.actor('site')!.getSnapshot().value).toBe('ready')
  })

  it('ignores an answer to a request it is not waiting for', () => {
    const { bus, host } = system()
    bus.publish(appStarted(), 'runner')
    bus.publish(responded('site-9', 'getSiteInfo', siteInfo()), 'runner')
    expect(host.actor('site')!.getSnapshot().value).toBe('siteInfo')
  })

  it.each([
    [{ maintainStatus: 4 }, undefined, '/pages/500'],
    [{ maintainStatus: 5 }, undefined, '/pages/500'],
    [{}, { areaStatus: true, siteMaintenanceStatus: true }, '/pages/503'],
    [{}, { areaStatus: false, siteMaintenanceStatus: false }, '/pages/403'],
  ])('site info %o and ip info %o block on %s', (info, ip, page) => {
    const { bus, records } = system()
    bus.publish(appStarted(), 'runner')
    bus.publish(responded('site-1', 'getSiteInfo', siteInfo(info)), 'runner')
    if (ip !== undefined) {
      bus.publish(responded('site-2', 'getSysInfo', {}), 'runner')
      bus.publish(responded('site-3', 'ipCheck', ip), 'runner')
    }
    expect(records.at(-1)!.event).toMatchObject({ type: 'site.blocked', page })
  })

  it('a site info failure goes to 500 without healthy injected data, and continues with it', () => {
    const a = system()
    a.bus.publish(appStarted(), 'runner')
    a.bus.publish(failed('site-1', 'getSiteInfo'), 'runner')
    expect(a.records.at(-1)!.event).toEqual({ type: 'site.blocked', page: '/pages/500', reason: 'Network' })

    const b = system()
    b.bus.publish(
      appStarted({ site: { siteCode: '001', configApiBaseUrl: 'x', siteKey: 'k', languageCode: 'en_US', healthy: true, injected: { siteInfo: siteInfo() } } }),
      'runner',
    )
    b.bus.publish(failed('site-1', 'getSiteInfo'), 'runner')
    expect(b.requests().at(-1)).toMatchObject({ requestId: 'site-2', call: 'getSysInfo' })
  })

  it('retries from the 500 page on the player\'s request', () => {
    const { bus, requests, host } = system()
    bus.publish(appStarted(), 'runner')
    bus.publish(failed('site-1', 'getSiteInfo'), 'runner')
    bus.publish({ type: 'app.retryRequested' }, 'view')
    expect(requests().at(-1)).toMatchObject({ requestId: 'site-2', call: 'getSiteInfo' })
    expect(host.actor('site')!.getSnapshot().context.blockedBy).toBeNull()
  })

  it('a second start never reuses a request id, so a late answer to the first is ignored', () => {
    const { bus, requests, host } = system()
    bus.publish(appStarted(), 'runner')
    bus.publish(appStarted(), 'runner')
    bus.publish(responded('site-1', 'getSiteInfo', siteInfo()), 'runner')
    expect(requests().map((r) => r.requestId)).toEqual(['site-1', 'site-2'])
    expect(host.actor('site')!.getSnapshot().value).toBe('siteInfo')
  })

  it('names the real cause of a block after a fallback to injected data', () => {
    const { bus, records } = system()
    const injected = { siteInfo: siteInfo(), sysInfo: {} }
    bus.publish(appStarted({ site: { siteCode: '001', configApiBaseUrl: 'x', siteKey: 'k', languageCode: 'en_US', healthy: true, injected } }), 'runner')
    bus.publish(responded('site-1', 'getSiteInfo', siteInfo()), 'runner')
    bus.publish(failed('site-2', 'getSysInfo'), 'runner')
    bus.publish(responded('site-3', 'ipCheck', { areaStatus: false, siteMaintenanceStatus: false }), 'runner')
    expect(records.at(-1)!.event).toEqual({ type: 'site.blocked', page: '/pages/403', reason: 'areaStatus' })
  })

  it('opens in the site\'s own language when nothing offered is stored', () => {
    const { bus, records } = system()
    bus.publish(appStarted({ storedLanguage: 'fr_FR', site: { siteCode: '101', configApiBaseUrl: 'x', siteKey: 'k', languageCode: 'pt_PT', healthy: false } }), 'runner')
    bus.publish(responded('site-1', 'getSiteInfo', siteInfo({ languageInfos: [{ languageCode: 'pt_PT' }, { languageCode: 'en_US' }] })), 'runner')
    bus.publish(responded('site-2', 'getSysInfo', {}), 'runner')
    bus.publish(responded('site-3', 'ipCheck', { areaStatus: true, siteMaintenanceStatus: false }), 'runner')
    expect(records.at(-1)!.event).toMatchObject({ type: 'site.ready', language: 'pt_PT' })
  })
})

describe('host', () => {
  it('notes the state of the actors an event changed: its recipients, and the actor whose delay fired', () => {
    let now = 1_000
    const bus = new Bus({ now: () => now++, onInvalid: 'throw' })
    // Delays come due by hand: the test publishes the clock.fired fact the live clock would.
    const timers: Array<() => void> = []
    const due: number[] = []
    const clock = new BusClock((timer) => due.push(timer), { set: (fn) => timers.push(fn), clear: () => {} })
    const host = new ActorHost(bus, [siteActor, languageActor], clock)
    const records: BusRecord[] = []
    bus.records$.subscribe((r) => records.push(r))
    host.start()
    bus.publish(appStarted(), 'runner')
    bus.publish({
      type: 'site.ready', siteCode: '001', language: 'en_US', currency: 'USD', languages: ['en_US', 'zh_CN'], currencies: ['USD'],
      systemToken: 'sys', autoVisitorLogin: false, device: 'desktop',
    }, 'actor', 'site')
    bus.publish({ type: 'session.languageChosen', language: 'zh_CN' }, 'view')
    const chosen = records.at(-1)!
    expect([chosen.event.type, chosen.states]).toEqual(['session.languageChosen', { language: 'switching' }])
    // An event only the site takes notes nothing of the switching language.
    bus.publish(failed('site-1', 'getSiteInfo'), 'runner')
    expect(records.at(-1)!.states?.['language']).toBeUndefined()
    expect(timers).toHaveLength(1)
    timers[0]!()
    bus.publish({ type: 'clock.fired', timer: due[0]! }, 'runner')
    const fired = records.find((r) => r.event.type === 'clock.fired')!
    expect(fired.states).toEqual({ language: 'idle' })
    expect(records.at(-1)!.event).toEqual({ type: 'session.languageApplied', language: 'zh_CN' })
  })
})
