/**
 * The hall contract suite against any hall (issue 45; docs/conformance.md):
 *
 *     npm run conformance -- --hall URL [--site CODE] [--site-key KEY] [--player USER:PASSWORD] [--allow-money] [--deposit-key KEY] [--json]
 *
 * For every call of the spec's catalogue (the lobby's call registry less the calls of the
 * reference hall's own design) it sends requests built, encrypted and signed by the lobby's own
 * hall client (src/effects/hall: buildHallRequest, readHallResponse) and checks, on one row per call:
 *
 * - `signature`: a request with a wrong signature is refused with 4001 (HTTP 401, in clear);
 * - `bad input`: a correctly signed request whose parameters are not the call's (a JSON array) is
 *   refused with the error envelope 4005 (HTTP 400, in clear);
 * - `answer` (read-only calls only): a correct request is answered encrypted when the call is
 *   (`x-encrypted: 1` and a `nonce`), as an envelope; on success its `data` is in the call's
 *   response schema; a service code is an answer too (its number is shown).
 *
 * A call the hall does not serve (404, 4040) is a mismatch on its row. The socket has rows of its
 * own: the handshake (no Token: closed 4400; a Token that is not a session: 4401; the player's:
 * open), the heartbeat (Ping, Pong) and the notices it sends (each a notice frame of the schema).
 *
 * Read-only by default: the calls that get a correct request read and change nothing but the
 * sign-in of `--player` (a session); the probes of every other call are refused by the hall before
 * it reads them. `--allow-money` (a test player only) adds one money call: a deposit order of the
 * smallest amount on the first channel that needs no real name and no bank, signed with the
 * site's deposit key as the lobby signs it, and left unpaid.
 *
 * Prints the table and a summary; exits 1 when any row is a mismatch, 2 when the hall cannot be
 * reached or its site configuration read.
 */
import { Exit, Result, Schema } from 'effect'
import WebSocket from 'ws'
import type { HallCall } from '../schemas/hall/call'
import { allCalls, designedCalls } from '../schemas/hall/calls'
import { ServerFrame, SOCKET_CLOSE, SOCKET_PATH } from '../schemas/events/socket'
import { HALL_PREFIX, HallHeader, PLATFORM_TYPE, ProtocolCode, canonicalString } from '../schemas/hall/protocol'
import { buildHallRequest, randomNonce, readHallResponse, type HallContext, type HallRequest } from '../src/effects/hall/client'
import { decrypt, encrypt, sign } from '../src/effects/hall/cipher'
import { depositRequest } from '../src/models/pay'
import type { PayPlatform } from '../schemas/hall/calls/pay'

export interface ConformanceOptions {
  /** The hall's origin (the page's origin; calls go to `<hall>/hall/...`). */
  readonly hall: string
  /** The site to check; default: the one the hall's page is for. */
  readonly site?: string
  /** The site key, when the hall's page does not carry it (a hall that serves no lobby page). */
  readonly siteKey?: string
  /** A test player, for the calls of a signed-in player and the socket. */
  readonly player?: { readonly username: string; readonly password: string }
  /** Also place a deposit order for the test player (left unpaid). */
  readonly allowMoney?: boolean
  /** The site's deposit key, when the hall's page does not carry it (the deposit order's signature). */
  readonly depositKey?: string
  /** Where progress lines go (default: nowhere). */
  readonly log?: (line: string) => void
}

export type Verdict = 'pass' | 'FAIL' | 'skip'

export interface Row {
  readonly call: string
  readonly expected: string
  readonly observed: string
  readonly verdict: Verdict
}

export interface Report {
  readonly hall: string
  readonly site: string
  readonly rows: ReadonlyArray<Row>
  readonly passed: number
  readonly failed: number
  readonly skipped: number
}

/** The calls answered without any protocol check (docs/hall-protocol.md): static in nature. */
const UNCHECKED = new Set(['/op.json', '/manifest.json'])

/**
 * The catalogue calls that read and change nothing, sent with a correct request: the site's and
 * the player's reads, each taking `{}` (READ_WITH: those that take parameters). Everything else gets only the refused probes. (Not
 * game-list: its schema takes `{}`, but a hall needs the category to answer.)
 */
const READS = new Set([
  '/api/lobby/site/getSiteInfo', '/home/getsysinfo', '/home/ipCheck', '/api/lobby/currencyInfo/getAllCurrency', '/api/lobby/layoutDesign/getLayout',
  '/api/lobby/brandLogo/getBrandLogoUse', '/message/banner/index', '/home/musiclist', '/club/entry',
  '/api/lobby/userAgreement/index/getInfo', '/api/lobby/recentreport/platform-categories', '/api/lobby/h5/config/getAccessRestrictedInfo',
  '/api/lobby/versionUpdate/getVersionList', '/home/smsCountry', '/api/lobby/webPush/getInfo', '/api/lobby/recentreport/hot-list',
  '/api/lobby/finance/getSiteCurrencyExchangeRate', '/download/getDownloadUrl', '/api/lobby/aboutUs/getInfo', '/api/lobby/footerConfig/getInfo',
  '/op.json', '/manifest.json', '/home/registerConfig', '/message/marquee', '/active/is_show', '/message/frameBox/index', '/active/category',
  '/user/security/actionVerify', '/user/avatars', '/user/getaccountquestion', '/active/getred_dot', '/home/maxChargeRate', '/pay/payplatformlistV3',
  '/pay/orderListV3', '/certify/bankInfo', '/certify/withdrawInfo', '/certify/withdrawRecord', '/certify/walletQuery', '/yuebao/index', '/yuebao/profitCount',
  '/gameapi/RefreshGold', '/gameapi/getBalanceList', '/home/index', '/activetask/index', '/user/vipInfo', '/user/vip', '/user/vipdetails', '/home/prize',
  '/user/settings/info', '/user/security/history', '/rebate/index', '/promote/summary', '/gameapi/recent-list/v2', '/gameapi/favorite-list/v2',
  '/user/phone', '/user/getquestion',
])

/** Reads whose correct request is not `{}`: the parameters the suite sends them. */
const READ_WITH: ReadonlyMap<string, Readonly<Record<string, unknown>>> = new Map([
  ['/pay/wallet/downloadUrl', { device_type: 1 }],
])

/** The spec's catalogue as the lobby knows it: every call but those of the reference hall's own design. */
export const catalogueCalls = (): ReadonlyArray<HallCall> => {
  const designed = new Set(designedCalls)
  return allCalls.filter((c) => !designed.has(c))
}

const decodeExit = (schema: Schema.Top, value: unknown) => Schema.decodeUnknownExit(schema as unknown as Schema.Codec<unknown, unknown>)(value)
const acceptsEmpty = (call: HallCall): boolean => Exit.isSuccess(decodeExit(call.request, {}))

/** What the hall's page tells a lobby about its site: the code, the key, the language and currency. */
interface SiteOfPage {
  readonly siteCode: string
  readonly siteKey: string
  readonly depositKey: string
  readonly languageCode: string
  readonly currency: string
}

const sitePage = async (hall: string, site: string | undefined): Promise<SiteOfPage> => {
  const url = `${hall}/${site === undefined ? '' : `?site=${encodeURIComponent(site)}`}`
  const html = await (await fetch(url, { headers: { accept: 'text/html' } })).text()
  const m = /window\.__LOBBY_SITE__ = (\{[\s\S]*?\})<\/script>/.exec(html)
  if (m === null) throw new Error(`${url} carries no site configuration (window.__LOBBY_SITE__): give --site-key`)
  const config = JSON.parse(m[1]!) as { siteCode: string; siteKey: string; depositKey?: string; languageCode?: string; injected?: { sysInfo?: { recommendCurrency?: string } } }
  if (site !== undefined && config.siteCode !== site) throw new Error(`${url} is the page of site ${config.siteCode}, not ${site} (a production hall picks the site by host name): give --site-key`)
  return { siteCode: config.siteCode, siteKey: config.siteKey, depositKey: config.depositKey ?? '', languageCode: config.languageCode ?? 'en_US', currency: config.injected?.sysInfo?.recommendCurrency ?? 'USD' }
}

interface Answer {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly text: string
}

const headersOf = (h: Headers): Record<string, string> => {
  const out: Record<string, string> = {}
  h.forEach((v, k) => {
    out[k.toLowerCase()] = v
  })
  return out
}

/** Sends one request; waits out the hall's rate limit (429 with retry-after) and sends it again, fresh. */
const send = async (build: () => HallRequest): Promise<Answer> => {
  for (let attempt = 0; ; attempt++) {
    const r = build()
    const res = await fetch(r.url, { method: r.method, headers: r.headers, ...(r.method === 'GET' ? {} : { body: r.body }), signal: AbortSignal.timeout(60_000) })
    const answer = { status: res.status, headers: headersOf(res.headers), text: await res.text() }
    if (res.status !== 429 || attempt >= 5) return answer
    const wait = Number(res.headers.get('retry-after') ?? '1')
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.min(wait, 10)) * 1000))
  }
}

/** The envelope of an answer sent in clear (a protocol refusal), or undefined. */
const clearEnvelope = (a: Answer): { code: number; msg: string } | undefined => {
  if (a.headers[HallHeader.encrypted] === '1') return undefined
  try {
    const v = JSON.parse(a.text) as { code?: unknown; msg?: unknown }
    return typeof v.code === 'number' ? { code: v.code, msg: typeof v.msg === 'string' ? v.msg : '' } : undefined
  } catch {
    return undefined
  }
}

/** Parameters that are not JSON: every call refuses them, before it reads anything (4005). */
const BAD_PARAMETERS = 'these are not the parameters of this call'

/**
 * A request of `call` carrying `plaintext` as its parameters, made as the lobby's client makes one
 * (buildHallRequest) but without encoding them with the call's schema: the probes send what the
 * schema would not let through.
 */
const rawRequest = (call: HallCall, ctx: HallContext, plaintext: string): HallRequest => {
  const built = buildHallRequest(call, undefined as never, ctx, { timestamp: Date.now(), nonce: randomNonce() })
  const template = Result.isSuccess(built) ? built.success : undefined
  const nonce = template?.headers[HallHeader.nonce] ?? randomNonce()
  const timestamp = template?.headers[HallHeader.timestamp] ?? String(Date.now())
  const sealed = call.encrypted ? Result.getOrThrow(encrypt(ctx.keyMaterial, nonce, plaintext)) : plaintext
  const query: Record<string, string> =
    call.method === 'GET' ? { language: ctx.language, siteCode: ctx.siteCode, currency: ctx.currency, platformType: PLATFORM_TYPE, token: ctx.token, data: sealed } : {}
  const body = call.method === 'GET' ? '' : sealed
  const canonical = canonicalOf(call, query, timestamp, nonce, body)
  const search = call.method === 'GET' ? `?${Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}` : ''
  const path = `${new URL(ctx.baseUrl).pathname.replace(/\/+$/, '')}${HALL_PREFIX}${call.path}`
  const headers: Record<string, string> = {
    [HallHeader.platformType]: PLATFORM_TYPE,
    [HallHeader.language]: ctx.language,
    [HallHeader.siteCode]: ctx.siteCode,
    [HallHeader.token]: ctx.token,
    [HallHeader.device]: ctx.device,
    [HallHeader.currency]: ctx.currency,
    [HallHeader.timestamp]: timestamp,
    [HallHeader.nonce]: nonce,
    [HallHeader.signature]: sign(ctx.keyMaterial, canonical),
    [HallHeader.domain]: ctx.domain,
    [HallHeader.timezone]: ctx.timezone,
    [HallHeader.fingerprint]: ctx.fingerprint,
    ...(call.encrypted ? { [HallHeader.encrypted]: '1' } : {}),
    ...(call.method === 'GET' ? {} : { 'content-type': call.encrypted ? 'text/plain;charset=utf-8' : 'application/json' }),
  }
  return { method: call.method, url: `${new URL(ctx.baseUrl).origin}${path}${search}`, path, query, headers, body, plaintext, canonical }
}

const badInput = (call: HallCall, ctx: HallContext): HallRequest => rawRequest(call, ctx, BAD_PARAMETERS)

const canonicalOf = (call: HallCall, query: Readonly<Record<string, string>>, timestamp: string, nonce: string, body: string): string =>
  canonicalString({ method: call.method, path: call.path, query, timestamp, nonce, body })

/** The same request signed with another key. */
const badlySigned = (r: HallRequest): HallRequest => ({ ...r, headers: { ...r.headers, [HallHeader.signature]: sign('not-the-key', r.canonical) } })

const valid = (call: HallCall, ctx: HallContext, payload: unknown = {}): HallRequest => {
  const built = buildHallRequest(call, payload as never, ctx, { timestamp: Date.now(), nonce: randomNonce() })
  if (Result.isFailure(built)) throw new Error(built.failure.message)
  return built.success
}

const isMissing = (a: Answer): boolean => a.status === 404 || clearEnvelope(a)?.code === ProtocolCode.unknownPath

/** What an answer to a correct request is: '' when it is as the contract says, else what is wrong. */
const judgeAnswer = (call: HallCall, a: Answer, keyMaterial: string): { observed: string; ok: boolean } => {
  if (isMissing(a)) return { observed: 'not served (404)', ok: false }
  const refused = clearEnvelope(a)
  if (a.status !== 200) return { observed: oneLine(`HTTP ${a.status}${refused === undefined ? '' : ` ${refused.code} ${refused.msg}`}`), ok: false }
  if (call.encrypted && !UNCHECKED.has(call.path)) {
    if (a.headers[HallHeader.encrypted] !== '1') return { observed: 'answered in clear', ok: false }
    const nonce = a.headers[HallHeader.nonce]
    if (nonce === undefined) return { observed: 'encrypted answer without a nonce', ok: false }
    if (Result.isFailure(decrypt(keyMaterial, nonce, a.text))) return { observed: 'answer does not decrypt with the key', ok: false }
  }
  const read = readHallResponse(call, a, keyMaterial, 'conformance')
  if (Result.isSuccess(read)) return { observed: 'code 1, data in schema', ok: true }
  const e = read.failure
  if (e._tag === 'ServiceCode') return { observed: `service code ${e.code} (${e.msg})`, ok: true }
  if (e._tag === 'EmptyData') return { observed: 'success without data', ok: false }
  if (e._tag === 'NotJson') return { observed: 'not JSON', ok: false }
  return { observed: e._tag === 'Decode' || e._tag === 'Network' ? oneLine(e.message) : e._tag, ok: false }
}

/** A message on one line, at most 300 characters. */
const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim().slice(0, 300)

const probeRefusal = (a: Answer, code: number, status: number): { observed: string; ok: boolean } => {
  if (isMissing(a)) return { observed: 'not served (404)', ok: false }
  const env = clearEnvelope(a)
  if (env === undefined) return { observed: `HTTP ${a.status}, ${a.headers[HallHeader.encrypted] === '1' ? 'an encrypted answer' : 'no envelope'}`, ok: false }
  return { observed: `${env.code} (HTTP ${a.status})`, ok: env.code === code && a.status === status }
}

/** Checks one call: its row. */
const checkCall = async (call: HallCall, visitor: HallContext, player: HallContext | undefined): Promise<Row> => {
  const name = `${call.method} ${call.path}`
  if (UNCHECKED.has(call.path)) {
    const a = await send(() => valid(call, visitor))
    const j = judgeAnswer(call, a, visitor.keyMaterial)
    return { call: name, expected: 'answered without checks, data in schema', observed: j.observed, verdict: j.ok ? 'pass' : 'FAIL' }
  }
  const expected: string[] = []
  const observed: string[] = []
  let ok = true
  const signature = probeRefusal(await send(() => badlySigned(badInput(call, visitor))), ProtocolCode.badSignature, 401)
  expected.push('bad signature 4001')
  observed.push(`bad signature ${signature.observed}`)
  ok &&= signature.ok
  if (signature.observed.startsWith('not served')) return { call: name, expected: 'served', observed: 'not served (404)', verdict: 'FAIL' }
  const input = probeRefusal(await send(() => badInput(call, visitor)), ProtocolCode.invalidBody, 400)
  expected.push('bad input 4005')
  observed.push(`bad input ${input.observed}`)
  ok &&= input.ok
  const params = READ_WITH.get(call.path)
  if ((READS.has(call.path) && acceptsEmpty(call)) || params !== undefined) {
    const ctx = player ?? visitor
    const j = judgeAnswer(call, await send(() => valid(call, ctx, params ?? {})), ctx.keyMaterial)
    expected.push(call.encrypted ? 'encrypted answer in schema' : 'answer in schema')
    observed.push(j.observed)
    ok &&= j.ok
  }
  return { call: name, expected: expected.join('; '), observed: observed.join('; '), verdict: ok ? 'pass' : 'FAIL' }
}

/** The socket's rows: the handshake, the heartbeat, the notices. */
const checkSocket = async (hall: string, siteCode: string, token: string | undefined): Promise<Row[]> => {
  const base = `${hall.replace(/^http/, 'ws')}${SOCKET_PATH}`
  /** Opens a connection; resolves with how it went: open (and the socket), or closed with a code. */
  const connect = (query: string) =>
    new Promise<{ open: WebSocket } | { closed: number } | { error: string }>((resolve) => {
      const ws = new WebSocket(`${base}${query}`)
      const timer = setTimeout(() => {
        ws.terminate()
        resolve({ error: 'no answer in 10 s' })
      }, 10_000)
      ws.once('open', () => {
        // A hall may accept the upgrade and close at once: wait for the first frame, a close, or a moment of quiet.
        const quiet = setTimeout(() => {
          clearTimeout(timer)
          resolve({ open: ws })
        }, 500)
        ws.once('close', (code) => {
          clearTimeout(quiet)
          clearTimeout(timer)
          resolve({ closed: code })
        })
      })
      ws.once('unexpected-response', (_req, res) => {
        clearTimeout(timer)
        resolve({ error: `HTTP ${res.statusCode} to the upgrade` })
      })
      ws.once('error', (e) => {
        clearTimeout(timer)
        resolve({ error: e.message })
      })
    })
  const shown = (r: { open: WebSocket } | { closed: number } | { error: string }): string =>
    'open' in r ? 'open' : 'closed' in r ? `closed ${r.closed}` : r.error
  const rows: Row[] = []
  const noToken = await connect(`?siteCode=${encodeURIComponent(siteCode)}`)
  rows.push({ call: 'socket: handshake without Token', expected: `closed ${SOCKET_CLOSE.badRequest}`, observed: shown(noToken), verdict: 'closed' in noToken && noToken.closed === SOCKET_CLOSE.badRequest ? 'pass' : 'FAIL' })
  if ('open' in noToken) noToken.open.close()
  const stranger = await connect(`?Token=${randomNonce()}&siteCode=${encodeURIComponent(siteCode)}`)
  rows.push({ call: 'socket: handshake with a Token of no session', expected: `closed ${SOCKET_CLOSE.unauthorized}`, observed: shown(stranger), verdict: 'closed' in stranger && stranger.closed === SOCKET_CLOSE.unauthorized ? 'pass' : 'FAIL' })
  if ('open' in stranger) stranger.open.close()
  if (token === undefined) {
    for (const call of ["socket: the player's handshake", 'socket: heartbeat', 'socket: notices']) rows.push({ call, expected: 'a signed-in player', observed: 'no --player given', verdict: 'skip' })
    return rows
  }
  const own = await connect(`?Token=${encodeURIComponent(token)}&siteCode=${encodeURIComponent(siteCode)}`)
  rows.push({ call: "socket: the player's handshake", expected: 'open', observed: shown(own), verdict: 'open' in own ? 'pass' : 'FAIL' })
  if (!('open' in own)) {
    for (const call of ['socket: heartbeat', 'socket: notices']) rows.push({ call, expected: 'an open connection', observed: shown(own), verdict: 'FAIL' })
    return rows
  }
  const ws = own.open
  const frames: unknown[] = []
  const pong = new Promise<string>((resolve) => {
    const timer = setTimeout(() => resolve('no Pong in 10 s'), 10_000)
    ws.on('message', (data: Buffer) => {
      const text = data.toString('utf8')
      let frame: unknown
      try {
        frame = JSON.parse(text)
      } catch {
        frame = text
      }
      frames.push(frame)
      if (typeof frame === 'object' && frame !== null && (frame as { type?: unknown }).type === 'Pong') {
        clearTimeout(timer)
        resolve('Pong')
      }
    })
    ws.once('close', (code) => {
      clearTimeout(timer)
      resolve(`closed ${code}`)
    })
  })
  ws.send(JSON.stringify({ type: 'Ping' }))
  const heard = await pong
  rows.push({ call: 'socket: heartbeat', expected: 'Ping answered with Pong', observed: heard, verdict: heard === 'Pong' ? 'pass' : 'FAIL' })
  const notices = frames.filter((f) => !(typeof f === 'object' && f !== null && (f as { type?: unknown }).type === 'Pong'))
  const bad = notices.filter((f) => Exit.isFailure(decodeExit(ServerFrame, f)))
  rows.push({
    call: 'socket: notices',
    expected: 'every frame a Pong or a notice {type, msgId, content: {type, data}}',
    observed: bad.length > 0 ? `${bad.length} of ${notices.length} frames not of the schema: ${JSON.stringify(bad[0]).slice(0, 200)}` : `${notices.length} notice(s), all of the schema (none acknowledged)`,
    verdict: bad.length === 0 ? 'pass' : 'FAIL',
  })
  ws.close()
  return rows
}

/** Runs the suite; never throws for a mismatch (it is a row), only when the hall cannot be reached or its site read. */
export const runConformance = async (o: ConformanceOptions): Promise<Report> => {
  const log = o.log ?? (() => undefined)
  const hall = o.hall.replace(/\/+$/, '')
  const page = o.siteKey === undefined ? await sitePage(hall, o.site) : { siteCode: o.site ?? '001', siteKey: o.siteKey, depositKey: '', languageCode: 'en_US', currency: 'USD' }
  const visitor: HallContext = {
    baseUrl: hall,
    siteCode: page.siteCode,
    language: page.languageCode,
    currency: page.currency,
    device: '4',
    domain: new URL(hall).hostname,
    timezone: 'UTC',
    fingerprint: 'conformance',
    token: '',
    keyMaterial: page.siteKey,
  }
  const rows: Row[] = []
  let player: HallContext | undefined
  const calls = catalogueCalls()
  if (o.player !== undefined) {
    const login = calls.find((c) => c.path === '/home/login')!
    const a = await send(() => valid(login, visitor, { username: o.player!.username, password: o.player!.password }))
    const read = readHallResponse(login, a, visitor.keyMaterial, 'conformance')
    if (Result.isSuccess(read)) {
      const info = read.success as { token: string; session_key: string; currency: string }
      player = { ...visitor, token: info.token, keyMaterial: info.session_key, currency: info.currency }
      rows.push({ call: 'POST /home/login (--player)', expected: 'signed in', observed: 'signed in', verdict: 'pass' })
    } else {
      rows.push({ call: 'POST /home/login (--player)', expected: 'signed in', observed: read.failure._tag === 'ServiceCode' ? `service code ${read.failure.code}` : read.failure._tag, verdict: 'FAIL' })
    }
  }
  for (const [i, call] of calls.entries()) {
    const row = await checkCall(call, visitor, player).catch((e: unknown): Row => ({ call: `${call.method} ${call.path}`, expected: 'an answer', observed: e instanceof Error ? e.message : String(e), verdict: 'FAIL' }))
    rows.push(row)
    if ((i + 1) % 25 === 0) log(`${i + 1} of ${calls.length} calls checked`)
  }
  if (o.allowMoney === true) rows.push(await depositRow(calls, player, o.depositKey ?? page.depositKey))
  rows.push(...(await checkSocket(hall, page.siteCode, player?.token)))
  const count = (v: Verdict) => rows.filter((r) => r.verdict === v).length
  return { hall, site: page.siteCode, rows, passed: count('pass'), failed: count('FAIL'), skipped: count('skip') }
}

/**
 * --allow-money: a deposit order of the test player, as the lobby places one (depositRequest:
 * the channel's currency, a fresh request id, the MD5 signature with the deposit key), of the
 * channel's smallest fixed amount or its minimum, on the first channel that needs no real name and
 * no bank. The order is left unpaid: it expires as any unpaid order does.
 */
const depositRow = async (calls: ReadonlyArray<HallCall>, player: HallContext | undefined, depositKey: string): Promise<Row> => {
  const name = 'POST /pay/offlineOrderV3 (--allow-money)'
  if (player === undefined) return { call: name, expected: 'a signed-in test player', observed: 'no --player given', verdict: 'skip' }
  const list = calls.find((c) => c.path === '/pay/payplatformlistV3')
  const order = calls.find((c) => c.path === '/pay/offlineOrderV3')
  if (list === undefined || order === undefined) return { call: name, expected: 'the deposit calls in the catalogue', observed: 'not in the lobby\'s registry', verdict: 'FAIL' }
  const listed = readHallResponse(list, await send(() => valid(list, player)), player.keyMaterial, 'conformance')
  if (Result.isFailure(listed)) return { call: name, expected: 'the deposit channels', observed: listed.failure._tag, verdict: 'FAIL' }
  const channels = (listed.success as { list: ReadonlyArray<PayPlatform> }).list.flatMap((p) => p.channels)
  const channel = channels.find((c) => c.need_real_name === 0 && c.choose_bank === 0)
  if (channel === undefined) return { call: name, expected: 'a channel needing no real name and no bank', observed: `${channels.length} channels, none such`, verdict: 'skip' }
  const amount = channel.fixed_amounts[0] ?? channel.min_amount
  const request = depositRequest(channel, amount, randomNonce(), '', depositKey)
  const judged = judgeAnswer(order, await send(() => valid(order, player, request)), player.keyMaterial)
  const placed = judged.ok && judged.observed.startsWith('code 1')
  return { call: name, expected: `an order of ${amount} ${channel.currency} on channel ${channel.id}, in schema`, observed: judged.observed, verdict: placed ? 'pass' : 'FAIL' }
}

/** The table and the summary, as printed. */
export const formatReport = (r: Report): string => {
  const widths = [
    Math.max(4, ...r.rows.map((x) => x.call.length)),
    Math.min(60, Math.max(8, ...r.rows.map((x) => x.expected.length))),
    Math.min(80, Math.max(8, ...r.rows.map((x) => x.observed.length))),
  ] as const
  const cut = (s: string, w: number) => (s.length > w ? `${s.slice(0, w - 1)}…` : s.padEnd(w))
  const line = (c: string, e: string, ob: string, v: string) => `${cut(c, widths[0])}  ${cut(e, widths[1])}  ${cut(ob, widths[2])}  ${v}`
  const out = [line('call', 'expected', 'observed', 'verdict'), line('-'.repeat(widths[0]), '-'.repeat(widths[1]), '-'.repeat(widths[2]), '-------')]
  for (const row of r.rows) out.push(line(row.call, row.expected, row.observed, row.verdict))
  const failures = r.rows.filter((x) => x.verdict === 'FAIL')
  out.push('', `hall ${r.hall}, site ${r.site}: ${r.rows.length} rows, ${r.passed} passed, ${r.failed} mismatched, ${r.skipped} skipped`)
  for (const f of failures) out.push(`  MISMATCH ${f.call}: expected ${f.expected}; observed ${f.observed}`)
  return out.join('\n')
}

const parseArgs = (argv: ReadonlyArray<string>): ConformanceOptions & { json: boolean } => {
  const value = (flag: string): string | undefined => {
    const i = argv.indexOf(flag)
    return i < 0 ? undefined : argv[i + 1]
  }
  const hall = value('--hall')
  if (hall === undefined) throw new Error('usage: npm run conformance -- --hall URL [--site CODE] [--site-key KEY] [--player USER:PASSWORD] [--allow-money] [--deposit-key KEY] [--json]')
  const site = value('--site')
  const siteKey = value('--site-key')
  const depositKey = value('--deposit-key')
  const player = value('--player')
  const colon = player?.indexOf(':') ?? -1
  if (player !== undefined && colon < 1) throw new Error('--player is USER:PASSWORD')
  return {
    hall,
    ...(site === undefined ? {} : { site }),
    ...(siteKey === undefined ? {} : { siteKey }),
    ...(depositKey === undefined ? {} : { depositKey }),
    ...(player === undefined ? {} : { player: { username: player.slice(0, colon), password: player.slice(colon + 1) } }),
    allowMoney: argv.includes('--allow-money'),
    json: argv.includes('--json'),
  }
}

const main = async (): Promise<void> => {
  let options: ReturnType<typeof parseArgs>
  try {
    options = parseArgs(process.argv.slice(2))
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e))
    process.exit(2)
  }
  try {
    const report = await runConformance({ ...options, log: (l) => console.error(l) })
    console.log(options.json ? JSON.stringify(report, null, 2) : formatReport(report))
    process.exit(report.failed > 0 ? 1 : 0)
  } catch (e) {
    console.error(`conformance: ${e instanceof Error ? e.message : String(e)}`)
    process.exit(2)
  }
}

if (import.meta.url === `file://${process.argv[1]}`) void main()
