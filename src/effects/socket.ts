import { Schema } from 'effect'
import type { EventOfType, LobbyEvent } from '../../schemas/events'
import { ServerFrame, ServerNotice, SOCKET_PATH, type ClientFrame } from '../../schemas/events/socket'
import type { Bus } from '../bus/bus'
import { hallOrigin } from './hall-runner'

/**
 * The socket runner: owns the WebSocket to the hall. It performs the socket actor's commands
 * (`socket.connectRequested`, `closeRequested`, `pingRequested`, `ackRequested`) and publishes
 * what happens to the connection as facts (`socket.opened`, `socket.closed`,
 * `socket.messageReceived`, the notice decoded into its typed form). It decides nothing: the
 * timeout, the heartbeat, the backoff and the dedupe are the actor's, on the actor clock, so they
 * replay exactly. A connection the actor closed publishes nothing more.
 */

/** What the runner needs of a WebSocket (the browser's, or a fake in tests). */
export interface SocketLike {
  readonly readyState: number
  send(data: string): void
  close(code?: number, reason?: string): void
  onopen: ((ev: unknown) => void) | null
  onclose: ((ev: { readonly code: number; readonly reason: string }) => void) | null
  onmessage: ((ev: { readonly data: unknown }) => void) | null
  onerror: ((ev: unknown) => void) | null
}

/** Opens a WebSocket to a URL. */
export type SocketFactory = (url: string) => SocketLike

/** WebSocket.OPEN. */
const OPEN = 1

/** The socket URL on the hall origin: ws(s)://host/websocket/ws?Token=…&siteCode=… (calls §7.3). */
export const socketUrl = (origin: string, token: string, siteCode: string): string => {
  const url = new URL(SOCKET_PATH, origin)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  url.searchParams.set('Token', token)
  url.searchParams.set('siteCode', siteCode)
  return url.toString()
}

const decodeFrame = Schema.decodeUnknownExit(Schema.fromJsonString(ServerFrame))
const decodeNotice = Schema.decodeUnknownExit(ServerNotice)

/**
 * What a frame from the hall means: a Pong, a notice (typed, or `unrecognised` when its content
 * type is unknown or its data does not decode: it is still acknowledged), or null for a frame
 * that is not one of the hall's at all.
 */
export const readFrame = (text: string): { readonly kind: 'pong' } | { readonly kind: 'notice'; readonly msgId: string; readonly notice: ServerNotice } | null => {
  const frame = decodeFrame(text)
  if (frame._tag !== 'Success') return null
  if (frame.value.type === 'Pong') return { kind: 'pong' }
  const { msgId, content } = frame.value
  const notice = decodeNotice(content)
  return {
    kind: 'notice',
    msgId,
    notice: notice._tag === 'Success' && notice.value.type !== 'unrecognised' ? notice.value : { type: 'unrecognised', contentType: content.type },
  }
}

export const startSocketRunner = (bus: Bus, create: SocketFactory): (() => void) => {
  let origin: string | null = null
  const live = new Map<number, SocketLike>()
  const publish = (fact: LobbyEvent) => bus.publish(fact, 'runner', 'socket')

  const send = (connection: number, frame: ClientFrame) => {
    const ws = live.get(connection)
    if (ws !== undefined && ws.readyState === OPEN) ws.send(JSON.stringify(frame))
  }

  const close = (connection: number) => {
    const ws = live.get(connection)
    if (ws === undefined) return
    live.delete(connection)
    ws.onopen = ws.onclose = ws.onmessage = ws.onerror = null
    ws.close(1000, 'closed by the lobby')
  }

  const open = (e: EventOfType<'socket.connectRequested'>) => {
    for (const other of [...live.keys()]) close(other)
    const { connection } = e
    let ws: SocketLike
    try {
      if (origin === null) throw new Error('the hall origin is not known yet')
      ws = create(socketUrl(origin, e.token, e.siteCode))
    } catch (error) {
      // A URL the browser refuses: the same as a connection that could not open.
      queueMicrotask(() => publish({ type: 'socket.closed', connection, code: 1006, reason: String(error) }))
      return
    }
    live.set(connection, ws)
    ws.onopen = () => publish({ type: 'socket.opened', connection })
    ws.onmessage = (m) => {
      if (typeof m.data !== 'string') return
      const read = readFrame(m.data)
      if (read?.kind === 'notice') publish({ type: 'socket.messageReceived', connection, msgId: read.msgId, notice: read.notice })
    }
    ws.onclose = (c) => {
      if (live.get(connection) !== ws) return
      live.delete(connection)
      publish({ type: 'socket.closed', connection, code: c.code, reason: c.reason })
    }
    // An error is always followed by a close, which is what the actor hears.
    ws.onerror = () => undefined
  }

  const sub = bus.records$.subscribe(({ event }) => {
    switch (event.type) {
      case 'app.started':
        origin = hallOrigin(event.site.configApiBaseUrl)
        break
      case 'socket.connectRequested':
        open(event)
        break
      case 'socket.closeRequested':
        close(event.connection)
        break
      case 'socket.pingRequested':
        send(event.connection, { type: 'Ping' })
        break
      case 'socket.ackRequested':
        send(event.connection, { type: 'ack', msgId: event.msgId })
        break
      default:
        break
    }
  })

  return () => {
    sub.unsubscribe()
    for (const connection of [...live.keys()]) close(connection)
  }
}
