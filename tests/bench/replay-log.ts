import type { LogHeader, LogRecord } from '../../schemas/log'
import { Bus } from '../../src/bus/bus'
import { BusClock } from '../../src/bus/clock'
import { ActorHost } from '../../src/bus/host'
import { toLogRecord } from '../../src/bus/recorder'
import { actorSpecs } from '../../actors'
import type { LobbyEvent } from '../../schemas/events'

/**
 * A synthetic but real log of `size` records: produced by the real bus and actors from a page
 * that boots, fails, retries and flips visibility, so replaying it exercises the same paths.
 */
export const syntheticLog = (size: number): { header: LogHeader; records: LogRecord[] } => {
  let now = 1_700_000_000_000
  const bus = new Bus({ now: () => now, onInvalid: 'throw' })
  const host = new ActorHost(bus, actorSpecs, new BusClock(null))
  const records: LogRecord[] = []
  bus.records$.subscribe((r) => records.push(toLogRecord('bench', r)))
  host.start()
  const site = { siteCode: '001', configApiBaseUrl: 'http://127.0.0.1:8080/hall', siteKey: 'k', languageCode: 'en_US', healthy: false }
  const fact = (e: LobbyEvent) => {
    now += 7
    bus.publish(e, 'runner')
  }
  fact({ type: 'app.started', appVersion: 'bench', site, storedLanguage: null, device: 'desktop', viewport: { width: 1440, height: 900 }, url: 'http://127.0.0.1:8080/' })
  let n = 1
  while (records.length < size) {
    fact({ type: 'hall.failed', requestId: `site-${n}`, call: 'getSiteInfo', error: { _tag: 'Network', message: 'connection refused by the bench' } })
    for (let i = 0; i < 6; i++) fact({ type: 'dom.visibilityChanged', visible: i % 2 === 0 })
    now += 7
    bus.publish({ type: 'app.retryRequested' }, 'view')
    n++
  }
  host.stop()
  const header: LogHeader = { format: 'lobby-log', formatVersion: 1, appVersion: 'bench', session: 'bench', siteCode: '001', language: 'en_US', viewport: { width: 1440, height: 900 }, startedAt: 1_700_000_000_000 }
  return { header, records: records.slice(0, size) }
}
