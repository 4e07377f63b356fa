/**
 * The contract suite (scripts/conformance.ts, issue 45; docs/conformance.md) against the reference
 * hall, where every row passes, and against a faulty hall: the reference hall behind a proxy that
 * plants three faults (a wrong field type in getSiteInfo's answer, smsCountry not served, marquee
 * taking any signature), each reported on its own row, and the command exiting 1.
 */
import { execFile } from 'node:child_process'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHall, type RunningHall } from '../../server/hall'
import { canonicalString } from '../../schemas/hall/protocol'
import { catalogueCalls, runConformance, type Report } from '../../scripts/conformance'
import { aesDecrypt, aesEncrypt, control, hmac } from './support'

const root = path.resolve(import.meta.dirname, '../..')
let hall: RunningHall
let faulty: Server
let faultyUrl: string
let player: { username: string; password: string }

const bodyOf = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks)))
  })

/** The reference hall behind a proxy with three planted faults; the socket passes through untouched. */
const startFaultyHall = async (target: string, siteKey: string): Promise<Server> => {
  const upstream = new URL(target)
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', target)
      const body = await bodyOf(req)
      // Fault 1: a call the hall does not serve.
      if (url.pathname === '/hall/home/smsCountry') {
        res.writeHead(404, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ code: 4040, msg: 'unknown path', data: null }))
        return
      }
      const headers: Record<string, string> = {}
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && !['host', 'connection', 'content-length'].includes(k)) headers[k] = v
      // Fault 2: a call that takes any signature (the proxy signs every request again with the site key).
      if (url.pathname === '/hall/message/marquee') {
        const query = Object.fromEntries(url.searchParams.entries())
        headers['signature'] = hmac(siteKey, canonicalString({ method: req.method ?? 'POST', path: '/message/marquee', query, timestamp: headers['timestamp'] ?? '', nonce: headers['nonce'] ?? '', body: body.toString('utf8') }))
      }
      const answer = await fetch(url, { method: req.method ?? 'GET', headers, ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body: new Uint8Array(body) }) })
      let text = await answer.text()
      // Fault 3: a field of the wrong type (getSiteInfo's siteName a number).
      const nonce = answer.headers.get('nonce')
      if (url.pathname === '/hall/api/lobby/site/getSiteInfo' && nonce !== null) {
        const envelope = JSON.parse(aesDecrypt(siteKey, nonce, text)) as { data: Record<string, unknown> }
        envelope.data['siteName'] = 12345
        text = aesEncrypt(siteKey, nonce, JSON.stringify(envelope))
      }
      const out: Record<string, string> = {}
      answer.headers.forEach((v, k) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(k)) out[k] = v
      })
      res.writeHead(answer.status, out)
      res.end(text)
    })().catch((e: unknown) => {
      res.writeHead(502)
      res.end(String(e))
    })
  })
  // The socket's upgrade goes to the hall as it came.
  server.on('upgrade', (req: IncomingMessage, socket, head: Buffer) => {
    const to = connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/1.1`, ...Object.entries(req.headers).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : (v ?? '')}`)]
      to.write(`${lines.join('\r\n')}\r\n\r\n`)
      to.write(head)
      socket.pipe(to).pipe(socket)
    })
    to.on('error', () => socket.destroy())
    socket.on('error', () => to.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  return server
}

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', log: () => undefined })
  const p = await control(hall.url, 'new-player', {})
  player = { username: String(p['username']), password: String(p['password']) }
  const { siteKey } = (await control(hall.url, 'site-config', { siteCode: '001' }))['config'] as { siteKey: string }
  faulty = await startFaultyHall(hall.url, siteKey)
  faultyUrl = `http://127.0.0.1:${(faulty.address() as AddressInfo).port}`
}, 60_000)
afterAll(async () => {
  faulty.closeAllConnections()
  await new Promise<void>((resolve) => faulty.close(() => resolve()))
  await hall.close()
})

const failures = (r: Report) => r.rows.filter((row) => row.verdict === 'FAIL')

describe('the reference hall', () => {
  it('passes every row: each catalogue call, the sign-in, the socket', async () => {
    const report = await runConformance({ hall: hall.url, player })
    expect(failures(report)).toEqual([])
    expect(report.skipped).toBe(0)
    const calls = catalogueCalls()
    expect(report.rows).toHaveLength(calls.length + 1 + 5)
    for (const call of calls) expect(report.rows.some((r) => r.call === `${call.method} ${call.path}`), `${call.method} ${call.path}`).toBe(true)
    expect(report.rows.find((r) => r.call === 'GET /api/lobby/site/getSiteInfo')).toMatchObject({ observed: expect.stringContaining('code 1, data in schema'), verdict: 'pass' })
    expect(report.rows.filter((r) => r.call.startsWith('socket:')).map((r) => [r.call, r.observed])).toEqual([
      ['socket: handshake without Token', 'closed 4400'],
      ['socket: handshake with a Token of no session', 'closed 4401'],
      ["socket: the player's handshake", 'open'],
      ['socket: heartbeat', 'Pong'],
      ['socket: notices', '0 notice(s), all of the schema (none acknowledged)'],
    ])
  })

  it('with --allow-money places one deposit order of the test player, unpaid, answered in the schema', async () => {
    const report = await runConformance({ hall: hall.url, player, allowMoney: true })
    expect(failures(report)).toEqual([])
    const money = report.rows.find((r) => r.call === 'POST /pay/offlineOrderV3 (--allow-money)')
    expect(money).toMatchObject({ observed: 'code 1, data in schema', verdict: 'pass' })
    expect(money!.expected).toMatch(/^an order of [\d.]+ USD on channel \d+, in schema$/)
  })

  it('without a player, skips the rows of the signed-in socket and passes the rest', async () => {
    const report = await runConformance({ hall: hall.url })
    expect(failures(report)).toEqual([])
    expect(report.rows.filter((r) => r.verdict === 'skip').map((r) => r.call)).toEqual(["socket: the player's handshake", 'socket: heartbeat', 'socket: notices'])
  })
})

describe('a hall with planted faults', () => {
  it('reports each fault on its own row, and nothing else', async () => {
    // As a visitor: the proxy rewrites getSiteInfo's answer under the site key.
    const report = await runConformance({ hall: faultyUrl })
    const failed = failures(report)
    expect(failed.map((r) => r.call).sort()).toEqual(['GET /api/lobby/site/getSiteInfo', 'GET /home/smsCountry', 'POST /message/marquee'])
    const row = (call: string) => failed.find((r) => r.call === call)!
    expect(row('GET /api/lobby/site/getSiteInfo').observed).toMatch(/siteName/)
    expect(row('GET /home/smsCountry').observed).toBe('not served (404)')
    expect(row('POST /message/marquee').observed).toContain('bad signature 4005 (HTTP 400)')
  })

  it('makes the command print the table and the mismatches and exit 1; against the reference hall it exits 0', async () => {
    const run = promisify(execFile)
    const tsx = path.join(root, 'node_modules/.bin/tsx')
    const bad = await run(tsx, ['scripts/conformance.ts', '--hall', faultyUrl], { cwd: root }).then(
      () => ({ code: 0, stdout: '' }),
      (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
    )
    expect(bad.code).toBe(1)
    expect(bad.stdout).toMatch(/^call +expected +observed +verdict$/m)
    expect(bad.stdout).toContain('MISMATCH GET /home/smsCountry: expected served; observed not served (404)')
    expect(bad.stdout).toMatch(/3 mismatched, 3 skipped/)
    const good = await run(tsx, ['scripts/conformance.ts', '--hall', hall.url, '--site', '001', '--player', `${player.username}:${player.password}`], { cwd: root })
    expect(good.stdout).toMatch(/0 mismatched, 0 skipped/)
  })
})
