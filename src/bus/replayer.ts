import { actorSpecs, domains, type ActorSpec } from '../../actors'
import { lazyDomains } from '../../actors/boot'
import { lazyStartsOf } from './domains'
import { holdDomainsForReplay } from './replay-domains'
import type { LobbyEvent } from '../../schemas/events'
import { redactEvent } from '../../schemas/events/redact'
import type { LogRecord } from '../../schemas/log'
import { Bus, type BusRecord } from './bus'
import { BusClock } from './clock'
import { ActorHost, type LazyStarts } from './host'
import type { LogFile } from './ndjson'

/**
 * The replayer: fresh actors with no runners, the clock set to each record's time, intents
 * and facts (actor delays included, as `clock.fired`) injected in order. Notices are regenerated and compared with the log,
 * together with every actor's state value; the first difference is reported with its seq and
 * actor. The same function serves `npm run replay` in Node and the devtools in the browser.
 */

/** Where a replay first differs from its log. */
export interface Divergence {
  readonly seq: number
  readonly actor: string | null
  readonly reason: string
  readonly expected: unknown
  readonly actual: unknown
}

export interface ReplayResult {
  readonly identical: boolean
  readonly records: number
  readonly injected: number
  readonly notices: number
  readonly divergence: Divergence | null
  /** Every actor's state value where the replay stopped. */
  readonly finalStates: Record<string, unknown>
  /** Snapshots (value and context) where the replay stopped, by actor id. */
  readonly snapshots: Record<string, { value: unknown; context: unknown }>
}

export interface ReplayOptions {
  /** Stop after the record with this seq. */
  readonly until?: number
  /**
   * Actors to run (default: every actor of the lobby). Those of a domain the log started after
   * boot (it has `domains.booted` without it) start at that domain's `domain.started` record.
   */
  readonly actors?: ReadonlyArray<ActorSpec>
  /**
   * When the replay has a late domain's code: 'boot' (every domain's code before the first record,
   * the default) or 'start' (handed to the host only at its domain.started record, as a page that
   * imports it then). The replay is the same either way.
   */
  readonly codeAt?: 'boot' | 'start'
  /** Called after each logged record has been replayed and compared. */
  readonly onRecord?: (record: LogRecord, host: ActorHost) => void
}

const stable = (v: unknown): string =>
  JSON.stringify(v, (_k, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : value,
  )

const isPlainObject = (v: object): boolean => {
  const proto: unknown = Object.getPrototypeOf(v)
  return (proto === Object.prototype || proto === null) && typeof (v as { toJSON?: unknown }).toJSON !== 'function'
}

/**
 * Whether two values are surely equal as JSON up to key order, found by walking them instead of
 * writing both out: the same value, or plain objects and arrays of strings, booleans, finite
 * numbers and null that match key by key. Anything else (a class, a function, a non-finite
 * number, an undefined array element) answers false, and the caller falls back to the JSON text:
 * false means "not shown equal", never "different".
 */
const surelySameJson = (a: unknown, b: unknown): boolean => {
  if (a === b) return typeof a !== 'bigint' && (typeof a !== 'number' || Number.isFinite(a))
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (a[i] === undefined || !surelySameJson(a[i], b[i])) return false
    return true
  }
  if (Array.isArray(b) || !isPlainObject(a) || !isPlainObject(b)) return false
  const ra = a as Record<string, unknown>
  const rb = b as Record<string, unknown>
  let defined = 0
  for (const k of Object.keys(ra)) {
    const v = ra[k]
    if (v === undefined) continue
    defined++
    if (!Object.prototype.hasOwnProperty.call(rb, k) || !surelySameJson(v, rb[k])) return false
  }
  for (const k of Object.keys(rb)) if (rb[k] !== undefined) defined--
  return defined === 0
}

/** Equal as JSON: the same text is equal at once; otherwise equal up to key order. */
const sameJson = (a: unknown, b: unknown): boolean => {
  if (surelySameJson(a, b)) return true
  const ja = JSON.stringify(a)
  const jb = JSON.stringify(b)
  return ja === jb || stable(a) === stable(b)
}

const firstStateDifference = (
  expected: Record<string, unknown> | undefined,
  actual: Record<string, unknown> | undefined,
): string | null => {
  if (expected === undefined && actual === undefined) return null
  if (expected !== undefined && actual !== undefined && surelySameJson(expected, actual)) return null
  const keys = new Set([...Object.keys(expected ?? {}), ...Object.keys(actual ?? {})])
  for (const k of [...keys].sort()) if (!sameJson(expected?.[k], actual?.[k])) return k
  return null
}

const compare = (logged: LogRecord | undefined, produced: BusRecord): Divergence | null => {
  if (logged === undefined) {
    return { seq: produced.seq, actor: produced.source ?? null, reason: 'the replay produced an event the log does not have', expected: null, actual: produced.event }
  }
  const actual = redactEvent(produced.event)
  if (logged.seq !== produced.seq || logged.kind !== produced.kind || !sameJson(logged.event, actual)) {
    return {
      seq: logged.seq,
      actor: produced.source ?? logged.source ?? null,
      reason: `expected ${logged.kind} ${logged.event.type}, replay produced ${produced.kind} ${produced.event.type}`,
      expected: logged.event,
      actual,
    }
  }
  const actor = firstStateDifference(logged.states, produced.states)
  if (actor !== null) {
    return {
      seq: logged.seq,
      actor,
      reason: `state of '${actor}' differs`,
      expected: logged.states?.[actor] ?? '(unchanged)',
      actual: produced.states?.[actor] ?? '(unchanged)',
    }
  }
  return null
}

// A replay system (the devtools' frame and cursor) gets every domain's code from here.
holdDomainsForReplay(domains)

/** The domain of each actor of the lobby. */
const domainOfActor: ReadonlyMap<string, string> = new Map(domains.flatMap((d) => d.actors.map((a) => [a.id, d.name] as const)))

/**
 * Which of the actors start at boot and which at a domain.started record: a log that has
 * `domains.booted` started those domains at boot and the others when first needed; a log without
 * it (recorded before domains started lazily) started every domain at boot, in the list's order.
 */
export const startPlan = (
  records: ReadonlyArray<LogRecord>,
  actors: ReadonlyArray<ActorSpec>,
): { readonly boot: ReadonlyArray<ActorSpec>; readonly late: ReadonlyMap<string, ReadonlyArray<ActorSpec>> } => {
  const booted = records.find((r) => r.event.type === 'domains.booted')?.event as { readonly domains: ReadonlyArray<string> } | undefined
  if (booted === undefined) return { boot: actors, late: new Map() }
  const atBoot = new Set(booted.domains)
  const boot: ActorSpec[] = []
  const late = new Map<string, ActorSpec[]>()
  for (const spec of actors) {
    const domain = domainOfActor.get(spec.id)
    if (domain === undefined || atBoot.has(domain)) boot.push(spec)
    else late.set(domain, [...(late.get(domain) ?? []), spec])
  }
  return { boot, late }
}

/** Replays a log file and compares it with what it recorded. */
export const replayLog = (file: LogFile, options: ReplayOptions = {}): ReplayResult => {
  const records = file.records
  let now = records[0]?.at ?? file.header.startedAt
  const clock = new BusClock(null)
  const bus = new Bus({ now: () => now, onInvalid: 'report' })
  const plan = startPlan(records, options.actors ?? actorSpecs)
  const codeAtStart = options.codeAt === 'start'
  const lazy: LazyStarts | undefined = plan.late.size === 0 ? undefined : lazyStartsOf(lazyDomains, codeAtStart ? new Map() : plan.late)
  const host = new ActorHost(bus, plan.boot, clock, lazy)
  const produced: BusRecord[] = []
  const sub = bus.records$.subscribe((r) => produced.push(r))
  const invalid: string[] = []
  const invalidSub = bus.invalid$.subscribe((e) => invalid.push(e.message))
  host.start()

  let divergence: Divergence | null = null
  let compared = 0
  let injected = 0
  let notices = 0
  const check = (): void => {
    while (divergence === null && produced.length > 0) {
      const p = produced.shift()!
      divergence = compare(records[compared], p)
      compared++
    }
  }

  for (const record of records) {
    if (options.until !== undefined && record.seq > options.until) break
    if (record.kind === 'notice') notices++
    else {
      now = Math.max(record.at, now)
      const before = bus.lastSeq
      // The code of a domain that starts here, in a replay that gets it only now.
      if (codeAtStart && record.event.type === 'domain.started') {
        const domain = String(record.event['domain'])
        host.provide(domain, plan.late.get(domain) ?? [])
      }
      bus.publish(record.event as unknown as LobbyEvent, 'replay', record.source)
      injected++
      if (bus.lastSeq === before) {
        divergence = { seq: record.seq, actor: null, reason: `the logged ${record.kind} could not be injected: ${invalid.at(-1) ?? 'refused'}`, expected: record.event, actual: null }
        break
      }
    }
    check()
    const failure = host.failures[0]
    if (divergence === null && failure !== undefined) {
      divergence = { seq: failure.seq, actor: failure.actor, reason: `actor '${failure.actor}' failed: ${String(failure.error)}`, expected: null, actual: null }
    }
    if (divergence !== null) break
    options.onRecord?.(record, host)
  }

  const end = options.until === undefined ? records.length : records.filter((r) => r.seq <= options.until!).length
  if (divergence === null && compared < end) {
    const missing = records[compared]!
    divergence = { seq: missing.seq, actor: missing.source ?? null, reason: `the log has ${missing.kind} ${missing.event.type} that the replay did not produce`, expected: missing.event, actual: null }
  }

  const snapshots: Record<string, { value: unknown; context: unknown }> = {}
  for (const id of host.ids) {
    const snap = host.actor(id)?.getSnapshot() as { value: unknown; context: unknown } | undefined
    if (snap !== undefined) snapshots[id] = { value: snap.value, context: snap.context }
  }
  const finalStates = host.stateValues()
  sub.unsubscribe()
  invalidSub.unsubscribe()
  host.stop()
  return { identical: divergence === null, records: records.length, injected, notices, divergence, finalStates, snapshots }
}
