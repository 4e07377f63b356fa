/**
 * Queries of the hall's store, one function per question the calls ask: which site, what it
 * offers, which player, which session, what balance. Rows are mapped to camelCase records here so
 * SQL column names stay in this file and the migrations.
 */
import type { CurrencyInfo, LanguageInfo, LastGameInfo, UserInfo } from '../schemas/hall/calls'
import type { Db, Queryable } from './db'
import { randomHex } from './crypto'

/** A site as stored. */
export interface SiteRow {
  readonly code: string
  readonly name: string
  readonly siteKey: string
  readonly isDefault: boolean
  readonly hostNames: ReadonlyArray<string>
  readonly languageCode: string
  readonly currencyCode: string
  readonly timeZone: string
  readonly skinType: number
  readonly themeType: number
  readonly maintainStatus: number
  readonly siteMaintenance: boolean
  readonly areaOpen: boolean
}

const SITE_COLUMNS = `code, name, site_key AS "siteKey", is_default AS "isDefault", host_names AS "hostNames",
  language_code AS "languageCode", currency_code AS "currencyCode", time_zone AS "timeZone", skin_type AS "skinType",
  theme_type AS "themeType", maintain_status AS "maintainStatus", site_maintenance AS "siteMaintenance", area_open AS "areaOpen"`

/** The site with this code, if any. */
export const siteByCode = async (db: Queryable, code: string): Promise<SiteRow | undefined> =>
  (await db.query<SiteRow>(`SELECT ${SITE_COLUMNS} FROM sites WHERE code = $1`, [code])).rows[0]

/** How long a hall keeps a site's row for its calls (sites change only with the seed or an operator's SQL). */
export const SITE_CACHE_MS = 10_000

const siteCache = new WeakMap<Queryable, Map<string, { readonly row: SiteRow; readonly at: number }>>()

/**
 * The site with this code, as the hall's calls look it up on every request (its key checks the
 * signature): kept for SITE_CACHE_MS per store, so a change made behind the hall's back (an
 * operator's SQL, another hall's seed) is seen within that time. Unknown codes are not kept.
 */
export const cachedSiteByCode = async (db: Queryable, code: string): Promise<SiteRow | undefined> => {
  const kept = siteCache.get(db) ?? new Map<string, { readonly row: SiteRow; readonly at: number }>()
  siteCache.set(db, kept)
  const hit = kept.get(code)
  const at = performance.now()
  if (hit !== undefined && at - hit.at < SITE_CACHE_MS) return hit.row
  const row = await siteByCode(db, code)
  if (row === undefined) kept.delete(code)
  else kept.set(code, { row, at })
  return row
}

/** The site that serves this host name, else the default site. */
export const siteForHost = async (db: Queryable, host: string): Promise<SiteRow | undefined> =>
  (
    await db.query<SiteRow>(
      `SELECT ${SITE_COLUMNS} FROM sites WHERE $1 = ANY (host_names) OR is_default ORDER BY ($1 = ANY (host_names)) DESC LIMIT 1`,
      [host.toLowerCase()],
    )
  ).rows[0]

/** All sites, default first. */
export const allSites = async (db: Queryable): Promise<ReadonlyArray<SiteRow>> =>
  (await db.query<SiteRow>(`SELECT ${SITE_COLUMNS} FROM sites ORDER BY is_default DESC, code`)).rows

/** A configuration document of a site (site_documents), or undefined. */
export const siteDocument = async <T>(db: Queryable, siteCode: string, name: string): Promise<T | undefined> =>
  (await db.query<{ doc: T }>('SELECT doc FROM site_documents WHERE site_code = $1 AND name = $2', [siteCode, name])).rows[0]?.doc

/** The languages a site offers, in its order; the site's own language is the default. */
export const siteLanguages = async (db: Queryable, site: SiteRow): Promise<ReadonlyArray<LanguageInfo>> =>
  (
    await db.query<LanguageInfo>(
      `SELECT language_code AS "languageCode", translate_name AS "languageTranslateName",
              (language_code = $2)::int AS "defaultLanguageTag"
       FROM site_languages WHERE site_code = $1 ORDER BY sort`,
      [site.code, site.languageCode],
    )
  ).rows

/** The currencies a site offers, in its order. */
export const siteCurrencies = async (db: Queryable, siteCode: string): Promise<ReadonlyArray<CurrencyInfo>> =>
  (
    await db.query<CurrencyInfo>(
      `SELECT c.code AS "currencyCode", c.currency_type::int AS "currencyType", c.display AS "currencyDisplay",
              c.market_code AS "marketCurrencyCode", c.sign AS "currencySign"
       FROM site_currencies sc JOIN currencies c ON c.code = sc.currency_code
       WHERE sc.site_code = $1 ORDER BY sc.sort`,
      [siteCode],
    )
  ).rows

/** Whether a site offers a currency (case-insensitive code); returns the stored code. */
export const siteCurrency = async (db: Queryable, siteCode: string, code: string): Promise<string | undefined> =>
  (
    await db.query<{ code: string }>(
      'SELECT currency_code AS code FROM site_currencies WHERE site_code = $1 AND currency_code = upper($2)',
      [siteCode, code],
    )
  ).rows[0]?.code

/** Account statuses that may not sign in and have no live session (spec: FreezeManual 2, FreezeAbnormal 3, BlackList 5). */
export const FROZEN_STATUSES: ReadonlySet<number> = new Set([2, 3, 5])

/** A player as stored. */
export interface PlayerRow {
  readonly id: string
  readonly siteCode: string
  readonly username: string
  readonly passwordHash: string | null
  readonly userkey: string
  readonly accountType: number
  readonly currency: string
  readonly portraitId: number
  readonly userStatus: number
  readonly changePassword: number
  readonly hasRecharged: number
  readonly lastGame: LastGameInfo | null
}

/** The columns of a PlayerRow, of the players table named `table` (an alias in a join). */
export const playerColumns = (table: string): string =>
  `${table}.id::text AS id, ${table}.site_code AS "siteCode", ${table}.username, ${table}.password_hash AS "passwordHash", ${table}.userkey,
  ${table}.account_type::int AS "accountType", ${table}.currency, ${table}.portrait_id AS "portraitId", ${table}.user_status::int AS "userStatus",
  ${table}.change_password::int AS "changePassword", ${table}.has_recharged::int AS "hasRecharged", ${table}.last_game AS "lastGame"`

const PLAYER_COLUMNS = playerColumns('players')

/** The player with this username on a site (case-insensitive). */
export const playerByUsername = async (db: Queryable, siteCode: string, username: string): Promise<PlayerRow | undefined> =>
  (
    await db.query<PlayerRow>(`SELECT ${PLAYER_COLUMNS} FROM players WHERE site_code = $1 AND username_key = lower($2)`, [
      siteCode,
      username,
    ])
  ).rows[0]

/** The player holding this user key on a site. */
export const playerByUserkey = async (db: Queryable, siteCode: string, userkey: string): Promise<PlayerRow | undefined> =>
  (await db.query<PlayerRow>(`SELECT ${PLAYER_COLUMNS} FROM players WHERE site_code = $1 AND userkey = $2`, [siteCode, userkey]))
    .rows[0]

/** The player with this id. */
export const playerById = async (db: Queryable, id: string): Promise<PlayerRow | undefined> =>
  (await db.query<PlayerRow>(`SELECT ${PLAYER_COLUMNS} FROM players WHERE id = $1`, [id])).rows[0]

/** Creates a player with an empty wallet in its currency; the caller runs it in a transaction. */
export const createPlayer = async (
  db: Queryable,
  p: { siteCode: string; username: string; passwordHash: string | null; accountType: 0 | 1; currency: string },
): Promise<PlayerRow> => {
  const row = (
    await db.query<PlayerRow>(
      `INSERT INTO players (site_code, username, username_key, password_hash, userkey, account_type, currency)
       VALUES ($1, $2, lower($2), $3, $4, $5, $6) RETURNING ${PLAYER_COLUMNS}`,
      [p.siteCode, p.username, p.passwordHash, randomHex(32), p.accountType, p.currency],
    )
  ).rows[0]
  if (row === undefined) throw new Error('player insert returned no row')
  await ensureWallet(db, row.id, row.currency)
  return row
}

/** Makes sure the player has a wallet row in a currency (balance 0 when new). */
export const ensureWallet = async (db: Queryable, playerId: string, currency: string): Promise<void> => {
  await db.query('INSERT INTO wallets (player_id, currency) VALUES ($1, $2) ON CONFLICT DO NOTHING', [playerId, currency])
}

/**
 * The balance in a currency as a decimal string: fiat rounded to its scale ('1000.00'), crypto
 * without trailing zeros ('0.5'). '0.00' when the player has no wallet in that currency.
 */
export const balanceOf = async (db: Queryable, playerId: string, currency: string): Promise<string> =>
  (await db.query<{ amount: string | null }>(`SELECT ${balanceSql('$1', '$2')} AS amount`, [playerId, currency])).rows[0]?.amount ?? '0.00'

/**
 * balanceOf as an SQL expression, for a statement that reads more with it: the balance of the
 * player `playerId` (an SQL expression) in the currency `currency` (another), NULL for an unknown
 * currency (balanceOf's '0.00').
 */
export const balanceSql = (playerId: string, currency: string): string =>
  `(SELECT CASE WHEN c.currency_type = 1 THEN round(coalesce(w.balance, 0), c.scale)::text ELSE trim_scale(coalesce(w.balance, 0))::text END
      FROM currencies c LEFT JOIN wallets w ON w.currency = c.code AND w.player_id = ${playerId}::bigint WHERE c.code = ${currency})`

/** A session as stored; expired and ended sessions are kept so their key still verifies. */
export interface SessionRow {
  readonly token: string
  readonly playerId: string
  readonly sessionKey: string
  readonly expiresAt: Date
  readonly endedAt: Date | null
  /** The fast-login key the session was handed when it opened (null for sessions older than migration 070). */
  readonly userkey: string | null
  /** The session was opened by that key (fast login), not by a password or a registration. */
  readonly byUserkey: boolean
}

/** The session with this token, live or not. */
export const sessionByToken = async (db: Queryable, token: string): Promise<SessionRow | undefined> =>
  (
    await db.query<SessionRow>(
      `SELECT token, player_id::text AS "playerId", session_key AS "sessionKey", expires_at AS "expiresAt", ended_at AS "endedAt",
              userkey, by_userkey AS "byUserkey"
       FROM sessions WHERE token = $1`,
      [token],
    )
  ).rows[0]

/** The player rows read with their sessions, each taken once (takePlayerReadWith). */
const readWith = new WeakMap<SessionRow, PlayerRow>()

/**
 * The session with this token, live or not, and its player's row read in the same statement: a
 * signed-in call needs both, and the row is handed to the call's first requirePlayer
 * (takePlayerReadWith) instead of being read again.
 */
export const sessionWithPlayer = async (db: Queryable, token: string): Promise<SessionRow | undefined> => {
  const row = (
    await db.query<PlayerRow & { token: string; playerId: string; sessionKey: string; expiresAt: Date; endedAt: Date | null; sessionUserkey: string | null; byUserkey: boolean }>(
      `SELECT ${playerColumns('p')}, s.token, s.player_id::text AS "playerId", s.session_key AS "sessionKey", s.expires_at AS "expiresAt",
              s.ended_at AS "endedAt", s.userkey AS "sessionUserkey", s.by_userkey AS "byUserkey"
       FROM sessions s LEFT JOIN players p ON p.id = s.player_id
       WHERE s.token = $1`,
      [token],
    )
  ).rows[0]
  if (row === undefined) return undefined
  const { token: t, playerId, sessionKey, expiresAt, endedAt, sessionUserkey, byUserkey, ...player } = row
  const session: SessionRow = { token: t, playerId, sessionKey, expiresAt, endedAt, userkey: sessionUserkey, byUserkey }
  if (player.id !== null && player.id !== undefined) readWith.set(session, player)
  return session
}

/** The player row read with this session (sessionWithPlayer), once: later asks read the store. */
export const takePlayerReadWith = (session: SessionRow): PlayerRow | undefined => {
  const player = readWith.get(session)
  readWith.delete(session)
  return player
}

/** True while a session is neither ended nor expired at `now`. */
export const isLive = (s: Pick<SessionRow, 'endedAt' | 'expiresAt'>, now: number): boolean => s.endedAt === null && s.expiresAt.getTime() > now

/**
 * Opens a session for a player: a fresh token and session key, expiring after `ttlMs`. It
 * records the fast-login key it hands out (`userkey`) and whether that key opened it
 * (`byUserkey`: a fast login), so a logout can end the sessions a key opened.
 */
export const openSession = async (
  db: Queryable,
  playerId: string,
  opts: { now: number; ttlMs: number; ip: string; device: string; userkey: string; byUserkey: boolean },
): Promise<SessionRow> => {
  const token = randomHex(24)
  const sessionKey = randomHex(32)
  const expiresAt = new Date(opts.now + opts.ttlMs)
  await db.query(
    `INSERT INTO sessions (token, player_id, session_key, created_at, expires_at, ip, device, userkey, by_userkey)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [token, playerId, sessionKey, new Date(opts.now).toISOString(), expiresAt.toISOString(), opts.ip, opts.device, opts.userkey, opts.byUserkey],
  )
  return { token, playerId, sessionKey, expiresAt, endedAt: null, userkey: opts.userkey, byUserkey: opts.byUserkey }
}

/**
 * A logout (docs/hall.md, "Sign-out ends access"): ends this session and, when the player's
 * fast-login key is still the one this session was handed, replaces the key and ends every live
 * session that key opened (other tabs or devices that signed in with a copy of it). Sessions
 * opened with the password keep running; their copy of the old key no longer signs in. One
 * transaction, so a key is never rotated without its sessions ending.
 */
export const signOut = async (db: Db, session: SessionRow, now: number): Promise<void> => {
  const at = new Date(now).toISOString()
  await db.transaction(async (tx) => {
    await tx.query('UPDATE sessions SET ended_at = $2 WHERE token = $1 AND ended_at IS NULL', [session.token, at])
    if (session.userkey === null) return
    const rotated = await tx.query('UPDATE players SET userkey = $3 WHERE id = $1 AND userkey = $2', [session.playerId, session.userkey, randomHex(32)])
    if ((rotated.affectedRows ?? 0) === 0) return
    await tx.query('UPDATE sessions SET ended_at = $3 WHERE player_id = $1 AND userkey = $2 AND by_userkey AND ended_at IS NULL', [
      session.playerId,
      session.userkey,
      at,
    ])
  })
}

/**
 * A changed password or a frozen account: a new fast-login key for the player and every live
 * session ended, except `keep` (the session that changed the password, which is handed the new
 * key). Runs in the caller's transaction; answers the new key.
 */
export const endAccess = async (db: Queryable, playerId: string, now: number, keep?: string): Promise<string> => {
  const userkey = randomHex(32)
  await db.query('UPDATE players SET userkey = $2 WHERE id = $1', [playerId, userkey])
  await db.query('UPDATE sessions SET ended_at = $2 WHERE player_id = $1 AND ended_at IS NULL AND token IS DISTINCT FROM $3', [
    playerId,
    new Date(now).toISOString(),
    keep ?? null,
  ])
  if (keep !== undefined) await db.query('UPDATE sessions SET userkey = $2, by_userkey = false WHERE token = $1', [keep, userkey])
  return userkey
}

/** Expires every live session of the players with this username (on one site or all); returns how many. */
export const expireSessions = async (db: Queryable, username: string, siteCode: string | undefined, now: number): Promise<number> =>
  (
    await db.query(
      `UPDATE sessions SET expires_at = $3 WHERE expires_at > $3 AND player_id IN
         (SELECT id FROM players WHERE username_key = lower($1) AND ($2::text IS NULL OR site_code = $2))`,
      [username, siteCode ?? null, new Date(now).toISOString()],
    )
  ).affectedRows ?? 0

/** What userInfo reads of a player besides its PlayerRow. */
interface InfoRow {
  readonly mustBindItem: number
  readonly mobilePhone: string
  readonly email: string
  readonly googleAuth: number
  readonly withdrawPass: boolean
  readonly displayName: string
  readonly cpf: string
  readonly question: boolean
  readonly thirdEmail: string
  readonly thirdType: number
  readonly gold: string | null
}

/**
 * The statement reading an InfoRow of the player `playerId` with its balance in `currency` (SQL
 * parameters): what the player must bind and has bound (the forced bind flow,
 * server/calls/security.ts, as bindStateOf), the profile of migration 140 (the display name, ''
 * shows the username; the CPF; whether a secret question is set), the third-party account bound
 * last (migration 190) and the balance (as balanceOf).
 */
const infoSql = (playerId: string, currency: string): string =>
  `SELECT players.must_bind_item::int AS "mustBindItem", players.mobile_phone AS "mobilePhone", players.email, players.google_auth::int AS "googleAuth",
     players.withdraw_pass_hash IS NOT NULL AS "withdrawPass",
     players.display_name AS "displayName", players.cpf, EXISTS (SELECT 1 FROM player_questions q WHERE q.player_id = players.id) AS question,
     coalesce(t.email, '') AS "thirdEmail", coalesce(t.requester_type, 0)::int AS "thirdType",
     ${balanceSql('players.id', currency)} AS gold
   FROM players LEFT JOIN LATERAL (SELECT email, requester_type FROM player_third_accounts WHERE player_id = players.id ORDER BY created_at DESC LIMIT 1) t ON true
   WHERE players.id = ${playerId}::bigint`

/** The user info a login-family call answers, from the player, its session and its InfoRow. */
const userInfoOf = (p: PlayerRow, s: SessionRow, row: InfoRow | undefined): UserInfo => {
  const b = row ?? { mustBindItem: 0, mobilePhone: '', email: '', googleAuth: 0, withdrawPass: false }
  const own = row ?? { displayName: '', cpf: '', question: false, thirdEmail: '', thirdType: 0 }
  return {
  userIdx: p.id,
  userkey: p.userkey,
  session_key: s.sessionKey,
  token: s.token,
  username: p.username,
  platfromid: own.displayName === '' ? p.username : own.displayName,
  portrait_id: p.portraitId,
  currency: p.currency,
  account_type: p.accountType,
  change_password: p.changePassword,
  must_bind_phone: b.mustBindItem > 0 ? 1 : 0,
  must_bind_email: b.mustBindItem > 1 ? 1 : 0,
  must_bind_google_auth: b.mustBindItem > 2 ? 1 : 0,
  mustBindWithdrawPass: b.mustBindItem > 3 ? 1 : 0,
  must_bind_item: b.mustBindItem,
  email: b.email,
  // The third-party account bound last (migration 190), its email masked as the lobby shows it.
  thirdEmail: own.thirdEmail.replace(/^([^@]{0,2})[^@]*(@.*)$/, '$1***$2'),
  thirdType: own.thirdType,
  mobile_phone: b.mobilePhone,
  cpf: own.cpf === '' ? '' : `${'*'.repeat(Math.max(0, own.cpf.length - 2))}${own.cpf.slice(-2)}`,
  is_open_google_auth: b.googleAuth,
  userOptResult: [b.withdrawPass ? 1 : 0, own.question ? 1 : 0, b.mobilePhone === '' ? 0 : 1, 0, p.accountType === 1 ? 1 : 0],
  user_status: p.userStatus,
  game_gold: row?.gold ?? '0.00',
  has_recharged: p.hasRecharged,
  showPassword: 0,
  lastgameinfo: p.lastGame,
  }
}

/** The user info a login-family call answers for a player in a session: one statement. */
export const userInfo = async (db: Queryable, p: PlayerRow, s: SessionRow): Promise<UserInfo> =>
  userInfoOf(p, s, (await db.query<InfoRow>(infoSql('$1', '$2'), [p.id, p.currency])).rows[0])

/**
 * A sign-in's one statement: opens a session for the player (as openSession) and answers its user
 * info (as userInfo); `writes` are the caller's own data-modifying WITH items run in the same
 * statement, their parameters numbered from `$${first}` on.
 */
export const openSessionWithInfo = async (
  db: Queryable,
  player: PlayerRow,
  opts: { now: number; ttlMs: number; ip: string; device: string; byUserkey: boolean },
  writes?: { readonly sql: (first: number) => string; readonly params: ReadonlyArray<unknown> },
): Promise<UserInfo> => {
  const token = randomHex(24)
  const sessionKey = randomHex(32)
  const expiresAt = new Date(opts.now + opts.ttlMs)
  const row = (
    await db.query<InfoRow>(
      `WITH opened AS (
         INSERT INTO sessions (token, player_id, session_key, created_at, expires_at, ip, device, userkey, by_userkey)
         VALUES ($1, $2::bigint, $3, $4, $5, $6, $7, $8, $9))${writes === undefined ? '' : `,\n${writes.sql(11)}`}
       ${infoSql('$2', '$10')}`,
      [
        token,
        player.id,
        sessionKey,
        new Date(opts.now).toISOString(),
        expiresAt.toISOString(),
        opts.ip,
        opts.device,
        player.userkey,
        opts.byUserkey,
        player.currency,
        ...(writes?.params ?? []),
      ],
    )
  ).rows[0]
  return userInfoOf(player, { token, playerId: player.id, sessionKey, expiresAt, endedAt: null, userkey: player.userkey, byUserkey: opts.byUserkey }, row)
}

/** What a player must bind and has bound (the forced bind flow, server/calls/security.ts). */
export const bindStateOf = async (
  db: Queryable,
  playerId: string,
): Promise<{ mustBindItem: number; mobilePhone: string; email: string; googleAuth: number; withdrawPass: boolean }> =>
  (
    await db.query<{ mustBindItem: number; mobilePhone: string; email: string; googleAuth: number; withdrawPass: boolean }>(
      `SELECT must_bind_item::int AS "mustBindItem", mobile_phone AS "mobilePhone", email, google_auth::int AS "googleAuth",
         withdraw_pass_hash IS NOT NULL AS "withdrawPass" FROM players WHERE id = $1`,
      [playerId],
    )
  ).rows[0] ?? { mustBindItem: 0, mobilePhone: '', email: '', googleAuth: 0, withdrawPass: false }
