/**
 * The hall's realtime socket (calls §7.3): `/websocket/ws?Token=…&siteCode=…` on the hall origin.
 * A connection is accepted for a live player session of that site; the hall answers each Ping with
 * a Pong while that session lives (a logout, a password change or a freeze ends it: the next Ping
 * closes the connection with 4401), and pushes event notices `{ type: 'notice', msgId, content: { type, data } }`. Every
 * notice goes to the player's outbox first (table socket_outbox, so it outlives a restart), is
 * sent to each open connection of the player, and stays there until one of them acknowledges its
 * msgId; every new connection gets all unacknowledged notices again, oldest first. The lobby
 * processes each msgId once, so a resend is harmless and nothing is lost.
 *
 * Pushes come from real events (a completed credit: payOrderSuccess) and from the control surface
 * (`POST /__control/push {username, type, data}`).
 *
 * Several halls on one PostgreSQL server: a player's connection may be open on another hall than
 * the one that pushes. Every row stored in the outbox is announced with NOTIFY on SOCKET_CHANNEL
 * (a trigger, migration 111: on commit, whoever inserted it) with the player and the msgId; every
 * hall LISTENs and sends the stored notice to the connections it holds for that player. A
 * connection is sent each msgId once, whichever way it came (resend on connect, its own hall's
 * push, the announcement).
 */
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { Schema } from 'effect'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { ClientFrame, SOCKET_CLOSE, SOCKET_PATH, type ServerFrame } from '../schemas/events/socket'
import type { Queryable } from './db'
import { isLive, sessionByToken, sessionWithPlayer, takePlayerReadWith } from './store'

/** A connection that sends nothing (not even a Ping) for this long is dropped: three missed heartbeats. */
export const SOCKET_IDLE_MS = 35_000

/**
 * The most a connection holds unsent in the hall (bytes of frames its reader has not taken yet,
 * beyond what the kernel's buffers hold). A connection that stops reading gets nothing more once
 * it is past this: its notices wait in the outbox, and it is sent them, oldest first, as it reads
 * again (docs/realtime.md "Delivery under load"). So a starved reader costs the hall at most this
 * much memory, however much is stored for it, and is neither dropped nor sent a notice twice.
 */
export const SOCKET_SEND_LIMIT = 1024 * 1024

/** How many of a connection's unsent notices one catch-up read of the outbox takes. */
const CATCH_UP_BATCH = 32

/** The hall's socket: attach it to the HTTP server, push notices, close it with the hall. */
export interface SocketHub {
  /** Takes over WebSocket upgrades on SOCKET_PATH (other upgrade paths are refused). */
  attach(server: Server): void
  /** Stores a notice in the player's outbox and sends it to their open connections; answers its msgId and how many connections it went to. */
  push(playerId: string, type: string, data: unknown): Promise<{ msgId: string; sent: number }>
  /** Sends notices already stored in the player's outbox (storeNotice, inside the transaction that caused them) to their open connections. */
  send(playerId: string, notices: ReadonlyArray<{ msgId: string; type: string; data: unknown }>): Promise<number>
  /**
   * A sign of life of the player by another way than the socket (the `/home/heartbeat` call of a
   * site whose hall profile keeps alive by call, issue 45): this hall's connections of the player
   * count it as a frame, so they are not dropped as idle.
   */
  keepAlive(playerId: string): void
  /** Open connections (all players). */
  readonly connectionCount: number
  /** The most bytes one open connection holds unsent in the hall now (at most SOCKET_SEND_LIMIT and one frame). */
  readonly unsentBytes: number
  /** Unacknowledged notices of a player, oldest first. */
  pending(playerId: string): Promise<ReadonlyArray<{ msgId: string; type: string; data: unknown }>>
  /** Drops every connection (code 1001), stops accepting new ones and stops listening to other halls. */
  close(): Promise<void>
}

/** The PostgreSQL channel on which halls sharing a store tell each other of pushed notices. */
export const SOCKET_CHANNEL = 'lobby_socket_outbox'

/** What the outbox trigger notifies on SOCKET_CHANNEL: the player and the msgId. */
interface Notified {
  readonly p: string
  readonly m: string
}

/**
 * Stores a notice in a player's outbox with the caller's connection (a transaction: the notice
 * exists exactly when the change it tells of was committed); hand it to SocketHub.send after the
 * commit. A notice stored but not sent (the hall stopped in between) reaches the next connection.
 */
export const storeNotice = async (db: Queryable, playerId: string, type: string, data: unknown): Promise<{ msgId: string; type: string; data: unknown }> => {
  const row = (
    await db.query<{ msgId: string; type: string; data: unknown }>(
      `INSERT INTO socket_outbox (player_id, type, data) VALUES ($1, $2, $3::jsonb) RETURNING msg_id::text AS "msgId", type, data`,
      [playerId, type, JSON.stringify(data ?? null)],
    )
  ).rows[0]
  if (row === undefined) throw new Error('outbox insert returned no row')
  return row
}

const decodeClientFrame = Schema.decodeUnknownExit(Schema.fromJsonString(ClientFrame))
/** A frame's text: ws hands over a Buffer, or an ArrayBuffer or the fragments with another binaryType. */
const textOf = (raw: RawData): string =>
  (Buffer.isBuffer(raw) ? raw : Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw)).toString('utf8')

interface OutboxRow {
  readonly msgId: string
  readonly type: string
  readonly data: unknown
}

/** What the hall keeps of an open connection. */
interface Conn {
  readonly playerId: string
  /**
   * The msgIds this connection was sent and has not acknowledged (an acknowledgement is written a
   * moment later, and a notice heard from another hall meanwhile must not go out again).
   */
  readonly sent: Set<string>
  /** Past SOCKET_SEND_LIMIT: notices for it wait in the outbox until it has read enough. */
  behind: boolean
  /** A catch-up of this connection is running. */
  catching: boolean
}

export const createSocketHub = async (deps: {
  readonly db: Queryable
  readonly now?: () => number
  readonly log?: (line: string) => void
  /** Set when other halls share the store (Db.subscribe): pushes are then told to them, and theirs heard. */
  readonly subscribe?: (channel: string, onPayload: (payload: string) => void, onResumed: () => void) => Promise<() => Promise<void>>
}): Promise<SocketHub> => {
  const now = deps.now ?? Date.now
  const wss = new WebSocketServer({ noServer: true })
  const byPlayer = new Map<string, Set<WebSocket>>()
  /** Each connection's idle timer restart (keepAlive). */
  const keepers = new Map<WebSocket, () => void>()
  const conns = new WeakMap<WebSocket, Conn>()
  // Per player, sends happen one after another: a push, the resend of a new connection and a
  // catch-up never interleave their frames. A player's entry goes when its last send is done.
  const queues = new Map<string, Promise<unknown>>()
  let closed = false

  const serially = <T>(playerId: string, fn: () => Promise<T>): Promise<T> => {
    const next = (queues.get(playerId) ?? Promise.resolve()).then(fn, fn)
    const tail = next.then(
      () => undefined,
      () => undefined,
    )
    queues.set(playerId, tail)
    void tail.then(() => {
      if (queues.get(playerId) === tail) queues.delete(playerId)
    })
    return next
  }

  const sendFrame = (ws: WebSocket, frame: ServerFrame): boolean => {
    if (ws.readyState !== ws.OPEN) return false
    ws.send(JSON.stringify(frame))
    return true
  }
  const noticeFrame = (row: OutboxRow): ServerFrame => ({ type: 'notice', msgId: row.msgId, content: { type: row.type, data: row.data } })
  /**
   * Sends a notice unless this connection had it already or holds SOCKET_SEND_LIMIT unsent (it is
   * then behind: the notice waits in the outbox for the catch-up); true when sent now. Called
   * inside the player's `serially` turn only, so frames of one player never interleave.
   */
  const sendNotice = (ws: WebSocket, row: OutboxRow, catchingUp = false): boolean => {
    const c = conns.get(ws)
    if (c === undefined || c.sent.has(row.msgId) || ws.readyState !== ws.OPEN) return false
    if ((c.behind && !catchingUp) || ws.bufferedAmount > SOCKET_SEND_LIMIT) {
      c.behind = true
      return false
    }
    c.sent.add(row.msgId)
    // The callback comes once the frame left the hall's buffers (or the connection failed).
    ws.send(JSON.stringify(noticeFrame(row)), (e) => {
      if (e === undefined || e === null) drained(ws, c)
    })
    return true
  }

  /** The oldest unacknowledged notices of the player that this connection was not sent. */
  const unsentTo = async (c: Conn): Promise<ReadonlyArray<OutboxRow>> =>
    (
      await deps.db.query<OutboxRow>(
        `SELECT msg_id::text AS "msgId", type, data FROM socket_outbox
         WHERE player_id = $1 AND acked_at IS NULL AND NOT (msg_id = ANY($2::bigint[])) ORDER BY msg_id LIMIT ${CATCH_UP_BATCH}`,
        [c.playerId, [...c.sent]],
      )
    ).rows

  /**
   * A frame of a connection left the hall: when the connection is behind and has read enough (half
   * the limit left), it is sent what waits for it in the outbox, oldest first, until it is past the
   * limit again (the next frames' callbacks go on) or has everything.
   */
  const drained = (ws: WebSocket, c: Conn): void => {
    if (!c.behind || c.catching || closed || ws.readyState !== ws.OPEN || ws.bufferedAmount > SOCKET_SEND_LIMIT / 2) return
    c.catching = true
    serially(c.playerId, async () => {
      for (;;) {
        if (ws.readyState !== ws.OPEN) return
        const rows = await unsentTo(c)
        for (const row of rows) if (!sendNotice(ws, row, true) && ws.bufferedAmount > SOCKET_SEND_LIMIT) return
        if (rows.length < CATCH_UP_BATCH) {
          c.behind = false
          return
        }
      }
    })
      .catch((e: unknown) => deps.log?.(`socket catch-up failed: ${String(e)}`))
      .finally(() => {
        c.catching = false
        // Frames that left while the catch-up ran did not start another: look again.
        if (c.behind && ws.bufferedAmount <= SOCKET_SEND_LIMIT / 2) drained(ws, c)
      })
  }

  const unacked = async (playerId: string): Promise<ReadonlyArray<OutboxRow>> =>
    (
      await deps.db.query<OutboxRow>(
        `SELECT msg_id::text AS "msgId", type, data FROM socket_outbox WHERE player_id = $1 AND acked_at IS NULL ORDER BY msg_id`,
        [playerId],
      )
    ).rows

  // Connections of a player waiting for their turn to join (each is sent the unacknowledged
  // notices): the turn serves every connection waiting by then with one read of the outbox, so many
  // sessions of one account connecting at once do not queue one read each behind each other.
  const joining = new Map<string, { readonly sockets: Array<{ ws: WebSocket; joined: () => void }>; readonly done: Promise<void> }>()
  const join = (id: string, ws: WebSocket, joined: () => void): Promise<void> => {
    const waiting = joining.get(id)
    if (waiting !== undefined) {
      waiting.sockets.push({ ws, joined })
      return waiting.done
    }
    const sockets = [{ ws, joined }]
    const done = serially(id, async () => {
      joining.delete(id)
      const open = sockets.filter((c) => c.ws.readyState === c.ws.OPEN)
      if (open.length === 0) return
      const set = byPlayer.get(id) ?? new Set<WebSocket>()
      for (const c of open) {
        c.joined()
        conns.set(c.ws, { playerId: id, sent: new Set(), behind: false, catching: false })
        set.add(c.ws)
      }
      byPlayer.set(id, set)
      const rows = await unacked(id)
      for (const c of open) for (const row of rows) sendNotice(c.ws, row)
    })
    joining.set(id, { sockets, done })
    return done
  }

  const authenticate = async (url: URL): Promise<{ playerId: string } | { code: number; reason: string }> => {
    const token = url.searchParams.get('Token') ?? ''
    const siteCode = url.searchParams.get('siteCode') ?? ''
    if (token === '' || siteCode === '') return { code: SOCKET_CLOSE.badRequest, reason: 'Token and siteCode are required' }
    const session = await sessionWithPlayer(deps.db, token)
    if (session === undefined || !isLive(session, now())) return { code: SOCKET_CLOSE.unauthorized, reason: 'not a live session' }
    const player = takePlayerReadWith(session)
    if (player === undefined || player.siteCode !== siteCode) return { code: SOCKET_CLOSE.unauthorized, reason: 'not a player of this site' }
    return { playerId: player.id }
  }

  const onConnection = (ws: WebSocket, url: URL): void => {
    // Frames that arrive while the Token is checked wait for it.
    const early: RawData[] = []
    let playerId: string | null = null
    let idle: ReturnType<typeof setTimeout> | undefined
    const keepAlive = () => {
      if (idle !== undefined) clearTimeout(idle)
      idle = setTimeout(() => ws.terminate(), SOCKET_IDLE_MS)
    }
    keepers.set(ws, keepAlive)
    const onFrame = (raw: RawData) => {
      keepAlive()
      const exit = decodeClientFrame(textOf(raw))
      if (exit._tag !== 'Success' || playerId === null) return
      const frame = exit.value
      if (frame.type === 'Ping') {
        // The session may have ended since the connection opened (docs/hall.md, sign-out ends access).
        void sessionByToken(deps.db, url.searchParams.get('Token') ?? '')
          .then((s) => (s !== undefined && isLive(s, now()) ? sendFrame(ws, { type: 'Pong' }) : ws.close(SOCKET_CLOSE.unauthorized, 'the session ended')))
          .catch((e: unknown) => deps.log?.(`socket session check failed: ${String(e)}`))
      } else {
        const owner = playerId
        const msgId = frame.msgId
        void deps.db
          .query(`UPDATE socket_outbox SET acked_at = now() WHERE msg_id = $1::bigint AND player_id = $2 AND acked_at IS NULL`, [
            /^\d{1,18}$/.test(msgId) ? msgId : '0',
            owner,
          ])
          // Acknowledged (by this connection or another): no read of the outbox finds it again, so
          // the connection need not remember it.
          .then(() => conns.get(ws)?.sent.delete(msgId))
          .catch((e: unknown) => deps.log?.(`socket ack failed: ${String(e)}`))
      }
    }
    // Every frame keeps the connection, also one that waits for the Token check: on a busy hall the
    // check and the join may take longer than SOCKET_IDLE_MS, and the lobby's Pings meanwhile are
    // the sign that it is still there.
    ws.on('message', (raw) => {
      if (playerId !== null) return onFrame(raw)
      keepAlive()
      early.push(raw)
    })
    ws.on('close', () => {
      if (idle !== undefined) clearTimeout(idle)
      keepers.delete(ws)
      if (playerId === null) return
      const set = byPlayer.get(playerId)
      set?.delete(ws)
      if (set?.size === 0) byPlayer.delete(playerId)
    })
    ws.on('error', () => undefined)
    keepAlive()
    void authenticate(url)
      .then(async (auth) => {
        if ('code' in auth) return ws.close(auth.code, auth.reason)
        const id = auth.playerId
        await join(id, ws, () => {
          playerId = id
        })
        for (const raw of early.splice(0)) onFrame(raw)
      })
      .catch((e: unknown) => {
        deps.log?.(`socket connection failed: ${String(e)}`)
        ws.close(1011, 'internal error')
      })
  }

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = new URL(req.url ?? '/', 'http://hall')
    if (closed || url.pathname !== SOCKET_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n')
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, url))
  }

  // A notice announced by any hall (this one's own pushes too, which it sent already): sent to this
  // hall's connections of that player that lack it, read from the outbox.
  const lacking = (playerId: string, msgId: string): boolean => [...(byPlayer.get(playerId) ?? [])].some((ws) => conns.get(ws)?.sent.has(msgId) === false)
  const delivered = async (playerId: string, msgId: string): Promise<void> => {
    if (!lacking(playerId, msgId)) return
    await serially(playerId, async () => {
      const set = byPlayer.get(playerId)
      if (set === undefined || !lacking(playerId, msgId)) return
      const row = (
        await deps.db.query<OutboxRow>(
          `SELECT msg_id::text AS "msgId", type, data FROM socket_outbox WHERE msg_id = $1::bigint AND player_id = $2 AND acked_at IS NULL`,
          [msgId, playerId],
        )
      ).rows[0]
      if (row !== undefined) for (const ws of set) sendNotice(ws, row)
    })
  }
  // After the LISTEN connection was lost: what other halls pushed meanwhile is in the outbox.
  const caughtUp = async (): Promise<void> => {
    for (const playerId of [...byPlayer.keys()]) {
      await serially(playerId, async () => {
        const rows = await unacked(playerId)
        for (const ws of byPlayer.get(playerId) ?? []) for (const row of rows) sendNotice(ws, row)
      })
    }
  }
  const stopListening =
    deps.subscribe === undefined
      ? undefined
      : await deps.subscribe(
          SOCKET_CHANNEL,
          (payload) => {
            let n: Notified
            try {
              n = JSON.parse(payload) as Notified
            } catch {
              return
            }
            if (typeof n.p !== 'string' || typeof n.m !== 'string') return
            delivered(n.p, n.m).catch((e: unknown) => deps.log?.(`socket delivery of another hall's notice failed: ${String(e)}`))
          },
          () => void caughtUp().catch((e: unknown) => deps.log?.(`socket catch-up failed: ${String(e)}`)),
        )

  return {
    attach: (server) => {
      server.on('upgrade', onUpgrade)
    },
    push: async (playerId, type, data) => {
      const row = (
        await deps.db.query<OutboxRow>(
          `INSERT INTO socket_outbox (player_id, type, data) VALUES ($1, $2, $3::jsonb) RETURNING msg_id::text AS "msgId", type, data`,
          [playerId, type, JSON.stringify(data ?? null)],
        )
      ).rows[0]
      if (row === undefined) throw new Error('outbox insert returned no row')
      const sent = await serially(playerId, async () => {
        let n = 0
        for (const ws of byPlayer.get(playerId) ?? []) if (sendNotice(ws, row)) n += 1
        return n
      })
      return { msgId: row.msgId, sent }
    },
    send: (playerId, notices) =>
      serially(playerId, async () => {
        let n = 0
        for (const row of notices) for (const ws of byPlayer.get(playerId) ?? []) if (sendNotice(ws, row)) n += 1
        return n
      }),
    keepAlive: (playerId) => {
      for (const ws of byPlayer.get(playerId) ?? []) keepers.get(ws)?.()
    },
    get connectionCount() {
      let n = 0
      for (const set of byPlayer.values()) n += set.size
      return n
    },
    get unsentBytes() {
      let most = 0
      for (const set of byPlayer.values()) for (const ws of set) most = Math.max(most, ws.bufferedAmount)
      return most
    },
    pending: (playerId) => unacked(playerId),
    close: async () => {
      closed = true
      for (const ws of wss.clients) ws.terminate()
      byPlayer.clear()
      wss.close()
      await stopListening?.()
    },
  }
}
