import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startHall } from '../../server/hall'
import { compressDir } from '../../scripts/compress'
import { callHall, control, visitor } from './support'
import type { Caller, Hall } from './support'

let hall: Hall
let site: Caller
let dist: string

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'lobby-dist-'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>Lobby</title><script type="module" src="/assets/app.js"></script></head><body></body></html>')
  writeFileSync(join(dist, 'app.css'), 'body{}')
  // A compressible asset with the build's brotli and gzip copies (scripts/compress.ts).
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'assets', 'big.js'), 'console.log("the lobby");\n'.repeat(200))
  compressDir(dist)
  writeFileSync(join(dist, 'devtools.html'), '<!doctype html><html><head><script type="module" src="/assets/big.js"></script></head><body></body></html>')
  writeFileSync(join(dist, 'app.js.map'), '{"version":3,"sources":["src/app.ts"],"mappings":""}')
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', staticDir: dist })
  site = await visitor(hall.url, '001')
}, 60_000)
afterAll(async () => {
  await hall.close()
  rmSync(dist, { recursive: true, force: true })
})
beforeEach(async () => {
  await control(hall.url, 'reset')
})

const get = (path: string) => callHall(hall.url, site, 'GET', path, {})

describe('the control surface', () => {
  it('switches maintenance and area restriction, and reset restores them', async () => {
    expect(await control(hall.url, 'maintenance', { siteCode: '001', maintainStatus: 4, siteMaintenanceStatus: true })).toEqual({ ok: true })
    expect(await control(hall.url, 'area', { siteCode: '001', areaStatus: false })).toEqual({ ok: true })
    expect((await get('/api/lobby/site/getSiteInfo')).envelope.data).toMatchObject({ maintainStatus: 4 })
    expect((await get('/home/ipCheck')).envelope.data).toMatchObject({ areaStatus: false, siteMaintenanceStatus: true })
    await control(hall.url, 'reset')
    expect((await get('/home/ipCheck')).envelope.data).toMatchObject({ areaStatus: true, siteMaintenanceStatus: false })
    expect(await control(hall.url, 'maintenance', { siteCode: '999', maintainStatus: 1 })).toMatchObject({ ok: false })
  })

  it('patches a stored settings document, as an operator would (auto visitor login off), reads it and removes keys', async () => {
    expect(await control(hall.url, 'site-document', { siteCode: '001', name: 'sysInfo', patch: { auto_visitor_login_h5: 'close' } })).toMatchObject({
      ok: true,
      doc: { auto_visitor_login_h5: 'close' },
    })
    expect((await get('/home/getsysinfo')).envelope.data).toMatchObject({ auto_visitor_login_h5: 'close', auto_visitor_login_web: 'close' })
    await control(hall.url, 'site-document', { siteCode: '001', name: 'sysInfo', patch: { auto_visitor_login_h5: 'open' } })
    expect((await get('/home/getsysinfo')).envelope.data).toMatchObject({ auto_visitor_login_h5: 'open' })
    // Read without a change; a key added for a test is removed again.
    const read = await control(hall.url, 'site-document', { siteCode: '001', name: 'sysInfo' })
    expect(read['doc']).toMatchObject({ auto_visitor_login_h5: 'open', auto_visitor_login_web: 'close' })
    await control(hall.url, 'site-document', { siteCode: '001', name: 'sysInfo', patch: { testOnly: 1 } })
    const removed = await control(hall.url, 'site-document', { siteCode: '001', name: 'sysInfo', remove: ['testOnly'] })
    expect(removed['doc']).toEqual(read['doc'])
    expect(await control(hall.url, 'site-document', { siteCode: '999', name: 'sysInfo', patch: {} })).toMatchObject({ ok: false })
  })

  it('creates a player of its own: a unique name, its password, an opening balance in the ledger, its settings', async () => {
    const a = await control(hall.url, 'new-player', { prefix: 'own', balance: '250.5', must_bind_item: 1 })
    const b = await control(hall.url, 'new-player', { prefix: 'own' })
    expect(a).toMatchObject({ ok: true, username: expect.stringMatching(/^own\d{6}$/), password: 'test1234', siteCode: '001', currency: 'USD', balance: '250.50' })
    expect(b['username']).not.toBe(a['username'])
    expect(b['balance']).toBe('0.00')
    // The player signs in with the password, and the hall knows its balance and settings.
    const login = await callHall(hall.url, site, 'POST', '/home/login', { username: a['username'], password: 'test1234', clientType: 5 })
    expect(login.envelope.code).toBe(1)
    expect(login.envelope.data).toMatchObject({ username: a['username'], must_bind_item: 1 })
    expect(await control(hall.url, 'credit', { username: a['username'], amount: '0' })).toMatchObject({ balance: '250.50' })
    // A given name on another site, with another password; taken names and bad bodies are refused.
    const named = await control(hall.url, 'new-player', { siteCode: '101', username: 'ownNamed1', password: 'xyz98765' })
    expect(named).toMatchObject({ ok: true, username: 'ownNamed1', password: 'xyz98765', siteCode: '101', currency: 'BRL' })
    expect(await control(hall.url, 'new-player', { siteCode: '101', username: 'OWNNAMED1' })).toMatchObject({ ok: false, error: expect.stringContaining('taken') })
    expect(await control(hall.url, 'new-player', { username: 'no' })).toMatchObject({ ok: false })
    expect(await control(hall.url, 'new-player', { prefix: '9lives' })).toMatchObject({ ok: false })
    expect(await control(hall.url, 'new-player', { password: '12345678' })).toMatchObject({ ok: false })
    expect(await control(hall.url, 'new-player', { balance: '-1' })).toMatchObject({ ok: false })
    expect(await control(hall.url, 'new-player', { siteCode: '999' })).toMatchObject({ ok: false })
  })

  it('forces the next answers of a call: envelope, count, until cleared, raw text', async () => {
    await control(hall.url, 'force', { path: '/hall/api/lobby/layoutDesign/getLayout', code: 1, data: null })
    const forced = await get('/api/lobby/layoutDesign/getLayout')
    expect(forced.status).toBe(200)
    expect(forced.headers.get('x-encrypted')).toBe('1')
    expect(forced.envelope).toEqual({ code: 1, msg: 'success', data: null })
    expect((await get('/api/lobby/layoutDesign/getLayout')).envelope.data).not.toBeNull()

    await control(hall.url, 'force', { path: '/home/getsysinfo', code: 9110, msg: 'restricted access', times: 0 })
    for (let i = 0; i < 3; i++) expect((await get('/home/getsysinfo')).envelope).toMatchObject({ code: 9110, msg: 'restricted access' })
    await control(hall.url, 'clear-force', { path: '/home/getsysinfo' })
    expect((await get('/home/getsysinfo')).envelope.code).toBe(1)

    await control(hall.url, 'force', { path: '/api/lobby/site/getSiteInfo', raw: '<html>bad gateway</html>', times: 2 })
    for (let i = 0; i < 2; i++) {
      const res = await get('/api/lobby/site/getSiteInfo')
      expect(res.text).toBe('<html>bad gateway</html>')
      expect(res.envelope.code).toBeNaN()
      expect(res.headers.get('x-request-id')).toBeTruthy()
    }
    expect((await get('/api/lobby/site/getSiteInfo')).envelope.code).toBe(1)
    expect(await control(hall.url, 'force', { path: '/not/a/call' })).toMatchObject({ ok: false })
  })

  it('adds latency to one call or to all', async () => {
    await control(hall.url, 'latency', { path: '/home/ipCheck', ms: 300 })
    let t = performance.now()
    await get('/home/ipCheck')
    expect(performance.now() - t).toBeGreaterThanOrEqual(290)
    t = performance.now()
    await get('/home/getsysinfo')
    expect(performance.now() - t).toBeLessThan(290)
    await control(hall.url, 'latency', { ms: 200 })
    t = performance.now()
    await get('/home/getsysinfo')
    expect(performance.now() - t).toBeGreaterThanOrEqual(190)
  })

  it('refuses unknown commands and bad bodies', async () => {
    expect((await fetch(`${hall.url}/__control/nope`, { method: 'POST' })).status).toBe(404)
    expect((await fetch(`${hall.url}/__control/latency`, { method: 'POST', body: '{"ms":-1}' })).status).toBe(400)
    expect((await fetch(`${hall.url}/__control/latency`, { method: 'POST', body: 'nope' })).status).toBe(400)
  })
})

describe('the lobby page', () => {
  const page = (path: string) => fetch(`${hall.url}${path}`, { headers: { accept: 'text/html' } })

  it('injects the site configuration before the first script, choosing the site by ?site=', async () => {
    const html = await (await page('/home/game?site=101')).text()
    const tag = /<script nonce="[^"]+">window\.__LOBBY_SITE__ = /.exec(html)
    expect(tag).not.toBeNull()
    const at = tag?.index ?? -1
    expect(at).toBeGreaterThan(0)
    expect(at).toBeLessThan(html.indexOf('<script type="module"'))
    const json = html.slice(at + (tag?.[0].length ?? 0), html.indexOf('</script>', at))
    const config = JSON.parse(json) as Record<string, unknown>
    expect(config).toMatchObject({ siteCode: '101', configApiBaseUrl: `${hall.url}/hall`, languageCode: 'pt_BR', healthy: true })
    expect(config['injected']).toMatchObject({
      siteInfo: { siteCode: '101', defaultCurrency: 'BRL', bettingProvider: { brand_id: expect.any(String) } },
      sysInfo: { recommendCurrency: 'BRL' },
    })
  })

  it('says testHooks only in dev and test mode: a production hall installs no test hooks in the page', async () => {
    expect(await (await page('/')).text()).toContain('"testHooks":true')
    const production = await startHall({ port: 0, dataDir: 'memory', mode: 'production', staticDir: dist })
    try {
      const html = await (await fetch(`${production.url}/`, { headers: { accept: 'text/html' } })).text()
      expect(html).toContain('window.__LOBBY_SITE__')
      expect(html).not.toContain('testHooks')
      expect(html).not.toContain('diagnostics')
      // Nor a control surface: no player of its own can be made there.
      expect((await fetch(`${production.url}/__control/new-player`, { method: 'POST', body: '{}' })).status).toBe(404)
      // Nor the stand-in tracking scripts and their hit recorder: a site without a pixels
      // document loads no network's script, and nothing is recorded.
      expect(html).toContain('"pixels":{}')
      expect((await fetch(`${production.url}/pixels/gtag.js?id=G-1`)).status).toBe(404)
      const hit = await fetch(`${production.url}/pixels/hit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pixel: 'gtag', id: 'G-1', event: 'page_view', page: 'http://x.test/' }) })
      expect(hit.status).toBe(404)
    } finally {
      await production.close()
    }
  }, 60_000)

  it('turns diagnostics on in dev and test mode, and in production only at the operator\'s word, never the test hooks', async () => {
    expect(await (await page('/')).text()).toContain('"diagnostics":true')
    const production = await startHall({ port: 0, dataDir: 'memory', mode: 'production', staticDir: dist, diagnostics: true })
    try {
      const html = await (await fetch(`${production.url}/`, { headers: { accept: 'text/html' } })).text()
      expect(html).toContain('"diagnostics":true')
      expect(html).not.toContain('testHooks')
    } finally {
      await production.close()
    }
  }, 60_000)

  it('never serves a source map from the static files', async () => {
    expect((await fetch(`${hall.url}/app.css`)).status).toBe(200)
    expect((await fetch(`${hall.url}/app.js.map`)).status).toBe(404)
  })

  it('serves the default site without ?site, static files as they are, and 404 for missing non-HTML files', async () => {
    expect(await (await page('/')).text()).toContain('"siteCode":"001"')
    const css = await fetch(`${hall.url}/app.css`)
    expect(css.headers.get('content-type')).toContain('text/css')
    expect((await fetch(`${hall.url}/missing.js`)).status).toBe(404)
    const escape = await fetch(`${hall.url}/..%2f..%2f..%2f..%2fetc%2fpasswd`, { headers: { accept: 'text/html' } })
    expect(await escape.text()).not.toContain('root:')
  })
})

describe('hardened answers', () => {
  const policyOf = (r: Response): Map<string, string> =>
    new Map((r.headers.get('content-security-policy') ?? '').split(';').map((d) => d.trim().split(/\s+/)).map(([name = '', ...values]) => [name, values.join(' ')]))

  it('gives the lobby page a policy whose only inline script is the configuration, under a nonce new on every answer', async () => {
    const first = await fetch(`${hall.url}/home/game`, { headers: { accept: 'text/html' } })
    const second = await fetch(`${hall.url}/home/game`, { headers: { accept: 'text/html' } })
    const nonces = await Promise.all([first, second].map(async (r) => {
      const nonce = /<script nonce="([^"]+)">window\.__LOBBY_SITE__/.exec(await r.text())?.[1]
      expect(policyOf(r).get('script-src')).toBe(`'self' 'nonce-${nonce ?? 'none'}'`)
      return nonce
    }))
    expect(nonces[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    expect(nonces[0]).not.toBe(nonces[1])
    const policy = policyOf(first)
    expect(policy.get('frame-ancestors')).toBe("'self'")
    expect(policy.get('object-src')).toBe("'none'")
    expect(policy.get('connect-src')).toContain(hall.url.replace('http:', 'ws:'))
    expect([...policy.values()].join(' ')).not.toContain('unsafe-eval')
    expect(policy.get('script-src')).not.toContain('unsafe-inline')
    expect(first.headers.get('x-content-type-options')).toBe('nosniff')
    expect(first.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  })

  it('gives the build\'s other pages the policy without a nonce, hall calls and files nosniff', async () => {
    const devtools = await fetch(`${hall.url}/devtools.html`)
    expect(policyOf(devtools).get('script-src')).toBe("'self'")
    expect(policyOf(devtools).get('frame-ancestors')).toBe("'self'")
    const call = await fetch(`${hall.url}/hall/op.json`)
    expect(call.headers.get('x-content-type-options')).toBe('nosniff')
    expect((await fetch(`${hall.url}/app.css`)).headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('lets only the lobby\'s origin frame the game page', async () => {
    const game = await fetch(`${hall.url}/games/play?ticket=nope`)
    expect(policyOf(game).get('frame-ancestors')).toBe("'self'")
    expect(game.headers.get('x-frame-options')).toBe('SAMEORIGIN')
  })

  it('sends the brotli or gzip copy of an asset by what the request accepts, the same bytes once decoded', async () => {
    const plain = 'console.log("the lobby");\n'.repeat(200)
    const br = await fetch(`${hall.url}/assets/big.js`, { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('vary')).toBe('accept-encoding')
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    // fetch decodes what it is sent: the answer reads as the file itself.
    expect(await br.text()).toBe(plain)
    const gz = await fetch(`${hall.url}/assets/big.js`, { headers: { 'accept-encoding': 'gzip, br;q=0' } })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(await gz.text()).toBe(plain)
    const identity = await fetch(`${hall.url}/assets/big.js`, { headers: { 'accept-encoding': 'identity' } })
    expect(identity.headers.get('content-encoding')).toBeNull()
    expect(await identity.text()).toBe(plain)
    // The copies themselves are not files of the site.
    expect((await fetch(`${hall.url}/assets/big.js.br`)).status).toBe(404)
  })
})
