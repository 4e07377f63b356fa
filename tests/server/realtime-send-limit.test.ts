import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, type Db } from '../../server/db'
import { seed } from '../../server/seed'
import { createPlayer, openSession } from '../../server/store'
import { createSocketHub, SOCKET_SEND_LIMIT, type SocketHub } from '../../server/ws'
import { connectSocket, type NoticeFrame } from './socket-client'

/**
 * The memory a starved reader costs the hall is bounded (issue 46, docs/realtime.md "Delivery
 * under load"): a connection that stops reading while far more is stored for it than the kernel's
 * buffers take holds at most SOCKET_SEND_LIMIT (and one frame) unsent in the hall; the rest waits
 * in the outbox. The pushes do not wait for the reader. When it reads again it gets every notice
 * once, in msgId order, on the same connection.
 */

/** About 100 KB per notice; 200 of them (20 MB) are several times what loopback's buffers hold. */
const bulk = 'x'.repeat(100_000)
const NOTICES = 200

describe('a starved socket is paced by the outbox', () => {
  let db: Db
  let server: Server
  let hub: SocketHub
  let url: string
  beforeAll(async () => {
    db = await openDb('memory', { migrated: true })
    await seed(db, { demoPlayers: false })
    hub = await createSocketHub({ db })
    server = createServer((_req, res) => res.writeHead(404).end())
    hub.attach(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }, 60_000)
  afterAll(async () => {
    await hub.close()
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await db.close()
  })

  it('holds at most the send limit unsent for a reader that stops, and sends the rest from the outbox, in order and once, as it reads again', async () => {
    const player = await createPlayer(db, { siteCode: '001', username: 'starved1', passwordHash: null, accountType: 1, currency: 'USD' })
    const session = await openSession(db, player.id, { now: Date.now(), ttlMs: 3_600_000, ip: '127.0.0.1', device: 'test', userkey: player.userkey, byUserkey: false })
    const socket = connectSocket(url, session.token, '001')
    await socket.opened
    // Joined: the first notice arrives.
    const first = await hub.push(player.id, 'activeDetails', { n: 0 })
    await socket.until((f) => f.type === 'notice' && f.msgId === first.msgId)

    socket.ws.pause()
    const stored = [first.msgId]
    let unsentMost = 0
    let skipped = 0
    for (let i = 1; i <= NOTICES; i++) {
      const pushed = await hub.push(player.id, 'activeDetails', { n: i, bulk })
      stored.push(pushed.msgId)
      if (pushed.sent === 0) skipped += 1
      unsentMost = Math.max(unsentMost, hub.unsentBytes)
    }
    // Bounded: never more than the limit and the one frame that crossed it.
    expect(unsentMost).toBeGreaterThan(0)
    expect(unsentMost).toBeLessThanOrEqual(SOCKET_SEND_LIMIT + bulk.length + 200)
    // The connection fell behind: later notices were left in the outbox, not buffered.
    expect(skipped).toBeGreaterThan(0)

    socket.ws.resume()
    const got = (await socket.until((f) => f.type === 'notice', stored.length)) as NoticeFrame[]
    expect(got.map((n) => n.msgId)).toEqual(stored)
    expect(got.map((n) => (n.content.data as { n: number }).n)).toEqual(stored.map((_, i) => i))
    for (const id of stored) socket.ack(id)
    // Nothing more comes: a Pong answers the Ping sent after every ack, and no notice came again.
    socket.send({ type: 'Ping' })
    await socket.until((f) => f.type === 'Pong')
    expect(socket.notices()).toHaveLength(stored.length)
    // Once caught up, a new notice goes straight out.
    const next = await hub.push(player.id, 'activeDetails', { n: NOTICES + 1 })
    expect(next.sent).toBe(1)
    await socket.until((f) => f.type === 'notice' && f.msgId === next.msgId)
    await socket.close()
  }, 120_000)
})
