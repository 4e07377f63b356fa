/**
 * The load generator's socket for one player (tests/bench/hall-load.ts): it behaves as the lobby's
 * socket does (actors/socket, docs/realtime.md), not as a test client that opens once. A Ping every
 * HEARTBEAT_MS while open; a connection not open within CONNECT_TIMEOUT_MS is given up; after any
 * drop it connects again after reconnectDelayMs(k) (1 s, 1.3 s … 10 s), counting from the last
 * open; every notice is acknowledged, duplicates included, and a msgId seen before is dropped (the
 * lobby's once-only rule). Until `stop()` it never gives up: a bench run is short, and a player
 * whose socket gave up would turn a late notice into a missing one.
 *
 * It records what the delivery check needs: per msgId when it first arrived and on which
 * connection, how often it came again on the same connection (a hall fault: each connection is
 * sent a msgId once) and on later connections (the resend of unacknowledged notices: allowed,
 * dropped here by msgId); per connection when it opened; and notices that came out of msgId order
 * on one connection.
 */
import WebSocket from 'ws'
import { CONNECT_TIMEOUT_MS, HEARTBEAT_MS, reconnectDelayMs } from '../../actors/socket/socket.logic'
import { SOCKET_PATH, type ServerFrame } from '../../schemas/events/socket'

/** One msgId as this player saw it. */
export interface Arrival {
  /** When it first arrived (epoch ms). */
  readonly at: number
  /** The connection (1-based) it first arrived on. */
  readonly connection: number
  /** Arrivals again on the connection it came on: the hall sent it twice there. */
  twiceOnOneConnection: number
  /** Arrivals on later connections (the resend of what was not acknowledged yet), dropped by msgId. */
  resent: number
}

export interface LoadSocket {
  /** Resolves when the first connection is open. */
  readonly opened: Promise<void>
  /** msgId → its arrival. */
  readonly arrivals: Map<string, Arrival>
  /** When each connection opened (epoch ms), in order; index k is connection k + 1. */
  readonly openedAt: number[]
  /** Drops of an open connection (the hall closed it, or the network). */
  readonly drops: () => number
  /** Attempts that did not open (refused, or not open within the connect timeout). */
  readonly failedAttempts: () => number
  /** Notices that arrived on a connection after a higher msgId had (per connection). */
  readonly outOfOrder: () => number
  /** Stops for good: no reconnection; resolves when the connection is closed. */
  stop(): Promise<void>
}

export const openLoadSocket = (hallUrl: string, token: string, siteCode: string, onNotice: () => void): LoadSocket => {
  const url = new URL(SOCKET_PATH, hallUrl.replace(/^http/, 'ws'))
  url.searchParams.set('Token', token)
  url.searchParams.set('siteCode', siteCode)
  const arrivals = new Map<string, Arrival>()
  const openedAt: number[] = []
  let drops = 0
  let failed = 0
  let outOfOrder = 0
  let retries = 0
  let stopped = false
  let ws: WebSocket | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let heartbeat: ReturnType<typeof setInterval> | undefined
  let firstOpen: () => void = () => undefined
  const opened = new Promise<void>((resolve) => (firstOpen = resolve))

  const connect = () => {
    if (stopped) return
    const socket = new WebSocket(url)
    ws = socket
    let open = false
    let connection = 0
    let highest = -1n
    const giveUp = setTimeout(() => socket.terminate(), CONNECT_TIMEOUT_MS)
    socket.on('open', () => {
      clearTimeout(giveUp)
      open = true
      retries = 0
      openedAt.push(Date.now())
      connection = openedAt.length
      heartbeat = setInterval(() => socket.readyState === socket.OPEN && socket.send('{"type":"Ping"}'), HEARTBEAT_MS)
      firstOpen()
    })
    socket.on('message', (raw) => {
      const frame = JSON.parse((raw as Buffer).toString('utf8')) as ServerFrame
      if (frame.type !== 'notice') return
      socket.send(JSON.stringify({ type: 'ack', msgId: frame.msgId }))
      const id = BigInt(frame.msgId)
      if (id < highest) outOfOrder += 1
      else highest = id
      const seen = arrivals.get(frame.msgId)
      if (seen === undefined) {
        arrivals.set(frame.msgId, { at: Date.now(), connection, twiceOnOneConnection: 0, resent: 0 })
        onNotice()
      } else if (seen.connection === connection) seen.twiceOnOneConnection += 1
      else seen.resent += 1
    })
    socket.on('error', () => undefined)
    socket.on('close', () => {
      clearTimeout(giveUp)
      if (heartbeat !== undefined) clearInterval(heartbeat)
      heartbeat = undefined
      if (stopped) return
      if (open) drops += 1
      else failed += 1
      retries += 1
      timer = setTimeout(connect, reconnectDelayMs(retries))
    })
  }
  connect()

  return {
    opened,
    arrivals,
    openedAt,
    drops: () => drops,
    failedAttempts: () => failed,
    outOfOrder: () => outOfOrder,
    stop: async () => {
      stopped = true
      if (timer !== undefined) clearTimeout(timer)
      const s = ws
      if (s === undefined || s.readyState === s.CLOSED) return
      const closed = new Promise<void>((resolve) => s.once('close', () => resolve()))
      if (s.readyState === s.CONNECTING) s.terminate()
      else s.close()
      await closed
    },
  }
}
