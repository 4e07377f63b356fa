import { request } from 'node:http'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EdgeCode } from '../../schemas/hall/protocol'
import { RateLimiter, resolveClient } from '../../server/edge'
import { startHall } from '../../server/hall'
import type { Hall } from './support'

/**
 * The hall's edge (server/edge.ts): bodies limited while they stream, header and URL limits and
 * the rate limit answered with the protocol's envelope, slow requests timed out.
 */

let hall: Hall
let port: number

beforeAll(async () => {
  const h = await startHall({ port: 0, dataDir: 'memory', mode: 'test' })
  hall = h
  port = h.port
}, 60_000)
afterAll(() => hall.close())

const MB = 1024 * 1024

/** What a connection answered, read straight off the socket. */
const rawExchange = (p: number, text: string, keepOpen = false): Promise<{ status: number; body: string }> =>
  new Promise((resolve, reject) => {
    const socket = connect(p, '127.0.0.1')
    let got = ''
    socket.on('data', (d) => (got += d.toString('latin1')))
    socket.on('error', reject)
    socket.on('close', () => {
      const [head = '', body = ''] = got.split('\r\n\r\n')
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? NaN), body })
    })
    socket.write(text)
    if (!keepOpen) socket.end()
  })

/** Memory the process holds in the JS heap and in buffers. */
const held = (): number => {
  const m = process.memoryUsage()
  return m.heapUsed + m.external
}

/**
 * Streams up to `total` bytes to the hall as a POST body, one reused 64 KB chunk at a time and
 * respecting back-pressure, and records the process's peak memory while it does. Resolves with
 * the answer (if one came), how much was sent and the peak growth.
 */
const streamBody = (total: number): Promise<{ status: number | null; body: string; sent: number; growth: number }> =>
  new Promise((resolve) => {
    const chunk = Buffer.alloc(64 * 1024, 0x61)
    const base = held()
    let peak = base
    let sent = 0
    let status: number | null = null
    let body = ''
    let settled = false
    const finish = () => {
      if (settled) return
      settled = true
      peak = Math.max(peak, held())
      resolve({ status, body, sent, growth: peak - base })
    }
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/hall/home/login', headers: { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' } })
    req.on('response', (res) => {
      status = res.statusCode ?? null
      res.setEncoding('utf8')
      res.on('data', (d: string) => (body += d))
      res.on('end', () => {
        req.destroy()
        finish()
      })
    })
    req.on('error', finish)
    req.on('close', finish)
    const pump = () => {
      while (sent < total && !settled) {
        peak = Math.max(peak, held())
        sent += chunk.length
        if (!req.write(chunk)) return void req.once('drain', pump)
      }
      if (!settled) req.end()
    }
    pump()
  })

describe('request bodies', () => {
  it('cuts a streamed 100 MB body at the limit with the envelope, holding under 10 MB more memory', async () => {
    // Warm the path first, so what is measured is the request and not code being loaded.
    await streamBody(2 * MB)

    const r = await streamBody(100 * MB)

    expect(r.status).toBe(413)
    expect(JSON.parse(r.body)).toEqual({ code: EdgeCode.bodyTooLarge, msg: 'request body over 1000000 bytes', data: null })
    expect(r.sent).toBeLessThan(100 * MB)
    expect(r.growth).toBeLessThan(10 * MB)
  })

  it('refuses a declared length over the limit before reading the body', async () => {
    const r = await rawExchange(port, 'POST /hall/home/login HTTP/1.1\r\nhost: x\r\ncontent-type: text/plain\r\ncontent-length: 600000000\r\n\r\nabc', true)
    expect(r.status).toBe(413)
    expect(JSON.parse(r.body)).toMatchObject({ code: EdgeCode.bodyTooLarge })
  })

  it('still serves a body within the limit', async () => {
    const res = await fetch(`${hall.url}/hall/home/login`, { method: 'POST', body: 'x'.repeat(900_000) })
    // The body reaches the protocol checks (no signature headers: 4006), not the edge.
    expect(res.status).toBe(400)
    expect(((await res.json()) as { code: number }).code).toBe(4006)
  })
})

describe('header and URL limits', () => {
  it('answers an oversized header with the envelope, not a bare 431', async () => {
    const r = await rawExchange(port, `GET /hall/op.json HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`)
    expect(r.status).toBe(431)
    expect(JSON.parse(r.body)).toEqual({ code: EdgeCode.headersTooLarge, msg: 'request line and headers too large', data: null })
  })

  it('answers an overlong URL with the envelope', async () => {
    const res = await fetch(`${hall.url}/hall/op.json?pad=${'a'.repeat(10_000)}`)
    expect(res.status).toBe(414)
    expect(await res.json()).toEqual({ code: EdgeCode.urlTooLong, msg: 'request URL over 8192 bytes', data: null })
  })

  it('answers a malformed request with the envelope', async () => {
    const r = await rawExchange(port, 'NOT HTTP AT ALL\r\n\r\n')
    expect(r.status).toBe(400)
    expect(JSON.parse(r.body)).toMatchObject({ code: EdgeCode.badRequest })
  })
})

describe('slow requests', () => {
  let slow: Awaited<ReturnType<typeof startHall>>
  beforeAll(async () => {
    slow = await startHall({ port: 0, dataDir: 'memory', mode: 'test', edge: { headersTimeoutMs: 300, requestTimeoutMs: 600 } })
  }, 60_000)
  afterAll(() => slow.close())

  it('times out a request whose headers never finish', async () => {
    const r = await rawExchange(slow.port, 'GET /hall/op.json HTTP/1.1\r\nhost: x\r\n', true)
    expect(r.status).toBe(408)
    expect(JSON.parse(r.body)).toEqual({ code: EdgeCode.requestTimeout, msg: 'the request did not arrive in time', data: null })
  })

  it('times out a request whose body never finishes', async () => {
    const r = await rawExchange(slow.port, 'POST /hall/home/login HTTP/1.1\r\nhost: x\r\ncontent-length: 100\r\n\r\nonly a part', true)
    expect(r.status).toBe(408)
    expect(JSON.parse(r.body)).toMatchObject({ code: EdgeCode.requestTimeout })
  })
})

describe('the rate limit per address', () => {
  let limited: Awaited<ReturnType<typeof startHall>>
  beforeAll(async () => {
    // A fixed clock: the thousand requests below all fall in the same second, whatever the machine's speed.
    limited = await startHall({ port: 0, dataDir: 'memory', mode: 'test', edge: { trustProxy: ['127.0.0.1'], now: () => 0 } })
  }, 60_000)
  afterAll(() => limited.close())

  const from = (address: string) => fetch(`${limited.url}/hall/op.json`, { headers: { 'x-forwarded-for': address } })

  it('answers 1,000 requests a second from one address with the rate-limit envelope past its burst, while another address is served', async () => {
    const answers = await Promise.all(Array.from({ length: 1000 }, () => from('203.0.113.7')))
    const refused = answers.filter((r) => r.status === 429)
    const served = answers.filter((r) => r.status === 200)

    expect(served).toHaveLength(400)
    expect(refused).toHaveLength(600)
    const envelope = (await refused[0]?.json()) as { code: number; msg: string; data: unknown }
    expect(envelope).toEqual({ code: EdgeCode.rateLimited, msg: 'too many requests from 203.0.113.7; try again in 1 s', data: null })
    expect(refused[0]?.headers.get('retry-after')).toBe('1')
    await Promise.all([...served, ...refused.slice(1)].map((r) => r.body?.cancel() ?? Promise.resolve()))

    const other = await from('203.0.113.8')
    expect(other.status).toBe(200)
    expect(((await other.json()) as { code: number }).code).toBe(1)
    expect((await from('203.0.113.7')).status).toBe(429)
  })

  it('counts a request against the address a trusted proxy names, and the peer when the proxy is not trusted', () => {
    const trusted = new Set(['127.0.0.1', '10.0.0.2'])
    expect(resolveClient('::ffff:127.0.0.1', '198.51.100.4, 10.0.0.2', trusted)).toBe('198.51.100.4')
    expect(resolveClient('127.0.0.1', undefined, trusted)).toBe('127.0.0.1')
    expect(resolveClient('192.0.2.9', '198.51.100.4', trusted)).toBe('192.0.2.9')
    expect(resolveClient('127.0.0.1', 'not an address', trusted)).toBe('127.0.0.1')
  })

  it('refills the bucket with time', () => {
    let now = 0
    const limiter = new RateLimiter({ perSecond: 10, burst: 2 }, () => now)
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 1])
    now = 100
    expect(limiter.take('a')).toBe(0)
    expect(limiter.take('b')).toBe(0)
  })
})
