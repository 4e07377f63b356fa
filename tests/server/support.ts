/**
 * A hall client for the server tests, written against the protocol description with node:crypto
 * alone (not the hall's own crypto module), so a mistake in the hall's cipher or signature shows up
 * as a failing test rather than being mirrored. It can also break each protocol rule on purpose.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto'
import { HALL_PREFIX, canonicalString } from '../../schemas/hall/protocol'

/** A started hall as startHall returns it. */
export interface Hall {
  readonly url: string
  close(): Promise<void>
}

const key = (material: string): Buffer => createHash('sha256').update(material, 'utf8').digest()

export const aesEncrypt = (material: string, nonce: string, plain: string): string => {
  const c = createCipheriv('aes-256-cbc', key(material), Buffer.from(nonce, 'hex'))
  return Buffer.concat([c.update(plain, 'utf8'), c.final()]).toString('base64')
}

export const aesDecrypt = (material: string, nonce: string, b64: string): string => {
  const d = createDecipheriv('aes-256-cbc', key(material), Buffer.from(nonce, 'hex'))
  return Buffer.concat([d.update(Buffer.from(b64, 'base64')), d.final()]).toString('utf8')
}

export const hmac = (material: string, text: string): string => createHmac('sha256', material).update(text, 'utf8').digest('hex')

export const nonce = (): string => randomBytes(16).toString('hex')

/** Who is calling: a site (key = site key) or a signed-in player (key = session key). */
export interface Caller {
  readonly siteCode: string
  readonly keyMaterial: string
  readonly token: string
  readonly currency?: string
}

/** How to build (or deliberately break) one request. */
export interface CallOptions {
  readonly encrypted?: boolean
  readonly timestamp?: number
  readonly nonce?: string
  readonly omitHeader?: string
  readonly signWith?: string
  readonly encryptWith?: string
  readonly bodyText?: string
  readonly tamperBody?: (signed: string) => string
  readonly extraQuery?: Readonly<Record<string, string>>
  /** The fingerprint header (default 'test-fingerprint'). */
  readonly fingerprint?: string
  /** The language header (default 'en_US'). */
  readonly language?: string
  /** More headers (e.g. x-forwarded-for, for a hall that trusts loopback as its proxy). */
  readonly headers?: Readonly<Record<string, string>>
}

/** An answer: HTTP status, headers, and the envelope (decrypted when it came encrypted; code NaN when not JSON). */
export interface Answer {
  readonly status: number
  readonly headers: Headers
  readonly text: string
  readonly envelope: { code: number; msg: string; data: unknown }
}

/** Sends one hall call. */
export const callHall = async (
  hallUrl: string,
  caller: Caller,
  method: 'GET' | 'POST',
  path: string,
  params: unknown,
  o: CallOptions = {},
): Promise<Answer> => {
  const n = o.nonce ?? nonce()
  const timestamp = String(o.timestamp ?? Date.now())
  const encrypted = o.encrypted ?? true
  const plain = o.bodyText ?? JSON.stringify(params)
  const carried = encrypted ? aesEncrypt(o.encryptWith ?? caller.keyMaterial, n, plain) : plain
  const query: Record<string, string> =
    method === 'GET'
      ? {
          language: 'en_US',
          siteCode: caller.siteCode,
          currency: caller.currency ?? 'USD',
          platformType: '5',
          token: caller.token,
          data: carried,
          ...o.extraQuery,
        }
      : { ...o.extraQuery }
  const body = method === 'POST' ? carried : ''
  const signature = hmac(o.signWith ?? caller.keyMaterial, canonicalString({ method, path, query, timestamp, nonce: n, body }))
  const headers: Record<string, string> = {
    platformtype: '5',
    language: o.language ?? 'en_US',
    sitecode: caller.siteCode,
    token: caller.token,
    device: 'pc',
    currency: caller.currency ?? 'USD',
    timestamp,
    nonce: n,
    signature,
    domain: 'localhost',
    timezone: 'UTC',
    fingerprint: o.fingerprint ?? 'test-fingerprint',
    'x-encrypted': encrypted ? '1' : '0',
    'content-type': encrypted ? 'text/plain' : 'application/json',
    ...o.headers,
  }
  if (o.omitHeader !== undefined) delete headers[o.omitHeader]
  const qs = Object.entries(query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&')
  const res = await fetch(`${hallUrl}${HALL_PREFIX}${path}${qs === '' ? '' : `?${qs}`}`, {
    method,
    headers,
    ...(method === 'POST' ? { body: o.tamperBody ? o.tamperBody(body) : body } : {}),
  })
  const text = await res.text()
  const responseNonce = res.headers.get('nonce')
  const clear = res.headers.get('x-encrypted') === '1' && responseNonce !== null ? aesDecrypt(caller.keyMaterial, responseNonce, text) : text
  let envelope: Answer['envelope']
  try {
    envelope = JSON.parse(clear) as Answer['envelope']
  } catch {
    envelope = { code: Number.NaN, msg: 'not JSON', data: null }
  }
  return { status: res.status, headers: res.headers, text, envelope }
}

/** Runs a control command and returns its JSON answer. */
export const control = async (hallUrl: string, name: string, body: unknown = {}): Promise<Record<string, unknown>> => {
  const res = await fetch(`${hallUrl}/__control/${name}`, { method: 'POST', body: JSON.stringify(body) })
  return (await res.json()) as Record<string, unknown>
}

/** A visitor of a site: signs with the site key, which the control surface hands out in test mode. */
export const visitor = async (hallUrl: string, siteCode = '001'): Promise<Caller> => {
  const r = await control(hallUrl, 'site-config', { siteCode })
  const config = r['config'] as { siteKey: string }
  return { siteCode, keyMaterial: config.siteKey, token: '' }
}

/** A signed-in caller from a login-family answer. */
export const player = (siteCode: string, data: unknown): Caller => {
  const d = data as { token: string; session_key: string; currency: string }
  return { siteCode, keyMaterial: d.session_key, token: d.token, currency: d.currency }
}

/**
 * Plays one formal round of a game (the self-operated 130009 unless `game` names another) as a signed-in player, the way the
 * lobby does: the game login, then the hall's game page with the session key encrypted under the
 * site key, then the round on that page. It moves the bet and the win with the player's wallet.
 */
export const playRound = async (
  hallUrl: string,
  site: Caller,
  caller: Caller,
  data: { readonly session_key: string; readonly userkey: string },
  bet: string,
  outcome?: 'win' | 'lose',
  game: { readonly gameid: number; readonly platfromid: number } = { gameid: 130009, platfromid: 13 },
): Promise<void> => {
  const login = await callHall(hallUrl, caller, 'POST', '/gameapi/login', { ...game, user_type: 'formal' })
  if (login.envelope.code !== 1) throw new Error(`game login answered ${login.envelope.code}`)
  const nc = nonce()
  const key = `${nc}.${aesEncrypt(site.keyMaterial, nc, data.session_key)}`
  const url = `${hallUrl}/games/play?gameId=${game.gameid}&route=%2Fhome%2Fgame&lang=en_US&key=${encodeURIComponent(key)}&userkey=${data.userkey}`
  const html = await (await fetch(url, { headers: { accept: 'text/html' } })).text()
  const ticket = /const ticket = "([0-9a-f]+)"/.exec(html)?.[1]
  const round = (await (await fetch(`${hallUrl}/games/round`, { method: 'POST', body: JSON.stringify({ ticket, bet, ...(outcome === undefined ? {} : { outcome }) }) })).json()) as { ok: boolean }
  if (!round.ok) throw new Error(`the round of ${bet} was refused`)
}
