import { randomBytes } from 'node:crypto'
import { Schedule } from 'effect'
import { filter, firstValueFrom } from 'rxjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { netstatLogger } from '../../../schemas/hall/calls'
import { startHall, type RunningHall } from '../../../server/hall'
import { summarizeLog, normalizeReference } from '../../../server/support/store'
import { Bus, type BusRecord } from '../../../src/bus/bus'
import { cutChunks, gzipText, startDiagnosticsRunner, toBase64 } from '../../../src/effects/diagnostics'

let hall: RunningHall
let siteKey = ''

const control = async (name: string, body: object) => {
  const r = await fetch(`${hall.url}/__control/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return (await r.json()) as Record<string, unknown>
}

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', log: () => {} })
  siteKey = ((await control('site-config', { siteCode: '001' })) as { config: { siteKey: string } }).config.siteKey
}, 60_000)
afterAll(() => hall.close())

/** A log of a player 'demo' whose token expired, padded with incompressible notes to span chunks. */
const logText = (padding: number) => {
  const header = { format: 'lobby-log', formatVersion: 1, appVersion: '0.1.0', session: 's-1', siteCode: '001', language: 'en_US', viewport: { width: 390, height: 844 }, startedAt: 1_800_000_000_000 }
  const lines: object[] = [
    { seq: 1, at: 1_800_000_000_000, session: 's-1', kind: 'notice', event: { type: 'session.loggedIn', mode: 'password', username: 'Demo', accountType: 0, real: true, mustChangePassword: false }, source: 'session' },
    { seq: 2, at: 1_800_000_001_000, session: 's-1', kind: 'fact', event: { type: 'hall.failed', requestId: 'session-3', call: 'getUserInfo', error: { _tag: 'ServiceCode', code: -1, msg: 'token expired' } }, source: 'hall' },
    { seq: 3, at: 1_800_000_002_000, session: 's-1', kind: 'fact', event: { type: 'hall.failed', requestId: 'site-4', call: 'getSiteInfo', error: { _tag: 'Network', message: 'offline' } }, source: 'hall' },
  ]
  const pad = randomBytes(padding).toString('hex')
  return [JSON.stringify(header), ...lines.map((l) => JSON.stringify(l)), JSON.stringify({ pad })].join('\n') + '\n'
}

const runUpload = async (text: string) => {
  const bus = new Bus({ now: () => 1, onInvalid: 'throw' })
  const seen: BusRecord[] = []
  bus.records$.subscribe((r) => seen.push(r))
  const sub = startDiagnosticsRunner(bus, {
    exportLog: async () => text,
    domain: 'localhost',
    timezone: 'UTC',
    fingerprint: 'diagnostics-test',
    retry: Schedule.recurs(3),
  })
  const site = { siteCode: '001', configApiBaseUrl: `${hall.url}/hall`, siteKey, languageCode: 'en_US', healthy: true }
  bus.publish({ type: 'app.started', appVersion: 't', site, storedLanguage: null, device: 'mobile', viewport: { width: 390, height: 844 }, url: hall.url }, 'runner', 'page')
  const done = firstValueFrom(bus.records$.pipe(filter((r) => r.event.type === 'diagnostics.sent' || r.event.type === 'diagnostics.failed')))
  bus.publish({ type: 'diagnostics.sendRequested', from: 'settings' }, 'view')
  const end = await done
  sub.unsubscribe()
  return { end: end.event, seen: seen.map((r) => r.event) }
}

const login = async (password = 'support-dev') =>
  fetch(`${hall.url}/support/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'support', password }) })

describe('diagnostics upload', () => {
  it('cuts the gzip into chunks, reports progress, and the hall answers a reference number', async () => {
    const text = logText(400_000)
    const gz = await gzipText(text)
    expect(cutChunks(gz).length).toBe(2)
    const { end, seen } = await runUpload(text)
    expect(end.type).toBe('diagnostics.sent')
    const reference = (end as { reference: string }).reference
    expect(reference).toMatch(/^LB-[0-9A-Z]{4}-[0-9A-Z]{4}$/)
    expect(seen.map((e) => e.type).filter((t) => t.startsWith('diagnostics.'))).toEqual([
      'diagnostics.sendRequested',
      'diagnostics.started',
      'diagnostics.progressed',
      'diagnostics.progressed',
      'diagnostics.sent',
    ])

    const token = ((await (await login()).json()) as { token: string }).token
    const auth = { authorization: `Bearer ${token}` }
    const search = async (q: string) =>
      ((await (await fetch(`${hall.url}/support/api/sessions?${q}`, { headers: auth })).json()) as { sessions: Array<{ reference: string; errorCodes: string[]; username: string }> }).sessions
    // Sent with no sign-in: filed as anonymous, not under the name its log carries.
    expect((await search('username=demo')).map((s) => s.reference)).not.toContain(reference)
    const byReference = await search(`reference=${reference.toLowerCase().replace(/-/g, '')}`)
    expect(byReference.map((s) => s.reference)).toEqual([reference])
    expect(byReference[0]).toMatchObject({ username: null, errorCodes: ['-1', 'Network'] })
    expect((await search('errorCode=-1&site=001')).map((s) => s.reference)).toContain(reference)
    expect(await search('site=101')).toEqual([])
    expect((await search(`from=${1_800_000_000_500}&to=${1_800_000_001_500}`)).map((s) => s.reference)).toContain(reference)
    expect(await search(`to=${1_799_999_000_000}`)).toEqual([])

    const log = await fetch(`${hall.url}/support/api/sessions/${reference}/log`, { headers: auth })
    expect(log.status).toBe(200)
    expect(await log.text()).toBe(text)
  })

  it('retries a chunk whose answer was lost and still completes once', async () => {
    await control('force', { path: netstatLogger.path, raw: 'not json', times: 1 })
    const { end } = await runUpload(logText(10))
    expect(end.type).toBe('diagnostics.sent')
  })

  it('reports a failure the player can see when the hall refuses', async () => {
    await control('force', { path: netstatLogger.path, code: 5301, msg: 'refused', times: 0 })
    try {
      const { end } = await runUpload(logText(10))
      expect(end).toMatchObject({ type: 'diagnostics.failed', reason: 'the hall answered 5301: refused' })
    } finally {
      await control('clear-force', { path: netstatLogger.path })
    }
  })
})

describe('support console API', () => {
  it('needs a sign-in, and refuses a wrong password', async () => {
    expect((await fetch(`${hall.url}/support/api/sessions`)).status).toBe(401)
    expect((await login('wrong')).status).toBe(401)
    const ok = await login()
    expect(ok.status).toBe(200)
    const cookie = ok.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/HttpOnly/i)
    const viaCookie = await fetch(`${hall.url}/support/api/sessions`, { headers: { cookie: cookie.split(';')[0]! } })
    expect(viaCookie.status).toBe(200)
  })

  it('base64 of a chunk decodes to the same bytes', () => {
    const bytes = new Uint8Array([1, 2, 3, 250])
    expect(Buffer.from(toBase64(bytes), 'base64')).toEqual(Buffer.from(bytes))
  })
})

describe('log summary', () => {
  it('reads usernames, time range and error codes, skipping lines that are not JSON', () => {
    const s = summarizeLog(`${logText(1)}not json\n`)
    expect(s).toMatchObject({ session: 's-1', siteCode: '001', usernames: ['Demo'], records: 4, errorCodes: ['-1', 'Network'], startedAt: 1_800_000_000_000, endedAt: 1_800_000_002_000 })
  })

  it('normalizes references as people type them', () => {
    expect(normalizeReference('lb 7k3m 9qx2')).toBe('LB-7K3M-9QX2')
    expect(normalizeReference('7K3M9QX2')).toBe('LB-7K3M-9QX2')
  })
})
