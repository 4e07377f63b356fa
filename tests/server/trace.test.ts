/**
 * Trace reports (calls §7.3 /v1/netstat/player/logger: event, message, source, lineno, colno,
 * href, created, only for certain site codes) and the buried config of the player's own id
 * (screens §3 idxType 3). The hall's clock is the test's: each test starts a fresh rate-limit window.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startHall, type RunningHall } from '../../server/hall'
import { TRACE_WINDOW_MS, TRACES_PER_ADDRESS, TRACES_PER_DEVICE, TraceCode } from '../../server/trace'
import { TRACE_LIMITS } from '../../schemas/hall/calls/site'
import { callHall, control, visitor, type Caller } from './support'
import { hallPlayers } from './players'

let clock = Date.now()
let hall: RunningHall
let site: Caller
const players = hallPlayers(() => hall.url, () => clock)

beforeAll(async () => {
  hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', now: () => clock, log: () => undefined })
  site = await visitor(hall.url, '001')
  await control(hall.url, 'site-document', { siteCode: '001', name: 'sysInfo', patch: { traceReport: 'open' } })
}, 60_000)
afterAll(() => hall.close())
// Each test in a window of its own: the last one's reports no longer count.
beforeEach(() => {
  clock += TRACE_WINDOW_MS + 1000
})

let devices = 0
const newDevice = (): string => `trace-device-${(devices += 1)}`

const trace = (n = 1, over: Record<string, unknown> = {}) => ({
  event: 'error',
  message: `TypeError: probe ${n}`,
  source: 'http://localhost/assets/index.js',
  lineno: 12,
  colno: 34,
  href: 'http://localhost/home/game?site=001',
  created: '2026-11-26 10:00:00',
  ...over,
})
const send = (params: unknown, o: { caller?: Caller; device?: string } = {}) =>
  callHall(hall.url, o.caller ?? site, 'POST', '/v1/netstat/player/logger', params, { timestamp: clock, fingerprint: o.device ?? 'trace-default' })
type Row = { event: string; message: string; source: string; lineno: number; colno: number; href: string; created: string; playerId: string | null; device: string }
const traces = async (body: Record<string, unknown>): Promise<Row[]> => {
  const r = await control(hall.url, 'trace-reports', { siteCode: '001', limit: 200, ...body })
  return r['traces'] as Row[]
}

describe('trace reports (the player logger, calls §7.3)', () => {
  it('keeps a site’s reports with who sent them, and lists them newest first', async () => {
    const device = newDevice()
    expect((await send({ traces: [trace(1), trace(2, { event: 'resource', message: 'script took 3120 ms', lineno: 0, colno: 0 })] }, { device })).envelope).toMatchObject({ code: 1, data: null })
    // The spec's single report is taken as well.
    expect((await send(trace(3, { event: 'unhandledrejection' }), { device })).envelope.code).toBe(1)
    const kept = await traces({ device })
    expect(kept.map((t) => [t.event, t.message, t.playerId])).toEqual([
      ['unhandledrejection', 'TypeError: probe 3', null],
      ['resource', 'script took 3120 ms', null],
      ['error', 'TypeError: probe 1', null],
    ])
    expect(kept.at(-1)).toMatchObject({ source: 'http://localhost/assets/index.js', lineno: 12, colno: 34, href: 'http://localhost/home/game?site=001', created: '2026-11-26 10:00:00' })
  })

  it('names the signed-in player, whose reports an operator lists by username', async () => {
    const p = await players.newPlayer('trc')
    const device = newDevice()
    expect((await send({ traces: [trace(7)] }, { caller: p.caller, device })).envelope.code).toBe(1)
    const mine = await traces({ username: p.username })
    expect(mine.map((t) => [t.message, t.device])).toEqual([['TypeError: probe 7', device]])
    expect(mine[0]?.playerId).toMatch(/^\d+$/)
  })

  it('refuses a report beyond a field’s limit, an unknown event or an oversized batch, and keeps nothing of it', async () => {
    const device = newDevice()
    const refused = [
      trace(1, { message: 'm'.repeat(TRACE_LIMITS.message + 1) }),
      trace(1, { source: `http://x/${'s'.repeat(TRACE_LIMITS.source)}` }),
      trace(1, { href: `http://x/${'h'.repeat(TRACE_LIMITS.href)}` }),
      trace(1, { event: 'console' }),
      trace(1, { lineno: -1 }),
    ]
    for (const bad of refused) expect((await send({ traces: [trace(2), bad] }, { device })).envelope.code).toBe(TraceCode.refused)
    const batch = Array.from({ length: TRACE_LIMITS.batch + 1 }, (_, i) => trace(i))
    expect((await send({ traces: batch }, { device })).envelope.code).toBe(TraceCode.refused)
    // A created time not in the spec's form is not a trace report.
    expect((await send({ traces: [trace(1, { created: 'yesterday' })] }, { device })).envelope.code).not.toBe(1)
    expect(await traces({ device })).toEqual([])
    // At the limits exactly, it is kept.
    const full = trace(1, { message: 'm'.repeat(TRACE_LIMITS.message), href: `http://x/${'h'.repeat(TRACE_LIMITS.href - 9)}` })
    expect((await send({ traces: [full] }, { device })).envelope.code).toBe(1)
    expect((await traces({ device })).map((t) => t.message.length)).toEqual([TRACE_LIMITS.message])
  })

  it('keeps at most its limit per device in the window, then refuses; another device and a later window are kept', async () => {
    const device = newDevice()
    const batch = (from: number, n: number) => ({ traces: Array.from({ length: n }, (_, i) => trace(from + i)) })
    expect((await send(batch(0, 20), { device })).envelope.code).toBe(1)
    expect((await send(batch(20, 15), { device })).envelope.code).toBe(1)
    // 35 kept: of the next 10 only 5 fit, the rest is dropped.
    expect((await send(batch(35, 10), { device })).envelope.code).toBe(1)
    expect((await traces({ device })).length).toBe(TRACES_PER_DEVICE)
    expect((await send(batch(50, 1), { device })).envelope.code).toBe(TraceCode.tooMany)
    expect((await send(batch(60, 1), { device: newDevice() })).envelope.code).toBe(1)
    clock += TRACE_WINDOW_MS
    expect((await send(batch(70, 1), { device })).envelope.code).toBe(1)
    expect((await traces({ device })).length).toBe(TRACES_PER_DEVICE + 1)
  })

  it('keeps at most its limit per address in the window, whatever the devices', async () => {
    let sent = 0
    while (sent < TRACES_PER_ADDRESS) {
      const n = Math.min(20, TRACES_PER_ADDRESS - sent)
      expect((await send({ traces: Array.from({ length: n }, (_, i) => trace(sent + i)) }, { device: newDevice() })).envelope.code).toBe(1)
      sent += n
    }
    expect((await send({ traces: [trace(1000)] }, { device: newDevice() })).envelope.code).toBe(TraceCode.tooMany)
  })

  it('keeps nothing for a site whose sysInfo leaves trace reports off, and refuses nothing', async () => {
    const device = newDevice()
    const other = await visitor(hall.url, '101')
    expect((await send({ traces: [trace(1)] }, { caller: other, device })).envelope).toMatchObject({ code: 1, data: null })
    // Whatever it holds: a report beyond the limits is dropped as well, not refused.
    expect((await send({ traces: [trace(1, { message: 'm'.repeat(TRACE_LIMITS.message + 1) })] }, { caller: other, device })).envelope.code).toBe(1)
    expect(((await control(hall.url, 'trace-reports', { siteCode: '101' }))['traces'] as Row[])).toEqual([])
    await control(hall.url, 'site-document', { siteCode: '001', name: 'sysInfo', patch: { traceReport: 'close' } })
    try {
      expect((await send({ traces: [trace(2)] }, { device })).envelope.code).toBe(1)
      expect(await traces({ device })).toEqual([])
    } finally {
      await control(hall.url, 'site-document', { siteCode: '001', name: 'sysInfo', patch: { traceReport: 'open' } })
    }
  })

  it('lists a site’s reports in the support console, for a signed-in support account', async () => {
    const device = newDevice()
    await send({ traces: [trace(99)] }, { device })
    const login = await fetch(`${hall.url}/support/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'support', password: 'support-dev' }) })
    const token = ((await login.json()) as { token: string }).token
    const read = (q: string, auth = true) => fetch(`${hall.url}/support/api/traces?${q}`, { headers: auth ? { authorization: `Bearer ${token}` } : {} })
    expect((await read('site=001', false)).status).toBe(401)
    expect((await read('')).status).toBe(400)
    const body = (await (await read('site=001&limit=1')).json()) as { ok: boolean; traces: Row[] }
    expect(body.traces.map((t) => [t.message, t.device])).toEqual([['TypeError: probe 99', device]])
  })
})

describe('the buried config of the player’s own id (point/get idxType 3)', () => {
  it('answers the signed-in player its own pixels, and no one another player’s', async () => {
    const [me, other] = [await players.newPlayer('slf'), await players.newPlayer('slf')]
    const set = await control(hall.url, 'player-points', { siteCode: '001', username: me.username, points: [{ category: 4, gid: 'tt-self' }, { category: 1, type: 2, gid: 'GTM-SELF' }] })
    const id = String(set['playerId'])
    const get = (caller: Caller, params: unknown) => callHall(hall.url, caller, 'POST', '/promote/point/get', params, { timestamp: clock })
    expect((await get(me.caller, { idx: id, idxType: 3, uid: id })).envelope).toMatchObject({ code: 1, data: { list: [{ category: 4, type: 1, gid: 'tt-self' }, { category: 1, type: 2, gid: 'GTM-SELF' }] } })
    expect((await get(me.caller, { idx: id, idxType: 3 })).envelope.code).toBe(1)
    expect((await get(other.caller, { idx: id, idxType: 3, uid: id })).envelope.code).toBe(TraceCode.notOwnPoints)
    expect((await get(me.caller, { idx: id, idxType: 3, uid: '1' })).envelope.code).toBe(TraceCode.notOwnPoints)
    expect((await get(site, { idx: id, idxType: 3, uid: id })).envelope.code).toBe(-1)
    // A player without a configuration of its own has none.
    const otherId = String((await control(hall.url, 'player-points', { siteCode: '001', username: other.username, points: [] }))['playerId'])
    expect((await get(other.caller, { idx: otherId, idxType: 3, uid: otherId })).envelope).toMatchObject({ code: 1, data: { list: [] } })
  })
})
