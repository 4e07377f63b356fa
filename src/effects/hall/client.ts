import ky from 'ky'
import { Data, Effect, Result, Schema } from 'effect'
import type { HallCall, HallMethod, RequestOf, ResponseOf } from '../../../schemas/hall/call'
import { Envelope, isSuccessCode } from '../../../schemas/hall/envelope'
import type { HallError } from '../../../schemas/hall/errors'
import {
  canonicalString,
  GET_DATA_QUERY,
  HALL_PREFIX,
  HallHeader,
  PLATFORM_TYPE,
} from '../../../schemas/hall/protocol'
import { decrypt, encrypt, sign } from './cipher'
import { HTTP_TIMEOUT_MS } from './policy'

// ---------------------------------------------------------------------------------------------
// Errors

/** The hall answered with a non-success envelope code: a service code (-1, 9110 ...) or a protocol code (4001 ...). */
export class HallServiceCode extends Data.TaggedError('ServiceCode')<{
  readonly code: number
  readonly msg: string
}> {}
/** The answer (after decryption) was not JSON; `requestId` is the hall's `x-request-id`, or the client's own id when absent. */
export class HallNotJson extends Data.TaggedError('NotJson')<{ readonly requestId: string }> {}
/** Success code, but `data` was null or missing and the call's response schema needs a value. */
export class HallEmptyData extends Data.TaggedError('EmptyData')<{}> {}
/** No complete answer within the call's timeout. */
export class HallTimeout extends Data.TaggedError('Timeout')<{ readonly ms: number }> {}
/** The request got no answer: refused, reset, DNS, offline, or the body could not be read. */
export class HallNetwork extends Data.TaggedError('Network')<{ readonly message: string }> {}
/** The answer could not be decrypted, was not an envelope, or `data` did not match the call's schema; also a request that could not be encoded. */
export class HallDecode extends Data.TaggedError('Decode')<{ readonly message: string }> {}

/** Every way `callHall` can fail. Tags match schemas/hall/errors.ts. */
export type HallClientError =
  | HallServiceCode
  | HallNotJson
  | HallEmptyData
  | HallTimeout
  | HallNetwork
  | HallDecode

/** The error as the schema value of schemas/hall/errors.ts, ready to travel in a fact. */
export const toHallError = (e: HallClientError): HallError => {
  switch (e._tag) {
    case 'ServiceCode':
      return { _tag: 'ServiceCode', code: e.code, msg: e.msg }
    case 'NotJson':
      return { _tag: 'NotJson', requestId: e.requestId }
    case 'EmptyData':
      return { _tag: 'EmptyData' }
    case 'Timeout':
      return { _tag: 'Timeout', ms: e.ms }
    case 'Network':
      return { _tag: 'Network', message: e.message }
    case 'Decode':
      return { _tag: 'Decode', message: e.message }
  }
}

// ---------------------------------------------------------------------------------------------
// Context and ports

/** Who is calling: the values of the common headers, where the hall is, and the key material. */
export interface HallContext {
  /** The hall's base URL, without `/hall` (e.g. `https://lobby.example` or `http://127.0.0.1:8080`). */
  readonly baseUrl: string
  readonly siteCode: string
  readonly language: string
  readonly currency: string
  /** Device type string (spec §3: iOS '1', Android '2', H5 '3', PC '4'). */
  readonly device: string
  readonly domain: string
  readonly timezone: string
  readonly fingerprint: string
  /** The player's token after login; the system token (or '') before. */
  readonly token: string
  /** The site key before login, the player's session key after. Never sent. */
  readonly keyMaterial: string
}

/** The outside world the client reads: time, randomness and the network. Tests replace them. */
export interface HallPorts {
  /** Current time in ms since the epoch, sent as the `timestamp` header. */
  readonly now: () => number
  /** A fresh nonce: 32 lowercase hex characters. It is also the IV of the request body. */
  readonly nonce: () => string
  /** The fetch ky sends through. */
  readonly fetch: (input: Request | URL | string, init?: RequestInit) => Promise<Response>
}

const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

/** A nonce from 16 bytes of `crypto.getRandomValues`. */
export const randomNonce = (): string => hex(globalThis.crypto.getRandomValues(new Uint8Array(16)))

/** The real clock, crypto randomness and the global fetch. */
export const liveHallPorts: HallPorts = {
  now: () => Date.now(),
  nonce: randomNonce,
  fetch: (input, init) => globalThis.fetch(input, init),
}

/** Per-call options. */
export interface CallOptions {
  /** Overrides the 60 s timeout (tests use a short one). */
  readonly timeoutMs?: number
  /** Replaces some of the live ports. */
  readonly ports?: Partial<HallPorts>
}

// ---------------------------------------------------------------------------------------------
// Request

/** A request exactly as it goes on the wire, with the strings that produced it. */
export interface HallRequest {
  readonly method: HallMethod
  /** Full URL, query included. */
  readonly url: string
  /** URL path the request goes to (base path + `/hall` + call path); the signature covers only the call path. */
  readonly path: string
  /** Query parameters (GET only), in the order they are sent. */
  readonly query: Readonly<Record<string, string>>
  readonly headers: Readonly<Record<string, string>>
  /** Body as sent: ciphertext for encrypted calls, JSON otherwise, '' for GET. */
  readonly body: string
  /** The JSON of the encoded parameters, before encryption. */
  readonly plaintext: string
  /** What the signature covers (schemas/hall/protocol.ts `canonicalString`). */
  readonly canonical: string
}

/** The two values a request takes from the ports. */
export interface RequestStamp {
  readonly timestamp: number
  readonly nonce: string
}

const errorMessage = (e: unknown): string => {
  if (e instanceof Error) {
    const cause = (e as { cause?: unknown }).cause
    return cause instanceof Error ? `${e.message}: ${cause.message}` : e.message
  }
  return String(e)
}

const trimSlash = (s: string): string => s.replace(/\/+$/, '')

const encodeQuery = (query: Readonly<Record<string, string>>): string =>
  Object.entries(query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&')

/**
 * Builds the request for `call` with `payload`: encodes the payload with the call's request
 * schema, encrypts it for encrypted calls (IV = the nonce), puts it in the body (POST) or the
 * `data` query parameter next to the clear common query (GET; no `data` at all when the
 * parameters are `{}`), and signs the canonical string.
 */
export const buildHallRequest = <C extends HallCall>(
  call: C,
  payload: RequestOf<C>,
  ctx: HallContext,
  stamp: RequestStamp,
): Result.Result<HallRequest, HallDecode> => {
  const encoded = Schema.encodeUnknownResult(call.request as unknown as Schema.Codec<unknown, unknown>)(payload)
  if (Result.isFailure(encoded)) {
    return Result.fail(new HallDecode({ message: `request for ${call.name} did not encode: ${encoded.failure.message}` }))
  }
  let plaintext: string
  try {
    plaintext = JSON.stringify(encoded.success ?? {})
  } catch (e) {
    return Result.fail(new HallDecode({ message: `request for ${call.name} is not JSON: ${errorMessage(e)}` }))
  }
  const nonce = stamp.nonce
  const timestamp = String(stamp.timestamp)
  let sealed = plaintext
  if (call.encrypted) {
    const ciphertext = encrypt(ctx.keyMaterial, nonce, plaintext)
    if (Result.isFailure(ciphertext)) {
      return Result.fail(new HallDecode({ message: `request for ${call.name} could not be encrypted: ${ciphertext.failure.reason}` }))
    }
    sealed = ciphertext.success
  }
  let base: URL
  try {
    base = new URL(ctx.baseUrl)
  } catch {
    return Result.fail(new HallDecode({ message: `base URL is not a URL: ${ctx.baseUrl}` }))
  }
  const path = `${trimSlash(base.pathname)}${HALL_PREFIX}${call.path}`
  // A GET without parameters sends no `data` query at all; the hall reads that as {}.
  const hasParams = plaintext !== '{}'
  const query: Record<string, string> =
    call.method === 'GET'
      ? {
          language: ctx.language,
          siteCode: ctx.siteCode,
          currency: ctx.currency,
          platformType: PLATFORM_TYPE,
          token: ctx.token,
          ...(hasParams ? { [GET_DATA_QUERY]: sealed } : {}),
        }
      : {}
  const body = call.method === 'GET' ? '' : sealed
  // The signed path is the call's own path: where the hall is mounted (base path, /hall) is
  // deployment, not protocol, and a proxy may change it.
  const canonical = canonicalString({ method: call.method, path: call.path, query, timestamp, nonce, body })
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
    ...(call.method === 'GET'
      ? {}
      : { 'content-type': call.encrypted ? 'text/plain;charset=utf-8' : 'application/json' }),
  }
  const search = call.method === 'GET' ? `?${encodeQuery(query)}` : ''
  const url = `${base.origin}${path}${search}`
  return Result.succeed({ method: call.method, url, path, query, headers, body, plaintext, canonical })
}

// ---------------------------------------------------------------------------------------------
// Response

/** What came back, before any interpretation. */
export interface RawHallResponse {
  readonly status: number
  /** Response headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>
  readonly text: string
}

const decodeEnvelope = Schema.decodeUnknownResult(Envelope)

const parseJson = (text: string): Result.Result<unknown, undefined> => {
  try {
    return Result.succeed(JSON.parse(text) as unknown)
  } catch {
    return Result.fail(undefined)
  }
}

const readResponse = <C extends HallCall>(
  call: C,
  raw: RawHallResponse,
  keyMaterial: string,
  clientRequestId: string,
): Result.Result<ResponseOf<C>, HallClientError> => {
  let text = raw.text
  if (raw.headers[HallHeader.encrypted] === '1') {
    const nonce = raw.headers[HallHeader.nonce]
    if (nonce === undefined) {
      return Result.fail(new HallDecode({ message: 'encrypted response without a nonce header' }))
    }
    const plain = decrypt(keyMaterial, nonce, text)
    if (Result.isFailure(plain)) {
      return Result.fail(new HallDecode({ message: `response could not be decrypted: ${plain.failure.reason}` }))
    }
    text = plain.success
  }
  const json = parseJson(text)
  if (Result.isFailure(json)) {
    return Result.fail(new HallNotJson({ requestId: raw.headers[HallHeader.requestId] ?? clientRequestId }))
  }
  // A missing `data` is empty data, not a malformed envelope.
  const value = json.success
  const candidate =
    typeof value === 'object' && value !== null && !Array.isArray(value) && !('data' in value)
      ? { ...value, data: undefined }
      : value
  const envelope = decodeEnvelope(candidate)
  if (Result.isFailure(envelope)) {
    return Result.fail(new HallDecode({ message: `not a hall envelope: ${envelope.failure.message}` }))
  }
  const { code, msg, data } = envelope.success
  if (!isSuccessCode(code)) return Result.fail(new HallServiceCode({ code, msg }))
  const decoded = Schema.decodeUnknownResult(call.response as unknown as Schema.Codec<ResponseOf<C>, unknown>)(data)
  if (Result.isSuccess(decoded)) return Result.succeed(decoded.success)
  if (data === null || data === undefined) return Result.fail(new HallEmptyData())
  return Result.fail(new HallDecode({ message: `data of ${call.name} does not match its schema: ${decoded.failure.message}` }))
}

/**
 * Interprets a raw answer to `call`: decrypts it when `x-encrypted: 1` (IV = the response's
 * `nonce` header), parses the JSON, decodes the envelope, maps a non-success code to
 * `ServiceCode`, and decodes `data` with the call's response schema. Total: any input ends in
 * a value or a typed error.
 */
export const readHallResponse = <C extends HallCall>(
  call: C,
  raw: RawHallResponse,
  keyMaterial: string,
  clientRequestId: string,
): Result.Result<ResponseOf<C>, HallClientError> => {
  try {
    return readResponse(call, raw, keyMaterial, clientRequestId)
  } catch (e) {
    return Result.fail(new HallDecode({ message: `unreadable response: ${errorMessage(e)}` }))
  }
}

// ---------------------------------------------------------------------------------------------
// Sending

/** The one ky instance: no ky retries, no ky timeout (Effect owns both), HTTP errors are envelopes too. */
const hallHttp = ky.create({ throwHttpErrors: false, retry: 0, timeout: false })

const headersOf = (headers: Headers): Record<string, string> => {
  const out: Record<string, string> = {}
  headers.forEach((value, key) => {
    out[key.toLowerCase()] = value
  })
  return out
}

const send = (
  request: Pick<HallRequest, 'method' | 'url' | 'headers' | 'body'>,
  fetchPort: HallPorts['fetch'],
): Effect.Effect<RawHallResponse, HallNetwork> =>
  Effect.tryPromise({
    try: async (signal) => {
      const response = await hallHttp(request.url, {
        method: request.method,
        headers: request.headers,
        ...(request.method === 'GET' ? {} : { body: request.body }),
        fetch: fetchPort,
        signal,
      })
      const text = await response.text()
      return { status: response.status, headers: headersOf(response.headers), text }
    },
    catch: (e) => new HallNetwork({ message: errorMessage(e) }),
  })

/** The id a NotJson error carries when the hall sent no `x-request-id`: derived from the nonce, so replays agree. */
export const clientRequestId = (nonce: string): string => `client-${nonce}`

/** The hall's busy code (server/admission.ts, server/hash-queue.ts): the call was refused before it ran, 'try again in N s'. */
export const HALL_BUSY_CODE = 2012
/** How often callHall sends a call again that the hall answered busy (within the call's timeout). */
export const BUSY_RETRIES = 3
/** The wait a busy answer asks for: the seconds its message ends with, 1 to 10 s. */
export const busyWaitMs = (msg: string): number => {
  const seconds = Number(/(\d+) s$/.exec(msg)?.[1] ?? 1)
  return Math.min(10, Math.max(1, seconds)) * 1000
}

/**
 * Calls the hall: builds and signs the request (fresh timestamp and nonce from the ports on
 * every run, so a retried effect is a new request), sends it with ky, and reads the answer; a
 * busy answer (2012) is sent again after the seconds it names, up to BUSY_RETRIES times.
 * Fails only with a `HallClientError`; `Timeout` after `options.timeoutMs` (default 60 s), retries included.
 */
export const callHall = <C extends HallCall>(
  call: C,
  payload: RequestOf<C>,
  ctx: HallContext,
  options: CallOptions = {},
): Effect.Effect<ResponseOf<C>, HallClientError> => {
  const ports: HallPorts = { ...liveHallPorts, ...options.ports }
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS
  const once = Effect.gen(function* () {
    const stamp = yield* Effect.sync(() => ({ timestamp: ports.now(), nonce: ports.nonce() }))
    const request = yield* Effect.fromResult(buildHallRequest(call, payload, ctx, stamp))
    const raw = yield* send(request, ports.fetch)
    return yield* Effect.fromResult(readHallResponse(call, raw, ctx.keyMaterial, clientRequestId(stamp.nonce)))
  })
  // The hall's busy answer (2012) refuses a call before it runs: the same call again, a new
  // request, after the seconds it names, a few times within the call's timeout.
  const tries = (left: number): Effect.Effect<ResponseOf<C>, HallClientError> =>
    once.pipe(
      Effect.catchTag('ServiceCode', (e) =>
        e.code === HALL_BUSY_CODE && left > 0 ? Effect.flatMap(Effect.sleep(busyWaitMs(e.msg)), () => tries(left - 1)) : Effect.fail(e),
      ),
    )
  return tries(BUSY_RETRIES).pipe(
    Effect.timeout(timeoutMs),
    Effect.catchTag('TimeoutError', () => Effect.fail(new HallTimeout({ ms: timeoutMs }))),
  )
}

/**
 * Reads a static JSON file (not an enveloped call): a plain GET with no protocol headers, the
 * body decoded with `schema`. Same typed errors as `callHall`: NotJson when the body is not JSON,
 * Decode when it does not match (a 404 page in JSON, say), Network, Timeout.
 */
export const fetchStaticJson = <S extends Schema.Top>(
  url: string,
  schema: S,
  options: CallOptions = {},
): Effect.Effect<S['Type'], HallClientError> => {
  const ports: HallPorts = { ...liveHallPorts, ...options.ports }
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS
  return Effect.gen(function* () {
    const nonce = yield* Effect.sync(() => ports.nonce())
    const raw = yield* send({ method: 'GET', url, headers: {}, body: '' }, ports.fetch)
    const json = parseJson(raw.text)
    if (Result.isFailure(json)) {
      return yield* Effect.fail(new HallNotJson({ requestId: raw.headers[HallHeader.requestId] ?? clientRequestId(nonce) }))
    }
    const decoded = Schema.decodeUnknownResult(schema as unknown as Schema.Codec<S['Type'], unknown>)(json.success)
    if (Result.isFailure(decoded)) {
      return yield* Effect.fail(new HallDecode({ message: `${url} (HTTP ${raw.status}) does not match its schema: ${decoded.failure.message}` }))
    }
    return decoded.success
  }).pipe(
    Effect.timeout(timeoutMs),
    Effect.catchTag('TimeoutError', () => Effect.fail(new HallTimeout({ ms: timeoutMs }))),
  )
}
