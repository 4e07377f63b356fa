import type { EventOfType } from '../../schemas/events'
import type { ServerNotice } from '../../schemas/events/socket'

/**
 * The socket's constants (spec §9), its context and events, and the pure functions the machine
 * names: the reconnect delay, the bounded memory of processed msgIds, and the typed notice each
 * hall content type becomes.
 */

/** Heartbeat: a Ping every 10 s while open (or, on a site whose hall profile says `heartbeat: 'call'`, the heartbeat call). */
export const HEARTBEAT_MS = 10_000
/** A connection not open 4 s after it was asked for is given up and retried. */
export const CONNECT_TIMEOUT_MS = 4_000
/** The first reconnect delay. */
export const RECONNECT_BASE_MS = 1_000
/** Each further delay is the previous one times this. */
export const RECONNECT_GROWTH = 1.3
/** No delay is longer than this. */
export const RECONNECT_MAX_MS = 10_000
/** Reconnection attempts after a drop before the socket gives up (the 21st never happens). */
export const MAX_RETRIES = 20
/** How many processed msgIds the actor remembers to refuse a resent notice. */
export const REMEMBERED_MSG_IDS = 500

/**
 * The delay before reconnection attempt `retry` (1-based): 1 s, 1.3 s, 1.69 s, 2.197 s ... and
 * never more than 10 s (from the 10th attempt on), in whole ms: timers, the simulated clock and
 * the log all count in ms, and a fractional delay (2856.1) does not survive float arithmetic on a
 * clock (start + 2856.1 - start is not 2856.1). So 2856, 3713, 4827, 6275, 8157, then 10000.
 */
export const reconnectDelayMs = (retry: number): number =>
  Math.min(RECONNECT_MAX_MS, Math.round(RECONNECT_BASE_MS * RECONNECT_GROWTH ** Math.max(0, retry - 1)))

export interface SocketContext {
  /** The hall Token from the last credentials change (sensitive: never branched on). */
  readonly token: string
  readonly siteCode: string
  /** A player is signed in: the socket should be connected. */
  readonly wanted: boolean
  /** The number of the current (or last) connection; 0 before the first. */
  readonly connection: number
  /** Reconnection attempts since the socket was last open (or since a login or a manual retry). */
  readonly retries: number
  /** The last processed msgIds, oldest first, at most REMEMBERED_MSG_IDS. */
  readonly processed: ReadonlyArray<string>
  /** Notices processed since the actor started (duplicates not counted). */
  readonly received: number
  /** Resent notices refused because they were processed already. */
  readonly duplicates: number
  /** The close code of the last drop, for the status view. */
  readonly lastCloseCode: number | null
  /**
   * The site's hall profile keeps alive by the `/home/heartbeat` call instead of the socket's Ping
   * (HallProfile `heartbeat: 'call'`, issue 45), from the site configuration of app.started.
   */
  readonly heartbeatByCall: boolean
  /** Heartbeat calls asked (their request ids are `socket-<n>`). */
  readonly heartbeats: number
}

export const initialSocketContext: SocketContext = {
  token: '',
  siteCode: '',
  wanted: false,
  connection: 0,
  retries: 0,
  processed: [],
  received: 0,
  duplicates: 0,
  lastCloseCode: null,
  heartbeatByCall: false,
  heartbeats: 0,
}

/** The bus events the socket actor consumes, as the host routes them. */
export const SOCKET_CONSUMES = [
  'app.started',
  'session.credentialsChanged',
  'session.loggedIn',
  'session.loggedOut',
  'session.tokenExpired',
  'session.logoutConfirmed',
  'socket.opened',
  'socket.closed',
  'socket.messageReceived',
  'socket.retryRequested',
] as const

/** What the socket actor takes. */
export type SocketEvent = EventOfType<(typeof SOCKET_CONSUMES)[number]>

/** The typed notices the actor emits for the hall's content types. */
export type RealtimeNotice =
  | EventOfType<'realtime.payOrderProgressed'>
  | EventOfType<'realtime.withdrawOrderProgressed'>
  | EventOfType<'realtime.registerSucceeded'>
  | EventOfType<'realtime.payOrderSucceeded'>
  | EventOfType<'realtime.withdrawOrderSucceeded'>
  | EventOfType<'realtime.activeDetailsReceived'>
  | EventOfType<'realtime.messageReceived'>
  | EventOfType<'realtime.walletChanged'>

/** What the socket actor emits. */
export type SocketEmitted =
  | EventOfType<'socket.connectRequested'>
  | EventOfType<'socket.closeRequested'>
  | EventOfType<'socket.pingRequested'>
  | EventOfType<'socket.ackRequested'>
  | EventOfType<'socket.gaveUp'>
  | EventOfType<'hall.requested'>
  | RealtimeNotice

/** The typed notice a hall notice becomes; null for an unrecognised one (acknowledged, nothing else). */
export const realtimeNoticeOf = (msgId: string, notice: ServerNotice): RealtimeNotice | null => {
  switch (notice.type) {
    case 'pay/orderProgress':
      return { type: 'realtime.payOrderProgressed', msgId, data: notice.data }
    case 'withdraw/orderProgress':
      return { type: 'realtime.withdrawOrderProgressed', msgId, data: notice.data }
    case 'registerSuccess':
      return { type: 'realtime.registerSucceeded', msgId, data: notice.data }
    case 'payOrderSuccess':
      return { type: 'realtime.payOrderSucceeded', msgId, data: notice.data }
    case 'withdrawOrderSuccess':
      return { type: 'realtime.withdrawOrderSucceeded', msgId, data: notice.data }
    case 'activeDetails':
      return { type: 'realtime.activeDetailsReceived', msgId, data: notice.data }
    case 'message/new':
      return { type: 'realtime.messageReceived', msgId, data: notice.data }
    case 'wallet/changed':
      return { type: 'realtime.walletChanged', msgId, data: notice.data }
    case 'unrecognised':
      return null
  }
}

/** The remembered msgIds with one more, the oldest dropped past the bound. */
export const remember = (processed: ReadonlyArray<string>, msgId: string, bound: number = REMEMBERED_MSG_IDS): ReadonlyArray<string> =>
  processed.length < bound ? [...processed, msgId] : [...processed.slice(processed.length - bound + 1), msgId]
