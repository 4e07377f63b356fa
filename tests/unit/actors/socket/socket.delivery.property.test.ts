import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_RETRIES, type SocketEvent } from '../../../../actors/socket'
import type { ServerNotice } from '../../../../schemas/events/socket'
import { credentials, loggedIn, started, startSocket } from './support'

/**
 * The socket actor against a simulated hall outbox over a simulated network, with fast-check's
 * scheduler choosing the order of everything: pushes, deliveries of notices, acknowledgements,
 * opens, drops, and time passing. Whatever the order, every pushed notice is processed exactly
 * once and the outbox ends empty (everything acknowledged).
 *
 * The hall side mirrors server/ws.ts: a per-player outbox of unacknowledged notices in msgId
 * order, all resent when a connection opens, each new push sent on the open connection, an ack
 * removing its notice. A dropped connection loses whatever is in flight on it, both ways.
 */

type Op = { readonly kind: 'push' } | { readonly kind: 'drop' } | { readonly kind: 'tick'; readonly ms: number }

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.constant<Op>({ kind: 'push' }) },
  { weight: 2, arbitrary: fc.constant<Op>({ kind: 'drop' }) },
  { weight: 2, arbitrary: fc.constantFrom(1000, 4000, 10_000).map((ms): Op => ({ kind: 'tick', ms })) },
)

const noticeOf = (msgId: string): ServerNotice => ({
  type: 'payOrderSuccess',
  data: { orderNo: `order-${msgId}`, amount: '1.00', currency: 'USD', balance: '1.00', isFirst: 0 },
})

const run = async (s: fc.Scheduler, ops: ReadonlyArray<Op>) => {
  const socket = startSocket()
  const processed = new Map<string, number>()
  const outbox = new Map<string, ServerNotice>() // unacknowledged, in msgId order
  let nextMsg = 0
  let pushed = 0
  let serverConn: number | null = null // the connection the hall sends on
  const clientClosed = new Set<number>() // connections the lobby closed or saw close

  const send = (e: SocketEvent) => socket.actor.send(e)
  const deliverNotice = (conn: number, msgId: string) =>
    void s.schedule(Promise.resolve(), `notice ${msgId} on ${conn}`).then(() => {
      if (serverConn === conn && !clientClosed.has(conn)) send({ type: 'socket.messageReceived', connection: conn, msgId, notice: outbox.get(msgId) ?? noticeOf(msgId) })
    })
  const dropConnection = (conn: number) => {
    if (serverConn === conn) serverConn = null
    if (clientClosed.has(conn)) return
    clientClosed.add(conn)
    send({ type: 'socket.closed', connection: conn, code: 1006, reason: '' })
  }

  // The runner's side: what the actor asks for travels through the network too.
  socket.actor.on('*', (e) => {
    switch (e.type) {
      case 'socket.connectRequested': {
        const conn = e.connection
        void s.schedule(Promise.resolve(), `open ${conn}`).then(() => {
          if (clientClosed.has(conn)) return
          if (serverConn !== null) dropConnection(serverConn) // a newer connection replaces the older
          serverConn = conn
          send({ type: 'socket.opened', connection: conn })
          for (const msgId of outbox.keys()) deliverNotice(conn, msgId)
        })
        break
      }
      case 'socket.closeRequested':
        clientClosed.add(e.connection)
        if (serverConn === e.connection) serverConn = null
        break
      case 'socket.ackRequested': {
        const { connection, msgId } = e
        void s.schedule(Promise.resolve(), `ack ${msgId} on ${connection}`).then(() => {
          if (serverConn === connection) outbox.delete(msgId)
        })
        break
      }
      default:
        if (e.type.startsWith('realtime.')) {
          const id = (e as unknown as { msgId: string }).msgId
          processed.set(id, (processed.get(id) ?? 0) + 1)
        }
    }
  })

  send(started)
  send(credentials('tok'))
  send(loggedIn)
  for (const o of ops) {
    void s.schedule(Promise.resolve(), o.kind).then(() => {
      if (o.kind === 'push') {
        const msgId = String(++nextMsg)
        pushed += 1
        outbox.set(msgId, noticeOf(msgId))
        if (serverConn !== null) deliverNotice(serverConn, msgId)
      } else if (o.kind === 'drop') {
        if (serverConn !== null) dropConnection(serverConn)
      } else socket.clock.increment(o.ms)
    })
  }
  await s.waitAll()

  // The network calms down: time passes until the socket is open and the outbox is empty.
  for (let round = 0; round < 200 && (outbox.size > 0 || !socket.snapshot().matches('open')); round++) {
    if (socket.snapshot().matches('disconnected')) send({ type: 'socket.retryRequested' })
    socket.clock.increment(socket.snapshot().matches('error') ? 10_000 : 1)
    await s.waitAll()
  }
  return { socket, processed, outbox, pushed }
}

describe('socket delivery under any order of messages, acks, drops and reconnections', () => {
  it('processes every msgId exactly once and leaves nothing unacknowledged', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.array(op, { minLength: 1, maxLength: 30 }), async (s, ops) => {
        const { socket, processed, outbox, pushed } = await run(s, ops)
        expect(socket.snapshot().value).toBe('open')
        expect(outbox.size).toBe(0)
        // Never lost: every pushed msgId was processed.
        expect([...processed.keys()].sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: pushed }, (_, i) => String(i + 1)))
        // Never twice.
        for (const [, n] of processed) expect(n).toBe(1)
        expect(socket.snapshot().context.retries).toBeLessThanOrEqual(MAX_RETRIES)
      }),
      { numRuns: 300 },
    )
  })
})
