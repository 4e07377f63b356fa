import { Effect, Schedule } from 'effect'
import type { LobbyEvent } from '../../schemas/events'
import { netstatLogger } from '../../schemas/hall/calls/site'
import { SLOW_RESOURCE_MS, TRACE_LIMITS, type TraceReport } from '../../schemas/hall/calls/site'
import { REDACTED, SENSITIVE_NAME } from '../../schemas/sensitive'
import type { Bus } from '../bus/bus'
import { handles } from '../../actors/kit'
import { callHall, type CallOptions, type HallClientError, type HallContext } from './hall'
import { followContext, isTransient } from './diagnostics'

/**
 * The trace runner (spec calls §7.3 trace report, /v1/netstat/player/logger, "only for certain site
 * codes, not for resources loaded under 3000 ms"): for a site whose sysInfo says `traceReport:
 * 'open'` (the injected sysInfo at `app.started`, then each getSysInfo answer), it reports to the
 * hall the page's script errors (window `error`), the promises rejected unhandled
 * (`unhandledrejection`) and the resources that took SLOW_RESOURCE_MS or more to load (the
 * `resource` entries of a PerformanceObserver; never one under it).
 *
 * - What the page saw before the flag is known is held (within the caps) and sent or dropped once
 *   it is; a site with the flag off sends nothing.
 * - The same error (event, message, source, line and column) is reported once per page; at most
 *   TRACES_PER_MINUTE error reports in any minute and TRACES_PER_PAGE per page, so a loop of errors
 *   cannot flood the hall; slow resources have their own caps (RESOURCES_PER_MINUTE,
 *   RESOURCES_PER_PAGE), so a slow first load leaves the errors their room.
 * - Reports go in batches (after BATCH_DELAY_MS, or at once when BATCH_SIZE are waiting, or when
 *   the page is hidden), with the hall client like any call (signed, encrypted), retried on a
 *   transient failure (no answer) as the diagnostics upload is. A refusal is final: 2211 (too many
 *   from this address or device) stops the page's reports. The report's own failure is never
 *   reported: a send's failure is swallowed, and the logger's own address is never a slow resource.
 * - Nothing sensitive leaves: every text is cut to the hall's limits (TRACE_LIMITS) and the values
 *   of query parameters named like a secret (the redaction rules' SENSITIVE_NAME, and tickets,
 *   codes, signatures, keys) are replaced with '[redacted]', in the href, the source and the message.
 *   Nothing of it goes on the bus, so the event log holds no trace report.
 */

/** At most this many error reports (script errors, rejections) in any 60 s, and per page. */
export const TRACES_PER_MINUTE = 10
export const TRACES_PER_PAGE = 30
/** Slow resources have caps of their own, so a slow first load cannot crowd the script errors out. */
export const RESOURCES_PER_MINUTE = 5
export const RESOURCES_PER_PAGE = 10
/** A batch leaves this long after its first report, or at once with BATCH_SIZE reports. */
export const BATCH_DELAY_MS = 2000
export const BATCH_SIZE = 10
/** The hall's refusal of a caller past its rate limit (server/trace.ts). */
export const TRACE_TOO_MANY = netstatLogger.codes.tooMany
/** The runner handles the logger's codes itself: too many stops it, any other refusal drops the batch. */
export const traceCodeHandling = handles(netstatLogger, 'src/effects/trace.ts', ['tooMany'])

/** Retry of a batch: up to 3 more tries, 1 s then doubling. */
export const traceRetry = Schedule.max([Schedule.exponential('1 second'), Schedule.recurs(3)])

/** Query parameter names whose values never leave the page: the log's secrets, and tickets, codes, signatures, keys. */
const SECRET_PARAM = new RegExp(`${SENSITIVE_NAME.source}|ticket|code|sign|auth|key|sid|otp|jwt|credential`, 'i')

/** A text with the values of secret-named query parameters replaced (in any URL it holds). */
export const redactQuery = (text: string): string =>
  text.replace(/([?&#;])([^=&#;\s"'<>]+)=([^&#;\s"'<>]*)/g, (whole, sep: string, name: string, value: string) => {
    let decoded = name
    try {
      decoded = decodeURIComponent(name)
    } catch {
      // A malformed name is judged as it is.
    }
    return value !== '' && SECRET_PARAM.test(decoded) ? `${sep}${name}=${REDACTED}` : whole
  })

const cut = (text: string, max: number): string => (text.length <= max ? text : text.slice(0, max))
const position = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) ? Math.min(TRACE_LIMITS.position, Math.max(0, Math.trunc(n))) : 0)

/** A time as the spec's 'YYYY-MM-DD HH:mm:ss', UTC. */
export const createdOf = (now: number): string => new Date(now).toISOString().slice(0, 19).replace('T', ' ')

/** A report with every text redacted and cut to the hall's limits. */
export const traceOf = (t: { event: TraceReport['event']; message: string; source: string; lineno?: unknown; colno?: unknown; href: string; now: number }): TraceReport => ({
  event: cut(t.event, TRACE_LIMITS.event),
  message: cut(redactQuery(t.message), TRACE_LIMITS.message),
  source: cut(redactQuery(t.source), TRACE_LIMITS.source),
  lineno: position(t.lineno),
  colno: position(t.colno),
  href: cut(redactQuery(t.href), TRACE_LIMITS.href),
  created: createdOf(t.now),
})

/** What a script error brings (an ErrorEvent's fields). */
export interface ScriptError {
  readonly message?: string
  readonly filename?: string
  readonly lineno?: number
  readonly colno?: number
  readonly error?: unknown
}

/** A script error's report. */
export const errorTrace = (e: ScriptError, href: string, now: number): TraceReport => {
  const err = e.error
  const message = e.message !== undefined && e.message !== '' ? e.message : err instanceof Error ? `${err.name}: ${err.message}` : 'Script error.'
  return traceOf({ event: 'error', message, source: e.filename ?? '', lineno: e.lineno, colno: e.colno, href, now })
}

/** Where a stack's first frame points (url, line, column), when it names one. */
const firstFrame = (stack: string | undefined): { source: string; lineno: number; colno: number } => {
  const m = /(https?:\/\/[^\s()]+):(\d+):(\d+)/.exec(stack ?? '')
  return m === null ? { source: '', lineno: 0, colno: 0 } : { source: m[1] ?? '', lineno: Number(m[2]), colno: Number(m[3]) }
}

/** A promise rejected unhandled: its reason's report. */
export const rejectionTrace = (reason: unknown, href: string, now: number): TraceReport => {
  const message = reason instanceof Error ? `${reason.name}: ${reason.message}` : typeof reason === 'string' ? reason : (() => {
    try {
      return JSON.stringify(reason) ?? String(reason)
    } catch {
      return String(reason)
    }
  })()
  const at = reason instanceof Error ? firstFrame(reason.stack) : { source: '', lineno: 0, colno: 0 }
  return traceOf({ event: 'unhandledrejection', message, ...at, href, now })
}

/** What a resource timing entry brings. */
export interface ResourceEntry {
  readonly name: string
  readonly duration: number
  readonly initiatorType: string
}

/**
 * A resource's report when it took SLOW_RESOURCE_MS or more (never under), and is not the player
 * logger's own call (the report is not reported); null otherwise.
 */
export const resourceTrace = (entry: ResourceEntry, href: string, now: number): TraceReport | null => {
  if (!(entry.duration >= SLOW_RESOURCE_MS)) return null
  if (entry.name.includes(netstatLogger.path)) return null
  return traceOf({ event: 'resource', message: `${entry.initiatorType || 'resource'} took ${Math.round(entry.duration)} ms`, source: entry.name, href, now })
}

/** What makes two reports the same: reported once per page. */
export const traceKey = (t: TraceReport): string => [t.event, t.message, t.source, t.lineno, t.colno].join('\u0000')

/**
 * The page's caps: each report is admitted once (dedupe), at most TRACES_PER_MINUTE in any 60 s
 * and TRACES_PER_PAGE in all. Pure bookkeeping: the clock is the caller's.
 */
export const traceGate = (limits: { perMinute: number; perPage: number } = { perMinute: TRACES_PER_MINUTE, perPage: TRACES_PER_PAGE }) => {
  const seen = new Set<string>()
  let admitted: number[] = []
  let total = 0
  return {
    admit: (t: TraceReport, now: number): boolean => {
      const key = traceKey(t)
      if (seen.has(key) || total >= limits.perPage) return false
      admitted = admitted.filter((at) => now - at < 60_000)
      if (admitted.length >= limits.perMinute) return false
      seen.add(key)
      admitted.push(now)
      total += 1
      return true
    },
  }
}

/** What the runner reaches of the page. */
export interface TracePorts {
  readonly now: () => number
  readonly href: () => string
  /** Starts listening to the page (errors, rejections, resource entries, hiding); answers the function that stops. */
  readonly listen: (on: {
    error: (e: ScriptError) => void
    rejection: (reason: unknown) => void
    resource: (entry: ResourceEntry) => void
    hidden: () => void
  }) => () => void
  readonly setTimeout: (f: () => void, ms: number) => unknown
  readonly clearTimeout: (handle: unknown) => void
  /** Sends a batch; answers when done (never fails: the runner's send swallows every failure). */
  readonly send?: (traces: ReadonlyArray<TraceReport>, ctx: HallContext) => Promise<'sent' | 'refused' | 'tooMany' | 'failed'>
}

/** What the runner needs besides the bus and the page. */
export interface TraceEnv {
  readonly domain: string
  readonly timezone: string
  readonly fingerprint: string
  readonly options?: CallOptions
  readonly retry?: Schedule.Schedule<unknown, HallClientError>
}

/** The flag of a sysInfo (injected or answered): true 'open', false anything else. */
export const traceFlagOf = (sysInfo: unknown): boolean => (sysInfo as { traceReport?: unknown } | null | undefined)?.traceReport === 'open'

/** Sends a batch with the hall client, retried on transient failures; every failure is swallowed. */
export const sendTraces = (env: TraceEnv) => (traces: ReadonlyArray<TraceReport>, ctx: HallContext): Promise<'sent' | 'refused' | 'tooMany' | 'failed'> =>
  Effect.runPromise(
    callHall(netstatLogger, { traces: [...traces] }, ctx, env.options ?? {}).pipe(
      Effect.retry({ schedule: env.retry ?? traceRetry, while: isTransient }),
      Effect.match({
        onSuccess: () => 'sent' as const,
        onFailure: (e) => (e._tag === 'ServiceCode' ? (e.code === TRACE_TOO_MANY ? ('tooMany' as const) : ('refused' as const)) : ('failed' as const)),
      }),
    ),
  ).catch(() => 'failed' as const)

/** Starts the runner; the function it answers stops it. */
export const startTraceRunner = (bus: Bus, ports: TracePorts, env: TraceEnv): (() => void) => {
  const context = followContext()
  const errors = traceGate()
  const resources = traceGate({ perMinute: RESOURCES_PER_MINUTE, perPage: RESOURCES_PER_PAGE })
  const send = ports.send ?? sendTraces(env)
  /** null: the flag is not known yet (reports are held). */
  let enabled: boolean | null = null
  /** The hall refused this page's reports as too many (2211): none more. */
  let silenced = false
  let stopped = false
  let queue: TraceReport[] = []
  let timer: unknown = null

  const flush = (): void => {
    if (timer !== null) ports.clearTimeout(timer)
    timer = null
    const base = context.get()
    if (enabled !== true || silenced || queue.length === 0 || base === null || stopped) return
    const batch = queue.splice(0, BATCH_SIZE)
    void send(batch, { ...base, domain: env.domain, timezone: env.timezone, fingerprint: env.fingerprint }).then((outcome) => {
      // The hall counts this address or device past its limit: nothing more from this page.
      if (outcome === 'tooMany') {
        silenced = true
        queue = []
      }
    })
    if (queue.length > 0) schedule()
  }
  const schedule = (): void => {
    if (timer === null) timer = ports.setTimeout(flush, BATCH_DELAY_MS)
  }
  const take = (make: () => TraceReport | null): void => {
    try {
      if (stopped || silenced || enabled === false) return
      const t = make()
      if (t === null || !(t.event === 'resource' ? resources : errors).admit(t, ports.now())) return
      queue.push(t)
      if (enabled === null) return
      if (queue.length >= BATCH_SIZE) flush()
      else schedule()
    } catch {
      // A report that cannot be made is not reported (nor is its failure).
    }
  }
  const setFlag = (on: boolean): void => {
    enabled = on
    if (!on) {
      queue = []
      if (timer !== null) ports.clearTimeout(timer)
      timer = null
    } else if (queue.length > 0) schedule()
  }

  const unlisten = ports.listen({
    error: (e) => take(() => errorTrace(e, ports.href(), ports.now())),
    rejection: (reason) => take(() => rejectionTrace(reason, ports.href(), ports.now())),
    resource: (entry) => take(() => resourceTrace(entry, ports.href(), ports.now())),
    hidden: flush,
  })
  const sub = bus.records$.subscribe(({ event }: { event: LobbyEvent }) => {
    context.update(event)
    if (event.type === 'app.started') setFlag(traceFlagOf(event.site.injected?.['sysInfo']))
    else if (event.type === 'hall.responded' && event.call === 'getSysInfo') setFlag(traceFlagOf(event.data))
  })
  return () => {
    stopped = true
    if (timer !== null) ports.clearTimeout(timer)
    unlisten()
    sub.unsubscribe()
  }
}

/** The page's ports: its window's errors and rejections, a PerformanceObserver of resources, its timers. */
export const browserTracePorts = (w: Window): TracePorts => ({
  now: () => Date.now(),
  href: () => w.location.href,
  setTimeout: (f, ms) => w.setTimeout(f, ms),
  clearTimeout: (h) => w.clearTimeout(h as number),
  listen: (on) => {
    const onError = (e: ErrorEvent): void => on.error(e)
    const onRejection = (e: PromiseRejectionEvent): void => on.rejection(e.reason)
    const onHidden = (): void => {
      if (w.document.visibilityState === 'hidden') on.hidden()
    }
    w.addEventListener('error', onError)
    w.addEventListener('unhandledrejection', onRejection)
    w.document.addEventListener('visibilitychange', onHidden)
    let observer: PerformanceObserver | null = null
    try {
      const Observer = (w as Window & { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver
      if (Observer !== undefined) {
        observer = new Observer((list) => {
          for (const entry of list.getEntries()) on.resource(entry as PerformanceResourceTiming)
        })
        observer.observe({ type: 'resource', buffered: true })
      }
    } catch {
      observer = null
    }
    return () => {
      w.removeEventListener('error', onError)
      w.removeEventListener('unhandledrejection', onRejection)
      w.document.removeEventListener('visibilitychange', onHidden)
      observer?.disconnect()
    }
  },
})
