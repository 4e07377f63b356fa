/**
 * Shared setup of the contract suites: a real reference hall started in-process, its site key
 * read from the control surface, and helpers that drive the lobby's real hall client against it.
 */
import { Effect, Result } from 'effect'
import { afterAll, beforeAll } from 'vitest'
import type { HallCall, RequestOf, ResponseOf } from '../../schemas/hall/call'
import { getSysInfo } from '../../schemas/hall/calls'
import type { UserInfo } from '../../schemas/hall/calls'
import { startHall } from '../../server/hall'
import { callHall, liveHallPorts } from '../../src/effects/hall'
import type { CallOptions, HallClientError, HallContext, HallPorts } from '../../src/effects/hall'

/** The running hall of one test file. */
export interface ContractHall {
  url: string
  /** The default site's key, as the page injection carries it. */
  siteKey: string
  close(): Promise<void>
}

/**
 * Starts one hall for the whole file (beforeAll) and stops it (afterAll). The site key comes from
 * the `site-config` control, which answers the same InjectedSiteConfig the page carries as
 * window.__LOBBY_SITE__.
 */
export const useHall = (): ContractHall => {
  const hall: ContractHall = { url: '', siteKey: '', close: async () => {} }
  beforeAll(async () => {
    const running = await startHall({ port: 0, dataDir: 'memory', mode: 'test', log: () => {} })
    hall.url = running.url
    hall.close = () => running.close()
    hall.siteKey = await siteKeyOf(running.url, '001')
  }, 60_000)
  afterAll(() => hall.close())
  return hall
}

/** The site key of a site, from the control surface. */
export const siteKeyOf = async (url: string, siteCode: string): Promise<string> => {
  const r = await control(url, 'site-config', { siteCode })
  const config = (r as { config?: { siteKey?: unknown } }).config
  if (typeof config?.siteKey !== 'string') throw new Error(`no site key for ${siteCode}: ${JSON.stringify(r)}`)
  return config.siteKey
}

/** Posts one control command; throws when the hall refuses it. */
export const control = async (url: string, name: string, body: object = {}): Promise<Record<string, unknown>> => {
  const res = await fetch(`${url}/__control/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const json = (await res.json()) as Record<string, unknown>
  if (json['ok'] !== true) throw new Error(`control ${name} failed: ${JSON.stringify(json)}`)
  return json
}

/** A visitor of site 001 before system info: no token, the site key. */
export const visitor = (hall: ContractHall, overrides: Partial<HallContext> = {}): HallContext => ({
  baseUrl: hall.url,
  siteCode: '001',
  language: 'en_US',
  currency: 'USD',
  device: '3',
  domain: 'localhost',
  timezone: 'UTC',
  fingerprint: 'contract-suite',
  token: '',
  keyMaterial: hall.siteKey,
  ...overrides,
})

/** A visitor holding the system token from getsysinfo, as the lobby calls before login. */
export const systemVisitor = async (hall: ContractHall): Promise<HallContext> => {
  const sys = await Effect.runPromise(callHall(getSysInfo, {}, visitor(hall)))
  return visitor(hall, { token: sys.token })
}

/** The context of a signed-in player: their token, their session key. */
export const playerContext = (hall: ContractHall, user: UserInfo): HallContext =>
  visitor(hall, { token: user.token, keyMaterial: user.session_key, currency: user.currency })

/** Runs a call and returns its Result: the decoded data or the typed error. */
export const attempt = <C extends HallCall>(
  call: C,
  payload: RequestOf<C>,
  ctx: HallContext,
  options?: CallOptions,
): Promise<Result.Result<ResponseOf<C>, HallClientError>> => Effect.runPromise(Effect.result(callHall(call, payload, ctx, options)))

/** Runs a call that must succeed. */
export const succeed = async <C extends HallCall>(
  call: C,
  payload: RequestOf<C>,
  ctx: HallContext,
  options?: CallOptions,
): Promise<ResponseOf<C>> => {
  const r = await attempt(call, payload, ctx, options)
  if (Result.isFailure(r)) throw new Error(`${call.name} failed: ${JSON.stringify(r.failure)}`)
  return r.success
}

/** Runs a call that must fail, and returns its error. */
export const fail = async <C extends HallCall>(
  call: C,
  payload: RequestOf<C>,
  ctx: HallContext,
  options?: CallOptions,
): Promise<HallClientError> => {
  const r = await attempt(call, payload, ctx, options)
  if (Result.isSuccess(r)) throw new Error(`${call.name} succeeded: ${JSON.stringify(r.success)}`)
  return r.failure
}

/** What a recording fetch saw: the response headers of every exchange. */
export interface Exchange {
  readonly url: string
  readonly requestHeaders: Headers
  readonly status: number
  readonly responseHeaders: Headers
}

/** A fetch port that goes to the network and records each exchange; `edit` may change the request first. */
export const recordingFetch = (edit?: (req: Request) => Request) => {
  const exchanges: Array<Exchange> = []
  const fetch: HallPorts['fetch'] = async (input, init) => {
    const original = input instanceof Request ? input : new Request(input, init)
    const req = edit === undefined ? original : edit(original)
    const res = await liveHallPorts.fetch(req)
    exchanges.push({ url: req.url, requestHeaders: req.headers, status: res.status, responseHeaders: res.headers })
    return res
  }
  return { fetch, exchanges }
}

/** A unique, valid username for a registration. */
let counter = 0
export const freshUsername = (prefix = 'ct'): string =>
  `${prefix}${Date.now().toString(36).slice(-6)}${(counter++).toString(36)}`.slice(0, 16)
