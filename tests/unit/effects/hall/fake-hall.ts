import { Schema } from 'effect'
import { defineCall } from '../../../../schemas/hall/call'
import type { HallContext, HallPorts } from '../../../../src/effects/hall/client'

/** Calls local to the unit tests, so they do not depend on the shared call catalogue. */
export const postEncrypted = defineCall({
  name: 'testPostEncrypted',
  area: 'test',
  path: '/home/login',
  request: Schema.Struct({ username: Schema.String, password: Schema.String }),
  response: Schema.Struct({ token: Schema.String, useridx: Schema.String }),
})
export const postPlain = defineCall({
  name: 'testPostPlain',
  area: 'test',
  path: '/promote/binding/reportview',
  encrypted: false,
  request: Schema.Struct({ accessUrl: Schema.String }),
  response: Schema.NullOr(Schema.Struct({ ok: Schema.Boolean })),
})
export const getEncrypted = defineCall({
  name: 'testGetEncrypted',
  area: 'test',
  path: '/home/getsysinfo',
  method: 'GET',
  request: Schema.Struct({ page: Schema.optional(Schema.Number) }),
  response: Schema.Struct({ mode: Schema.Number }),
})
export const getPlain = defineCall({
  name: 'testGetPlain',
  area: 'test',
  path: '/api/lobby/site/getSiteInfo',
  method: 'GET',
  encrypted: false,
  request: Schema.Struct({ q: Schema.optional(Schema.String) }),
  response: Schema.Array(Schema.String),
})

export const ctx: HallContext = {
  baseUrl: 'http://hall.test',
  siteCode: '001',
  language: 'en',
  currency: 'usd',
  device: '3',
  domain: 'lobby.test',
  timezone: 'UTC',
  fingerprint: 'fp-1',
  token: 'tok-1',
  keyMaterial: 'site-key-001',
}

export const NONCE = '00112233445566778899aabbccddeeff'
export const NOW = 1_700_000_000_000

/** A fetch that answers with `respond` and records every request it saw. */
export const fakeFetch = (respond: (req: Request) => Response | Promise<Response>) => {
  const seen: Array<{ url: string; method: string; headers: Record<string, string>; body: string }> = []
  const fetch: HallPorts['fetch'] = async (input, init) => {
    const req = input instanceof Request ? input : new Request(input, init)
    const headers: Record<string, string> = {}
    req.headers.forEach((v, k) => {
      headers[k] = v
    })
    seen.push({ url: req.url, method: req.method, headers, body: await req.clone().text() })
    return respond(req)
  }
  return { fetch, seen }
}

/** Fixed clock and nonce, plus a fake fetch. */
export const fixedPorts = (fetch: HallPorts['fetch']): Partial<HallPorts> => ({
  now: () => NOW,
  nonce: () => NONCE,
  fetch,
})

export const json = (body: unknown, headers: Record<string, string> = {}, status = 200): Response =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
