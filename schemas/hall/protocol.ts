/**
 * The hall protocol's fixed parts: header names, replay-protection window, the
 * canonical string that is signed, and the hall's own protocol error codes.
 * Both the lobby's hall client (crypto-js) and the reference hall (node:crypto)
 * implement the cipher and signature from this one description; docs/hall-protocol.md
 * is the prose version with a worked example.
 *
 * Cipher: AES-256-CBC with PKCS#7 padding. Key = SHA-256 of the UTF-8 key material.
 * IV = the 16 bytes of the message's nonce (32 lowercase hex characters).
 * Ciphertext travels as standard base64.
 * Key material: the site key (site configuration) before login; the player's
 * session_key after login (the hall finds it by the token header).
 * Signature: HMAC-SHA256, keyed with the same key material, over canonicalString(),
 * as 64 lowercase hex characters.
 */

/** Header names, lower case as HTTP/2 and fetch normalise them. */
export const HallHeader = {
  platformType: 'platformtype',
  language: 'language',
  siteCode: 'sitecode',
  token: 'token',
  device: 'device',
  currency: 'currency',
  timestamp: 'timestamp',
  nonce: 'nonce',
  signature: 'signature',
  domain: 'domain',
  timezone: 'timezone',
  fingerprint: 'fingerprint',
  /** '1' when the request body or response body is ciphertext. */
  encrypted: 'x-encrypted',
  /** The hall's id for a request, echoed on every response; NotJson errors carry it. */
  requestId: 'x-request-id',
} as const

/** platformType header value for every call (spec: platformType 5). */
export const PLATFORM_TYPE = '5'

/** The path prefix under which the reference hall serves the hall calls. */
export const HALL_PREFIX = '/hall'

/** A request whose timestamp is further than this from the hall's clock is refused. */
export const TIMESTAMP_WINDOW_MS = 5 * 60 * 1000

/** Query keys every GET call carries in clear (spec §7). */
export const GET_COMMON_QUERY = ['language', 'siteCode', 'currency', 'platformType', 'token'] as const

/** The query key that carries a GET call's own parameters (ciphertext when encrypted, JSON otherwise). */
export const GET_DATA_QUERY = 'data'

/**
 * The hall's protocol-level error codes, returned in the envelope with an HTTP error status.
 * Service codes of the spec's error catalogue (-1, 9110, 1011 ...) are separate: they come
 * with HTTP 200.
 */
export const ProtocolCode = {
  badSignature: 4001,
  staleTimestamp: 4002,
  nonceReused: 4003,
  undecryptable: 4004,
  invalidBody: 4005,
  missingHeader: 4006,
  unknownPath: 4040,
  methodNotAllowed: 4050,
  internal: 5000,
} as const

/**
 * The reference hall's own codes for what its edge refuses before a request reaches the protocol
 * (docs/hall.md, "The edge"): each is its HTTP status times ten, answered in clear with that
 * status. The spec's catalogue names none of these cases.
 */
export const EdgeCode = {
  badRequest: 4000,
  requestTimeout: 4080,
  bodyTooLarge: 4130,
  urlTooLong: 4140,
  rateLimited: 4290,
  headersTooLarge: 4310,
} as const

/**
 * The canonical string that is signed: method, the call's path as described in
 * schemas/hall/calls (e.g. `/home/login`: without the base URL's path, without /hall, without query), the query sorted by key
 * and encoded as `k=v` joined by `&` (values as sent, percent-encoded with encodeURIComponent),
 * timestamp, nonce and the body exactly as sent (ciphertext when encrypted, '' for GET),
 * joined by '\n'.
 */
export const canonicalString = (parts: {
  readonly method: string
  readonly path: string
  readonly query: Readonly<Record<string, string>>
  readonly timestamp: string
  readonly nonce: string
  readonly body: string
}): string =>
  [
    parts.method.toUpperCase(),
    parts.path,
    canonicalQuery(parts.query),
    parts.timestamp,
    parts.nonce,
    parts.body,
  ].join('\n')

/** Query parameters sorted by key, `k=v` joined by `&`, both sides encodeURIComponent'd. */
export const canonicalQuery = (query: Readonly<Record<string, string>>): string =>
  Object.keys(query)
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(query[k] ?? '')}`)
    .join('&')
