/**
 * Trace reports in the reference hall (spec calls §7.3 /v1/netstat/player/logger, "Trace report:
 * event, message, source, lineno, colno, href, created, only for certain site codes, not for
 * resources loaded under 3000 ms"; migration 245). docs/hall-protocol.md, "Trace reports", has the
 * rules:
 *
 * - a site keeps trace reports only when its sysInfo document says `traceReport: 'open'`; for any
 *   other site a report is accepted and dropped (answered null, nothing stored), so a page loaded
 *   before the operator turned them off gets no error for it (whatever the report holds);
 * - each field has its limit (TRACE_LIMITS): a report beyond one, an event not among 'error',
 *   'unhandledrejection' and 'resource', a negative or huge position, or a batch of more than
 *   TRACE_LIMITS.batch refuses the whole call (2210) and stores nothing;
 * - at most TRACES_PER_ADDRESS reports per address and TRACES_PER_DEVICE per device (the caller's
 *   fingerprint) are kept per site in TRACE_WINDOW_MS; what passes the limit is dropped, and a call
 *   of which nothing could be kept is refused (2211), so the lobby stops sending;
 * - an operator reads a site's recent reports, newest first (`tracesOf`: the `trace-reports`
 *   control, the support console's /support/api/traces).
 */
import { TRACE_LIMITS, type TraceReport } from '../schemas/hall/calls/site'
import type { Db, Queryable } from './db'
import { ServiceError } from './calls/types'
import { siteDocument } from './store'

/** Service codes of trace reports and the player's own buried config (the hall's range 2210–2219). */
export const TraceCode = {
  refused: 2210,
  tooMany: 2211,
  notOwnPoints: 2212,
} as const

/** The window of the rate limits, and what one address and one device may have kept in it per site. */
export const TRACE_WINDOW_MS = 10 * 60 * 1000
export const TRACES_PER_ADDRESS = 100
export const TRACES_PER_DEVICE = 40

/** The events a trace report names. */
export const TRACE_EVENTS: ReadonlyArray<string> = ['error', 'unhandledrejection', 'resource']

/** Whether a site keeps trace reports (its sysInfo document's `traceReport`). */
export const tracesOn = async (db: Queryable, siteCode: string): Promise<boolean> =>
  (await siteDocument<{ traceReport?: unknown }>(db, siteCode, 'sysInfo'))?.traceReport === 'open'

/** Throws 2210 naming the first broken rule of a report. */
export const checkTrace = (t: TraceReport): void => {
  const refuse = (why: string): never => {
    throw new ServiceError(TraceCode.refused, `a trace report ${why}`)
  }
  if (!TRACE_EVENTS.includes(t.event)) refuse(`names its event: ${TRACE_EVENTS.join(', ')}`)
  if (t.message.length > TRACE_LIMITS.message) refuse(`message is at most ${TRACE_LIMITS.message} characters`)
  if (t.source.length > TRACE_LIMITS.source) refuse(`source is at most ${TRACE_LIMITS.source} characters`)
  if (t.href.length > TRACE_LIMITS.href) refuse(`href is at most ${TRACE_LIMITS.href} characters`)
  for (const [name, n] of [['lineno', t.lineno], ['colno', t.colno]] as const) {
    if (n < 0 || n > TRACE_LIMITS.position) refuse(`${name} is between 0 and ${TRACE_LIMITS.position}`)
  }
}

/** Who sent reports: the site, the signed-in player (null for a visitor), the address and the device. */
export interface TraceSender {
  readonly siteCode: string
  readonly playerId: string | null
  readonly ip: string
  readonly device: string
}

/**
 * Keeps the reports of one call as far as the rate limits allow; answers how many were kept.
 * A site with trace reports off keeps none and refuses nothing. Otherwise checks every report
 * first (a broken one refuses the call), and refuses a call of which none could be kept (2211).
 */
export const receiveTraces = async (db: Db, from: TraceSender, traces: ReadonlyArray<TraceReport>, now: number): Promise<number> => {
  if (!(await tracesOn(db, from.siteCode))) return 0
  if (traces.length > TRACE_LIMITS.batch) throw new ServiceError(TraceCode.refused, `a batch holds at most ${TRACE_LIMITS.batch} trace reports`)
  for (const t of traces) checkTrace(t)
  if (traces.length === 0) return 0
  const since = new Date(now - TRACE_WINDOW_MS).toISOString()
  return db.transaction(async (tx) => {
    // One count per address at a time: two calls at once cannot both take the last places.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`trace:${from.siteCode}:${from.ip}`])
    const count = async (column: 'ip' | 'device', value: string): Promise<number> =>
      Number((await tx.query<{ n: string }>(`SELECT count(*) AS n FROM trace_reports WHERE site_code = $1 AND ${column} = $2 AND received_at > $3`, [from.siteCode, value, since])).rows[0]?.n ?? 0)
    const byAddress = TRACES_PER_ADDRESS - (await count('ip', from.ip))
    // A caller without a fingerprint counts under its address only.
    const byDevice = from.device === '' ? byAddress : TRACES_PER_DEVICE - (await count('device', from.device))
    const room = Math.max(0, Math.min(byAddress, byDevice))
    if (room === 0) throw new ServiceError(TraceCode.tooMany, 'too many trace reports from this address or device: try later')
    const kept = traces.slice(0, room)
    const at = new Date(now).toISOString()
    for (const t of kept) {
      await tx.query(
        `INSERT INTO trace_reports (site_code, event, message, source, lineno, colno, href, created, player_id, ip, device, received_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [from.siteCode, t.event, t.message, t.source, t.lineno, t.colno, t.href, t.created, from.playerId, from.ip, from.device, at],
      )
    }
    return kept.length
  })
}

/** A kept report as an operator reads it. */
export interface TraceRow extends TraceReport {
  readonly id: number
  readonly playerId: string | null
  readonly ip: string
  readonly device: string
  /** When the hall received it (ISO). */
  readonly receivedAt: string
}

/** What an operator filters a site's reports by. */
export interface TraceQuery {
  readonly siteCode: string
  readonly playerId?: string
  readonly device?: string
  readonly event?: string
  /** At most this many, newest first (1 to 200; 50 by default). */
  readonly limit?: number
}

/** A site's recent trace reports, newest first. */
export const tracesOf = async (db: Queryable, q: TraceQuery): Promise<ReadonlyArray<TraceRow>> => {
  const where = ['site_code = $1']
  const params: unknown[] = [q.siteCode]
  const add = (column: string, value: string | undefined): void => {
    if (value === undefined || value.trim() === '') return
    params.push(value.trim())
    where.push(`${column} = $${params.length}`)
  }
  if (q.playerId !== undefined && !/^\d{1,18}$/.test(q.playerId.trim())) return []
  add('player_id', q.playerId)
  add('device', q.device)
  add('event', q.event)
  const limit = Math.min(200, Math.max(1, Math.trunc(q.limit ?? 50) || 50))
  const rows = await db.query<{
    id: string; event: string; message: string; source: string; lineno: number; colno: number; href: string; created: string
    player_id: string | null; ip: string; device: string; received_at: Date | string
  }>(
    `SELECT id, event, message, source, lineno, colno, href, created, player_id, ip, device, received_at FROM trace_reports
     WHERE ${where.join(' AND ')} ORDER BY received_at DESC, id DESC LIMIT ${limit}`,
    params,
  )
  return rows.rows.map((r) => ({
    id: Number(r.id), event: r.event, message: r.message, source: r.source, lineno: r.lineno, colno: r.colno, href: r.href, created: r.created,
    playerId: r.player_id === null ? null : String(r.player_id), ip: r.ip, device: r.device, receivedAt: new Date(r.received_at).toISOString(),
  }))
}
