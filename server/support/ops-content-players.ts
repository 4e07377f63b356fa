/**
 * The operator's console, players (role finance; docs/operations-players-content.md): look a
 * player up by username, id, phone or e-mail; their profile, VIP level, balances each beside its
 * ledger's sum, the ledger with filters, the sessions they uploaded; and the account actions, each
 * with the operator's reason, each in the audit trail as `ops.player.*`:
 *
 * - freeze / unfreeze: the hall's own frozen state (user_status FreezeManual 2, store.ts
 *   FROZEN_STATUSES): sign-in answers accountFrozen and every live session and fast-login key ends,
 *   so money calls answer tokenExpired; unfreeze gives Normal 1 back;
 * - red-packet blacklist: red_packet_blacklist (migration 270);
 * - end sign-ins: endAccess, the player's sessions and fast-login key end at once;
 * - reset two-step: the Google authenticator binding is removed (the player binds again).
 */
import type { Hono } from 'hono'
import { vipInfoOf } from '../calls/vip'
import { applySettings } from '../control/common'
import type { Queryable } from '../db'
import { endAccess } from '../store'
import { searchSessions } from './store'
import type { AnyContext, OperatorKit } from './operator'

const FINANCE = ['finance'] as const

/** A player as the console lists and shows them. */
interface PlayerSummary {
  readonly id: string
  readonly siteCode: string
  readonly username: string
  readonly userStatus: number
  readonly phone: string
  readonly email: string
  readonly currency: string
  readonly createdAt: string
  readonly twoStep: boolean
  readonly redPacketBlacklisted: boolean
}

const SUMMARY = `p.id::text AS id, p.site_code AS "siteCode", p.username, p.user_status::int AS "userStatus", p.mobile_phone AS phone,
  p.email, p.currency, to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt",
  (p.google_auth_secret IS NOT NULL) AS "twoStep", EXISTS (SELECT 1 FROM red_packet_blacklist b WHERE b.player_id = p.id) AS "redPacketBlacklisted"`

/** Account statuses by name (spec: Normal 1, FreezeManual 2, FreezeAbnormal 3, ForbidReceive 4, BlackList 5). */
export const STATUS_NAMES: Readonly<Record<number, string>> = { 1: 'normal', 2: 'frozen', 3: 'frozen (abnormal)', 4: 'may not receive', 5: 'blacklisted' }

/** Players whose username (or its start), id, phone or e-mail is `q`; at most 50. */
export const findPlayers = async (db: Queryable, q: string): Promise<ReadonlyArray<PlayerSummary>> => {
  const text = q.trim()
  if (text === '') return []
  return (
    await db.query<PlayerSummary>(
      `SELECT ${SUMMARY} FROM players p
       WHERE p.username_key = lower($1) OR p.username_key LIKE replace(replace(replace(lower($1), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
         OR p.id = $2::bigint OR (p.mobile_phone <> '' AND p.mobile_phone = $1) OR (p.email <> '' AND lower(p.email) = lower($1))
       ORDER BY (p.username_key = lower($1)) DESC, p.username_key, p.id LIMIT 50`,
      // The id is compared only when the text is one (a cast of any other text would fail the query).
      [text, /^[0-9]{1,18}$/.test(text) ? text : null],
    )
  ).rows
}

const playerOf = async (db: Queryable, id: string): Promise<PlayerSummary | undefined> =>
  /^[0-9]{1,18}$/.test(id) ? (await db.query<PlayerSummary>(`SELECT ${SUMMARY} FROM players p WHERE p.id = $1::bigint`, [id])).rows[0] : undefined

/** Each wallet's balance beside the sum of its ledger entries (they are equal unless something wrote around the money core). */
export const balancesOf = async (db: Queryable, playerId: string) =>
  (
    await db.query<{ currency: string; balance: string; ledger: string }>(
      `SELECT w.currency, trim_scale(w.balance)::text AS balance,
         trim_scale(coalesce((SELECT sum(e.amount) FROM wallet_entries e WHERE e.player_id = w.player_id AND e.currency = w.currency), 0))::text AS ledger
       FROM wallets w WHERE w.player_id = $1 ORDER BY w.currency`,
      [playerId],
    )
  ).rows.map((r) => ({ ...r, equal: r.balance === r.ledger }))

/** A page of the ledger (newest first), filtered by kind and time. */
export const LEDGER_PAGE = 50
export const ledgerOf = async (db: Queryable, playerId: string, f: { kind?: string | undefined; from?: number | undefined; to?: number | undefined; page: number }) => {
  const where = ['player_id = $1']
  const params: unknown[] = [playerId]
  const add = (sql: (p: string) => string, v: unknown) => {
    params.push(v)
    where.push(sql(`$${params.length}`))
  }
  if (f.kind !== undefined && f.kind !== '') add((p) => `kind = ${p}`, f.kind)
  if (f.from !== undefined) add((p) => `created_at >= to_timestamp(${p}::double precision / 1000)`, f.from)
  if (f.to !== undefined) add((p) => `created_at <= to_timestamp(${p}::double precision / 1000)`, f.to)
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM wallet_entries WHERE ${where.join(' AND ')}`, params)).rows[0]?.n ?? 0
  const entries = (
    await db.query<{ id: string; at: string; currency: string; amount: string; balance: string; kind: string }>(
      `SELECT id::text AS id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, currency,
         trim_scale(amount)::text AS amount, trim_scale(balance)::text AS balance, kind
       FROM wallet_entries WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ${LEDGER_PAGE} OFFSET ${(Math.max(1, f.page) - 1) * LEDGER_PAGE}`,
      params,
    )
  ).rows
  const kinds = (await db.query<{ kind: string }>('SELECT DISTINCT kind FROM wallet_entries WHERE player_id = $1 ORDER BY kind', [playerId])).rows.map((r) => r.kind)
  return { entries, total, page: Math.max(1, f.page), pageSize: LEDGER_PAGE, kinds }
}

const time = (s: string | undefined): number | undefined => {
  if (s === undefined || s.trim() === '') return undefined
  const n = /^\d+$/.test(s) ? Number(s) : Date.parse(s)
  return Number.isFinite(n) ? n : undefined
}

/** The reason of an action: 3 to 500 characters, said by the operator. */
export const reasonIn = (b: Record<string, unknown> | undefined): string | undefined => {
  const r = b?.['reason']
  if (typeof r !== 'string') return undefined
  const t = r.trim()
  return t.length >= 3 && t.length <= 500 ? t : undefined
}

const REASON_NEEDED = 'say why (a reason of 3 to 500 characters)'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const playerRoutes = (app: Hono<any>, kit: OperatorKit): void => {
  const { db } = kit

  app.get('/support/api/ops/players', async (c) => {
    const refused = await kit.refuseUnless(c, FINANCE)
    if (refused !== undefined) return refused
    const q = c.req.query('q') ?? ''
    const players = await findPlayers(db, q)
    await kit.audit(c, { action: 'ops.player.searched', detail: { q, found: players.length } })
    return c.json({ ok: true, players })
  })

  app.get('/support/api/ops/players/:id', async (c) => {
    const refused = await kit.refuseUnless(c, FINANCE)
    if (refused !== undefined) return refused
    const p = await playerOf(db, c.req.param('id'))
    if (p === undefined) return c.json({ ok: false, error: 'no such player' }, 404)
    const q = c.req.query()
    const page = Number(q['page'] ?? 1)
    const [vip, balances, ledger, sessions] = await Promise.all([
      vipInfoOf(db, p.id, p.currency),
      balancesOf(db, p.id),
      ledgerOf(db, p.id, { kind: q['kind'], from: time(q['from']), to: time(q['to']), page: Number.isSafeInteger(page) ? page : 1 }),
      searchSessions(db, { playerId: p.id, limit: 50 }),
    ])
    await kit.audit(c, { action: 'ops.player.opened', playerId: p.id, usernames: [p.username], siteCode: p.siteCode, detail: { ledger: { kind: q['kind'] ?? null, from: q['from'] ?? null, to: q['to'] ?? null, page } } })
    return c.json({ ok: true, player: { ...p, status: STATUS_NAMES[p.userStatus] ?? String(p.userStatus) }, vip, balances, ledger, sessions })
  })

  /** An action on a player: finance only, a reason, the player found; audited as ops.player.<name> with who and why. */
  const action = (name: string, run: (p: PlayerSummary, b: Record<string, unknown>, c: AnyContext) => Promise<Response | Record<string, unknown>>) =>
    app.post(`/support/api/ops/players/:id/${name}`, async (c) => {
      const refused = await kit.refuseUnless(c, FINANCE)
      if (refused !== undefined) return refused
      const b = await kit.readJson(c)
      const reason = reasonIn(b)
      if (b === undefined || reason === undefined) return c.json({ ok: false, error: REASON_NEEDED }, 400)
      const p = await playerOf(db, c.req.param('id'))
      if (p === undefined) return c.json({ ok: false, error: 'no such player' }, 404)
      const done = await run(p, b, c)
      if (done instanceof Response) return done
      await kit.audit(c, { action: `ops.player.${name}`, playerId: p.id, usernames: [p.username], siteCode: p.siteCode, detail: { reason, ...done } })
      const after = await playerOf(db, p.id)
      return c.json({ ok: true, player: after === undefined ? undefined : { ...after, status: STATUS_NAMES[after.userStatus] ?? String(after.userStatus) }, ...done })
    })

  // The hall's own frozen state: applySettings (the `player` control's) ends every sign-in of a frozen account.
  action('freeze', async (p) => {
    await applySettings(db, p.id, { user_status: 2 })
    return { before: p.userStatus, after: 2 }
  })
  action('unfreeze', async (p, _b, c) => {
    if (p.userStatus === 1) return c.json({ ok: false, error: 'this player is not frozen' }, 409)
    await applySettings(db, p.id, { user_status: 1 })
    return { before: p.userStatus, after: 1 }
  })
  action('redpacket-blacklist', async (p, b, c) => {
    if (typeof b['on'] !== 'boolean') return c.json({ ok: false, error: 'on (true or false) is required' }, 400)
    if (b['on']) {
      await db.query(
        `INSERT INTO red_packet_blacklist (player_id, by_account, reason, created_at) VALUES ($1, $2, $3, to_timestamp($4::double precision / 1000))
         ON CONFLICT (player_id) DO UPDATE SET by_account = EXCLUDED.by_account, reason = EXCLUDED.reason, created_at = EXCLUDED.created_at`,
        [p.id, kit.userOf(c).username, reasonIn(b), kit.now()],
      )
    } else await db.query('DELETE FROM red_packet_blacklist WHERE player_id = $1', [p.id])
    return { on: b['on'] }
  })
  action('end-sign-ins', async (p) => {
    await endAccess(db, p.id, kit.now())
    return {}
  })
  action('reset-two-step', async (p, _b, c) => {
    if (!p.twoStep) return c.json({ ok: false, error: 'this player has no two-step verification bound' }, 409)
    await db.transaction(async (tx) => {
      await tx.query("DELETE FROM security_codes WHERE player_id = $1 AND purpose = 'googleAuth'", [p.id])
      await tx.query('UPDATE players SET google_auth = 0, google_auth_secret = NULL WHERE id = $1', [p.id])
    })
    return {}
  })
}
