/**
 * The lobby's hall client: the effect runner every hall call goes through.
 *
 * `callHall(call, payload, ctx, options?)` takes a call description from `schemas/hall/calls`,
 * a payload of its request type and a `HallContext`, and returns an Effect that succeeds with the
 * call's decoded `data` or fails with one of the typed `HallClientError`s (never a defect from
 * the wire). `toHallError` turns such an error into the schema value that travels in a fact.
 * The protocol (headers, cipher, signature, envelope) is documented in docs/hall-protocol.md.
 */

export {
  /** Calls the hall; see the function's own comment for the steps. */
  callHall,
  /** Builds (without sending) the exact request a call would send for a given timestamp and nonce. */
  buildHallRequest,
  /** Interprets a raw answer (status, headers, text) to a call; total, never throws. */
  readHallResponse,
  /** The id a NotJson error carries when the hall sent no `x-request-id`. */
  clientRequestId,
  /** Maps a client error to the schema value of schemas/hall/errors.ts. */
  toHallError,
  /** The live ports: `Date.now`, `crypto.getRandomValues` nonces, the global fetch. */
  liveHallPorts,
  /** A fresh 32-hex-character nonce from `crypto.getRandomValues`. */
  randomNonce,
  /** Reads a plain static JSON file (no envelope, no protocol headers) with the client's typed errors. */
  fetchStaticJson,
  HallServiceCode,
  HallNotJson,
  HallEmptyData,
  HallTimeout,
  HallNetwork,
  HallDecode,
} from './client'
export type {
  HallContext,
  HallPorts,
  CallOptions,
  HallRequest,
  RequestStamp,
  RawHallResponse,
  HallClientError,
} from './client'

export {
  /** The maintenance information of a site, falling back to the default file (spec §7.3). */
  fetchMaintainInfo,
  /** The URL of a maintenance information file under the hall base. */
  maintainInfoUrl,
} from './static'

export {
  /** The HTTP timeout of every hall call: 60 s (spec §9). */
  HTTP_TIMEOUT_MS,
  /** One immediate recurrence: the retry of fast login and test registration (spec §4). */
  retryOnceAfterSysInfoReload,
  /** On failure, reload system info and retry once (spec §4). */
  withSysInfoReload,
} from './policy'

export {
  /** AES-256-CBC encryption of a body with the key material and the nonce as IV. */
  encrypt,
  /** The inverse of `encrypt`, returning a `CipherError` instead of throwing. */
  decrypt,
  /** The request signature: HMAC-SHA256 hex of the canonical string. */
  sign,
  /** The AES key: SHA-256 of the UTF-8 key material. */
  deriveKey,
  /** Whether a string is a protocol nonce (32 lowercase hex characters). */
  isNonce,
  CipherError,
} from './cipher'
