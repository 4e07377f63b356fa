/**
 * The support audit trail: who looked at which player's session, when (docs/timeline.md, "The
 * audit trail"). Every search, session opened, log downloaded and timeline fork of a support
 * account is one row, as are sign-ins and account changes; leads read it in the console, filtered
 * by account, player and date, a page at a time. Table: server/migrations/080_support_roles_audit.sql.
 * Times are the hall's clock.
 */
import type { Queryable } from '../db'

/** What an audit entry records. */
export type AuditAction =
  | 'search'
  | 'traces.searched'
  | 'session.opened'
  | 'log.downloaded'
  | 'timeline.forked'
  | 'signed-in'
  | 'sign-in.refused'
  | 'account.added'
  | 'account.disabled'
  | 'account.enabled'
  | 'account.password-reset'
  | 'account.role-changed'
  | 'refused'
  /** An operator's action in the console (server/support/operator.ts): 'ops.withdraw.approved', ... */
  | `ops.${string}`

/** One entry to write. */
export interface AuditIn {
  /** The support account that acted, or 'command:<os user>' for the support-accounts command. */
  readonly account: string
  readonly action: AuditAction
  readonly reference?: string | null
  readonly playerId?: string | null
  readonly usernames?: ReadonlyArray<string>
  readonly siteCode?: string | null
  /** What else is worth keeping: the search criteria, the fork's seq, the account changed. */
  readonly detail?: Readonly<Record<string, unknown>>
}

/** One entry as the console lists it. */
export interface AuditEntry {
  readonly id: number
  readonly at: string
  readonly account: string
  readonly action: AuditAction
  readonly reference: string | null
  readonly playerId: string | null
  readonly usernames: ReadonlyArray<string>
  readonly siteCode: string | null
  readonly detail: Readonly<Record<string, unknown>>
}

/** Writes one entry at `now` (ms, the hall's clock). */
export const recordAudit = async (db: Queryable, e: AuditIn, now: number): Promise<void> => {
  await db.query(
    `INSERT INTO support_audit (at, account, action, reference, player_id, usernames, site_code, detail)
     VALUES (to_timestamp($1::double precision / 1000), $2, $3, $4, $5, $6, $7, $8)`,
    [now, e.account, e.action, e.reference ?? null, e.playerId ?? null, [...(e.usernames ?? [])], e.siteCode ?? null, JSON.stringify(e.detail ?? {})],
  )
}

/** Filters of the audit trail; every one given must match. */
export interface AuditQuery {
  /** The support account (exact, case-insensitive). */
  readonly account?: string
  /** A player: their id, or any username of theirs (case-insensitive). */
  readonly player?: string
  /** Entries at or after this time (ms). */
  readonly from?: number
  /** Entries before this time (ms). */
  readonly to?: number
  /** 1-based page. */
  readonly page?: number
  readonly pageSize?: number
}

/** One page of the trail, newest first, with the number of entries matching. */
export interface AuditPage {
  readonly entries: ReadonlyArray<AuditEntry>
  readonly total: number
  readonly page: number
  readonly pageSize: number
}

/** Largest page the console may ask for. */
export const AUDIT_MAX_PAGE_SIZE = 200

/** The entries matching the query, newest first, one page. */
export const searchAudit = async (db: Queryable, q: AuditQuery): Promise<AuditPage> => {
  const where: string[] = ['true']
  const params: unknown[] = []
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value)
    where.push(sql(`$${params.length}`))
  }
  if (q.account !== undefined && q.account.trim() !== '') add((p) => `lower(account) = lower(${p})`, q.account.trim())
  if (q.player !== undefined && q.player.trim() !== '') {
    add((p) => `(player_id = ${p} OR EXISTS (SELECT 1 FROM unnest(usernames) u WHERE lower(u) = lower(${p})))`, q.player.trim())
  }
  if (q.from !== undefined) add((p) => `at >= to_timestamp(${p}::double precision / 1000)`, q.from)
  if (q.to !== undefined) add((p) => `at < to_timestamp(${p}::double precision / 1000)`, q.to)
  const pageSize = Math.min(Math.max(Math.trunc(q.pageSize ?? 50), 1), AUDIT_MAX_PAGE_SIZE)
  const page = Math.max(Math.trunc(q.page ?? 1), 1)
  const filter = where.join(' AND ')
  const total = Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM support_audit WHERE ${filter}`, params)).rows[0]?.n ?? 0)
  const entries = (
    await db.query<AuditEntry>(
      `SELECT id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, account, action, reference,
              player_id AS "playerId", usernames, site_code AS "siteCode", detail
       FROM support_audit WHERE ${filter} ORDER BY at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, pageSize, (page - 1) * pageSize],
    )
  ).rows
  return { entries, total, page, pageSize }
}
