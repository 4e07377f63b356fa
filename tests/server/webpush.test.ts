import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getWebPushInfo, registerWebPush, unregisterWebPush, userLogout } from '../../schemas/hall/calls'
import { startHall } from '../../server/hall'
import { hallPlayers } from './players'
import { callHall, control, visitor } from './support'
import type { Hall } from './support'

/**
 * Web push at the hall (server/webpush.ts, server/calls/webpush.ts, migration 240): a player's
 * subscription registered as jpushWebId and checked, a real push through the standard protocol
 * to a push service played by a loopback HTTP server (a test double of an external service), which
 * checks the VAPID signature and decrypts the aes128gcm message with the browser's keys made here;
 * a 410 removes the subscription, and so do the unregister call and the browser's logout.
 */
let hall: Hall
const players = hallPlayers(() => hall.url)

/** What the stand-in push service received, and what it answers next. */
interface Received {
  readonly path: string
  readonly headers: IncomingMessage['headers']
  readonly body: Buffer
}
const received: Received[] = []
let answerStatus = 201
let pushService: Server
let pushOrigin = ''

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test' })
  pushService = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) })
      res.writeHead(answerStatus, { 'content-type': 'text/plain' }).end(answerStatus === 201 ? '' : 'push subscription has unsubscribed or expired')
    })
  })
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve))
  pushOrigin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`
  await control(hall.url, 'site-document', { siteCode: '001', name: 'webPush', patch: { status: 'open' } })
}, 60_000)
afterAll(async () => {
  await control(hall.url, 'site-document', { siteCode: '001', name: 'webPush', patch: { status: 'close' } })
  await new Promise((resolve) => pushService.close(resolve))
  await hall.close()
})

/** A browser's push keys, as the Push API makes them: a P-256 key pair and a 16-byte auth secret. */
const browserKeys = () => {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return { ecdh, auth, p256dh: ecdh.getPublicKey().toString('base64url'), authText: auth.toString('base64url') }
}

const subscriptionJson = (endpoint: string, keys: { p256dh: string; authText: string }) =>
  JSON.stringify({ endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.authText } })

/** RFC 8291 decryption, written here from the RFC (not the hall's code): the plaintext of one aes128gcm record. */
const decrypt = (body: Buffer, keys: ReturnType<typeof browserKeys>): Buffer => {
  const salt = body.subarray(0, 16)
  const rs = body.readUInt32BE(16)
  const idlen = body.readUInt8(20)
  const asPublic = body.subarray(21, 21 + idlen)
  const record = body.subarray(21 + idlen)
  expect(rs).toBeGreaterThanOrEqual(record.length)
  const shared = keys.ecdh.computeSecret(asPublic)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), asPublic])
  const ikm = Buffer.from(hkdfSync('sha256', shared, keys.auth, keyInfo, 32))
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end--
  expect(padded[end]).toBe(2)
  return padded.subarray(0, end)
}

/** Checks the RFC 8292 header: the JWT's ES256 signature under the site's key, its audience and lifetime. */
const checkVapid = (authorization: string, webKey: string, audience: string) => {
  const m = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization)
  expect(m).not.toBeNull()
  const [, header, claims, signature, k] = m!
  expect(k).toBe(webKey)
  expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' })
  const point = Buffer.from(webKey, 'base64url')
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  })
  expect(verify('sha256', Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'))).toBe(true)
  // A signature over other claims does not verify.
  expect(verify('sha256', Buffer.from(`${header}.${claims}x`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'))).toBe(false)
  const c = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as { aud: string; exp: number; sub: string }
  expect(c.aud).toBe(audience)
  const now = Date.now() / 1000
  expect(c.exp).toBeGreaterThan(now)
  expect(c.exp).toBeLessThanOrEqual(now + 24 * 60 * 60)
  expect(c.sub).toMatch(/^(mailto:|https:)/)
}

describe('registering a subscription (jpushWebId)', () => {
  it('keeps a valid subscription once per endpoint and refuses bad ones with their codes', async () => {
    const p = await players.newPlayer('wpreg')
    const keys = browserKeys()
    const endpoint = `${pushOrigin}/push/reg-${p.username}`
    const register = (jpushWebId: string) => players.post(p.caller, registerWebPush.path, { jpushWebId })
    expect((await register(subscriptionJson(endpoint, keys))).envelope).toMatchObject({ code: 1, data: { created: true } })
    expect((await register(subscriptionJson(endpoint, keys))).envelope).toMatchObject({ code: 1, data: { created: false } })
    expect((await register('not json')).envelope.code).toBe(2220)
    expect((await register(JSON.stringify({ endpoint }))).envelope.code).toBe(2220)
    expect((await register(subscriptionJson(`${endpoint}?${'x'.repeat(4096)}`, keys))).envelope.code).toBe(2220)
    expect((await register(subscriptionJson('http://push.example.com/x', keys))).envelope.code).toBe(2221)
    expect((await register(subscriptionJson('ftp://127.0.0.1/x', keys))).envelope.code).toBe(2221)
    expect((await register(subscriptionJson('https://user:pw@push.example.com/x', keys))).envelope.code).toBe(2221)
    expect((await register(subscriptionJson(endpoint, { ...keys, authText: randomBytes(15).toString('base64url') }))).envelope.code).toBe(2222)
    expect((await register(subscriptionJson(endpoint, { ...keys, p256dh: Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString('base64url') }))).envelope.code).toBe(2222)
    expect((await register(subscriptionJson(endpoint, { ...keys, p256dh: keys.p256dh.replace(/.$/, '=') }))).envelope.code).toBe(2222)
    expect((await register(subscriptionJson('https://fcm.googleapis.com/fcm/send/abc', keys))).envelope).toMatchObject({ code: 1, data: { created: true } })
    const listed = (await control(hall.url, 'web-push-subscriptions', { username: p.username }))['subscriptions'] as ReadonlyArray<{ endpoint: string }>
    expect(listed.map((s) => s.endpoint)).toEqual([endpoint, 'https://fcm.googleapis.com/fcm/send/abc'])
    // A visitor has no subscription to register.
    const v = await callHall(hall.url, await visitor(hall.url), 'POST', registerWebPush.path, { jpushWebId: subscriptionJson(endpoint, keys) })
    expect(v.envelope.code).toBe(-1)
  })

  it('refuses while the site has web push switched off', async () => {
    const p = await players.newPlayer('wpoff')
    await control(hall.url, 'site-document', { siteCode: '001', name: 'webPush', patch: { status: 'close' } })
    try {
      const a = await players.post(p.caller, registerWebPush.path, { jpushWebId: subscriptionJson(`${pushOrigin}/push/off`, browserKeys()) })
      expect(a.envelope.code).toBe(2223)
    } finally {
      await control(hall.url, 'site-document', { siteCode: '001', name: 'webPush', patch: { status: 'open' } })
    }
  })

  it('removes a subscription by unregister and at the browser’s logout, not another browser’s', async () => {
    const p = await players.newPlayer('wpout')
    const a = `${pushOrigin}/push/a-${p.username}`
    const b = `${pushOrigin}/push/b-${p.username}`
    const c = `${pushOrigin}/push/c-${p.username}`
    await players.ok(p.caller, registerWebPush.path, { jpushWebId: subscriptionJson(a, browserKeys()) })
    await players.ok(p.caller, registerWebPush.path, { jpushWebId: subscriptionJson(b, browserKeys()) })
    const other = await callHall(hall.url, p.caller, 'POST', registerWebPush.path, { jpushWebId: subscriptionJson(c, browserKeys()) }, { fingerprint: 'other-browser' })
    expect(other.envelope.code).toBe(1)
    expect((await players.ok(p.caller, unregisterWebPush.path, { endpoint: a }))).toEqual({ removed: true })
    expect((await players.ok(p.caller, unregisterWebPush.path, { endpoint: a }))).toEqual({ removed: false })
    await players.ok(p.caller, userLogout.path, {})
    const left = (await control(hall.url, 'web-push-subscriptions', { username: p.username }))['subscriptions'] as ReadonlyArray<{ endpoint: string }>
    expect(left.map((s) => s.endpoint)).toEqual([c])
  })
})

describe('sending a push (control web-push-send)', () => {
  it('delivers an encrypted, VAPID-signed message to each subscription; a 410 removes it', async () => {
    const p = await players.newPlayer('wpsend')
    const webKey = ((await callHall(hall.url, await visitor(hall.url), 'GET', getWebPushInfo.path, {})).envelope.data as { webKey: string }).webKey
    const one = browserKeys()
    const two = browserKeys()
    await players.ok(p.caller, registerWebPush.path, { jpushWebId: subscriptionJson(`${pushOrigin}/push/one-${p.username}`, one) })
    await players.ok(p.caller, registerWebPush.path, { jpushWebId: subscriptionJson(`${pushOrigin}/push/two-${p.username}`, two) })
    received.length = 0
    answerStatus = 201
    const message = { title: 'Bonus ready — 奖金', body: 'Your weekly bonus is waiting.', url: '/home/notice?noticeType=notice' }
    const sent = await control(hall.url, 'web-push-send', { username: p.username, ...message, ttl: 3600 })
    expect(sent['results']).toEqual([
      { endpoint: `${pushOrigin}/push/one-${p.username}`, status: 201, outcome: 'sent' },
      { endpoint: `${pushOrigin}/push/two-${p.username}`, status: 201, outcome: 'sent' },
    ])
    expect(received.map((r) => r.path)).toEqual([`/push/one-${p.username}`, `/push/two-${p.username}`])
    for (const [i, keys] of [one, two].entries()) {
      const r = received[i]!
      expect(r.headers['content-encoding']).toBe('aes128gcm')
      expect(r.headers['ttl']).toBe('3600')
      checkVapid(String(r.headers['authorization']), webKey, pushOrigin)
      expect(JSON.parse(decrypt(r.body, keys).toString('utf8'))).toEqual({ ...message, icon: '/hall/static/brand/001/icon-192.png' })
    }
    // The push service says the subscriptions are gone: both rows go.
    received.length = 0
    answerStatus = 410
    const gone = await control(hall.url, 'web-push-send', { username: p.username, title: 'Again', body: 'Once more' })
    expect((gone['results'] as ReadonlyArray<{ outcome: string; status: number }>).map((r) => [r.status, r.outcome])).toEqual([[410, 'gone'], [410, 'gone']])
    expect((await control(hall.url, 'web-push-subscriptions', { username: p.username }))['subscriptions']).toEqual([])
    answerStatus = 201
  })

  it('reports an unreachable push service and refuses a message for a site with push off or a bad url', async () => {
    const p = await players.newPlayer('wpfail')
    // A loopback port nobody listens on: connection refused.
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    await players.ok(p.caller, registerWebPush.path, { jpushWebId: subscriptionJson(`http://127.0.0.1:${port}/push/x`, browserKeys()) })
    const r = await control(hall.url, 'web-push-send', { username: p.username, title: 'Hi', body: 'There' })
    expect(r['results']).toMatchObject([{ status: 0, outcome: 'unreachable' }])
    expect(((await control(hall.url, 'web-push-subscriptions', { username: p.username }))['subscriptions'] as unknown[]).length).toBe(1)
    expect(await control(hall.url, 'web-push-send', { username: p.username, title: 'Hi', body: 'There', url: 'https://evil.example/' })).toMatchObject({ ok: false })
    expect(await control(hall.url, 'web-push-send', { username: p.username, title: 'Hi', body: 'There', url: '//evil.example/' })).toMatchObject({ ok: false })
    await control(hall.url, 'site-document', { siteCode: '001', name: 'webPush', patch: { status: 'close' } })
    try {
      expect(await control(hall.url, 'web-push-send', { username: p.username, title: 'Hi', body: 'There' })).toMatchObject({ ok: false })
    } finally {
      await control(hall.url, 'site-document', { siteCode: '001', name: 'webPush', patch: { status: 'open' } })
    }
  })
})
