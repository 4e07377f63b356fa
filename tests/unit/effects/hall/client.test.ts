import { createHmac } from 'node:crypto'
import { Effect, Fiber, Result, Schema } from 'effect'
import { TestClock } from 'effect/testing'
import { describe, expect, it } from 'vitest'
import { HallError } from '../../../../schemas/hall/errors'
import { encrypt } from '../../../../src/effects/hall/cipher'
import {
  buildHallRequest,
  callHall,
  clientRequestId,
  HallDecode,
  HallEmptyData,
  HallNetwork,
  HallNotJson,
  HallServiceCode,
  HallTimeout,
  toHallError,
  type HallClientError,
  type HallPorts,
} from '../../../../src/effects/hall/client'
import { HTTP_TIMEOUT_MS } from '../../../../src/effects/hall/policy'
import { ctx, fakeFetch, fixedPorts, getEncrypted, getPlain, json, NONCE, NOW, postEncrypted, postPlain } from './fake-hall'

const LOGIN = { username: 'demo', password: 'demo1234' }
const hmac = (key: string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest('hex')
const ok = <A, E>(r: Result.Result<A, E>): A => {
  if (Result.isFailure(r)) throw new Error(`expected success: ${String(r.failure)}`)
  return r.success
}
const failure = <A>(effect: Effect.Effect<A, HallClientError>): Promise<HallClientError> =>
  Effect.runPromise(Effect.flip(effect))

describe('buildHallRequest', () => {
  const stamp = { timestamp: NOW, nonce: NONCE }

  it('builds an encrypted POST: every common header, ciphertext body, signature over the canonical string', () => {
    const req = ok(buildHallRequest(postEncrypted, LOGIN, ctx, stamp))
    const plaintext = '{"username":"demo","password":"demo1234"}'
    const body = ok(encrypt(ctx.keyMaterial, NONCE, plaintext))
    const canonical = ['POST', '/home/login', '', String(NOW), NONCE, body].join('\n')
    expect(req.url).toBe('http://hall.test/hall/home/login')
    expect(req.plaintext).toBe(plaintext)
    expect(req.body).toBe(body)
    expect(req.canonical).toBe(canonical)
    expect(req.headers).toEqual({
      platformtype: '5',
      language: 'en',
      sitecode: '001',
      token: 'tok-1',
      device: '3',
      currency: 'usd',
      timestamp: String(NOW),
      nonce: NONCE,
      signature: hmac('site-key-001', canonical),
      domain: 'lobby.test',
      timezone: 'UTC',
      fingerprint: 'fp-1',
      'x-encrypted': '1',
      'content-type': 'text/plain;charset=utf-8',
    })
  })

  it('builds a plain POST: JSON body, no x-encrypted', () => {
    const req = ok(buildHallRequest(postPlain, { accessUrl: 'https://x/?id=1' }, ctx, stamp))
    expect(req.body).toBe('{"accessUrl":"https://x/?id=1"}')
    expect(req.headers['x-encrypted']).toBeUndefined()
    expect(req.headers['content-type']).toBe('application/json')
    expect(req.headers['signature']).toBe(hmac('site-key-001', ['POST', '/promote/binding/reportview', '', String(NOW), NONCE, req.body].join('\n')))
  })

  it('builds an encrypted GET: clear common query, ciphertext in data, empty body, sorted canonical query', () => {
    const req = ok(buildHallRequest(getEncrypted, { page: 2 }, ctx, stamp))
    const data = ok(encrypt(ctx.keyMaterial, NONCE, '{"page":2}'))
    expect(req.body).toBe('')
    expect(req.query).toEqual({ language: 'en', siteCode: '001', currency: 'usd', platformType: '5', token: 'tok-1', data })
    const url = new URL(req.url)
    expect(url.pathname).toBe('/hall/home/getsysinfo')
    expect(Object.fromEntries(url.searchParams)).toEqual(req.query)
    const canonicalQuery = `currency=usd&data=${encodeURIComponent(data)}&language=en&platformType=5&siteCode=001&token=tok-1`
    expect(req.canonical).toBe(['GET', '/home/getsysinfo', canonicalQuery, String(NOW), NONCE, ''].join('\n'))
    expect(req.headers['x-encrypted']).toBe('1')
    expect(req.headers['content-type']).toBeUndefined()
  })

  it('sends no data query for a GET without parameters', () => {
    const req = ok(buildHallRequest(getEncrypted, {}, ctx, stamp))
    expect(req.query).toEqual({ language: 'en', siteCode: '001', currency: 'usd', platformType: '5', token: 'tok-1' })
    expect(req.url).toBe('http://hall.test/hall/home/getsysinfo?language=en&siteCode=001&currency=usd&platformType=5&token=tok-1')
    expect(req.canonical).toBe(['GET', '/home/getsysinfo', 'currency=usd&language=en&platformType=5&siteCode=001&token=tok-1', String(NOW), NONCE, ''].join('\n'))
  })

  it('builds a plain GET with JSON in data', () => {
    const req = ok(buildHallRequest(getPlain, { q: 'a b&c' }, ctx, stamp))
    expect(new URL(req.url).searchParams.get('data')).toBe('{"q":"a b&c"}')
    expect(req.headers['x-encrypted']).toBeUndefined()
  })

  it('keeps a path prefix of the base URL and drops its trailing slash', () => {
    const req = ok(buildHallRequest(postEncrypted, LOGIN, { ...ctx, baseUrl: 'https://cdn.test/lobby/' }, stamp))
    expect(req.url).toBe('https://cdn.test/lobby/hall/home/login')
    expect(req.path).toBe('/lobby/hall/home/login')
    // Where the hall is mounted is deployment, not protocol: the signed path stays the call's.
    expect(req.canonical.split('\n')[1]).toBe('/home/login')
  })

  it('fails with Decode for a payload the request schema refuses, a bad nonce or a bad base URL', () => {
    const bad = buildHallRequest(postEncrypted, { username: 1 } as never, ctx, stamp)
    expect(Result.isFailure(bad) && bad.failure._tag).toBe('Decode')
    const badNonce = buildHallRequest(postEncrypted, LOGIN, ctx, { timestamp: NOW, nonce: 'nope' })
    expect(Result.isFailure(badNonce) && badNonce.failure._tag).toBe('Decode')
    const badBase = buildHallRequest(postEncrypted, LOGIN, { ...ctx, baseUrl: 'not a url' }, stamp)
    expect(Result.isFailure(badBase) && badBase.failure._tag).toBe('Decode')
  })
})

describe('callHall', () => {
  it('sends exactly the built request through ky', async () => {
    const { fetch, seen } = fakeFetch(() => json({ code: 1, msg: 'ok', data: { token: 't', useridx: '123' } }))
    await Effect.runPromise(callHall(postEncrypted, LOGIN, ctx, { ports: fixedPorts(fetch) }))
    const req = ok(buildHallRequest(postEncrypted, LOGIN, ctx, { timestamp: NOW, nonce: NONCE }))
    expect(seen).toHaveLength(1)
    expect(seen[0]?.url).toBe(req.url)
    expect(seen[0]?.method).toBe('POST')
    expect(seen[0]?.body).toBe(req.body)
    for (const [k, v] of Object.entries(req.headers)) expect(seen[0]?.headers[k]).toBe(v)
  })

  it('sends a GET without a body', async () => {
    const { fetch, seen } = fakeFetch(() => json({ code: 0, msg: '', data: ['a'] }))
    const data = await Effect.runPromise(callHall(getPlain, {}, ctx, { ports: fixedPorts(fetch) }))
    expect(data).toEqual(['a'])
    expect(seen[0]?.method).toBe('GET')
    expect(seen[0]?.body).toBe('')
  })

  it('succeeds on code 1 and on code 0 with the decoded data', async () => {
    for (const code of [1, 0]) {
      const { fetch } = fakeFetch(() => json({ code, msg: 'ok', data: { token: 't', useridx: '123' } }))
      const data = await Effect.runPromise(callHall(postEncrypted, LOGIN, ctx, { ports: fixedPorts(fetch) }))
      expect(data).toEqual({ token: 't', useridx: '123' })
    }
  })

  it('decrypts an encrypted response with the IV from its nonce header', async () => {
    const responseNonce = 'ffeeddccbbaa99887766554433221100'
    const body = ok(encrypt(ctx.keyMaterial, responseNonce, JSON.stringify({ code: 1, msg: 'ok', data: { mode: 0 } })))
    const { fetch } = fakeFetch(() => new Response(body, { headers: { 'x-encrypted': '1', nonce: responseNonce } }))
    expect(await Effect.runPromise(callHall(getEncrypted, {}, ctx, { ports: fixedPorts(fetch) }))).toEqual({ mode: 0 })
  })

  it('maps a non-success code to ServiceCode, whatever the HTTP status', async () => {
    const { fetch } = fakeFetch(() => json({ code: 1011, msg: 'login error', data: null }))
    expect(await failure(callHall(postEncrypted, LOGIN, ctx, { ports: fixedPorts(fetch) }))).toEqual(new HallServiceCode({ code: 1011, msg: 'login error' }))
    const protocol = fakeFetch(() => json({ code: 4001, msg: 'bad signature', data: null }, {}, 401))
    expect(await failure(callHall(postEncrypted, LOGIN, ctx, { ports: fixedPorts(protocol.fetch) }))).toEqual(new HallServiceCode({ code: 4001, msg: 'bad signature' }))
  })

  it('maps a non-JSON body to NotJson with the response request id, or the client id', async () => {
    const withId = fakeFetch(() => new Response('<html>502</html>', { status: 502, headers: { 'x-request-id': 'req-42' } }))
    expect(await failure(callHall(postEncrypted, LOGIN, ctx, { ports: fixedPorts(withId.fetch) }))).toEqual(new HallNotJson({ requestId: 'req-42' }))
    const without = fakeFetch(() => new Response(''))
    expect(await failure(callHall(postEncrypted, LOGIN, ctx, { ports: fixedPorts(without.fetch) }))).toEqual(new HallNotJson({ requestId: clientRequestId(NONCE) }))
  })

  it('maps decrypted non-JSON to NotJson', async () => {
    const n = 'ffeeddccbbaa99887766554433221100'
    const { fetch } = fakeFetch(() => new Response(ok(encrypt(ctx.keyMaterial, n, 'hello')), { headers: { 'x-encrypted': '1', nonce: n, 'x-request-id': 'r1' } }))
    expect(await failure(callHall(postEncrypted, LOGIN, ctx, { ports: fixedPorts(fetch) }))).toEqual(new HallNotJson({ requestId: 'r1' }))
  })

  it('maps null or missing data to EmptyData, unless the response schema accepts null', async () => {
    for (const envelope of [{ code: 1, msg: 'ok', data: null }, { code: 1, msg: 'ok' }]) {
      const { fetch } = fakeFetch(() => json(envelope))
      expect(await failure(callHall(postEncrypted, LOGIN, ctx, { ports: fixedPorts(fetch) }))).toEqual(new HallEmptyData())
    }
    const { fetch } = fakeFetch(() => json({ code: 1, msg: 'ok', data: null }))
    expect(await Effect.runPromise(callHall(postPlain, { accessUrl: 'u' }, ctx, { ports: fixedPorts(fetch) }))).toBeNull()
  })

  it('maps a wrong envelope, wrong data, an undecryptable body or a missing response nonce to Decode', async () => {
    const cases: Array<() => Response> = [
      () => json({ code: '1', msg: 'ok', data: {} }),
      () => json([1, 2]),
      () => json('"just a string"'),
      () => json({ code: 1, msg: 'ok', data: { token: 1 } }),
      () => new Response('AAAAAAAAAAAAAAAAAAAAAA==', { headers: { 'x-encrypted': '1', nonce: NONCE } }),
      () => new Response('garbage', { headers: { 'x-encrypted': '1', nonce: NONCE } }),
      () => new Response(ok(encrypt('another key', NONCE, '{"code":1,"msg":"","data":{}}')), { headers: { 'x-encrypted': '1', nonce: NONCE } }),
      () => new Response(ok(encrypt(ctx.keyMaterial, NONCE, '{}')), { headers: { 'x-encrypted': '1' } }),
    ]
    for (const respond of cases) {
      const { fetch } = fakeFetch(respond)
      const e = await failure(callHall(postEncrypted, LOGIN, ctx, { ports: fixedPorts(fetch) }))
      expect(e).toBeInstanceOf(HallDecode)
    }
  })

  it('maps a failed fetch to Network', async () => {
    const { fetch } = fakeFetch(() => Promise.reject(new TypeError('fetch failed', { cause: new Error('ECONNREFUSED') })))
    const e = await failure(callHall(postEncrypted, LOGIN, ctx, { ports: fixedPorts(fetch) }))
    expect(e).toEqual(new HallNetwork({ message: 'fetch failed: ECONNREFUSED' }))
  })

  it('maps a body that breaks while being read to Network', async () => {
    const stream = new ReadableStream({
      start: (c) => {
        c.enqueue(new TextEncoder().encode('{"code":'))
        c.error(new Error('socket hang up'))
      },
    })
    const { fetch } = fakeFetch(() => new Response(stream))
    expect(await failure(callHall(postEncrypted, LOGIN, ctx, { ports: fixedPorts(fetch) }))).toBeInstanceOf(HallNetwork)
  })

  it('times out after 60 s by default (test clock), and aborts the request', async () => {
    let aborted = false
    let sent!: () => void
    const requestSent = new Promise<void>((resolve) => (sent = resolve))
    const hang: HallPorts['fetch'] = (input) =>
      new Promise<Response>((_, reject) => {
        const signal = input instanceof Request ? input.signal : undefined
        signal?.addEventListener('abort', () => {
          aborted = true
          reject(new Error('aborted'))
        })
        sent()
      })
    const program = Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(callHall(postEncrypted, LOGIN, ctx, { ports: fixedPorts(hang) }))
      yield* Effect.promise(() => requestSent)
      yield* TestClock.adjust(HTTP_TIMEOUT_MS - 1)
      const before = fiber.pollUnsafe()
      yield* TestClock.adjust(1)
      const error = yield* Effect.flip(Fiber.join(fiber))
      return { before, error }
    }).pipe(Effect.provide(TestClock.layer()))
    const { before, error } = await Effect.runPromise(program)
    expect(before).toBeUndefined()
    expect(error).toEqual(new HallTimeout({ ms: 60_000 }))
    expect(aborted).toBe(true)
  })

  it('uses a shorter timeout when asked', async () => {
    const { fetch } = fakeFetch(() => new Promise<Response>(() => {}))
    const program = Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(callHall(postEncrypted, LOGIN, ctx, { ports: fixedPorts(fetch), timeoutMs: 300 }))
      yield* TestClock.adjust(300)
      return yield* Effect.flip(Fiber.join(fiber))
    }).pipe(Effect.provide(TestClock.layer()))
    expect(await Effect.runPromise(program)).toEqual(new HallTimeout({ ms: 300 }))
  })

  it('draws a new nonce and timestamp on every run', async () => {
    const { fetch, seen } = fakeFetch(() => json({ code: 1, msg: 'ok', data: ['x'] }))
    let n = 0
    const effect = callHall(getPlain, {}, ctx, { ports: { fetch, now: () => NOW + n, nonce: () => (n++).toString(16).padStart(32, '0') } })
    await Effect.runPromise(effect)
    await Effect.runPromise(effect)
    expect(seen.map((s) => s.headers['nonce'])).toEqual(['0'.repeat(32), '0'.repeat(31) + '1'])
    expect(seen.map((s) => s.headers['timestamp'])).toEqual([String(NOW), String(NOW + 1)])
  })
})

describe('toHallError', () => {
  it('maps every client error to its schema value', () => {
    const cases: Array<[HallClientError, HallError]> = [
      [new HallServiceCode({ code: -1, msg: 'token expired' }), { _tag: 'ServiceCode', code: -1, msg: 'token expired' }],
      [new HallNotJson({ requestId: 'r' }), { _tag: 'NotJson', requestId: 'r' }],
      [new HallEmptyData(), { _tag: 'EmptyData' }],
      [new HallTimeout({ ms: 60_000 }), { _tag: 'Timeout', ms: 60_000 }],
      [new HallNetwork({ message: 'offline' }), { _tag: 'Network', message: 'offline' }],
      [new HallDecode({ message: 'bad' }), { _tag: 'Decode', message: 'bad' }],
    ]
    for (const [error, value] of cases) {
      const mapped = toHallError(error)
      expect(mapped).toStrictEqual(value)
      expect(Schema.is(HallError)(mapped)).toBe(true)
      expect(Schema.decodeUnknownSync(HallError)(JSON.parse(JSON.stringify(mapped)))).toStrictEqual(value)
    }
  })
})
