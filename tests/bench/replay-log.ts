import type { LogHeader, LogRecord } from '../../schemas/log'
import { Bus } from '../../src/bus/bus'
import { BusClock } from '../../src/bus/clock'
import { ActorHost } from '../../src/bus/host'
import { toLogRecord } from '../../src/bus/recorder'
import { createActor } from 'xstate'
import { actorSpecs, type ActorSpec } from '../../actors'
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

/** Hall answers are addressed to the actor that asked (src/bus/host.ts): its id is the request id's first part. */
const ANSWERS: ReadonlySet<string> = new Set(['hall.responded', 'hall.failed'])

/** Per event type, the actors that take it, in start order (the host's routing by `consumes`). */
const routesOf = (specs: ReadonlyArray<ActorSpec>) => {
  const routes = new Map<string, string[]>()
  for (const spec of specs) for (const type of spec.consumes) routes.set(type, [...(routes.get(type) ?? []), spec.id])
  const hears = new Map(specs.map((s) => [s.id, new Set<string>(s.hears ?? [])]))
  return (event: { readonly type: string; readonly requestId?: unknown }): ReadonlyArray<string> => {
    const takers = routes.get(event.type) ?? []
    if (!ANSWERS.has(event.type)) return takers
    const asker = String(event.requestId).split('-')[0]
    return takers.filter((id) => id === asker || hears.get(id)?.has(event.type) === true)
  }
}

/**
 * The bare actors: the same actors stepped with the same events as a replay of `log` sends them
 * (every record, notices included, to the actors that consume its type; a `clock.fired` fires its
 * delay), with no bus, no decoding, no comparison and nothing done with what they emit. Every
 * actor starts before the first record (the synthetic log has no late domain). `onSend` (the
 * per-actor profile) is called around each step; without it nothing is measured but the whole.
 */
export const stepBare = (
  log: { readonly records: ReadonlyArray<LogRecord> },
  specs: ReadonlyArray<ActorSpec> = actorSpecs,
  onSend?: (actor: string, ms: number, changed: boolean) => void,
): void => {
  const clock = new BusClock(null)
  const refs = new Map(specs.map((s) => [s.id, createActor(s.machine, { clock, id: s.id })] as const))
  for (const ref of refs.values()) ref.start()
  const recipients = routesOf(specs)
  for (const record of log.records) {
    const event = record.event as { readonly type: string; readonly timer?: number }
    if (event.type === 'clock.fired') clock.fire(event.timer!)
    for (const id of recipients(event)) {
      const ref = refs.get(id)!
      if (onSend === undefined) {
        ref.send(event)
        continue
      }
      const before = ref.getSnapshot()
      const t0 = performance.now()
      ref.send(event)
      onSend(id, performance.now() - t0, ref.getSnapshot() !== before)
    }
  }
  for (const ref of refs.values()) ref.stop()
}

/** Per actor: the events a replay of `log` sends it, the steps that changed its snapshot, and the ms its steps took. */
export interface ActorSteps {
  readonly actor: string
  readonly events: number
  readonly changed: number
  readonly ms: number
}

/** The per-actor profile of a log (the bare steps, each timed), the costliest actor first. */
export const actorProfile = (log: { readonly records: ReadonlyArray<LogRecord> }, specs: ReadonlyArray<ActorSpec> = actorSpecs): ActorSteps[] => {
  const by = new Map<string, { events: number; changed: number; ms: number }>()
  stepBare(log, specs, (actor, ms, changed) => {
    const s = by.get(actor) ?? { events: 0, changed: 0, ms: 0 }
    s.events++
    s.ms += ms
    if (changed) s.changed++
    by.set(actor, s)
  })
  return [...by].map(([actor, s]) => ({ actor, ...s })).sort((a, b) => b.ms - a.ms)
}
