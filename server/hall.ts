/**
 * The reference hall: the lobby's counterpart on one machine, for new developers, demos and every
 * test. startHall opens (and on first start migrates and seeds) the store, then serves the hall
 * calls under HALL_PREFIX, the control surface under /__control (dev and test only, loopback only)
 * and the built lobby with its injected site configuration everywhere else.
 */
import { SERVICE_CHAT_PATH, serviceChatPage } from './calls/service'
import { randomUUID } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import type { HttpBindings } from '@hono/node-server'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import type { Context } from 'hono'
import { HALL_PREFIX, HallHeader, ProtocolCode } from '../schemas/hall/protocol'
import { AUDIO_PATH, serveAudio } from './audio'
import { GAME_ART_PATH, gameArt } from './games/art'
import { gameById } from './games/catalogue'
import { GAME_EXIT_PATH, GAME_PLAY_PATH, GAME_ROUND_PATH, gameExit, gamePage, playRound } from './games/play'
import { PROVIDER_PAGE_PATH, providerCallback } from './calls/pay'
import { PROVIDER_NOTIFY_PATH, providerAction, providerPage } from './pay/provider'
import { implementations as implemented } from './calls'
import type { HallConfig, Implementation } from './calls/types'
import { isLoopback, runControl } from './control/index'
import { EDGE_DEFAULTS, clientAddressOf, edgeServer } from './edge'
import type { EdgeOptions } from './edge'
import { MIGRATION_LOCK, migrate, openDb } from './db'
import { lineDelay, lineOfPath } from './lines'
import { openPostgres } from './pg'
import { brandAsset } from './brand'
import { BASE_HEADERS, FRAMED_PAGE_HEADERS, newNonce, originOf, pagePolicy } from './headers'
import { bannerAsset, iconAsset, logoAsset } from './banners'
import { firstScreenSite, injectFirstScreen, opensOnLobby, stylesheetsOf } from './first-screen'
import { StaticFiles, compressPage, injectConfig, maintainInfo, siteConfigOf, siteForPage } from './page'
import { busyAnswer, createAdmission, PGLITE_ADMISSION, POSTGRES_ADMISSION, type AdmissionOptions } from './admission'
import { currentTurns, newTurns, queueStore, STORE_DEADLINE_MS, StoreBusy, storeTraceMs, storeTurns } from './store-queue'
import { PUBLIC_PATHS, REQUIRED_HEADERS, handleHallRequest, protocolAnswer } from './pipeline'
import type { PipelineDeps } from './pipeline'
import { needsSeed, seed } from './seed'
import { openSeededTestStore } from './test-store'
import { HallState } from './state'
import { createSocketHub } from './ws'
import { mountSupport } from './support/routes'
import { mountOAuthProviders } from './thirdparty'
import { seedSupportAccount } from './support/accounts'
import { PIXEL_HIT_PATH, PIXEL_PATH, pixelOrigins, recordPixelHit, standInScript } from './promotion'
import { allowedOrigins } from './origins'

/** Options of startHall. */
export interface HallOptions {
  /** TCP port; 0 picks any free port. */
  readonly port: number
  /** Interface to listen on; default 127.0.0.1. */
  readonly host?: string
  /** Data directory of the store (PGlite), or 'memory' for a throw-away store; required unless databaseUrl is given. */
  readonly dataDir?: string
  /** A PostgreSQL server's database (postgres://user:password@host:port/database) to use instead of PGlite. */
  readonly databaseUrl?: string
  /** dev and test enable the control surface and ?site=; production disables both. */
  readonly mode: 'production' | 'dev' | 'test'
  /** The built lobby (dist/) to serve outside the hall prefix. */
  readonly staticDir?: string
  /** Session lifetime; default 7 days. */
  readonly sessionTtlMs?: number
  /** Where log lines go; default stderr, except in test mode where only errors are written. */
  readonly log?: (line: string) => void
  /**
   * Turns diagnostics on in production: the page then exposes its debug handle window.__lobby
   * (dev and test mode always do). Never the test hooks.
   */
  readonly diagnostics?: boolean
  /** The edge's limits (server/edge.ts): body, URL and header sizes, rate limit, timeouts, trusted proxies. */
  readonly edge?: Partial<EdgeOptions>
  /** Protocol calls at once and the longest wait before a busy answer (server/admission.ts); default per store. */
  readonly admission?: AdmissionOptions
  /** PGlite: the longest a request waits for its first turn at the store before a busy answer (server/store-queue.ts). */
  readonly storeDeadlineMs?: number
  /**
   * The hall's base clock (ms since epoch) for calls and support; default Date.now. Tests move it,
   * and outside production the control `clock` moves the hall's clock ahead of it.
   */
  readonly now?: () => number
  /** Days diagnostics uploads are kept before the hall deletes them (default 30, server/support/retention.ts). */
  readonly supportRetentionDays?: number
  /** Time between the hall's retention sweeps (default an hour). */
  readonly supportSweepEveryMs?: number
  /**
   * Turns the stand-ins on in production, for a demo (docs/hall.md, "Deploying"): the payment
   * provider's page that pays without money, the identity providers that sign anyone in, the demo
   * player with its seeded balance. Dev and test modes always have them; a production hall without
   * this answers 404 on their routes, and its lobby page shows a banner when it is on.
   */
  readonly standIns?: boolean
  /**
   * Origins whose pages may call the hall across origins (CORS on /hall and the network lines) and
   * post to the support console, besides the hall's own origin and its sites' host names
   * (http and https). Each an origin such as https://lobby.example.
   */
  readonly allowedOrigins?: ReadonlyArray<string>
}

/** A running hall. */
export interface RunningHall {
  /** Base URL, e.g. http://127.0.0.1:8080 (the hall calls are under url + HALL_PREFIX). */
  readonly url: string
  readonly port: number
  /** Stops listening, drops open connections and closes the store. */
  close(): Promise<void>
}

/** What a production hall with its stand-ins on prints at start. */
export const STAND_INS_WARNING = [
  '!!! STAND-INS ON: this production hall pays deposits without money (the stand-in provider page),',
  '!!! signs anyone in through the stand-in identity providers and seeds demo players with money.',
  '!!! For demos only: never let real players or real money near it (docs/hall.md, "Deploying").',
].join('\n')

/** Default session lifetime: 7 days. */
export const DEFAULT_SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000

const VERSION = '0.1.0'

/** How often a hall on PGlite refreshes the planner's statistics (ANALYZE). */
const STATISTICS_EVERY_MS = 60 * 60 * 1000

type Env = { Bindings: HttpBindings; Variables: { requestId: string } }

/** The client's address as the edge resolved it (the peer, or the client a trusted proxy names). */
const remoteAddress = (c: Context<Env>): string => clientAddressOf(c.env.incoming)

/** Starts a hall; resolves once it listens. */
export const startHall = async (opts: HallOptions): Promise<RunningHall> => {
  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`))
  // The counterparts that hand out value or identity without the real thing (docs/hall.md, "Deploying").
  const standIns = opts.mode !== 'production' || opts.standIns === true
  const config: HallConfig = { mode: opts.mode, sessionTtlMs: opts.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS, standIns }
  if ((opts.dataDir === undefined) === (opts.databaseUrl === undefined)) throw new Error('startHall: give either dataDir or databaseUrl')
  // A test-mode hall in memory starts from the run's seeded (and analyzed) store when the server
  // tests made one (server/test-store.ts); one on a new directory, from the migrated schema's dump.
  const seeded = opts.databaseUrl === undefined ? await openSeededTestStore(opts.mode, opts.dataDir) : undefined
  const traceMs = storeTraceMs()
  // On PGlite every user of the store takes its turn in one queue with a deadline (server/store-queue.ts).
  const db =
    opts.databaseUrl === undefined
      ? queueStore(seeded ?? (await openDb(opts.dataDir ?? 'memory', { migrated: true, newDirMigrated: opts.mode === 'test' })), {
          deadlineMs: opts.storeDeadlineMs ?? STORE_DEADLINE_MS,
          traceMs,
          log,
        })
      : await openPostgres(opts.databaseUrl, { log })
  try {
    // Halls sharing a PostgreSQL store may start at once: one migrates and seeds, the others wait
    // for it and then find nothing left to do.
    const prepare = async () => {
      await migrate(db)
      if (await needsSeed(db)) await seed(db, { demoPlayers: standIns })
      if (opts.mode !== 'production') await seedSupportAccount(db)
    }
    await (db.withLock === undefined ? prepare() : db.withLock(MIGRATION_LOCK, prepare))
    // PGlite has no autovacuum daemon to keep the planner's statistics: without them a report over
    // a large ledger is planned as if the player had two entries. The hall analyzes at start and
    // hourly; a PostgreSQL server's autovacuum does this on its own. A seeded test store holds the
    // statistics of the same rows already (analyzed before its dump).
    if (opts.databaseUrl === undefined && seeded === undefined) await db.exec('ANALYZE')
  } catch (e) {
    await db.close()
    throw e
  }
  const analyzing =
    opts.databaseUrl === undefined
      ? setInterval(() => {
          db.exec('ANALYZE').catch((e: unknown) => log(`statistics: ANALYZE failed (retried in an hour): ${e instanceof Error ? e.message : String(e)}`))
        }, STATISTICS_EVERY_MS)
      : undefined
  analyzing?.unref()
  if (opts.mode === 'production' && standIns) log(STAND_INS_WARNING)
  const state = new HallState()
  // The realtime socket (server/ws.ts): attached to the HTTP server once it listens.
  // On a shared PostgreSQL store it also hears the notices other halls push (LISTEN/NOTIFY).
  const socket = await createSocketHub({ db, log, ...(db.subscribe === undefined ? {} : { subscribe: db.subscribe.bind(db) }) }).catch(async (e: unknown) => {
    clearInterval(analyzing)
    await db.close()
    throw e
  })
  const files = new StaticFiles(opts.staticDir)
  const startedAt = new Date().toISOString()
  const implementations = new Map<string, Implementation>(
    implemented.map((i) => [`${i.call.method} ${i.call.path}`, i]),
  )
  // The hall's clock: its base clock (the option, else Date.now) moved by the control `clock`
  // (state.clockOffsetMs, 0 unless a test moved it; `reset` puts it back). The signed timestamps of
  // requests are checked against the base clock: the lobby's clock does not move with the hall's.
  const baseNow = opts.now ?? Date.now
  const now = (): number => baseNow() + state.clockOffsetMs
  const admission = createAdmission(opts.admission ?? (opts.databaseUrl === undefined ? PGLITE_ADMISSION : POSTGRES_ADMISSION))
  const deps: PipelineDeps = {
    db,
    now,
    signedNow: baseNow,
    state,
    config,
    implementations,
    log,
    socket,
    publicData: async (path, siteCode) => {
      if (path === '/op.json') {
        const built = files.json('op.json') as { version?: unknown; buildTime?: unknown } | undefined
        const served = typeof built?.version === 'string' && typeof built.buildTime === 'string'
          ? { version: built.version, buildTime: built.buildTime }
          : { version: VERSION, buildTime: startedAt }
        // A test or a demo says a newer build is out for a site (the control app-version).
        const newer = state.servedVersion.get(siteCode)
        return newer === undefined ? served : { version: newer, buildTime: served.buildTime }
      }
      const manifest = files.json('.vite/manifest.json') as Record<string, { file?: unknown }> | undefined
      const entries = Object.entries<{ file?: unknown }>(manifest ?? {}).flatMap(([name, e]): [string, string][] => (typeof e.file === 'string' ? [[name, `/${e.file}`]] : []))
      return { version: VERSION, files: Object.fromEntries(entries) }
    },
  }
  const controlEnabled = opts.mode !== 'production'

  const app = new Hono<Env>()

  app.use('*', async (c, next) => {
    const id = randomUUID()
    c.set('requestId', id)
    const started = performance.now()
    // A request's first turn at a PGlite store may be refused busy (server/store-queue.ts).
    const turns = newTurns()
    await storeTurns(next, turns)
    const took = performance.now() - started
    if (traceMs !== undefined && took > traceMs) {
      log(`request ${c.req.method} ${new URL(c.req.url).pathname} ${c.res.status} took ${Math.round(took)} ms: ${turns.count} store turns waited ${Math.round(turns.waited)} ms, held ${Math.round(turns.held)} ms${turns.marks.length > 0 ? `; ${turns.marks.join(', ')}` : ''}`)
    }
    c.res.headers.set(HallHeader.requestId, id)
    for (const [name, value] of Object.entries(BASE_HEADERS)) c.res.headers.set(name, value)
    // A page of the build without a policy of its own (devtools, support console) gets the default one.
    if ((c.res.headers.get('content-type') ?? '').startsWith('text/html') && !c.res.headers.has('content-security-policy')) {
      c.res.headers.set('content-security-policy', pagePolicy(new URL(c.req.url).origin))
    }
    if (opts.mode === 'dev') log(`${c.req.method} ${new URL(c.req.url).pathname} ${c.res.status} ${Math.round(performance.now() - started)}ms`)
  })

  // Pages of other origins call the hall only from the origins the operator allows (server/origins.ts).
  const origins = allowedOrigins(db, opts.allowedOrigins ?? [])
  const hallCors = cors({
    origin: async (origin, c) => ((await origins.allows(origin, new URL(c.req.url).origin)) ? origin : null),
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: [...REQUIRED_HEADERS, HallHeader.encrypted, 'content-type'],
    exposeHeaders: [HallHeader.encrypted, HallHeader.nonce, HallHeader.requestId],
    maxAge: 600,
  })
  app.use(`${HALL_PREFIX}/*`, hallCors)
  app.use('/line/*', hallCors)

  // The hall under its prefix, and again under each network line's after that line's delay.
  const hallRoute = async (c: Context<Env>, path: string) => {
    const url = new URL(c.req.url)
    if (path.startsWith('/static/maintain/') && c.req.method === 'GET') {
      const info = await maintainInfo(db, path.slice('/static/maintain/'.length))
      return info === undefined ? c.json({ error: 'not found' }, 404) : c.json(info)
    }
    if (path.startsWith('/static/brand/') && c.req.method === 'GET') {
      return (await brandAsset(db, path.slice('/static/brand/'.length))) ?? c.json({ error: 'not found' }, 404)
    }
    if (path.startsWith('/static/banners/') && c.req.method === 'GET') {
      return (await bannerAsset(db, path.slice('/static/banners/'.length))) ?? c.json({ error: 'not found' }, 404)
    }
    if (path.startsWith('/static/icons/') && c.req.method === 'GET') {
      return iconAsset(path.slice('/static/icons/'.length)) ?? c.json({ error: 'not found' }, 404)
    }
    if (path.startsWith('/static/logos/') && c.req.method === 'GET') {
      return (await logoAsset(db, path.slice('/static/logos/'.length))) ?? c.json({ error: 'not found' }, 404)
    }
    // The edge has already refused a body over its limit, reading no more of it than the limit.
    const body = c.req.method === 'GET' || c.req.method === 'HEAD' ? '' : await c.req.text()
    // The public files (op.json, manifest.json) are answered without waiting their turn.
    const asked = performance.now()
    const admitted = (call: () => Promise<Response>) => () => {
      if (traceMs !== undefined) currentTurns()?.marks.push(`admitted after ${Math.round(performance.now() - asked)} ms`)
      return call()
    }
    const admit = (call: () => Promise<Response>) => (PUBLIC_PATHS.has(path) ? call() : admission.run(admitted(call)))
    return admit(() =>
      handleHallRequest(deps, {
        method: c.req.method,
        path,
        query: Object.fromEntries(url.searchParams),
        headers: c.req.header(),
        body,
        ip: remoteAddress(c),
        requestId: c.get('requestId'),
      }),
    )
  }
  app.all(`${HALL_PREFIX}/*`, (c) => hallRoute(c, new URL(c.req.url).pathname.slice(HALL_PREFIX.length)))
  app.all('/line/*', async (c) => {
    const line = lineOfPath(new URL(c.req.url).pathname)
    if (line === undefined) return c.text('Not Found', 404)
    const delay = lineDelay(state, line.line)
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay))
    return hallRoute(c, line.path)
  })
  app.all(HALL_PREFIX, () => protocolAnswer(ProtocolCode.unknownPath, `unknown hall path: /`))

  app.all('/__control/*', async (c) => {
    if (!controlEnabled || !isLoopback(remoteAddress(c))) return c.text('Not Found', 404)
    if (c.req.method !== 'POST') return c.json({ ok: false, error: 'control commands are POST' }, 405)
    const name = new URL(c.req.url).pathname.slice('/__control/'.length)
    const r = await runControl({ db, state, socket, now }, name, await c.req.text(), new URL(c.req.url).origin)
    return c.json(r.body, r.status as 200)
  })

  const stopSupport = mountSupport(app, {
    db,
    socket,
    origins,
    files,
    now,
    log,
    ...(opts.supportRetentionDays === undefined ? {} : { retentionDays: opts.supportRetentionDays }),
    ...(opts.supportSweepEveryMs === undefined ? {} : { sweepEveryMs: opts.supportSweepEveryMs }),
  })

  app.get(`${AUDIO_PATH}/*`, (c) => serveAudio(new URL(c.req.url).pathname) ?? c.text('Not Found', 404))

  app.get(`${GAME_ART_PATH}/:file`, async (c) => {
    const id = Number(/^(\d+)\.svg$/.exec(c.req.param('file'))?.[1])
    const game = Number.isInteger(id) ? await gameById(db, id) : undefined
    if (game === undefined) return c.text('Not Found', 404)
    return c.body(gameArt(game.gameId, game.gameName), 200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=31536000, immutable' })
  })
  app.get(GAME_PLAY_PATH, async (c) => {
    const url = new URL(c.req.url)
    const site = await siteForPage(db, url, opts.mode)
    if (site === undefined) return c.text('No site configured', 500)
    const page = await gamePage(db, url, site.code, Date.now())
    return c.html(page.html, page.status as 200, { 'cache-control': 'no-store', ...FRAMED_PAGE_HEADERS })
  })
  app.get(GAME_EXIT_PATH, async (c) => c.redirect(await gameExit(db, new URL(c.req.url)), 303))
  app.post(GAME_ROUND_PATH, async (c) => {
    const body: unknown = await c.req.json().catch(() => null)
    // Outside production a test may name the outcome of its round (the stand-in game's even odds are otherwise random).
    const asked = opts.mode === 'production' ? undefined : (body as { outcome?: unknown } | null)?.outcome
    // The round is played at the hall's time: the periods that count it (a day's bets) follow the hall's clock.
    return c.json(await playRound(db, body, asked === 'win' || asked === 'lose' ? asked : undefined, now()))
  })
  // The stand-in chat page of the site's agents (server/calls/service.ts), framed by the lobby.
  app.get(SERVICE_CHAT_PATH, async (c) => {
    const page = await serviceChatPage(db, new URL(c.req.url).searchParams.get('agent') ?? '')
    return c.html(page.html, page.status as 200, { 'cache-control': 'no-store', ...FRAMED_PAGE_HEADERS })
  })
  // The stand-in payment provider's page (server/pay/provider.ts), on the hall's origin like the
  // game page: its Pay button settles an order with no money paid, so a production hall serves it
  // only with the stand-ins on (404 otherwise, by the catch-all).
  if (standIns) {
    app.get(`${PROVIDER_PAGE_PATH}/:ref`, async (c) => {
      const page = await providerPage(db, c.req.param('ref'), now())
      return c.html(page.html, page.status as 200, { 'cache-control': 'no-store', ...FRAMED_PAGE_HEADERS })
    })
    app.post(`${PROVIDER_PAGE_PATH}/:ref`, async (c) => {
      const form: Record<string, unknown> = await c.req.parseBody().catch(() => ({}))
      const outcome = form['outcome']
      const page = await providerAction(db, socket, c.req.param('ref'), typeof outcome === 'string' ? outcome : '', now())
      return c.html(page.html, page.status as 200, { 'cache-control': 'no-store', ...FRAMED_PAGE_HEADERS })
    })
  }
  // The provider's signed callback: in production a deposit is settled by it or by an operator.
  app.post(PROVIDER_NOTIFY_PATH, async (c) => {
    const r = await providerCallback(db, socket, await c.req.json().catch(() => null), now())
    return c.json(r.body, r.status as 200)
  })

  // The stand-in identity providers of the third-party sign-in (server/thirdparty.ts): they sign
  // in whoever types an email, so a production hall has them only with the stand-ins on.
  if (standIns) mountOAuthProviders(app, { db, now })

  // The stand-in tracking scripts and the hits they post (server/promotion.ts): a hall in dev or
  // test mode only; in production the site's pixels document names the networks' own scripts.
  if (opts.mode !== 'production') {
    app.post(PIXEL_HIT_PATH, async (c) => {
      const stored = await recordPixelHit(db, await c.req.json().catch(() => null), now())
      return stored ? c.body(null, 204) : c.json({ error: 'not a pixel hit' }, 400)
    })
    app.get(`${PIXEL_PATH}/:file`, (c) => {
      const script = standInScript(/^(\w+)\.js$/.exec(c.req.param('file'))?.[1] ?? '')
      return script === undefined ? c.text('Not Found', 404) : c.body(script, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' })
    })
  }

  app.get('*', async (c) => {
    const url = new URL(c.req.url)
    const file = await files.serve(url.pathname, c.req.header('accept-encoding') ?? '')
    if (file !== undefined) return file
    if (!(c.req.header('accept') ?? '').includes('text/html')) return c.text('Not Found', 404)
    const site = await siteForPage(db, url, opts.mode)
    if (site === undefined) return c.text('No site configured', 500)
    // Test hooks (window.__lobbyDay) only for a hall in dev or test mode, never in production; the
    // debug handle (window.__lobby) in dev and test mode, or when the operator turned diagnostics on.
    // A production hall with its stand-ins on says so: the lobby shows a banner (standInsBanner).
    const flags = {
      testHooks: opts.mode !== 'production',
      diagnostics: opts.mode !== 'production' || opts.diagnostics === true,
      pixelStandIns: opts.mode !== 'production',
      standInsBanner: opts.mode === 'production' && standIns,
      standIns,
    }
    const config = await siteConfigOf(db, state, site, url.origin, flags)
    // One nonce per answer: the injected configuration is the page's only inline script (the first
    // screen's inline styles carry it too).
    const nonce = newNonce()
    const lines = [config.configApiBaseUrl, ...(config.injected.lines ?? []).map((l) => l.url)].flatMap((u) => originOf(u) ?? [])
    const page = injectConfig(await files.index(), config, nonce)
    // The routes that open on the game lobby get its first screen, painted from the same configuration.
    const kit = opensOnLobby(url) ? files.firstScreenKit() : undefined
    const css = kit === undefined ? undefined : files.styles(stylesheetsOf(page))
    const html = kit === undefined ? page : injectFirstScreen(page, firstScreenSite(config, url, { cookie: c.req.header('cookie'), userAgent: c.req.header('user-agent') }), kit, { nonce, ...(css === undefined ? {} : { css }) })
    const scripts = pixelOrigins(config.injected.pixels ?? {})
    const answer = compressPage(html, c.req.header('accept-encoding') ?? '')
    return c.body(answer.body, 200, {
      'content-type': 'text/html; charset=UTF-8',
      // Every answer is its own (its nonce, the first screen painted for this browser's cookie):
      // asked again each time, and never kept by a shared cache.
      'cache-control': 'private, no-cache',
      'content-security-policy': pagePolicy(url.origin, { nonce, connect: lines, scripts }),
      ...answer.headers,
    })
  })
  app.all('*', (c) => c.text('Not Found', 404))

  app.onError((e, c) => {
    // Refused at its first turn at the store: nothing of it ran, it may be sent again as it is.
    if (e instanceof StoreBusy) {
      const path = new URL(c.req.url).pathname
      if (path.startsWith(HALL_PREFIX) || path.startsWith('/line/') || c.req.method !== 'GET') return busyAnswer(e.seconds)
      return c.text(e.message, 503, { 'retry-after': String(e.seconds) })
    }
    log(`[${c.get('requestId')}] ${c.req.method} ${c.req.url} failed: ${e.stack ?? e.message}`)
    return new URL(c.req.url).pathname.startsWith(HALL_PREFIX)
      ? protocolAnswer(ProtocolCode.internal, `internal error (request ${c.get('requestId')})`)
      : c.text('Internal Server Error', 500)
  })

  const host = opts.host ?? '127.0.0.1'
  const edge: EdgeOptions = { ...EDGE_DEFAULTS, ...opts.edge }
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: opts.port, hostname: host, createServer: edgeServer(edge, log) }, () => resolve(s))
    s.once('error', reject)
  }).catch(async (e: unknown) => {
    clearInterval(analyzing)
    await socket.close()
    await stopSupport()
    await db.close()
    throw e
  })
  socket.attach(server as Server)
  const port = (server.address() as AddressInfo).port
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host
  let closing: Promise<void> | undefined
  return {
    url: `http://${urlHost}:${port}`,
    port,
    close: () =>
      (closing ??= (async () => {
        await socket.close()
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          if ('closeAllConnections' in server) server.closeAllConnections()
        })
        clearInterval(analyzing)
        await stopSupport()
        await db.close()
      })()),
  }
}
