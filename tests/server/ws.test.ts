import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { SOCKET_CLOSE, SOCKET_PATH, type ServerFrame } from '../../schemas/events/socket'
import { startHall, type RunningHall } from '../../server/hall'
import { callHall, control, player, visitor } from './support'

/** A test client of the hall socket: every frame it got, and waits on them (no sleeps). */
const connect = (hallUrl: string, query: Record<string, string>) => {
  const url = new URL(SOCKET_PATH, hallUrl.replace(/^http/, 'ws'))
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v)
  const ws = new WebSocket(url)
  const frames: ServerFrame[] = []
  const waiters: Array<() => void> = []
  ws.on('message', (raw) => {
    frames.push(JSON.parse((raw as Buffer).toString('utf8')) as ServerFrame)
    for (const w of waiters.splice(0)) w()
  })
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })))
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  /** Resolves once `n` frames matching `pred` arrived. */
  const until = (pred: (f: ServerFrame) => boolean, n = 1): Promise<ServerFrame[]> =>
    new Promise((resolve) => {
      const check = () => {
        const got = frames.filter(pred)
        if (got.length >= n) resolve(got)
        else waiters.push(check)
      }
      check()
    })
  const notices = () => frames.filter((f): f is Extract<ServerFrame, { type: 'notice' }> => f.type === 'notice')
  return {
    ws,
    frames,
    opened,
    closed,
    until,
    notices,
    send: (frame: unknown) => ws.send(JSON.stringify(frame)),
    close: async () => {
      ws.close()
      await closed
    },
  }
}
const isNotice = (f: ServerFrame) => f.type === 'notice'

const register = async (hallUrl: string, username: string) => {
  const site = await visitor(hallUrl, '001')
  const reg = await callHall(hallUrl, site, 'POST', '/home/register', { username, password: 'pass1234' })
  expect(reg.envelope.code).toBe(1)
  return (reg.envelope.data as { token: string }).token
}

describe('the hall socket', () => {
  let hall: RunningHall
  let token: string
  beforeAll(async () => {
    hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test' })
    token = await register(hall.url, 'socketeer')
  }, 60_000)
  afterAll(() => hall.close())

  it('refuses a connection without Token or siteCode, with an unknown Token, or for another site', async () => {
    expect(await connect(hall.url, { siteCode: '001' }).closed).toMatchObject({ code: SOCKET_CLOSE.badRequest })
    expect(await connect(hall.url, { Token: 'nope', siteCode: '001' }).closed).toMatchObject({ code: SOCKET_CLOSE.unauthorized })
    expect(await connect(hall.url, { Token: token, siteCode: '101' }).closed).toMatchObject({ code: SOCKET_CLOSE.unauthorized })
  })

  it('refuses upgrades on other paths', async () => {
    const ws = new WebSocket(`${hall.url.replace(/^http/, 'ws')}/websocket/other`)
    await expect(new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)))).rejects.toThrow(/404/)
  })

  it('answers Ping with Pong', async () => {
    const c = connect(hall.url, { Token: token, siteCode: '001' })
    await c.opened
    c.send({ type: 'Ping' })
    expect(await c.until((f) => f.type === 'Pong')).toEqual([{ type: 'Pong' }])
    await c.close()
  })

  it('closes a connection whose session has ended (a logout) at its next Ping', async () => {
    const site = await visitor(hall.url, '001')
    const reg = await callHall(hall.url, site, 'POST', '/home/register', { username: 'wsleaver', password: 'pass1234' })
    const me = player('001', reg.envelope.data)
    const c = connect(hall.url, { Token: me.token, siteCode: '001' })
    await c.opened
    c.send({ type: 'Ping' })
    await c.until((f) => f.type === 'Pong')

    expect((await callHall(hall.url, me, 'POST', '/home/UserLogout', {})).envelope.code).toBe(1)
    c.send({ type: 'Ping' })

    expect(await c.closed).toEqual({ code: SOCKET_CLOSE.unauthorized, reason: 'the session ended' })
    expect(c.frames.filter((f) => f.type === 'Pong')).toHaveLength(1)
  })

  it('pushes a notice from the control surface, resends it on every connection until it is acknowledged', async () => {
    const first = connect(hall.url, { Token: token, siteCode: '001' })
    await first.opened
    const pushed = await control(hall.url, 'push', { username: 'socketeer', type: 'activeDetails', data: { activeId: 3 } })
    expect(pushed).toMatchObject({ ok: true, sent: 1 })
    const msgId = pushed['msgId'] as string
    expect(await first.until(isNotice)).toEqual([{ type: 'notice', msgId, content: { type: 'activeDetails', data: { activeId: 3 } } }])
    await first.close()

    // Not acknowledged: the next connection gets it again.
    const second = connect(hall.url, { Token: token, siteCode: '001' })
    await second.opened
    expect((await second.until(isNotice)).map((f) => (f as { msgId: string }).msgId)).toEqual([msgId])
    second.send({ type: 'ack', msgId })
    second.send({ type: 'Ping' })
    await second.until((f) => f.type === 'Pong') // the ack was read before the Ping was answered
    await second.close()

    const third = connect(hall.url, { Token: token, siteCode: '001' })
    await third.opened
    third.send({ type: 'Ping' })
    await third.until((f) => f.type === 'Pong')
    expect(third.notices()).toEqual([])
    await third.close()
  })

  it('pushes payOrderSuccess when a credit completes, with the balance after it', async () => {
    const c = connect(hall.url, { Token: token, siteCode: '001' })
    await c.opened
    const credited = await control(hall.url, 'credit', { username: 'socketeer', amount: '25' })
    const [frame] = await c.until(isNotice)
    expect(frame).toEqual({
      type: 'notice',
      msgId: credited['msgId'],
      content: { type: 'payOrderSuccess', data: { orderNo: expect.stringMatching(/^C\d+/), amount: '25', currency: credited['currency'], balance: credited['balance'], isFirst: 0 } },
    })
    c.send({ type: 'ack', msgId: credited['msgId'] })
    await c.close()
  })

  it('keeps notices for a player with no connection, in order, and sends to every open connection', async () => {
    const a = await control(hall.url, 'push', { username: 'socketeer', type: 'registerSuccess', data: { username: 'socketeer' } })
    const b = await control(hall.url, 'push', { username: 'socketeer', type: 'registerSuccess', data: { username: 'socketeer' } })
    expect(a).toMatchObject({ sent: 0 })
    const one = connect(hall.url, { Token: token, siteCode: '001' })
    const two = connect(hall.url, { Token: token, siteCode: '001' })
    await Promise.all([one.opened, two.opened])
    for (const c of [one, two]) expect((await c.until(isNotice, 2)).map((f) => (f as { msgId: string }).msgId)).toEqual([a['msgId'], b['msgId']])
    const c3 = await control(hall.url, 'push', { username: 'socketeer', type: 'activeDetails', data: {} })
    expect(c3).toMatchObject({ sent: 2 })
    for (const id of [a['msgId'], b['msgId'], c3['msgId']]) one.send({ type: 'ack', msgId: id })
    one.send({ type: 'Ping' })
    await one.until((f) => f.type === 'Pong')
    await Promise.all([one.close(), two.close()])
  })

  it('lets many sessions of one account connect at once: each connection gets what is unacknowledged once, and later notices reach all', async () => {
    const pending = await control(hall.url, 'push', { username: 'socketeer', type: 'activeDetails', data: { activeId: 7 } })
    const site = await visitor(hall.url, '001')
    const tokens = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const a = await callHall(hall.url, site, 'POST', '/home/login', { username: 'socketeer', password: 'pass1234' }, { fingerprint: `many-${i}` })
        expect(a.envelope.code).toBe(1)
        return (a.envelope.data as { token: string }).token
      }),
    )
    const all = tokens.flatMap((t) => [0, 1, 2].map(() => connect(hall.url, { Token: t, siteCode: '001' })))
    await Promise.all(all.map((c) => c.opened))
    for (const c of all) expect((await c.until((f) => isNotice(f) && f.msgId === pending['msgId'])).length).toBe(1)
    const later = await control(hall.url, 'push', { username: 'socketeer', type: 'activeDetails', data: { activeId: 8 } })
    expect(later).toMatchObject({ sent: all.length })
    for (const c of all) await c.until((f) => isNotice(f) && f.msgId === later['msgId'])
    for (const c of all) expect(c.notices().filter((n) => n.msgId === pending['msgId'])).toHaveLength(1)
    for (const id of [pending['msgId'], later['msgId']]) all[0]!.send({ type: 'ack', msgId: id })
    all[0]!.send({ type: 'Ping' })
    await all[0]!.until((f) => f.type === 'Pong')
    await Promise.all(all.map((c) => c.close()))
  })

  it('answers 404 for a push to an unknown player', async () => {
    const r = await fetch(`${hall.url}/__control/push`, { method: 'POST', body: JSON.stringify({ username: 'nobody', type: 'x' }) })
    expect(r.status).toBe(404)
  })
})

describe('the hall socket across a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lobby-ws-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('drops connections when the hall stops and resends what was not acknowledged after it starts again', async () => {
    const first = await startHall({ port: 0, dataDir, mode: 'test' })
    let token: string
    let msgId: string
    try {
      token = await register(first.url, 'survivor')
      const c = connect(first.url, { Token: token, siteCode: '001' })
      await c.opened
      msgId = (await control(first.url, 'push', { username: 'survivor', type: 'registerSuccess', data: { username: 'survivor' } }))['msgId'] as string
      await c.until(isNotice)
      await first.close()
      expect((await c.closed).code).toBe(1006)
    } finally {
      await first.close()
    }
    const second = await startHall({ port: 0, dataDir, mode: 'test' })
    try {
      const c = connect(second.url, { Token: token, siteCode: '001' })
      await c.opened
      expect((await c.until(isNotice)).map((f) => (f as { msgId: string }).msgId)).toEqual([msgId])
      await c.close()
    } finally {
      await second.close()
    }
  }, 60_000)
})
