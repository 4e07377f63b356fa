import type { LogRecord } from '../../schemas/log'
import type { LogFile } from '../bus/ndjson'

/**
 * The timeline's view of a log file, built once when the file opens: swimlanes, the cause links
 * in both directions, the hall calls paired with their answers, the errors, and filters over it
 * all. Plain data and functions, no React: the same model serves the browser views, the bench and
 * the unit tests. Built for logs of hundreds of thousands of records: one pass, arrays indexed by
 * position, and text search that builds its lowercase index only when first asked.
 */

/** A lane of the swimlanes: an actor, the views (intents) or a runner (facts). */
export interface Lane {
  readonly id: string
  readonly kind: 'actor' | 'view' | 'runner'
}

/** A hall call: the request and its answer, with the time it took. */
export interface NetworkCall {
  readonly requestId: string
  readonly call: string
  /** Position (index in records) of hall.requested, or -1 when the log lacks it. */
  readonly request: number
  /** Position of hall.responded or hall.failed, or -1 while unanswered. */
  readonly answer: number
  readonly ok: boolean | null
  /** ms from request to answer, null while unanswered. */
  readonly ms: number | null
  /** The error's code or tag, for a failed call. */
  readonly error: string | null
}

/** What a filter keeps; every criterion given must match. */
export interface TimelineFilter {
  readonly actors?: ReadonlyArray<string>
  readonly kinds?: ReadonlyArray<'intent' | 'fact' | 'notice'>
  /** Event type: exact, or a prefix ending with '.' ('hall.'). */
  readonly type?: string
  /** Text anywhere in the record's event (case-insensitive). */
  readonly text?: string
  readonly errorsOnly?: boolean
}

/** Why a record is an error, or null. */
export const errorOf = (r: LogRecord): string | null => {
  const e = r.event as Record<string, unknown>
  switch (e['type']) {
    case 'hall.failed': {
      const err = e['error'] as { _tag?: string; code?: number; msg?: string } | undefined
      return err?._tag === 'ServiceCode' ? `service code ${err.code}: ${err.msg ?? ''}` : `${err?._tag ?? 'failed'}`
    }
    case 'site.blocked':
      return `blocked (${String(e['reason'])})`
    case 'session.tokenExpired':
      return 'token expired'
    case 'diagnostics.failed':
      return String(e['reason'])
    default:
      return null
  }
}

/** The lane a record is drawn in: its source (actor, runner) or 'view' for an intent. */
export const laneOf = (r: LogRecord): string => (r.kind === 'intent' ? 'view' : (r.source ?? (r.kind === 'fact' ? 'runner' : 'actor')))

export class TimelineModel {
  readonly records: ReadonlyArray<LogRecord>
  readonly lanes: ReadonlyArray<Lane>
  /** Lane index of each record. */
  readonly laneIndex: Uint16Array
  /** Whether each record is an error. */
  readonly isError: Uint8Array
  readonly errorCount: number
  readonly network: ReadonlyArray<NetworkCall>
  readonly startAt: number
  readonly endAt: number
  readonly types: ReadonlyArray<string>
  private readonly bySeq = new Map<number, number>()
  private readonly effects = new Map<number, number[]>()
  private readonly networkByPosition = new Map<number, number>()
  private lowerText: string[] | null = null
  private readonly summaries: Array<string | undefined> = []
  /** Positions where the interface language changed, and the language from there on. */
  private readonly languages: Array<{ position: number; language: string }> = []

  constructor(readonly file: LogFile, actorIds: ReadonlyArray<string> = []) {
    const records = file.records
    this.records = records
    const laneIds = new Map<string, Lane>()
    for (const id of actorIds) laneIds.set(id, { id, kind: 'actor' })
    laneIds.set('view', { id: 'view', kind: 'view' })
    const laneIndex = new Uint16Array(records.length)
    const isError = new Uint8Array(records.length)
    const types = new Set<string>()
    const calls = new Map<string, { requestId: string; call: string; request: number; answer: number; ok: boolean | null; error: string | null }>()
    let errors = 0
    const laneNumber = new Map([...laneIds.keys()].map((id, n) => [id, n]))
    for (let i = 0; i < records.length; i++) {
      const r = records[i]!
      this.bySeq.set(r.seq, i)
      if (r.cause !== undefined) {
        const list = this.effects.get(r.cause)
        if (list === undefined) this.effects.set(r.cause, [i])
        else list.push(i)
      }
      const lane = laneOf(r)
      let n = laneNumber.get(lane)
      if (n === undefined) {
        laneIds.set(lane, { id: lane, kind: r.kind === 'notice' ? 'actor' : r.kind === 'intent' ? 'view' : 'runner' })
        n = laneNumber.size
        laneNumber.set(lane, n)
      }
      laneIndex[i] = n
      const type = r.event.type
      types.add(type)
      if (type === 'site.ready' || type === 'session.languageApplied') {
        const language = (r.event as Record<string, unknown>)['language']
        if (typeof language === 'string') this.languages.push({ position: i, language })
      }
      if (errorOf(r) !== null) {
        isError[i] = 1
        errors++
      }
      if (type === 'hall.requested' || type === 'hall.responded' || type === 'hall.failed') {
        const e = r.event as Record<string, unknown>
        const id = String(e['requestId'])
        let c = calls.get(id)
        if (c === undefined || (type === 'hall.requested' && c.request !== -1)) {
          c = { requestId: id, call: String(e['call']), request: -1, answer: -1, ok: null, error: null }
          calls.set(id, c)
        }
        if (type === 'hall.requested') c.request = i
        else {
          c.answer = i
          c.ok = type === 'hall.responded'
          if (type === 'hall.failed') c.error = errorOf(r)
        }
      }
    }
    this.lanes = [...laneIds.values()]
    this.laneIndex = laneIndex
    this.isError = isError
    this.errorCount = errors
    this.types = [...types].sort()
    this.network = [...calls.values()]
      .map((c) => ({
        ...c,
        ms: c.request >= 0 && c.answer >= 0 ? records[c.answer]!.at - records[c.request]!.at : null,
      }))
      .sort((a, b) => (a.request < 0 ? a.answer : a.request) - (b.request < 0 ? b.answer : b.request))
    this.network.forEach((c, n) => {
      if (c.request >= 0) this.networkByPosition.set(c.request, n)
      if (c.answer >= 0) this.networkByPosition.set(c.answer, n)
    })
    this.startAt = records[0]?.at ?? file.header.startedAt
    this.endAt = Math.max(records.at(-1)?.at ?? this.startAt, this.startAt + 1)
  }

  /** The interface language the player saw at a position. */
  languageAt(position: number): string {
    let language = this.file.header.language
    for (const l of this.languages) {
      if (l.position > position) break
      language = l.language
    }
    return language
  }

  /** The one-line summary of a record's fields, computed once. */
  summaryOf(position: number): string {
    let s = this.summaries[position]
    if (s === undefined) {
      s = eventSummary(this.records[position]!)
      this.summaries[position] = s
    }
    return s
  }

  /** Position of a seq in records, or -1. */
  positionOf(seq: number): number {
    return this.bySeq.get(seq) ?? -1
  }

  /** The position of the record with this seq, or of the last one before it. */
  positionAtOrBefore(seq: number): number {
    const exact = this.bySeq.get(seq)
    if (exact !== undefined) return exact
    let lo = 0
    let hi = this.records.length - 1
    let found = -1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      if (this.records[mid]!.seq <= seq) {
        found = mid
        lo = mid + 1
      } else hi = mid - 1
    }
    return found
  }

  /** Positions of the records this one caused (its cause link, the other way). */
  effectsOf(position: number): ReadonlyArray<number> {
    const r = this.records[position]
    return r === undefined ? [] : (this.effects.get(r.seq) ?? [])
  }

  /** Position of the record that caused this one, or -1. */
  causeOf(position: number): number {
    const cause = this.records[position]?.cause
    return cause === undefined ? -1 : this.positionOf(cause)
  }

  /** The hall call a record belongs to (request or answer), if any. */
  networkOf(position: number): NetworkCall | undefined {
    const n = this.networkByPosition.get(position)
    return n === undefined ? undefined : this.network[n]
  }

  /** Positions of the records the filter keeps, in order (every position when it is empty). */
  filter(f: TimelineFilter): Int32Array {
    const actors = f.actors !== undefined && f.actors.length > 0 ? new Set(f.actors) : null
    const kinds = f.kinds !== undefined && f.kinds.length > 0 && f.kinds.length < 3 ? new Set(f.kinds) : null
    const type = f.type?.trim() ?? ''
    const text = f.text?.trim().toLowerCase() ?? ''
    const laneWanted = actors === null ? null : this.lanes.map((l) => actors.has(l.id))
    const lower = text === '' ? null : this.textIndex()
    const out = new Int32Array(this.records.length)
    let n = 0
    for (let i = 0; i < this.records.length; i++) {
      const r = this.records[i]!
      if (f.errorsOnly === true && this.isError[i] === 0) continue
      if (kinds !== null && !kinds.has(r.kind)) continue
      if (type !== '' && !(type.endsWith('.') ? r.event.type.startsWith(type) : r.event.type === type)) continue
      if (laneWanted !== null && !laneWanted[this.laneIndex[i]!] && !(r.states !== undefined && Object.keys(r.states).some((a) => actors!.has(a)))) continue
      if (lower !== null && !lower[i]!.includes(text)) continue
      out[n++] = i
    }
    return out.subarray(0, n)
  }

  private textIndex(): string[] {
    this.lowerText ??= this.records.map((r) => `${r.seq} ${JSON.stringify(r.event)} ${r.source ?? ''}`.toLowerCase())
    return this.lowerText
  }
}

/** The start of an object's JSON, without stringifying all of a large one. */
const shortJson = (v: object): string => {
  const entries = Array.isArray(v) ? v.slice(0, 4).map((x, i) => [String(i), x] as const) : Object.entries(v).slice(0, 4)
  const inner = entries.map(([k, x]) => `${Array.isArray(v) ? '' : `"${k}":`}${x !== null && typeof x === 'object' ? (Array.isArray(x) ? '[…]' : '{…}') : JSON.stringify(x)}`).join(',')
  const more = (Array.isArray(v) ? v.length : Object.keys(v).length) > entries.length ? ',…' : ''
  return Array.isArray(v) ? `[${inner}${more}]` : `{${inner}${more}}`
}

/** A one-line summary of an event's fields, for the record list. */
export const eventSummary = (r: LogRecord, max = 120): string => {
  const { type: _type, ...rest } = r.event as Record<string, unknown>
  const parts: string[] = []
  for (const [k, v] of Object.entries(rest)) {
    const s = typeof v === 'string' ? v : v !== null && typeof v === 'object' ? shortJson(v) : JSON.stringify(v)
    parts.push(`${k}=${s !== undefined && s.length > 40 ? `${s.slice(0, 40)}…` : s}`)
    if (parts.join(' ').length > max) break
  }
  const line = parts.join(' ')
  return line.length > max ? `${line.slice(0, max)}…` : line
}
