/**
 * The support console: its page at /support (support.html of the lobby build, a second Vite
 * entry) and its API under /support/api, behind a support sign-in. Plain JSON over HTTP with a
 * bearer token or an HttpOnly cookie; it is the hall's own staff surface, not part of the hall
 * protocol. In dev and test mode the hall seeds the account support / support-dev; production
 * seeds none (create one with `npx tsx server/support/account.ts`).
 */
import type { Context, Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { Db } from '../db'
import type { StaticFiles } from '../page'
import { searchSessions, sessionLog, supportLogin, supportLogout, supportUser, SUPPORT_TOKEN_TTL_MS, type SessionQuery } from './store'

/** Cookie holding a console sign-in. */
export const SUPPORT_COOKIE = 'lobby_support'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyContext = Context<any>

const tokenOf = (c: AnyContext): string => {
  const auth = c.req.header('authorization') ?? ''
  if (auth.toLowerCase().startsWith('bearer ')) return auth.slice(7).trim()
  return getCookie(c, SUPPORT_COOKIE) ?? ''
}

const time = (s: string | undefined): number | undefined => {
  if (s === undefined || s.trim() === '') return undefined
  const n = /^\d+$/.test(s) ? Number(s) : Date.parse(s)
  return Number.isFinite(n) ? n : undefined
}

/** Mounts the console page and API on the hall's app (before its catch-all). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const mountSupport = (app: Hono<any>, deps: { readonly db: Db; readonly files: StaticFiles }): void => {
  const { db, files } = deps

  app.post('/support/api/login', async (c) => {
    let body: unknown
    try {
      body = await c.req.json()
    } catch {
      return c.json({ ok: false, error: 'body is not JSON' }, 400)
    }
    const b = (body ?? {}) as { username?: unknown; password?: unknown }
    if (typeof b.username !== 'string' || typeof b.password !== 'string') return c.json({ ok: false, error: 'username and password are required' }, 400)
    const token = await supportLogin(db, b.username, b.password, Date.now())
    if (token === undefined) return c.json({ ok: false, error: 'wrong username or password' }, 401)
    setCookie(c, SUPPORT_COOKIE, token, { httpOnly: true, sameSite: 'Strict', path: '/support', maxAge: SUPPORT_TOKEN_TTL_MS / 1000 })
    return c.json({ ok: true, username: b.username, token })
  })

  app.post('/support/api/logout', async (c) => {
    await supportLogout(db, tokenOf(c))
    deleteCookie(c, SUPPORT_COOKIE, { path: '/support' })
    return c.json({ ok: true })
  })

  app.use('/support/api/*', async (c, next) => {
    const user = await supportUser(db, tokenOf(c), Date.now())
    if (user === undefined) return c.json({ ok: false, error: 'sign in to the support console' }, 401)
    c.header('cache-control', 'no-store')
    await next()
    return undefined
  })

  app.get('/support/api/me', async (c) => c.json({ ok: true, username: await supportUser(db, tokenOf(c), Date.now()) }))

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
    return c.json({ ok: true, sessions: await searchSessions(db, query) })
  })

  app.get('/support/api/sessions/:reference', async (c) => {
    const found = await sessionLog(db, c.req.param('reference'))
    return found === undefined ? c.json({ ok: false, error: 'no such session' }, 404) : c.json({ ok: true, session: found.summary })
  })

  // The log as uploaded: gzip bytes served with content-encoding, so the browser inflates them.
  app.get('/support/api/sessions/:reference/log', async (c) => {
    const found = await sessionLog(db, c.req.param('reference'))
    if (found === undefined) return c.json({ ok: false, error: 'no such session' }, 404)
    return new Response(new Uint8Array(found.gz), {
      headers: {
        'content-type': 'application/x-ndjson; charset=utf-8',
        'content-encoding': 'gzip',
        'content-disposition': `attachment; filename="${found.summary.reference}.ndjson"`,
        'cache-control': 'no-store',
      },
    })
  })

  // The build's source maps (hidden from the public, docs/hall.md "Source maps"), to read a stack
  // trace of a player's session: /support/api/sourcemaps/assets/<script>.js.map.
  app.get('/support/api/sourcemaps/*', async (c) => {
    const file = new URL(c.req.url).pathname.slice('/support/api/sourcemaps'.length)
    return (await files.sourceMap(file)) ?? c.json({ ok: false, error: 'no such source map' }, 404)
  })

  app.all('/support/api/*', (c) => c.json({ ok: false, error: 'unknown support API path' }, 404))

  const page = async () => (await files.serve('/support.html')) ?? new Response('The support console is not built: run npm run build.', { status: 503 })
  app.get('/support', page)
  app.get('/support/*', page)
}
