/**
 * Support's side of the store: diagnostics uploads (chunks, assembly, what support searches by).
 * The console's accounts and sign-ins are in accounts.ts, the audit trail in audit.ts, the
 * retention sweep in retention.ts. Tables: server/migrations/009_support.sql.
 */
import { randomBytes } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import type { Db, Queryable } from '../db'
import { resolveRefs } from '../../schemas/log'

/** What a chunk of an upload brings. */
export interface ChunkIn {
  readonly upload: string
  readonly index: number
  readonly count: number
  readonly data: Uint8Array
  readonly siteCode: string
  /**
   * The player the request's credentials name (a live session of the site), or undefined: the
   * upload is filed under this player, never under a name its log carries.
   */
  readonly playerId: string | undefined
  /** The sender's address as the edge resolved it: what the per-address bounds count. */
  readonly address: string
}

/** The hall's answer to a chunk. */
export interface Receipt {
  readonly reference: string
  readonly received: number
  readonly complete: boolean
}

/** A refusal the call answers with a service code. */
export class UploadRefused extends Error {}

// Crockford base32 without I, L, O, U: a reference read aloud over the phone is not mistaken.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** A new reference number: LB-XXXX-XXXX (40 random bits). */
export const newReference = (): string => {
  const bytes = randomBytes(8)
  const chars = [...bytes].map((b) => ALPHABET[b % 32]!)
  return `LB-${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}`
}

/** A reference as typed by a person: case and separators do not matter. */
export const normalizeReference = (s: string): string => {
  const raw = s.toUpperCase().replace(/[^0-9A-Z]/g, '').replace(/^LB/, '')
  return raw.length === 8 ? `LB-${raw.slice(0, 4)}-${raw.slice(4)}` : s.trim().toUpperCase()
}

/** Largest assembled log accepted (gzip bytes) and largest once decompressed. */
export const MAX_GZ_BYTES = 64 * 1024 * 1024
const MAX_LOG_BYTES = 512 * 1024 * 1024

/**
 * The bounds on who sends what (docs/timeline.md, "Diagnostics uploads"): uploads an address or a
 * player may start in an hour, unfinished uploads an address may hold at once and their bytes.
 * The lobby sends one upload at a time, each finished within seconds; unfinished ones are dropped
 * after UNFINISHED_TTL_MS (server/support/retention.ts).
 */
export const UPLOAD_LIMITS = {
  perAddressPerHour: 60,
  perPlayerPerHour: 20,
  unfinishedPerAddress: 40,
  unfinishedBytesPerAddress: MAX_GZ_BYTES,
} as const

const HOUR_MS = 60 * 60 * 1000

/** What support searches by, read from an assembled log. */
export interface LogSummary {
  readonly session: string | null
  readonly appVersion: string | null
  readonly language: string | null
  readonly siteCode: string | null
  readonly usernames: ReadonlyArray<string>
  readonly startedAt: number | null
  readonly endedAt: number | null
  readonly records: number
  readonly errorCodes: ReadonlyArray<string>
}

const asObject = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined

/**
 * A record's event with its blobs put back (log format 2: a `def` field holds a body named by its
 * hash, a `ref` field holds the hash of a body defined earlier); as it is when they do not resolve.
 */
const withBlobs = (record: Record<string, unknown>, blobs: Map<string, unknown>): Record<string, unknown> | undefined => {
  const event = asObject(record['event'])
  if (event === undefined) return undefined
  const def = asObject(record['def'])
  if (def !== undefined) for (const [field, hash] of Object.entries(def)) if (typeof hash === 'string') blobs.set(hash, event[field])
  if (record['ref'] === undefined) return event
  // A line whose blobs do not resolve is summarized as it is (the console opens what arrived).
  const r = resolveRefs(event, record['ref'], blobs)
  return 'problem' in r ? event : r.event
}

/**
 * Reads the searchable facts of an NDJSON log: the header, the usernames of every sign-in, the
 * time range, and the error codes of failed hall calls (a service code, or the error's tag).
 * Tolerant: a line that is not JSON is skipped, because the console must still open what arrived.
 */
export const summarizeLog = (text: string): LogSummary => {
  const usernames = new Set<string>()
  const errors = new Set<string>()
  let header: Record<string, unknown> | undefined
  let first: number | null = null
  let last: number | null = null
  let records = 0
  const blobs = new Map<string, unknown>()
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    let json: unknown
    try {
      json = JSON.parse(line)
    } catch {
      continue
    }
    const o = asObject(json)
    if (o === undefined) continue
    if (header === undefined && o['format'] === 'lobby-log') {
      header = o
      continue
    }
    records++
    if (typeof o['at'] === 'number') {
      first ??= o['at']
      last = o['at']
    }
    const event = withBlobs(o, blobs)
    if (event === undefined) continue
    if (event['type'] === 'session.loggedIn' && typeof event['username'] === 'string') usernames.add(event['username'])
    if (event['type'] === 'hall.failed') {
      const error = asObject(event['error'])
      if (error?.['_tag'] === 'ServiceCode' && typeof error['code'] === 'number') errors.add(String(error['code']))
      else if (typeof error?.['_tag'] === 'string') errors.add(error['_tag'])
    }
    if (event['type'] === 'site.blocked' && typeof event['reason'] === 'string') errors.add(`blocked:${event['reason']}`)
  }
  const str = (k: string): string | null => (typeof header?.[k] === 'string' ? header[k] : null)
  return {
    session: str('session'),
    appVersion: str('appVersion'),
    language: str('language'),
    siteCode: str('siteCode'),
    usernames: [...usernames],
    startedAt: typeof header?.['startedAt'] === 'number' ? header['startedAt'] : first,
    endedAt: last,
    records,
    errorCodes: [...errors].sort(),
  }
}

const count = async (tx: Queryable, sql: string, params: ReadonlyArray<unknown>): Promise<number> =>
  Number((await tx.query<{ n: string | number }>(sql, [...params])).rows[0]?.n ?? 0)

/** Refuses a new upload past the sender's bounds (UPLOAD_LIMITS). */
const checkNewUpload = async (tx: Queryable, c: ChunkIn, now: number): Promise<void> => {
  const hourAgo = (now - HOUR_MS) / 1000
  if ((await count(tx, 'SELECT count(*)::int AS n FROM diagnostic_uploads WHERE address = $1 AND created_at > to_timestamp($2)', [c.address, hourAgo])) >= UPLOAD_LIMITS.perAddressPerHour) {
    throw new UploadRefused('too many uploads from this address: try again later')
  }
  if (c.playerId !== undefined && (await count(tx, 'SELECT count(*)::int AS n FROM diagnostic_uploads WHERE player_id = $1 AND created_at > to_timestamp($2)', [c.playerId, hourAgo])) >= UPLOAD_LIMITS.perPlayerPerHour) {
    throw new UploadRefused('too many uploads from this player: try again later')
  }
  if ((await count(tx, 'SELECT count(*)::int AS n FROM diagnostic_uploads WHERE address = $1 AND completed_at IS NULL', [c.address])) >= UPLOAD_LIMITS.unfinishedPerAddress) {
    throw new UploadRefused('too many unfinished uploads from this address: finish or wait for them')
  }
}

/** Refuses a chunk that would take its upload, or the address's unfinished uploads, past their bytes. */
const checkChunkBytes = async (tx: Queryable, c: ChunkIn): Promise<void> => {
  const others = 'NOT (c.upload_id = $1 AND c.idx = $2)'
  const upload = await count(tx, `SELECT coalesce(sum(octet_length(c.data)), 0)::bigint AS n FROM diagnostic_chunks c WHERE c.upload_id = $1 AND ${others}`, [c.upload, c.index])
  if (upload + c.data.length > MAX_GZ_BYTES) throw new UploadRefused('the log is too large')
  const unfinished = await count(
    tx,
    `SELECT coalesce(sum(octet_length(c.data)), 0)::bigint AS n FROM diagnostic_chunks c JOIN diagnostic_uploads u ON u.upload_id = c.upload_id
     WHERE u.address = $3 AND u.completed_at IS NULL AND ${others}`,
    [c.upload, c.index, c.address],
  )
  if (unfinished + c.data.length > UPLOAD_LIMITS.unfinishedBytesPerAddress) throw new UploadRefused('too much unfinished upload from this address: finish or wait for it')
}

/**
 * Takes one chunk at `now` (ms, the hall's clock: the retention sweep counts an upload's age from
 * it). The first chunk of an upload creates it with its reference number, filed under the player
 * the request's credentials name or as anonymous, within the sender's bounds (UPLOAD_LIMITS); a
 * chunk sent again replaces the same row (a retry); a chunk of another player's (or an anonymous
 * one's) upload is refused. When every chunk is in, the log is assembled, checked to be a gzip of
 * text, summarized (its usernames are not trusted: the upload keeps its uploader's) and kept, and
 * the chunks are dropped.
 */
export const receiveChunk = async (db: Db, c: ChunkIn, now: number): Promise<Receipt> =>
  db.transaction(async (tx) => {
    // One sender's chunks one at a time, so two first chunks at once do not both pass the bounds.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`diagnostics:${c.address}`])
    const existing = (await tx.query<{ n: number }>('SELECT 1 AS n FROM diagnostic_uploads WHERE upload_id = $1', [c.upload])).rows[0]
    if (existing === undefined) {
      await checkNewUpload(tx, c, now)
      await tx.query(
        `INSERT INTO diagnostic_uploads (upload_id, reference, site_code, chunk_count, player_id, address, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, to_timestamp($7::double precision / 1000)) ON CONFLICT (upload_id) DO NOTHING`,
        [c.upload, newReference(), c.siteCode, c.count, c.playerId ?? null, c.address, now],
      )
    }
    const up = (
      await tx.query<{ reference: string; site_code: string; chunk_count: number; completed: boolean; player_id: string | null }>(
        `SELECT reference, site_code, chunk_count, completed_at IS NOT NULL AS completed, player_id FROM diagnostic_uploads WHERE upload_id = $1 FOR UPDATE`,
        [c.upload],
      )
    ).rows[0]
    if (up === undefined) throw new Error('upload row missing after insert')
    if (up.site_code !== c.siteCode) throw new UploadRefused('this upload belongs to another site')
    if ((up.player_id ?? undefined) !== c.playerId) throw new UploadRefused('this upload belongs to another sender')
    if (up.chunk_count !== c.count) throw new UploadRefused(`this upload has ${up.chunk_count} chunks, not ${c.count}`)
    if (c.index >= up.chunk_count) throw new UploadRefused(`chunk ${c.index} is out of range`)
    if (up.completed) return { reference: up.reference, received: up.chunk_count, complete: true }
    await checkChunkBytes(tx, c)
    await tx.query(
      `INSERT INTO diagnostic_chunks (upload_id, idx, data) VALUES ($1, $2, $3)
       ON CONFLICT (upload_id, idx) DO UPDATE SET data = EXCLUDED.data`,
      [c.upload, c.index, c.data],
    )
    const received = Number(
      (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM diagnostic_chunks WHERE upload_id = $1', [c.upload])).rows[0]?.n ?? 0,
    )
    if (received < up.chunk_count) return { reference: up.reference, received, complete: false }
    const parts = (await tx.query<{ data: Uint8Array }>('SELECT data FROM diagnostic_chunks WHERE upload_id = $1 ORDER BY idx', [c.upload])).rows
    const gz = Buffer.concat(parts.map((p) => Buffer.from(p.data)))
    if (gz.length > MAX_GZ_BYTES) throw new UploadRefused('the log is too large')
    let text: string
    try {
      text = gunzipSync(gz, { maxOutputLength: MAX_LOG_BYTES }).toString('utf8')
    } catch {
      throw new UploadRefused('the assembled log is not gzip')
    }
    const s = summarizeLog(text)
    // Filed under the uploader the credentials named, or as anonymous: a name in the log is the
    // sender's say-so, and a console search by username must not list a planted session.
    const uploader = up.player_id === null ? undefined : (await tx.query<{ username: string }>('SELECT username FROM players WHERE id::text = $1', [up.player_id])).rows[0]?.username
    const usernames = uploader === undefined ? [] : [uploader]
    await tx.query(
      `UPDATE diagnostic_uploads SET completed_at = to_timestamp($13::double precision / 1000), session_id = $2, app_version = $3, language = $4,
         username = $5, usernames = $6, started_at = to_timestamp($7::double precision / 1000),
         ended_at = to_timestamp($8::double precision / 1000), record_count = $9, error_codes = $10,
         log_gz = $11, log_bytes = $12
       WHERE upload_id = $1`,
      [c.upload, s.session, s.appVersion, s.language, uploader ?? null, usernames, s.startedAt, s.endedAt, s.records, [...s.errorCodes], gz, Buffer.byteLength(text), now],
    )
    await tx.query('DELETE FROM diagnostic_chunks WHERE upload_id = $1', [c.upload])
    return { reference: up.reference, received, complete: true }
  })

/** An uploaded session as the console lists it. */
export interface SessionSummary {
  readonly reference: string
  readonly siteCode: string
  readonly username: string | null
  readonly usernames: ReadonlyArray<string>
  readonly playerId: string | null
  readonly session: string | null
  readonly appVersion: string | null
  readonly language: string | null
  readonly startedAt: string | null
  readonly endedAt: string | null
  readonly uploadedAt: string
  readonly records: number | null
  readonly bytes: number | null
  readonly errorCodes: ReadonlyArray<string>
}

/** Search criteria; every one given must match. */
export interface SessionQuery {
  readonly username?: string
  readonly playerId?: string
  readonly site?: string
  /** Sessions that were running at some point after this time (ms). */
  readonly from?: number
  /** ... and before this time (ms). */
  readonly to?: number
  readonly reference?: string
  readonly errorCode?: string
  readonly limit?: number
}

const SUMMARY_COLUMNS = `reference, site_code AS "siteCode", username, usernames, player_id AS "playerId", session_id AS "session",
  app_version AS "appVersion", language, to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "startedAt",
  to_char(ended_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "endedAt",
  to_char(completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "uploadedAt",
  record_count AS records, log_bytes AS bytes, error_codes AS "errorCodes"`

/** Completed uploads matching the query, newest first. */
export const searchSessions = async (db: Queryable, q: SessionQuery): Promise<SessionSummary[]> => {
  const where: string[] = ['completed_at IS NOT NULL']
  const params: unknown[] = []
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value)
    where.push(sql(`$${params.length}`))
  }
  if (q.username !== undefined && q.username !== '') add((p) => `EXISTS (SELECT 1 FROM unnest(usernames) u WHERE lower(u) = lower(${p}))`, q.username.trim())
  if (q.playerId !== undefined && q.playerId !== '') add((p) => `player_id = ${p}`, q.playerId.trim())
  if (q.site !== undefined && q.site !== '') add((p) => `site_code = ${p}`, q.site.trim())
  if (q.from !== undefined) add((p) => `coalesce(ended_at, completed_at) >= to_timestamp(${p}::double precision / 1000)`, q.from)
  if (q.to !== undefined) add((p) => `coalesce(started_at, created_at) <= to_timestamp(${p}::double precision / 1000)`, q.to)
  if (q.reference !== undefined && q.reference !== '') add((p) => `reference = ${p}`, normalizeReference(q.reference))
  if (q.errorCode !== undefined && q.errorCode !== '') add((p) => `${p} = ANY (error_codes)`, q.errorCode.trim())
  params.push(Math.min(Math.max(q.limit ?? 50, 1), 200))
  const sql = `SELECT ${SUMMARY_COLUMNS} FROM diagnostic_uploads WHERE ${where.join(' AND ')} ORDER BY completed_at DESC LIMIT $${params.length}`
  return (await db.query<SessionSummary>(sql, params)).rows
}

/** One uploaded session with its compressed log. */
export const sessionLog = async (db: Queryable, reference: string): Promise<{ summary: SessionSummary; gz: Uint8Array } | undefined> => {
  const row = (
    await db.query<SessionSummary & { gz: Uint8Array }>(
      `SELECT ${SUMMARY_COLUMNS}, log_gz AS gz FROM diagnostic_uploads WHERE reference = $1 AND completed_at IS NOT NULL`,
      [normalizeReference(reference)],
    )
  ).rows[0]
  if (row === undefined) return undefined
  const { gz, ...summary } = row
  return { summary, gz }
}
