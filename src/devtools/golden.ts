import { actorSpecs, type ActorSpec } from '../../actors'
import { lazyDomains } from '../../actors/boot'
import type { LobbyEvent } from '../../schemas/events'
import { redactEvent } from '../../schemas/events/redact'
import type { LogRecord } from '../../schemas/log'
import { Bus, type BusRecord } from '../bus/bus'
import { BusClock } from '../bus/clock'
import { lazyStartsOf } from '../bus/domains'
import { ActorHost } from '../bus/host'
import type { LogFile } from '../bus/ndjson'
import { replayLog, startPlan, type Divergence } from '../bus/replayer'

/**
 * A golden test made from a session: the log cut to the part that shows a bug, and what the
 * developer asserts at its end (docs/replay.md, "A test from a session"). `npm run golden` writes
 * both, `npm run replay` (and so the golden stage of `npm test`) checks them, and the timeline's
 * "Make a test from here" builds the same two files in the browser.
 *
 * A golden log with expectations is checked in two parts. The records before `from` are the
 * setup: they must replay identical, as any golden log (a divergence there fails and names the
 * record and actor). From `from` on is the part the test is about: the log holds what the lobby
 * did when it was recorded (perhaps the bug), so there the replay may leave the recorded path; the
 * expectations decide, and the first record where the replay left the recorded path is reported
 * beside them.
 */

/** The file format of an expectation file (`tests/replay/<name>.expect.json`). */
export const EXPECT_FORMAT = 'lobby-golden-expect'

/** One thing the developer asserts at the end of the log. */
export type Expectation =
  /** The actor is in this state (a dotted path: `player.balance.idle`), as xstate's `matches` says. */
  | { readonly actor: string; readonly in: string }
  /** A value of the actor's context (a dotted path: `stale`, `sports.balance`) equals this JSON value. */
  | { readonly actor: string; readonly context: string; readonly equals: unknown }
  /** A notice of this type is (or is not) emitted from `from` to the end; `with` narrows it by fields. */
  | { readonly notice: string; readonly emitted: boolean; readonly with?: Readonly<Record<string, unknown>> }

export interface ExpectFile {
  readonly format: typeof EXPECT_FORMAT
  readonly version: 1
  /** The log beside it (its file name). */
  readonly log: string
  /** Where the log came from (a reference and hall, or a file) and when it was cut. */
  readonly source?: string
  /** The first record of the part the test is about (the setup before it must replay identical). */
  readonly from: number
  /** The last record kept (the end of its run: the notices it caused follow it). */
  readonly until: number
  readonly expect: ReadonlyArray<Expectation>
}

/** Reads an expectation file's JSON; a message naming what is wrong when it is not one. */
export const parseExpectFile = (text: string): { ok: true; file: ExpectFile } | { ok: false; message: string } => {
  let v: unknown
  try {
    v = JSON.parse(text)
  } catch (e) {
    return { ok: false, message: `not JSON: ${e instanceof Error ? e.message : String(e)}` }
  }
  const o = v as Partial<ExpectFile> | null
  if (o === null || typeof o !== 'object' || o.format !== EXPECT_FORMAT) return { ok: false, message: `not a ${EXPECT_FORMAT} file` }
  if (o.version !== 1) return { ok: false, message: `expectation file version ${String(o.version)} is not supported (this build reads 1)` }
  if (typeof o.from !== 'number' || typeof o.until !== 'number' || !Array.isArray(o.expect)) return { ok: false, message: "'from', 'until' and 'expect' are required" }
  for (const [i, x] of o.expect.entries()) {
    const e = x as Record<string, unknown>
    const good =
      (typeof e['actor'] === 'string' && typeof e['in'] === 'string') ||
      (typeof e['actor'] === 'string' && typeof e['context'] === 'string' && 'equals' in e) ||
      (typeof e['notice'] === 'string' && typeof e['emitted'] === 'boolean')
    if (!good) return { ok: false, message: `expect[${i}] is none of {actor, in}, {actor, context, equals}, {notice, emitted}` }
  }
  return { ok: true, file: o as ExpectFile }
}

/**
 * An expectation as `npm run golden` takes it on its command line (the timeline's "Make a test from
 * here" reads the same lines): `--in ACTOR=STATE`, `--context ACTOR.PATH=VALUE` (JSON, or text),
 * `--notice TYPE`, `--no-notice TYPE`. A message saying the form when it is not one.
 */
export const expectationOf = (flag: string, value: string): Expectation | string => {
  if (flag === '--in') {
    const m = /^([\w-]+)=(.+)$/.exec(value)
    return m === null ? '--in takes ACTOR=STATE (a dotted state path: wallet=player.balance.idle)' : { actor: m[1]!, in: m[2]! }
  }
  if (flag === '--context') {
    const m = /^([\w-]+)\.([\w.-]+)=(.*)$/.exec(value)
    if (m === null) return '--context takes ACTOR.PATH=VALUE (wallet.stale=true, wallet.balance="250.00")'
    let equals: unknown = m[3]!
    try {
      equals = JSON.parse(m[3]!)
    } catch {
      // Not JSON: the text itself.
    }
    return { actor: m[1]!, context: m[2]!, equals }
  }
  if (flag === '--notice' || flag === '--no-notice') return /^[\w.]+$/.test(value) ? { notice: value, emitted: flag === '--notice' } : `${flag} takes an event type`
  return `unknown expectation ${flag}`
}

/** The command-line form of an expectation (what `expectationOf` reads back). */
export const expectationFlag = (e: Expectation): string =>
  'in' in e ? `--in ${e.actor}=${e.in}` : 'context' in e ? `--context ${e.actor}.${e.context}=${JSON.stringify(e.equals)}` : `--${e.emitted ? '' : 'no-'}notice ${e.notice}`

/** One line of an expectation, as printed. */
export const describeExpectation = (e: Expectation): string =>
  'in' in e
    ? `${e.actor} in ${e.in}`
    : 'context' in e
      ? `${e.actor}.context.${e.context} = ${JSON.stringify(e.equals)}`
      : `notice ${e.notice}${e.with === undefined ? '' : ` ${JSON.stringify(e.with)}`} ${e.emitted ? 'emitted' : 'not emitted'}`

/**
 * The log from its start to the end of record `until`'s run: the records up to it and the notices
 * that follow it before the next intent or fact (what the actors emitted while processing it), so
 * the cut log still replays identical. Everything before is kept, which is what makes it
 * self-contained: the actors start fresh and reach the state at `until` from the records alone.
 */
export const cutLog = (file: LogFile, until: number): LogFile => {
  const records: LogRecord[] = []
  for (const r of file.records) {
    if (r.seq > until && r.kind !== 'notice') break
    records.push(r)
  }
  return { header: file.header, records }
}

/** The seq of the intent or fact whose run holds record `seq` (a notice belongs to the input before it). */
export const runStart = (file: LogFile, seq: number): number => {
  let start = file.records[0]?.seq ?? seq
  for (const r of file.records) {
    if (r.seq > seq) break
    if (r.kind !== 'notice') start = r.seq
  }
  return start
}

const stable = (v: unknown): string =>
  JSON.stringify(v, (_k, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : value,
  ) ?? 'undefined'

/** The value at a dotted path of an object (`a.b.0`), or undefined. */
export const valueAt = (v: unknown, dotted: string): unknown =>
  dotted === '' ? v : dotted.split('.').reduce<unknown>((o, k) => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), v)

/** The leaf states of a state value as dotted paths (`{player:{balance:'idle'}}` → `player.balance.idle`). */
export const leafPaths = (value: unknown, prefix = ''): string[] => {
  if (typeof value === 'string') return [`${prefix}${value}`]
  if (value === null || typeof value !== 'object') return []
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leafPaths(v, `${prefix}${k}.`))
}

const partialMatch = (event: Record<string, unknown>, fields: Readonly<Record<string, unknown>> | undefined): boolean =>
  fields === undefined || Object.entries(fields).every(([k, v]) => stable(event[k]) === stable(v))

export interface ExpectationResult {
  readonly expectation: Expectation
  readonly ok: boolean
  /** What the replay has there: the state, the context value, or the matching notices' seqs. */
  readonly actual: unknown
  /** The record after which the actor last changed (its snapshot), for a state or context expectation. */
  readonly lastChanged: number | null
}

export interface GoldenOutcome {
  readonly passed: boolean
  /** A divergence before `from`: the setup no longer reaches the point the test is about. */
  readonly setupDivergence: Divergence | null
  /** Where the replay first leaves the recorded path from `from` on (reported, not a failure). */
  readonly divergence: Divergence | null
  /** An actor that threw while the log replayed. */
  readonly failure: { readonly seq: number; readonly actor: string; readonly error: string } | null
  readonly results: ReadonlyArray<ExpectationResult>
  /** Every actor's state value and context at the end. */
  readonly snapshots: Record<string, { value: unknown; context: unknown }>
}

interface Snap {
  value: unknown
  context: unknown
  matches(v: string): boolean
}

/**
 * Checks a golden log against its expectations with the given actors (default: the lobby's; a
 * developer may pass a candidate fix, a test a known fault).
 */
export const checkGolden = (file: LogFile, spec: Pick<ExpectFile, 'from' | 'expect'>, actors: ReadonlyArray<ActorSpec> = actorSpecs): GoldenOutcome => {
  const from = runStart(file, spec.from)
  const setup = from > (file.records[0]?.seq ?? 0) ? replayLog(file, { until: from - 1, actors }) : null
  const full = replayLog(file, { actors })
  const divergence = full.divergence !== null && full.divergence.seq >= from ? full.divergence : null

  // The run the expectations are read from: every intent and fact injected whatever the notices.
  let now = file.records[0]?.at ?? file.header.startedAt
  const bus = new Bus({ now: () => now, onInvalid: 'report' })
  // Domains started after boot start at their domain.started, as in replayLog (docs/replay.md).
  const plan = startPlan(file.records, actors)
  const host = new ActorHost(bus, plan.boot, new BusClock(null), plan.late.size === 0 ? undefined : lazyStartsOf(lazyDomains, plan.late))
  const produced: BusRecord[] = []
  const sub = bus.records$.subscribe((r) => produced.push(r))
  host.start()
  const notices: Array<{ seq: number; event: Record<string, unknown> }> = []
  const lastChanged = new Map<string, number>()
  const seen = new Map<string, unknown>()
  for (const id of host.ids) seen.set(id, host.actor(id)?.getSnapshot())
  for (const record of file.records) {
    if (record.kind === 'notice') continue
    now = Math.max(record.at, now)
    bus.publish(record.event as unknown as LobbyEvent, 'replay', record.source)
    for (const p of produced.splice(0)) {
      if (p.kind === 'notice' && record.seq >= from) notices.push({ seq: p.seq, event: { ...redactEvent(p.event) } })
    }
    for (const id of host.ids) {
      const s: unknown = host.actor(id)?.getSnapshot()
      if (s !== seen.get(id)) {
        seen.set(id, s)
        lastChanged.set(id, record.seq)
      }
    }
    if (host.failures.length > 0) break
  }
  const failed = host.failures[0]
  const failure = failed === undefined ? null : { seq: failed.seq, actor: failed.actor, error: String(failed.error) }
  const snapshots: Record<string, { value: unknown; context: unknown }> = {}
  const snaps = new Map<string, Snap>()
  for (const id of host.ids) {
    const s = host.actor(id)?.getSnapshot() as Snap | undefined
    if (s === undefined) continue
    snaps.set(id, s)
    snapshots[id] = { value: s.value, context: s.context }
  }
  sub.unsubscribe()
  host.stop()

  const results = spec.expect.map((e): ExpectationResult => {
    if ('notice' in e) {
      const hits = notices.filter((n) => n.event['type'] === e.notice && partialMatch(n.event, e.with)).map((n) => n.seq)
      return { expectation: e, ok: (hits.length > 0) === e.emitted, actual: hits.length === 0 ? 'none emitted' : `emitted at seq ${hits.join(', ')}`, lastChanged: null }
    }
    const s = snaps.get(e.actor)
    if (s === undefined) return { expectation: e, ok: false, actual: `no actor '${e.actor}'`, lastChanged: null }
    const changed = lastChanged.get(e.actor) ?? null
    if ('in' in e) return { expectation: e, ok: s.matches(e.in), actual: leafPaths(s.value).join(', '), lastChanged: changed }
    const actual = valueAt(s.context, e.context)
    return { expectation: e, ok: stable(actual) === stable(e.equals), actual, lastChanged: changed }
  })
  const setupDivergence = setup?.divergence ?? null
  return {
    passed: setupDivergence === null && failure === null && results.every((r) => r.ok),
    setupDivergence,
    divergence,
    failure,
    results,
    snapshots,
  }
}

/**
 * What the lobby did at the end, as expectations: the states of the actors that changed from `from`
 * on. A starting point the developer edits to say what should have happened.
 */
export const observedExpectations = (log: LogFile, from: number): Expectation[] => {
  const outcome = checkGolden(log, { from, expect: [] })
  const changed = new Set<string>()
  for (const r of log.records) if (r.seq >= from) for (const a of Object.keys(r.states ?? {})) changed.add(a)
  return [...changed].sort().flatMap((actor) => leafPaths(outcome.snapshots[actor]?.value).map((p) => ({ actor, in: p })))
}

/** The outcome as the terminal prints it (and the timeline's panel shows it). */
export const describeOutcome = (o: GoldenOutcome): string[] => {
  const short = (v: unknown): string => {
    const s = typeof v === 'string' ? v : JSON.stringify(v)
    return s === undefined ? String(v) : s.length > 200 ? `${s.slice(0, 200)}…` : s
  }
  const lines: string[] = []
  if (o.setupDivergence !== null) {
    const d = o.setupDivergence
    lines.push(`setup    DIVERGED at seq ${d.seq}${d.actor === null ? '' : ` (actor ${d.actor})`}: ${d.reason}`)
  }
  if (o.failure !== null) lines.push(`failure  actor '${o.failure.actor}' failed at seq ${o.failure.seq}: ${o.failure.error}`)
  for (const r of o.results) {
    const where = r.lastChanged === null ? '' : ` (last changed at seq ${r.lastChanged})`
    lines.push(`${r.ok ? 'pass' : 'FAIL'}     ${describeExpectation(r.expectation)}${r.ok ? '' : `; actual ${short(r.actual)}${where}`}`)
  }
  if (o.divergence !== null) {
    const d = o.divergence
    lines.push(`path     the replay leaves the recorded path at seq ${d.seq}${d.actor === null ? '' : ` (actor ${d.actor})`}: ${d.reason}`)
  } else lines.push('path     the replay follows the recorded path to the end')
  lines.push(`result   ${o.passed ? 'EXPECTED' : 'NOT AS EXPECTED'}`)
  return lines
}
