/**
 * The hall protocol on the serving side (schemas/hall/protocol.ts is the contract): find the
 * call, check headers, timestamp, signature and nonce, decrypt and decode the request, run the
 * implementation, and answer the envelope, encrypted under the same key material when the call or
 * the request is encrypted. Protocol failures are answered in clear with an HTTP error status so a
 * client can read them without a key; service codes come with HTTP 200. Nothing a request carries
 * can escape as an exception: the outermost handler turns anything unexpected into 5000.
 */
import { Cause, Exit, Schema } from 'effect'
import type { HallCall } from '../schemas/hall/call'
import { allCalls, callByPath } from '../schemas/hall/calls'
import { GET_DATA_QUERY, HallHeader, ProtocolCode, TIMESTAMP_WINDOW_MS, canonicalString } from '../schemas/hall/protocol'
import type { Envelope } from '../schemas/hall/envelope'
import type { CallContext, HallConfig, Implementation } from './calls/types'
import { ServiceError } from './calls/types'
import { decrypt, encrypt, isNonce, newNonce, sign, signatureMatches } from './crypto'
import type { Db } from './db'
import type { HallState } from './state'
import { cachedSiteByCode, sessionWithPlayer } from './store'
import type { SessionRow, SiteRow } from './store'
import type { SocketHub } from './ws'
import { StoreBusy } from './store-queue'
import { busyAnswer } from './admission'

/** The common headers every signed call must carry (spec §7); token may be empty. */
export const REQUIRED_HEADERS = [
  HallHeader.platformType,
  HallHeader.language,
  HallHeader.siteCode,
  HallHeader.token,
  HallHeader.device,
  HallHeader.currency,
  HallHeader.timestamp,
  HallHeader.nonce,
  HallHeader.signature,
  HallHeader.domain,
  HallHeader.timezone,
  HallHeader.fingerprint,
] as const

/** Calls answered without any protocol check: static files in nature (see their descriptions). */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set(['/manifest.json', '/op.json'])

const HTTP_STATUS: Readonly<Record<number, number>> = {
  [ProtocolCode.badSignature]: 401,
  [ProtocolCode.staleTimestamp]: 401,
  [ProtocolCode.nonceReused]: 401,
  [ProtocolCode.undecryptable]: 400,
  [ProtocolCode.invalidBody]: 400,
  [ProtocolCode.missingHeader]: 400,
  [ProtocolCode.unknownPath]: 404,
  [ProtocolCode.methodNotAllowed]: 405,
  [ProtocolCode.internal]: 500,
}

/** The HTTP status a protocol code is answered with; 200 for service codes. */
export const statusOf = (code: number): number => HTTP_STATUS[code] ?? 200

/** A protocol failure: answered in clear with its HTTP status. */
export class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/** What the pipeline needs from the running hall. */
export interface PipelineDeps {
  readonly db: Db
  readonly state: HallState
  readonly config: HallConfig
  readonly implementations: ReadonlyMap<string, Implementation>
  /** Answers of the public calls (manifest, op.json), for the site the request names (its siteCode header; '' none). */
  readonly publicData: (path: string, siteCode: string) => Promise<unknown>
  readonly log: (line: string) => void
  /** The hall's clock (ms); default Date.now. */
  readonly now?: () => number
  /**
   * The clock a request's signed timestamp is checked against and its nonce kept by; default `now`.
   * The hall passes its base clock: the control `clock` moves `now` alone (server/state.ts).
   */
  readonly signedNow?: () => number
  /** The realtime socket, handed to the calls (CallContext.socket). */
  readonly socket?: SocketHub
}

/** The parts of an HTTP request the pipeline reads. */
export interface HallRequest {
  readonly method: string
  /** Path without the hall prefix. */
  readonly path: string
  readonly query: Readonly<Record<string, string>>
  readonly headers: Readonly<Record<string, string | undefined>>
  readonly body: string
  readonly ip: string
  readonly requestId: string
}

const json = (status: number, envelope: Envelope, extra: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(envelope), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...extra },
  })

/** A clear envelope answer for a protocol code. */
export const protocolAnswer = (code: number, msg: string): Response => json(statusOf(code), { code, msg, data: null })

const pathsByMethod = new Map<string, Set<string>>()
for (const c of allCalls) {
  const set = pathsByMethod.get(c.path) ?? new Set<string>()
  set.add(c.method)
  pathsByMethod.set(c.path, set)
}

const describe = (cause: Cause.Cause<unknown>): string => {
  const e = Cause.squash(cause)
  return e instanceof Error ? e.message : String(e)
}

/**
 * Call schemas are plain data schemas without services; the description type is wider (Schema.Top)
 * so that any schema can describe a call, hence the narrowing for decoding.
 */
const decoder = (s: Schema.Top): Schema.ConstraintDecoder<unknown> => s as unknown as Schema.ConstraintDecoder<unknown>

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

const lastPrune = new WeakMap<Db, number>()

/**
 * Records a nonce; false when it was already seen. Nonces older than the timestamp window are
 * pruned at most once a minute, which keeps the table to a few minutes of traffic.
 */
const acceptNonce = async (db: Db, nonce: string, now: number): Promise<boolean> => {
  if (now - (lastPrune.get(db) ?? 0) > 60_000) {
    lastPrune.set(db, now)
    await db.query('DELETE FROM nonces WHERE seen_at < $1', [now - 2 * TIMESTAMP_WINDOW_MS])
  }
  const r = await db.query('INSERT INTO nonces (nonce, seen_at) VALUES ($1, $2) ON CONFLICT (nonce) DO NOTHING', [nonce, now])
  return (r.affectedRows ?? 0) === 1
}

interface Verified {
  readonly site: SiteRow
  readonly session: SessionRow | undefined
  readonly keyMaterial: string
  readonly params: unknown
  readonly encrypted: boolean
}

/** Checks and decodes a request for a call; throws ProtocolError on the first failure. */
const verify = async (deps: PipelineDeps, call: HallCall, req: HallRequest, now: number): Promise<Verified> => {
  const missing = REQUIRED_HEADERS.filter((h) => req.headers[h] === undefined)
  if (missing.length > 0) throw new ProtocolError(ProtocolCode.missingHeader, `missing header: ${missing.join(', ')}`)
  const h = (name: string): string => req.headers[name] ?? ''
  const nonce = h(HallHeader.nonce)
  if (!isNonce(nonce)) throw new ProtocolError(ProtocolCode.missingHeader, 'malformed header: nonce must be 32 lowercase hex characters')

  const timestamp = h(HallHeader.timestamp)
  const ts = /^\d{1,16}$/.test(timestamp) ? Number(timestamp) : NaN
  if (!Number.isFinite(ts) || Math.abs(now - ts) > TIMESTAMP_WINDOW_MS) {
    throw new ProtocolError(ProtocolCode.staleTimestamp, 'timestamp outside the accepted window')
  }

  const site = await cachedSiteByCode(deps.db, h(HallHeader.siteCode))
  if (site === undefined) throw new ProtocolError(ProtocolCode.badSignature, `unknown site code: ${h(HallHeader.siteCode)}`)
  const token = h(HallHeader.token)
  const session = token === '' ? undefined : await sessionWithPlayer(deps.db, token)
  const keyMaterial = session?.sessionKey ?? site.siteKey

  const expected = sign(
    keyMaterial,
    canonicalString({ method: req.method, path: req.path, query: req.query, timestamp, nonce, body: req.body }),
  )
  if (!signatureMatches(expected, h(HallHeader.signature))) throw new ProtocolError(ProtocolCode.badSignature, 'bad signature')
  if (!(await acceptNonce(deps.db, nonce, now))) throw new ProtocolError(ProtocolCode.nonceReused, 'nonce already used')

  const flag = req.headers[HallHeader.encrypted]
  const encrypted = flag === '1' ? true : flag === '0' ? false : call.encrypted
  const carried = req.method === 'GET' ? (req.query[GET_DATA_QUERY] ?? '') : req.body
  let text = carried
  // A call described as encrypted never takes its parameters in clear (spec §7).
  if (call.encrypted && !encrypted && carried.trim() !== '') {
    throw new ProtocolError(ProtocolCode.invalidBody, `${call.path} takes an encrypted body`)
  }
  if (carried.trim() !== '' && encrypted) {
    const plain = decrypt(keyMaterial, nonce, carried)
    if (plain === undefined) throw new ProtocolError(ProtocolCode.undecryptable, 'cannot decrypt the request')
    text = plain
  }
  let parsed: unknown = {}
  if (text.trim() !== '') {
    try {
      parsed = JSON.parse(text)
    } catch {
      throw new ProtocolError(ProtocolCode.invalidBody, 'request is not JSON')
    }
  }
  const decoded = Schema.decodeUnknownExit(decoder(call.request))(parsed)
  if (Exit.isFailure(decoded)) throw new ProtocolError(ProtocolCode.invalidBody, `invalid request: ${describe(decoded.cause)}`)
  return { site, session, keyMaterial, params: decoded.value, encrypted }
}

/** An envelope answer, encrypted under the key material with a fresh nonce when asked to. */
const answer = (envelope: Envelope, keyMaterial: string | undefined): Response => {
  if (keyMaterial === undefined) return json(statusOf(envelope.code), envelope)
  const nonce = newNonce()
  return new Response(encrypt(keyMaterial, nonce, JSON.stringify(envelope)), {
    status: statusOf(envelope.code),
    headers: { 'content-type': 'text/plain; charset=utf-8', [HallHeader.encrypted]: '1', [HallHeader.nonce]: nonce },
  })
}

const checkResponse = (call: HallCall, data: unknown): string | undefined => {
  const r = Schema.decodeUnknownExit(decoder(call.response))(data)
  return Exit.isFailure(r) ? describe(r.cause) : undefined
}

/** Answers one request under the hall prefix. Never throws. */
export const handleHallRequest = async (deps: PipelineDeps, req: HallRequest): Promise<Response> => {
  try {
    const call = callByPath(req.method, req.path)
    if (call === undefined) {
      const methods = pathsByMethod.get(req.path)
      if (methods !== undefined) {
        return protocolAnswer(ProtocolCode.methodNotAllowed, `method ${req.method} not allowed for ${req.path}; use ${[...methods].join(', ')}`)
      }
      return protocolAnswer(ProtocolCode.unknownPath, `unknown hall path: ${req.path}`)
    }
    const delay = deps.state.latencyFor(call.path)
    if (delay > 0) await sleep(delay)

    if (PUBLIC_PATHS.has(call.path)) {
      const forced = deps.state.takeForced(call.path)
      if (forced?.raw !== undefined) return new Response(forced.raw, { status: 200, headers: { 'content-type': 'text/plain' } })
      if (forced !== undefined) return answer({ code: forced.code, msg: forced.msg, data: forced.data }, undefined)
      return answer({ code: 1, msg: 'success', data: await deps.publicData(call.path, req.headers[HallHeader.siteCode] ?? '') }, undefined)
    }

    const now = deps.now?.() ?? Date.now()
    const v = await verify(deps, call, req, deps.signedNow?.() ?? now)
    const responseKey = v.encrypted || call.encrypted ? v.keyMaterial : undefined

    const forced = deps.state.takeForced(call.path)
    if (forced?.raw !== undefined) return new Response(forced.raw, { status: 200, headers: { 'content-type': 'text/plain' } })
    if (forced !== undefined) {
      const envelope = { code: forced.code, msg: forced.msg, data: forced.data }
      return statusOf(forced.code) === 200 ? answer(envelope, responseKey) : answer(envelope, undefined)
    }

    const impl = deps.implementations.get(`${call.method} ${call.path}`)
    if (impl === undefined) return protocolAnswer(ProtocolCode.unknownPath, `not implemented by the reference hall: ${call.path}`)

    const ctx: CallContext = {
      db: deps.db,
      site: v.site,
      session: v.session,
      state: deps.state,
      config: deps.config,
      ip: req.ip,
      device: req.headers[HallHeader.device] ?? '',
      fingerprint: req.headers[HallHeader.fingerprint] ?? '',
      now,
      language: req.headers[HallHeader.language] ?? '',
      ...(deps.socket === undefined ? {} : { socket: deps.socket }),
    }
    try {
      const data = await impl.run(ctx, v.params)
      if (deps.config.mode !== 'production') {
        const drift = checkResponse(call, data)
        if (drift !== undefined) {
          deps.log(`[${req.requestId}] ${call.path} answer does not match its description: ${drift}`)
          return protocolAnswer(ProtocolCode.internal, `answer does not match the description of ${call.path}`)
        }
      }
      return answer({ code: 1, msg: 'success', data }, responseKey)
    } catch (e) {
      if (e instanceof ServiceError) {
        if (statusOf(e.code) !== 200) return protocolAnswer(e.code, e.message)
        return answer({ code: e.code, msg: e.message, data: e.data }, responseKey)
      }
      throw e
    }
  } catch (e) {
    if (e instanceof ProtocolError) return protocolAnswer(e.code, e.message)
    // Refused at its first turn at the store (server/store-queue.ts): nothing of it ran.
    if (e instanceof StoreBusy) return busyAnswer(e.seconds)
    deps.log(`[${req.requestId}] ${req.method} ${req.path} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
    return protocolAnswer(ProtocolCode.internal, `internal error (request ${req.requestId})`)
  }
}
