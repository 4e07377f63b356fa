/**
 * The support console: its page at /support (support.html of the lobby build, a second Vite
 * entry) and its API under /support/api, behind a support sign-in. Plain JSON over HTTP with a
 * bearer token or an HttpOnly cookie; it is the hall's own staff surface, not part of the hall
 * protocol. In dev and test mode the hall seeds the lead account support / support-dev; production
 * seeds none (add one with `npm run support-accounts`, docs/timeline.md).
 *
 * Roles are enforced here: agents search and open sessions; the audit trail and the account
 * routes answer 403 to anyone but a lead. Every search, session opened, log downloaded and
 * timeline fork is written to the audit trail, and so is an agent's refused attempt at a lead's
 * route. Sign-in failures lock the attempted username (accounts.ts) and, past a number per
 * address, the address too.
 *
 * Requests that change something (every method but GET and HEAD) are refused unless they are
 * `application/json` (a cross-site form cannot send that), come from an allowed origin (Origin, else
 * Sec-Fetch-Site same-origin; server/origins.ts) and, when the sign-in rides on the cookie, carry
 * the sign-in's CSRF token in CSRF_HEADER (csrfTokenOf: sign-in and /me answer it to the console's
 * own page). A bearer token is never sent by a browser on its own, so it needs no CSRF token.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Context, Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { Db } from '../db'
import { clientAddressOf } from '../edge'
import type { StaticFiles } from '../page'
import {
  AccountError,
  SUPPORT_TOKEN_TTL_MS,
  addAccount,
  disableAccount,
  enableAccount,
  generatePassword,
  SUPPORT_ROLES,
  isSupportRole,
  listAccounts,
  resetPassword,
  setRole,
  supportLogout,
  supportSession,
  supportSignIn,
  type SupportUser,
} from './accounts'
import { recordAudit, searchAudit, type AuditIn } from './audit'
import { DEFAULT_RETENTION_DAYS, startRetention } from './retention'
import { searchSessions, sessionLog, type SessionQuery, type SessionSummary } from './store'
import { tracesOf } from '../trace'
import { GUARD_POLICIES, failAttempt, failuresOf, guarded, lockedMsOf } from '../guard'
import { newChallenge } from '../calls/challenge'
import type { AllowedOrigins } from '../origins'
import type { SocketHub } from '../ws'
import type { OperatorKit } from './operator'
import { OPERATOR_AREAS } from './operator-areas'

/** Cookie holding a console sign-in. */
export const SUPPORT_COOKIE = 'lobby_support'

/**
 * Failed sign-ins one address may make (in 15 minutes, over every username) before it is locked for
 * 15 minutes; past ADDRESS_CHALLENGE_AFTER its sign-ins need a solved human challenge (the hall's
 * guard, server/guard.ts 'supportAddress', kept in attempt_failures).
 */
export const ADDRESS_FAILURES = GUARD_POLICIES.supportAddress.lockAfter
export const ADDRESS_CHALLENGE_AFTER = GUARD_POLICIES.supportAddress.challengeAfter

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyContext = Context<any>

/** The header the console sends its CSRF token in. */
export const CSRF_HEADER = 'x-csrf-token'

/** The CSRF token of a sign-in: derived from its token, so it needs no storage and dies with it. */
export const csrfTokenOf = (token: string): string => createHmac('sha256', token).update('lobby-support-csrf').digest('base64url')

/** The sign-in a request carries, and whether it came in the cookie (the browser sends that on its own). */
const credentialsOf = (c: AnyContext): { token: string; cookie: boolean } => {
  const auth = c.req.header('authorization') ?? ''
  if (auth.toLowerCase().startsWith('bearer ')) return { token: auth.slice(7).trim(), cookie: false }
  return { token: getCookie(c, SUPPORT_COOKIE) ?? '', cookie: true }
}

const tokenOf = (c: AnyContext): string => credentialsOf(c).token

/** Whether a cookie-borne request names its sign-in's CSRF token (a bearer request needs none). */
const csrfHolds = (c: AnyContext): boolean => {
  const { token, cookie } = credentialsOf(c)
  if (!cookie || token === '') return true
  const sent = Buffer.from(c.req.header(CSRF_HEADER) ?? '')
  const expected = Buffer.from(csrfTokenOf(token))
  return sent.length === expected.length && timingSafeEqual(sent, expected)
}

const changes = (method: string): boolean => method !== 'GET' && method !== 'HEAD'

const CSRF_REFUSED = "the console's CSRF token is missing or wrong: reload the console"

const time = (s: string | undefined): number | undefined => {
  if (s === undefined || s.trim() === '') return undefined
  const n = /^\d+$/.test(s) ? Number(s) : Date.parse(s)
  return Number.isFinite(n) ? n : undefined
}

const addressOf = (c: AnyContext): string => {
  const incoming = (c.env as { incoming?: Parameters<typeof clientAddressOf>[0] } | undefined)?.incoming
  return incoming === undefined ? '' : clientAddressOf(incoming)
}

const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000))

/** What the support routes need from the hall. */
export interface SupportDeps {
  readonly db: Db
  /** The origins a change may come from (the hall's own, its sites', the operator's). */
  readonly origins: AllowedOrigins
  readonly files: StaticFiles
  /** The hall's clock (ms). */
  readonly now: () => number
  /** Days uploads are kept (default DEFAULT_RETENTION_DAYS). */
  readonly retentionDays?: number
  /** Time between retention sweeps (default hourly). */
  readonly sweepEveryMs?: number
  readonly log: (line: string) => void
  /** The hall's socket hub: the operator's decisions reach the player at once. */
  readonly socket?: SocketHub | undefined
}

/** Who signed in, as the API middleware found them. */
const USER = 'supportUser'
const userOf = (c: AnyContext): SupportUser => c.get(USER) as SupportUser

/** What the audit trail keeps of a session. */
const aboutSession = (s: SessionSummary): Pick<AuditIn, 'reference' | 'playerId' | 'usernames' | 'siteCode'> => ({
  reference: s.reference,
  playerId: s.playerId,
  usernames: s.usernames,
  siteCode: s.siteCode,
})

const readJson = async (c: AnyContext): Promise<Record<string, unknown> | undefined> => {
  try {
    const body: unknown = await c.req.json()
    return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

/**
 * Mounts the console page and API on the hall's app (before its catch-all) and starts the
 * retention sweep; returns the function that stops the sweep (the hall calls it on close).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const mountSupport = (app: Hono<any>, deps: SupportDeps): (() => Promise<void>) => {
  const { db, files, now } = deps
  const retentionDays = deps.retentionDays ?? DEFAULT_RETENTION_DAYS
  const audit = (c: AnyContext, e: Omit<AuditIn, 'account'>) => recordAudit(db, { account: userOf(c).username, ...e }, now())

  // A change is JSON from an allowed origin: a cross-site form (text/plain, urlencoded, multipart)
  // or a script of another origin is refused before anything is read.
  app.use('/support/api/*', async (c: AnyContext, next) => {
    if (!changes(c.req.method)) return next()
    const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase()
    if (type !== 'application/json') return c.json({ ok: false, error: 'the support API takes application/json' }, 415)
    const origin = c.req.header('origin')
    const site = c.req.header('sec-fetch-site')
    const allowed = origin !== undefined ? await deps.origins.allows(origin, new URL(c.req.url).origin) : site === undefined || site === 'same-origin'
    if (!allowed) return c.json({ ok: false, error: 'this request comes from another site' }, 403)
    return next()
  })

  app.post('/support/api/login', async (c) => {
    const b = await readJson(c)
    if (b === undefined) return c.json({ ok: false, error: 'body is not a JSON object' }, 400)
    if (typeof b['username'] !== 'string' || typeof b['password'] !== 'string') return c.json({ ok: false, error: 'username and password are required' }, 400)
    const text = (k: string): string | undefined => (typeof b[k] === 'string' ? b[k] : undefined)
    const answer = { captchaKey: text('captchaKey'), captcha: text('captcha') }
    const address = addressOf(c)
    const fromAddress = guarded('supportAddress', address)
    const at = now()
    // Past a lock the next attempt needs a solved challenge (the failures that locked are past the
    // challenge's threshold): its image comes with the refusal ('New image' asks another).
    const tooMany = async (ms: number, why: string) => {
      const { key, image } = await newChallenge(db, at, 'image')
      c.header('retry-after', String(seconds(ms)))
      return c.json({ ok: false, error: `${why}try again in ${seconds(ms)} s`, retryAfter: seconds(ms), challenge: { key, image } }, 429)
    }
    // A locked address is refused before anything is checked.
    const addressLockedMs = await lockedMsOf(db, fromAddress, at)
    if (addressLockedMs > 0) return tooMany(addressLockedMs, 'too many failed sign-ins from this address: ')
    const addressAsks = (await failuresOf(db, fromAddress, at)) >= fromAddress.policy.challengeAfter
    const attempted = b['username'].trim().toLowerCase().slice(0, 64)
    const r = await supportSignIn(db, b['username'], b['password'], at, { answer, challenged: addressAsks })
    if (r.ok) {
      await recordAudit(db, { account: r.user.username, action: 'signed-in', detail: { address } }, at)
      setCookie(c, SUPPORT_COOKIE, r.token, { httpOnly: true, sameSite: 'Strict', path: '/support', maxAge: SUPPORT_TOKEN_TTL_MS / 1000 })
      return c.json({ ok: true, username: r.user.username, role: r.user.role, token: r.token, csrf: csrfTokenOf(r.token) })
    }
    const reason = r.reason === 'challenge' ? (r.missed ? 'challenge-missed' : 'challenge-needed') : r.reason
    await recordAudit(db, { account: attempted, action: 'sign-in.refused', detail: { reason, address } }, at)
    if (r.reason === 'disabled') return c.json({ ok: false, error: 'this support account is disabled' }, 403)
    if (r.reason === 'locked') return tooMany(r.retryAfterMs, 'too many failed sign-ins for this username: ')
    const addressLocked = await failAttempt(db, [fromAddress], at)
    if (addressLocked > 0) return tooMany(addressLocked, 'too many failed sign-ins from this address: ')
    const why = r.reason === 'wrong' ? 'wrong username or password' : r.missed ? 'the human check was not passed' : 'solve the human check to sign in'
    if (r.lockedForMs !== undefined) return tooMany(r.lockedForMs, `${why}; too many failed sign-ins for this username: `)
    // The next attempt needs a solved challenge: the hall's image of digits comes with the refusal.
    const asks = r.reason === 'challenge' || r.challenge === true || (await failuresOf(db, fromAddress, at)) >= fromAddress.policy.challengeAfter
    if (!asks) return c.json({ ok: false, error: why }, 401)
    const { key, image } = await newChallenge(db, at, 'image')
    return c.json({ ok: false, error: r.reason === 'wrong' ? `${why}; solve the human check to try again` : why, challenge: { key, image } }, 401)
  })

  // Another image of digits for the sign-in's human challenge (the one shown expired, or cannot be read).
  app.post('/support/api/challenge', async (c) => {
    const { key, image } = await newChallenge(db, now(), 'image')
    return c.json({ ok: true, challenge: { key, image } })
  })

  app.post('/support/api/logout', async (c) => {
    if (!csrfHolds(c)) return c.json({ ok: false, error: CSRF_REFUSED }, 403)
    await supportLogout(db, tokenOf(c))
    deleteCookie(c, SUPPORT_COOKIE, { path: '/support' })
    return c.json({ ok: true })
  })

  app.use('/support/api/*', async (c: AnyContext, next) => {
    const user = await supportSession(db, tokenOf(c), now())
    if (user === undefined) return c.json({ ok: false, error: 'sign in to the support console' }, 401)
    if (changes(c.req.method) && !csrfHolds(c)) return c.json({ ok: false, error: CSRF_REFUSED }, 403)
    c.set(USER, user)
    c.header('cache-control', 'no-store')
    await next()
    return undefined
  })

  // An agent at a lead's route is refused, and the attempt is kept in the audit trail.
  const leadsOnly = async (c: AnyContext) => {
    await audit(c, { action: 'refused', detail: { method: c.req.method, path: new URL(c.req.url).pathname } })
    return c.json({ ok: false, error: 'only a support lead may do this' }, 403)
  }

  // The console's page reads its CSRF token here (it cannot read the HttpOnly cookie).
  app.get('/support/api/me', (c) => c.json({ ok: true, ...userOf(c), retentionDays, csrf: csrfTokenOf(tokenOf(c)) }))

  app.get('/support/api/sessions', async (c) => {
    const q = c.req.query()
    const from = time(q['from'])
    const to = time(q['to'])
    const limit = q['limit'] === undefined ? undefined : Number(q['limit'])
    const query: SessionQuery = {
      ...(q['username'] === undefined ? {} : { username: q['username'] }),
      ...(q['playerId'] === undefined ? {} : { playerId: q['playerId'] }),
      ...(q['site'] === undefined ? {} : { site: q['site'] }),
      ...(from === undefined ? {} : { from }),
      ...(to === undefined ? {} : { to }),
      ...(q['reference'] === undefined ? {} : { reference: q['reference'] }),
      ...(q['errorCode'] === undefined ? {} : { errorCode: q['errorCode'] }),
      ...(limit === undefined || !Number.isFinite(limit) ? {} : { limit }),
    }
    const sessions = await searchSessions(db, query)
    const username = query.username?.trim() ?? ''
    await audit(c, {
      action: 'search',
      playerId: query.playerId?.trim() || null,
      usernames: username === '' ? [] : [username],
      siteCode: query.site?.trim() || null,
      detail: { criteria: query, found: sessions.length },
    })
    return c.json({ ok: true, sessions })
  })

  // A site's recent trace reports (server/trace.ts), newest first: ?site= (required), playerId, event, limit.
  app.get('/support/api/traces', async (c) => {
    const q = c.req.query()
    const site = q['site']?.trim() ?? ''
    if (site === '') return c.json({ ok: false, error: 'name the site' }, 400)
    const limit = q['limit'] === undefined ? undefined : Number(q['limit'])
    const traces = await tracesOf(db, {
      siteCode: site,
      ...(q['playerId'] === undefined ? {} : { playerId: q['playerId'] }),
      ...(q['event'] === undefined ? {} : { event: q['event'] }),
      ...(limit === undefined || !Number.isFinite(limit) ? {} : { limit }),
    })
    await audit(c, { action: 'traces.searched', playerId: q['playerId']?.trim() || null, siteCode: site, detail: { criteria: q, found: traces.length } })
    return c.json({ ok: true, traces })
  })

  app.get('/support/api/sessions/:reference', async (c) => {
    const found = await sessionLog(db, c.req.param('reference'))
    if (found === undefined) return c.json({ ok: false, error: 'no such session' }, 404)
    await audit(c, { action: 'session.opened', ...aboutSession(found.summary), detail: { view: 'summary' } })
    return c.json({ ok: true, session: found.summary })
  })

  // The log as uploaded: gzip bytes served with content-encoding, so the browser inflates them.
  // The console opens a session in its timeline with ?for=timeline; anything else is a download.
  app.get('/support/api/sessions/:reference/log', async (c) => {
    const found = await sessionLog(db, c.req.param('reference'))
    if (found === undefined) return c.json({ ok: false, error: 'no such session' }, 404)
    const opened = c.req.query('for') === 'timeline'
    await audit(c, { action: opened ? 'session.opened' : 'log.downloaded', ...aboutSession(found.summary), detail: { view: opened ? 'timeline' : 'log' } })
    return new Response(new Uint8Array(found.gz), {
      headers: {
        'content-type': 'application/x-ndjson; charset=utf-8',
        'content-encoding': 'gzip',
        'content-disposition': `attachment; filename="${found.summary.reference}.ndjson"`,
        'cache-control': 'no-store',
      },
    })
  })

  // The console says so before it forks a session's timeline live: { seq } of the fork point.
  app.post('/support/api/sessions/:reference/forks', async (c) => {
    const b = await readJson(c)
    const seq = b?.['seq']
    if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0) return c.json({ ok: false, error: 'seq (the record forked at) is required' }, 400)
    const found = await sessionLog(db, c.req.param('reference'))
    if (found === undefined) return c.json({ ok: false, error: 'no such session' }, 404)
    await audit(c, { action: 'timeline.forked', ...aboutSession(found.summary), detail: { seq } })
    return c.json({ ok: true })
  })

  // The build's source maps (hidden from the public, docs/hall.md "Source maps"), to read a stack
  // trace of a player's session: /support/api/sourcemaps/assets/<script>.js.map.
  app.get('/support/api/sourcemaps/*', async (c) => {
    const file = new URL(c.req.url).pathname.slice('/support/api/sourcemaps'.length)
    return (await files.sourceMap(file)) ?? c.json({ ok: false, error: 'no such source map' }, 404)
  })

  // Leads only from here: the audit trail and the accounts.

  app.get('/support/api/audit', async (c) => {
    if (userOf(c).role !== 'lead') return leadsOnly(c)
    const q = c.req.query()
    const from = time(q['from'])
    const to = time(q['to'])
    const page = Number(q['page'] ?? 1)
    const pageSize = Number(q['pageSize'] ?? 50)
    return c.json({
      ok: true,
      ...(await searchAudit(db, {
        ...(q['account'] === undefined ? {} : { account: q['account'] }),
        ...(q['player'] === undefined ? {} : { player: q['player'] }),
        ...(from === undefined ? {} : { from }),
        ...(to === undefined ? {} : { to }),
        ...(Number.isFinite(page) ? { page } : {}),
        ...(Number.isFinite(pageSize) ? { pageSize } : {}),
      })),
    })
  })

  app.get('/support/api/accounts', async (c) => {
    if (userOf(c).role !== 'lead') return leadsOnly(c)
    return c.json({ ok: true, accounts: await listAccounts(db) })
  })

  /** Runs an account change for a lead, answering an AccountError with its message. */
  const change = async (c: AnyContext, fn: (by: { by: string; now: number; keepALead: true }) => Promise<Record<string, unknown>>) => {
    if (userOf(c).role !== 'lead') return leadsOnly(c)
    try {
      return c.json({ ok: true, ...(await fn({ by: userOf(c).username, now: now(), keepALead: true })) })
    } catch (e) {
      if (e instanceof AccountError) return c.json({ ok: false, error: e.message }, 400)
      throw e
    }
  }

  // A new account gets a generated password, shown once to the lead who made it.
  app.post('/support/api/accounts', (c) =>
    change(c, async (by) => {
      const b = (await readJson(c)) ?? {}
      const role = b['role'] ?? 'agent'
      if (typeof b['username'] !== 'string') throw new AccountError('username is required')
      if (!isSupportRole(role)) throw new AccountError(`role is one of ${SUPPORT_ROLES.join(', ')}, not ${JSON.stringify(role)}`)
      const password = generatePassword()
      const account = await addAccount(db, { username: b['username'], role, password }, by)
      return { account, password }
    }),
  )

  app.post('/support/api/accounts/:username/disable', (c) =>
    change(c, async (by) => {
      if (c.req.param('username').toLowerCase() === userOf(c).username) throw new AccountError('you cannot disable your own account')
      await disableAccount(db, c.req.param('username'), by)
      return {}
    }),
  )

  app.post('/support/api/accounts/:username/enable', (c) =>
    change(c, async (by) => {
      await enableAccount(db, c.req.param('username'), by)
      return {}
    }),
  )

  // Not one's own: the new password would be shown to a sign-in the reset ends.
  app.post('/support/api/accounts/:username/reset-password', (c) =>
    change(c, async (by) => {
      if (c.req.param('username').toLowerCase() === userOf(c).username) throw new AccountError('reset your own password with another lead or the support-accounts command')
      const password = generatePassword()
      await resetPassword(db, c.req.param('username'), password, by)
      return { password }
    }),
  )

  app.post('/support/api/accounts/:username/role', (c) =>
    change(c, async (by) => {
      if (c.req.param('username').toLowerCase() === userOf(c).username) throw new AccountError('you cannot change your own role')
      const role = (await readJson(c))?.['role']
      if (!isSupportRole(role)) throw new AccountError(`role is one of ${SUPPORT_ROLES.join(', ')}, not ${JSON.stringify(role)}`)
      await setRole(db, c.req.param('username'), role, by)
      return {}
    }),
  )

  // The operator's areas (operator.ts): each route names its roles; a lead has none of them.
  const kit: OperatorKit = {
    db,
    socket: deps.socket,
    now,
    log: deps.log,
    userOf,
    audit,
    readJson,
    refuseUnless: async (c, roles) => {
      if (roles.includes(userOf(c).role)) return undefined
      await audit(c, { action: 'refused', detail: { method: c.req.method, path: new URL(c.req.url).pathname } })
      return c.json({ ok: false, error: `only ${roles.join(' or ')} accounts may do this` }, 403)
    },
  }
  for (const area of OPERATOR_AREAS) area(app, kit)

  app.all('/support/api/*', (c) => c.json({ ok: false, error: 'unknown support API path' }, 404))

  const page = async () => (await files.serve('/support.html')) ?? new Response('The support console is not built: run npm run build.', { status: 503 })
  app.get('/support', page)
  app.get('/support/*', page)

  return startRetention({ db, days: retentionDays, ...(deps.sweepEveryMs === undefined ? {} : { everyMs: deps.sweepEveryMs }), now, log: deps.log })
}
