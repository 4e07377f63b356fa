import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHall, type RunningHall } from '../../server/hall'
import { connectSocket, type NoticeFrame } from './socket-client'
import { callHall, control, visitor } from './support'

/**
 * Realtime under load (issue 46, docs/realtime.md "Delivery"): a player's socket that stops
 * reading (a tab starved of CPU, a process behind on its event loop) while the hall stores notices
 * for it gets every one of them once and in msgId order when it reads again; one that is dropped
 * while starved gets, on its next connection, every notice it had not acknowledged, oldest first,
 * so that with the lobby's once-only rule (a msgId already processed is dropped) each arrives once.
 */

/** About 80 KB of data per notice: 120 of them are more than a loopback connection's kernel buffers hold, so the hall's side backs up too. */
const bulk = 'x'.repeat(80_000)

describe('a starved socket', () => {
  let hall: RunningHall
  beforeAll(async () => {
    hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test' })
  }, 60_000)
  afterAll(() => hall.close())

  /** A new player, signed in: its username and session Token. */
  const signedIn = async (prefix: string): Promise<{ username: string; token: string }> => {
    const made = await control(hall.url, 'new-player', { prefix, balance: '10' })
    const username = made['username'] as string
    const login = await callHall(hall.url, await visitor(hall.url, '001'), 'POST', '/home/login', { username, password: made['password'] })
    expect(login.envelope.code).toBe(1)
    return { username, token: (login.envelope.data as { token: string }).token }
  }
  const push = async (username: string, n: number, data: unknown = { n }): Promise<string> => {
    const r = await control(hall.url, 'push', { username, type: 'activeDetails', data })
    expect(r['ok']).toBe(true)
    return r['msgId'] as string
  }
  const credit = async (username: string): Promise<string> => {
    const r = await control(hall.url, 'credit', { username, amount: '1' })
    expect(r['ok']).toBe(true)
    return r['msgId'] as string
  }
  const ascending = (ids: ReadonlyArray<string>) => [...ids].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0))

  it('a socket held without reading while notices are stored gets every notice once, in order, when it reads again', async () => {
    const p = await signedIn('starved')
    const socket = connectSocket(hall.url, p.token, '001')
    await socket.opened
    // Joined: the first notice arrives.
    const first = await push(p.username, 0)
    await socket.until((f) => f.type === 'notice' && f.msgId === first)

    // Starved: nothing is read from the connection while 120 large notices and a few credits are
    // stored; the Pings still go out (the tab's timers run, its reading does not), so the hall
    // keeps the connection.
    socket.ws.pause()
    const stored: string[] = [first]
    for (let i = 1; i <= 120; i++) {
      stored.push(await push(p.username, i, { n: i, bulk }))
      if (i % 30 === 0) {
        stored.push(await credit(p.username))
        socket.send({ type: 'Ping' })
      }
    }
    // More was stored than the connection could take while nobody read.
    expect(socket.notices().length).toBeLessThan(stored.length)

    socket.ws.resume()
    const got = (await socket.until((f) => f.type === 'notice', stored.length)) as NoticeFrame[]
    const ids = got.map((n) => n.msgId)
    expect(ids).toEqual(ascending(stored))
    expect(ids).toEqual(stored)
    expect(new Set(ids).size).toBe(ids.length)
    // The credits' notices carry the balance after each.
    expect(got.filter((n) => n.content.type === 'payOrderSuccess').map((n) => (n.content.data as { balance: string }).balance)).toEqual(['11.00', '12.00', '13.00', '14.00'])
    for (const id of ids) socket.ack(id)
    // Nothing more comes: a Pong answers the Ping sent after every ack, and no notice arrived again.
    socket.send({ type: 'Ping' })
    await socket.until((f) => f.type === 'Pong', 5)
    expect(socket.notices()).toHaveLength(stored.length)
    await socket.close()
  }, 120_000)

  it('a socket dropped while starved: the next connection gets every notice not acknowledged, oldest first, and each msgId once after the lobby drops repeats', async () => {
    const p = await signedIn('dropped')
    const a = connectSocket(hall.url, p.token, '001')
    await a.opened
    const acked = new Set<string>()
    const first = await push(p.username, 0)
    await a.until((f) => f.type === 'notice' && f.msgId === first)
    a.ack(first)
    acked.add(first)

    // Starved, then the connection is lost; notices keep being stored meanwhile.
    a.ws.pause()
    const stored: string[] = [first]
    for (let i = 1; i <= 20; i++) stored.push(await push(p.username, i, { n: i, bulk }))
    stored.push(await credit(p.username))
    a.ws.terminate()
    await a.closed
    for (let i = 21; i <= 25; i++) stored.push(await push(p.username, i))
    stored.push(await credit(p.username))

    // Back: every notice not acknowledged, oldest first, once on this connection.
    const b = connectSocket(hall.url, p.token, '001')
    await b.opened
    const resent = (await b.until((f) => f.type === 'notice', stored.length - acked.size)) as NoticeFrame[]
    const resentIds = resent.map((n) => n.msgId)
    expect(resentIds).toEqual(stored.filter((id) => !acked.has(id)))
    // Pushed once it is open: the next one, after the resend.
    const last = await push(p.username, 26)
    stored.push(last)
    await b.until((f) => f.type === 'notice' && f.msgId === last)
    expect(b.notices().map((n) => n.msgId)).toEqual(stored.filter((id) => !acked.has(id)))

    // The lobby's rule (a msgId processed once): what the first connection got before it was lost
    // and what the second got, repeats dropped, is every stored notice, once, in order.
    const processed: string[] = []
    for (const n of [...a.notices(), ...b.notices()]) if (!processed.includes(n.msgId)) processed.push(n.msgId)
    expect(processed).toEqual(stored)
    await b.close()
  }, 120_000)
})
