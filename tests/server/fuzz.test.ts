import { randomBytes } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HallCall } from '../../schemas/hall/call'
import { allCalls } from '../../schemas/hall/calls'
import { HALL_PREFIX, canonicalString } from '../../schemas/hall/protocol'
import { implementations } from '../../server/calls'
import { startHall } from '../../server/hall'
import { aesDecrypt, aesEncrypt, callHall, hmac, player, visitor } from './support'
import type { Caller, Hall } from './support'

let hall: Hall
let site: Caller
let demo: Caller

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test' })
  site = await visitor(hall.url, '001')
  demo = player('001', (await callHall(hall.url, site, 'POST', '/home/login', { username: 'demo', password: 'demo1234' })).envelope.data)
}, 60_000)
afterAll(() => hall.close())

const HEADER_NAMES = ['platformtype', 'language', 'sitecode', 'token', 'device', 'currency', 'timestamp', 'nonce', 'signature', 'domain', 'timezone', 'fingerprint', 'x-encrypted'] as const

const fieldsOf = (call: HallCall): ReadonlyArray<string> => {
  const fields = (call.request as unknown as { fields?: Record<string, unknown> }).fields
  return fields === undefined ? [] : Object.keys(fields)
}

/** Values a field may get: right types most of the time, anything now and then. */
const fieldValue = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 2, arbitrary: fc.stringMatching(/^[a-z0-9]{4,16}$/) },
  { weight: 2, arbitrary: fc.integer({ min: -5, max: 100_000 }) },
  { weight: 1, arbitrary: fc.constantFrom('USD', 'BRL', 'usdt', 'demo', 'demo1234', '') },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
)

const paramsFor = (call: HallCall): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.dictionary(fc.constantFrom(...fieldsOf(call), 'extra', '__proto__', 'constructor'), fieldValue, { maxKeys: 6 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  )

/** Implemented calls half of the time: they are where the code is. */
const someCall = fc.oneof(fc.constantFrom(...implementations.map((i) => i.call)), fc.constantFrom(...allCalls))

/** A request that passes the protocol checks, with a random payload: reaches decoding and the handlers. */
const signedCase = someCall.chain((call) =>
  fc.record({
    kind: fc.constant('signed' as const),
    call: fc.constant(call),
    params: paramsFor(call),
    encrypted: fc.boolean(),
    asPlayer: fc.boolean(),
  }),
)

/** Anything at all on a described path: random method, headers, query and body. */
const rawCase = someCall.chain((call) => fc.record({
  kind: fc.constant('raw' as const),
  call: fc.constant(call),
  method: fc.oneof({ weight: 3, arbitrary: fc.constant(call.method) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS') }),
  overrides: fc.dictionary(fc.constantFrom(...HEADER_NAMES), fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('', '1', '0', '001', '101', 'zzz'), fc.stringMatching(/^[0-9a-f]{32}$/)), { maxKeys: 3 }),
  dropped: fc.subarray([...HEADER_NAMES], { maxLength: 2 }),
  query: fc.dictionary(fc.constantFrom('data', 'siteCode', 'token', 'x'), fc.string({ maxLength: 60 }), { maxKeys: 3 }),
  body: fc.oneof(fc.string({ maxLength: 200 }), fc.jsonValue().map((v) => JSON.stringify(v)), fc.base64String({ maxLength: 120 })),
  signCorrectly: fc.boolean(),
}))

/** Parses an answer as the envelope, decrypting with the caller's key when it says it is encrypted. */
const envelopeOf = (res: Response, text: string, keyMaterial: string): unknown => {
  const nonce = res.headers.get('nonce')
  const clear = res.headers.get('x-encrypted') === '1' && nonce !== null ? aesDecrypt(keyMaterial, nonce, text) : text
  return JSON.parse(clear)
}

const isEnvelope = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'number' &&
  typeof (v as { msg?: unknown }).msg === 'string' && 'data' in v

describe('the hall under random requests', () => {
  it('answers every request with an envelope, never with an internal error, and keeps serving', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(signedCase, rawCase), async (c) => {
        if (c.kind === 'signed') {
          const caller = c.asPlayer ? demo : site
          const a = await callHall(hall.url, caller, c.call.method, c.call.path, c.params, { encrypted: c.encrypted })
          expect(isEnvelope(a.envelope), a.text).toBe(true)
          expect(a.envelope.code, `${c.call.path}: ${a.envelope.msg}`).not.toBe(5000)
          return
        }
        const url = `${hall.url}${HALL_PREFIX}${c.call.path}?${new URLSearchParams(c.query).toString()}`
        // Start from a well-formed header set, then change or drop a few, so each check is reached.
        const headers: Record<string, string> = {
          platformtype: '5', language: 'en_US', sitecode: '001', token: '', device: 'pc', currency: 'USD',
          timestamp: String(Date.now()), nonce: randomBytes(16).toString('hex'), signature: '', domain: 'localhost',
          timezone: 'UTC', fingerprint: 'fuzz', 'x-encrypted': '1', ...c.overrides,
        }
        for (const h of c.dropped) delete headers[h]
        const hasBody = c.method !== 'GET' && c.method !== 'OPTIONS'
        const nonce = headers['nonce'] ?? ''
        // Now and then a well-formed ciphertext of random text, to reach the JSON and schema checks.
        const cipher = /^[0-9a-f]{32}$/.test(nonce) && headers['x-encrypted'] === '1'
        const body = !hasBody ? '' : cipher ? aesEncrypt(site.keyMaterial, nonce, c.body) : c.body
        if (c.signCorrectly) {
          const timestamp = headers['timestamp'] ?? ''
          headers['signature'] = hmac(site.keyMaterial, canonicalString({ method: c.method, path: c.call.path, query: c.query, timestamp, nonce, body }))
        }
        if (c.signCorrectly === false && headers['signature'] === '') headers['signature'] = 'f'.repeat(64)
        const res = await fetch(url, { method: c.method, headers, ...(hasBody ? { body } : {}) })
        const text = await res.text()
        if (c.method === 'OPTIONS') return // CORS preflight: empty by design
        const envelope = envelopeOf(res, text, site.keyMaterial)
        expect(isEnvelope(envelope), `${c.method} ${c.call.path}: ${text}`).toBe(true)
        expect(res.status).not.toBe(500)
        expect(res.headers.get('x-request-id')).toBeTruthy()
      }),
      { numRuns: 300 },
    )
    const after = await callHall(hall.url, site, 'GET', '/api/lobby/site/getSiteInfo', {})
    expect(after.envelope.code).toBe(1)
  }, 120_000)
})
