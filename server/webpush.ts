/**
 * Web push from the reference hall (docs/hall.md "Web push"): the browsers' subscriptions of a
 * player (migration 181's web_push_subscriptions, 240's delivery columns) and sending a real push
 * through the standard protocol:
 *
 * - RFC 8030: a POST of the encrypted message to the subscription's endpoint, with TTL and Urgency;
 * - RFC 8291: the message encrypted with aes128gcm for the browser's P-256 key (p256dh) and auth
 *   secret: an ephemeral ECDH key, HKDF-SHA-256, one record of at most 4096 bytes;
 * - RFC 8292: VAPID, a JWT (ES256) signed with the site's key pair (web_push_keys), its audience
 *   the endpoint's origin, sent as `Authorization: vapid t=<jwt>, k=<public key>`.
 *
 * Built on node:crypto (ECDH, HKDF, AES-128-GCM, ECDSA with the IEEE P1363 signature form JWS
 * wants), so the hall takes no dependency for it. A 404 or 410 answer means the subscription is
 * gone: its row is removed.
 */
import { createCipheriv, createECDH, createPrivateKey, hkdfSync, randomBytes, sign } from 'node:crypto'
import type { Queryable } from './db'
import { brandBase } from './brand'
import { vapidKeysOf } from './calls/entries'

/** A browser's subscription as the hall keeps it. */
export interface WebPushSubscription {
  readonly endpoint: string
  /** The browser's P-256 public key, uncompressed point, base64url. */
  readonly p256dh: string
  /** The browser's 16-byte auth secret, base64url. */
  readonly auth: string
}

/** Why a jpushWebId is refused. */
export type SubscriptionProblem = 'shape' | 'endpoint' | 'keys'

/** The largest endpoint URL kept (push services use a few hundred characters). */
export const ENDPOINT_MAX_CHARS = 2048
/** A plaintext push message's largest size (RFC 8291 §4: 4096-byte record, less header, padding delimiter and tag). */
export const PAYLOAD_MAX_BYTES = 3993
/** At most this many subscriptions a player (browsers, devices); registering one more drops the oldest. */
export const SUBSCRIPTIONS_PER_PLAYER = 10

const BASE64URL = /^[A-Za-z0-9_-]+$/
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

const fromB64url = (s: string): Buffer | null => (BASE64URL.test(s) ? Buffer.from(s, 'base64url') : null)

/** Whether this is an endpoint the hall sends to: https, or loopback http outside production; no credentials, no fragment. */
export const endpointAllowed = (endpoint: string, mode: 'production' | 'dev' | 'test'): boolean => {
  if (endpoint.length > ENDPOINT_MAX_CHARS) return false
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (url.username !== '' || url.password !== '' || url.hash !== '') return false
  if (url.protocol === 'https:') return true
  return url.protocol === 'http:' && mode !== 'production' && LOOPBACK.has(url.hostname)
}

/** Whether p256dh is a point on P-256 (65 bytes, uncompressed) and auth 16 bytes, both base64url. */
export const keysValid = (p256dh: string, auth: string): boolean => {
  const point = fromB64url(p256dh)
  const secret = fromB64url(auth)
  if (point?.length !== 65 || point[0] !== 4 || secret?.length !== 16) return false
  try {
    // Refuses a point that is not on the curve.
    const probe = createECDH('prime256v1')
    probe.generateKeys()
    probe.computeSecret(point)
    return true
  } catch {
    return false
  }
}

/** Reads a jpushWebId (the subscription's JSON), or says what is wrong with it. */
export const parseSubscription = (
  jpushWebId: string,
  mode: 'production' | 'dev' | 'test',
): { readonly ok: true; readonly subscription: WebPushSubscription } | { readonly ok: false; readonly problem: SubscriptionProblem } => {
  let json: unknown
  try {
    json = JSON.parse(jpushWebId)
  } catch {
    return { ok: false, problem: 'shape' }
  }
  if (typeof json !== 'object' || json === null) return { ok: false, problem: 'shape' }
  const { endpoint, keys } = json as { endpoint?: unknown; keys?: unknown }
  if (typeof endpoint !== 'string' || typeof keys !== 'object' || keys === null) return { ok: false, problem: 'shape' }
  const { p256dh, auth } = keys as { p256dh?: unknown; auth?: unknown }
  if (typeof p256dh !== 'string' || typeof auth !== 'string') return { ok: false, problem: 'shape' }
  if (!endpointAllowed(endpoint, mode)) return { ok: false, problem: 'endpoint' }
  if (!keysValid(p256dh, auth)) return { ok: false, problem: 'keys' }
  return { ok: true, subscription: { endpoint, p256dh, auth } }
}

/**
 * Keeps a subscription for a player (the browser's fingerprint beside it, so that browser's logout
 * removes it); an endpoint registered before on the site changes hands. A player keeps the newest
 * SUBSCRIPTIONS_PER_PLAYER. Answers whether the endpoint was new.
 */
export const saveSubscription = async (
  db: Queryable,
  p: { siteCode: string; playerId: string; fingerprint: string; subscription: WebPushSubscription },
): Promise<boolean> => {
  const r = await db.query<{ created: boolean }>(
    `INSERT INTO web_push_subscriptions (site_code, player_id, endpoint, p256dh, auth, fingerprint)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (site_code, endpoint) DO UPDATE SET player_id = EXCLUDED.player_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
       fingerprint = EXCLUDED.fingerprint, updated_at = now()
     RETURNING (xmax = 0) AS created`,
    [p.siteCode, p.playerId, p.subscription.endpoint, p.subscription.p256dh, p.subscription.auth, p.fingerprint],
  )
  await db.query(
    `DELETE FROM web_push_subscriptions WHERE player_id = $1 AND id NOT IN
       (SELECT id FROM web_push_subscriptions WHERE player_id = $1 ORDER BY updated_at DESC, id DESC LIMIT $2)`,
    [p.playerId, SUBSCRIPTIONS_PER_PLAYER],
  )
  return r.rows[0]?.created === true
}

/** Removes a player's subscription by its endpoint; answers whether there was one. */
export const removeSubscription = async (db: Queryable, playerId: string, endpoint: string): Promise<boolean> =>
  ((await db.query('DELETE FROM web_push_subscriptions WHERE player_id = $1 AND endpoint = $2', [playerId, endpoint])).affectedRows ?? 0) > 0

/** A logout: the subscriptions this browser (its fingerprint) registered for the player go. */
export const removeBrowserSubscriptions = async (db: Queryable, playerId: string, fingerprint: string): Promise<void> => {
  await db.query('DELETE FROM web_push_subscriptions WHERE player_id = $1 AND fingerprint = $2', [playerId, fingerprint])
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer => Buffer.from(hkdfSync('sha256', ikm, salt, info, length))

/**
 * RFC 8291 message encryption (aes128gcm, one record): the body to POST, for this browser's keys.
 * The salt and the ephemeral key may be given (a test's fixed values); a send makes new ones.
 */
export const encryptPayload = (
  payload: Buffer,
  keys: { readonly p256dh: string; readonly auth: string },
  fixed: { readonly salt?: Buffer; readonly ecdh?: ReturnType<typeof createECDH> } = {},
): Buffer => {
  if (payload.length > PAYLOAD_MAX_BYTES) throw new Error(`a push message is at most ${PAYLOAD_MAX_BYTES} bytes`)
  const uaPublic = Buffer.from(keys.p256dh, 'base64url')
  const authSecret = Buffer.from(keys.auth, 'base64url')
  const ecdh = fixed.ecdh ?? createECDH('prime256v1')
  if (fixed.ecdh === undefined) ecdh.generateKeys()
  const asPublic = ecdh.getPublicKey()
  const shared = ecdh.computeSecret(uaPublic)
  const ikm = hkdf(authSecret, shared, Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]), 32)
  const salt = fixed.salt ?? randomBytes(16)
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16)
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12)
  const cipher = createCipheriv('aes-128-gcm', cek, nonce)
  // The last (and only) record: the payload, then the delimiter 0x02, no padding.
  const sealed = Buffer.concat([cipher.update(Buffer.concat([payload, Buffer.from([2])])), cipher.final(), cipher.getAuthTag()])
  const header = Buffer.alloc(21)
  salt.copy(header, 0)
  header.writeUInt32BE(4096, 16)
  header.writeUInt8(asPublic.length, 20)
  return Buffer.concat([header, asPublic, sealed])
}

/** The VAPID JWT's lifetime (RFC 8292 §2: at most 24 hours). */
const VAPID_TTL_S = 12 * 60 * 60

/** RFC 8292: the Authorization header for this endpoint, signed with the site's key pair. */
export const vapidAuthorization = (
  endpoint: string,
  keys: { readonly publicKey: string; readonly privateKey: string },
  subject: string,
  nowMs: number,
): string => {
  const point = Buffer.from(keys.publicKey, 'base64url')
  const key = createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', d: keys.privateKey, x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  })
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url')
  const unsigned = `${part({ typ: 'JWT', alg: 'ES256' })}.${part({ aud: new URL(endpoint).origin, exp: Math.floor(nowMs / 1000) + VAPID_TTL_S, sub: subject })}`
  const signature = sign('sha256', Buffer.from(unsigned), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url')
  return `vapid t=${unsigned}.${signature}, k=${keys.publicKey}`
}

/** What the lobby's service worker shows (src/sw/worker.ts): a title, a text, where a click goes, the site's icon. */
export interface PushMessage {
  readonly title: string
  readonly body: string
  /** A path of the lobby ('/home/notice'); the worker opens only same-origin paths. */
  readonly url: string
  readonly icon: string
}

/** One endpoint's outcome: the push service's status (0: not reached) and whether the row was removed (404, 410). */
export interface PushResult {
  readonly endpoint: string
  readonly status: number
  readonly outcome: 'sent' | 'gone' | 'failed' | 'unreachable'
  readonly error?: string
}

/** How long a push service may take to answer. */
const SEND_TIMEOUT_MS = 10_000

/** The default VAPID subject when the site's webPush document names none (RFC 8292 §2.1: a contact URI). */
export const DEFAULT_SUBJECT = 'mailto:webpush@lobby.example'

/**
 * Sends one message to each of a player's subscriptions and answers each endpoint's outcome; a
 * subscription its push service says is gone (404, 410) is removed.
 */
export const sendToPlayer = async (
  db: Queryable,
  p: { siteCode: string; playerId: string; title: string; body: string; url: string; subject: string; ttl: number; now: number },
): Promise<ReadonlyArray<PushResult>> => {
  const keys = await vapidKeysOf(db, p.siteCode)
  const message: PushMessage = { title: p.title, body: p.body, url: p.url, icon: `${brandBase(p.siteCode)}/icon-192.png` }
  const payload = Buffer.from(JSON.stringify(message))
  const subs = (await db.query<{ id: number; endpoint: string; p256dh: string; auth: string }>(
    'SELECT id::int AS id, endpoint, p256dh, auth FROM web_push_subscriptions WHERE site_code = $1 AND player_id = $2 ORDER BY id',
    [p.siteCode, p.playerId],
  )).rows
  const results: PushResult[] = []
  for (const s of subs) {
    let status = 0
    let error: string | undefined
    try {
      const answer = await fetch(s.endpoint, {
        method: 'POST',
        headers: {
          authorization: vapidAuthorization(s.endpoint, keys, p.subject, p.now),
          'content-encoding': 'aes128gcm',
          'content-type': 'application/octet-stream',
          ttl: String(p.ttl),
          urgency: 'normal',
        },
        body: new Uint8Array(encryptPayload(payload, s)),
        redirect: 'error',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      })
      status = answer.status
      if (!answer.ok) error = (await answer.text()).slice(0, 200)
    } catch (e) {
      error = e instanceof Error ? e.message : String(e)
    }
    const outcome: PushResult['outcome'] = status === 0 ? 'unreachable' : status === 404 || status === 410 ? 'gone' : status >= 200 && status < 300 ? 'sent' : 'failed'
    if (outcome === 'gone') await db.query('DELETE FROM web_push_subscriptions WHERE id = $1', [s.id])
    else await db.query('UPDATE web_push_subscriptions SET last_status = $2, last_sent_at = now() WHERE id = $1', [s.id, status])
    results.push({ endpoint: s.endpoint, status, outcome, ...(error === undefined || error === '' ? {} : { error }) })
  }
  return results
}
