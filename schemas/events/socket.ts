import { Schema } from 'effect'
import { defineEvent } from '../event'
import { Sensitive } from '../sensitive'

/**
 * The realtime socket (spec §4 socket; calls §7.3 realtime socket; §9 constants). The socket actor
 * decides when a connection is wanted, asks the socket runner to open, ping, acknowledge and close
 * it, and turns the hall's event notices into typed `realtime.*` notices other actors react to.
 * The runner owns the WebSocket and publishes what happened to it as facts.
 *
 * The wire is JSON text frames (the spec names Ping, msgId and content.type/data, not the framing;
 * docs/realtime.md):
 * - client to hall: `{"type":"Ping"}` every 10 s, `{"type":"ack","msgId":"…"}` for every notice;
 * - hall to client: `{"type":"Pong"}`, `{"type":"notice","msgId":"…","content":{"type":"…","data":…}}`.
 */

// --- the wire ---------------------------------------------------------------------------------

/** The path of the socket on the hall origin; the query carries Token and siteCode. */
export const SOCKET_PATH = '/websocket/ws'

/** A frame the client sends: the heartbeat, or the acknowledgement of a notice by its msgId. */
export const ClientFrame = Schema.Union([
  Schema.Struct({ type: Schema.Literal('Ping') }),
  Schema.Struct({ type: Schema.Literal('ack'), msgId: Schema.String }),
])
export type ClientFrame = typeof ClientFrame.Type

/** The envelope of a hall event notice: content.type names it, data is its payload. */
export const NoticeContent = Schema.Struct({ type: Schema.String, data: Schema.Unknown })
export type NoticeContent = typeof NoticeContent.Type

/** A frame the hall sends: the heartbeat answer, or an event notice to acknowledge. */
export const ServerFrame = Schema.Union([
  Schema.Struct({ type: Schema.Literal('Pong') }),
  Schema.Struct({ type: Schema.Literal('notice'), msgId: Schema.String, content: NoticeContent }),
])
export type ServerFrame = typeof ServerFrame.Type

/**
 * Close codes the hall uses besides the standard ones: 4400 the query lacks Token or siteCode,
 * 4401 the Token is not a live player session of that site.
 */
export const SOCKET_CLOSE = { badRequest: 4400, unauthorized: 4401 } as const

// --- the hall's event notices, typed ----------------------------------------------------------

/** An order's progress (pay/orderProgress, withdraw/orderProgress): its number, status and amount. */
export const OrderProgress = Schema.Struct({
  orderNo: Schema.String,
  /** The hall's order status code. */
  status: Schema.Number,
  amount: Schema.String,
  currency: Schema.String,
})
export type OrderProgress = typeof OrderProgress.Type

/** A completed order (payOrderSuccess, withdrawOrderSuccess): the amount and the balance after it. */
export const OrderSuccess = Schema.Struct({
  orderNo: Schema.String,
  amount: Schema.String,
  currency: Schema.String,
  /** The balance after the order, as the hall formats it ('1000.00'). */
  balance: Schema.String,
  /** 1 for the player's first deposit (spec §4: may open the download-app modal). */
  isFirst: Schema.Number,
})
export type OrderSuccess = typeof OrderSuccess.Type

/** A registration completed (registerSuccess). */
export const RegisterSuccess = Schema.Struct({ username: Schema.String })
export type RegisterSuccess = typeof RegisterSuccess.Type

/** An activity's details changed (activeDetails); the spec gives no shape, so it stays a record. */
export const ActiveDetails = Schema.Record(Schema.String, Schema.Unknown)
export type ActiveDetails = typeof ActiveDetails.Type

/**
 * A message for the player arrived (message/new, the hall's own notice type: the spec names no
 * notice for it; docs/hall-protocol.md): its id and notice type (1 notice, 2 announcement).
 */
export const MessageArrived = Schema.Struct({ id: Schema.Int, type: Schema.Literals([1, 2, 3]) })
export type MessageArrived = typeof MessageArrived.Type

/**
 * The player's balance changed by someone else's act (wallet/changed, the hall's own notice type:
 * an agent's proxy transfer to an invitee, a task prize the hall sent; docs/hall-protocol.md): why
 * ('transfer', 'task'; a reason the lobby does not know still moves the balance), and the amount
 * it moved. The wallet reads the balance again.
 */
export const WalletChanged = Schema.Struct({ reason: Schema.String, amount: Schema.String })
export type WalletChanged = typeof WalletChanged.Type

/**
 * A hall event notice as the runner decoded it: one of the six content types of spec §7.3 with its
 * typed data, or `unrecognised` (a content type the lobby does not know, or data that does not
 * decode): it is still acknowledged, so the hall stops resending it, and nothing else happens.
 */
export const ServerNotice = Schema.Union([
  Schema.Struct({ type: Schema.Literal('pay/orderProgress'), data: OrderProgress }),
  Schema.Struct({ type: Schema.Literal('withdraw/orderProgress'), data: OrderProgress }),
  Schema.Struct({ type: Schema.Literal('registerSuccess'), data: RegisterSuccess }),
  Schema.Struct({ type: Schema.Literal('payOrderSuccess'), data: OrderSuccess }),
  Schema.Struct({ type: Schema.Literal('withdrawOrderSuccess'), data: OrderSuccess }),
  Schema.Struct({ type: Schema.Literal('activeDetails'), data: ActiveDetails }),
  Schema.Struct({ type: Schema.Literal('message/new'), data: MessageArrived }),
  Schema.Struct({ type: Schema.Literal('wallet/changed'), data: WalletChanged }),
  Schema.Struct({ type: Schema.Literal('unrecognised'), contentType: Schema.String }),
])
export type ServerNotice = typeof ServerNotice.Type

/** The content types of spec §7.3, in its order, and the hall's own message/new and wallet/changed. */
export const NOTICE_TYPES = ['withdraw/orderProgress', 'pay/orderProgress', 'registerSuccess', 'payOrderSuccess', 'withdrawOrderSuccess', 'activeDetails', 'message/new', 'wallet/changed'] as const
export type NoticeType = (typeof NOTICE_TYPES)[number]

// --- commands for the runner (notices of the socket actor) -----------------------------------

/** Open connection number `connection` to the hall with this Token and siteCode (closing any other). */
export const socketConnectRequested = defineEvent('socket.connectRequested', 'notice', 'The socket actor asks the runner to open a connection (Token and siteCode in the query).', {
  connection: Schema.Number,
  token: Sensitive(Schema.String),
  siteCode: Schema.String,
})

/** Close this connection (timeout, logout, token expiry, a credentials change). */
export const socketCloseRequested = defineEvent('socket.closeRequested', 'notice', 'The socket actor asks the runner to close a connection.', {
  connection: Schema.Number,
})

/** Send the heartbeat Ping on this connection (every 10 s while open). */
export const socketPingRequested = defineEvent('socket.pingRequested', 'notice', 'The socket actor asks the runner to send the heartbeat Ping.', {
  connection: Schema.Number,
})

/** Acknowledge a notice by its msgId on this connection (every notice, duplicates included). */
export const socketAckRequested = defineEvent('socket.ackRequested', 'notice', 'The socket actor asks the runner to acknowledge a notice by its msgId.', {
  connection: Schema.Number,
  msgId: Schema.String,
})

/** Twenty reconnection attempts failed: the disconnected state, with a manual retry. */
export const socketGaveUp = defineEvent('socket.gaveUp', 'notice', 'The socket stopped reconnecting after its last retry; only a manual retry reconnects.', {
  retries: Schema.Number,
})

// --- facts of the runner ------------------------------------------------------------------------

/** The connection is open. */
export const socketOpened = defineEvent('socket.opened', 'fact', 'A socket connection opened.', {
  connection: Schema.Number,
})

/** The connection closed or could not open (the WebSocket close code and reason). */
export const socketClosed = defineEvent('socket.closed', 'fact', 'A socket connection closed or failed to open.', {
  connection: Schema.Number,
  code: Schema.Number,
  reason: Schema.String,
})

/** An event notice arrived on the connection. */
export const socketMessageReceived = defineEvent('socket.messageReceived', 'fact', 'The hall sent an event notice on a socket connection.', {
  connection: Schema.Number,
  msgId: Schema.String,
  notice: ServerNotice,
})

// --- intents --------------------------------------------------------------------------------------

/** The player asked to reconnect from the disconnected state. */
export const socketRetryRequested = defineEvent('socket.retryRequested', 'intent', 'The player asked to reconnect the socket after it gave up.', {})

// --- the typed notices other actors react to ------------------------------------------------------

/** pay/orderProgress: a deposit order moved on. */
export const realtimePayOrderProgressed = defineEvent('realtime.payOrderProgressed', 'notice', 'The hall reported progress of a deposit order (pay/orderProgress).', {
  msgId: Schema.String,
  data: OrderProgress,
})

/** withdraw/orderProgress: a withdrawal order moved on. */
export const realtimeWithdrawOrderProgressed = defineEvent('realtime.withdrawOrderProgressed', 'notice', 'The hall reported progress of a withdrawal order (withdraw/orderProgress).', {
  msgId: Schema.String,
  data: OrderProgress,
})

/** registerSuccess. */
export const realtimeRegisterSucceeded = defineEvent('realtime.registerSucceeded', 'notice', 'The hall reported a completed registration (registerSuccess).', {
  msgId: Schema.String,
  data: RegisterSuccess,
})

/**
 * payOrderSuccess: a deposit was credited. The wallet refreshes the balance and a toast says so
 * (their owners consume this); isFirst 1 may open the download-app modal (spec §4).
 */
export const realtimePayOrderSucceeded = defineEvent('realtime.payOrderSucceeded', 'notice', 'A deposit was credited (payOrderSuccess): refresh the balance, show a toast.', {
  msgId: Schema.String,
  data: OrderSuccess,
})

/** withdrawOrderSuccess: a withdrawal was paid out. */
export const realtimeWithdrawOrderSucceeded = defineEvent('realtime.withdrawOrderSucceeded', 'notice', 'A withdrawal was paid out (withdrawOrderSuccess): refresh the balance.', {
  msgId: Schema.String,
  data: OrderSuccess,
})

/** activeDetails: an activity changed. */
export const realtimeActiveDetailsReceived = defineEvent('realtime.activeDetailsReceived', 'notice', 'The hall sent activity details (activeDetails).', {
  msgId: Schema.String,
  data: ActiveDetails,
})

/** message/new: a message for the player arrived (the message centre and the unread counts read again). */
export const realtimeMessageReceived = defineEvent('realtime.messageReceived', 'notice', 'The hall sent a new message for the player (message/new).', {
  msgId: Schema.String,
  data: MessageArrived,
})

/** wallet/changed: the balance changed by someone else's act (a transfer received): the wallet reads it again. */
export const realtimeWalletChanged = defineEvent('realtime.walletChanged', 'notice', "The hall said the player's balance changed by someone else's act (wallet/changed): refresh the balance.", {
  msgId: Schema.String,
  data: WalletChanged,
})

/** The typed notices, one per content type. */
export const realtimeEvents = [
  realtimePayOrderProgressed,
  realtimeWithdrawOrderProgressed,
  realtimeRegisterSucceeded,
  realtimePayOrderSucceeded,
  realtimeWithdrawOrderSucceeded,
  realtimeActiveDetailsReceived,
  realtimeMessageReceived,
  realtimeWalletChanged,
] as const

/** The socket events and the realtime notices. */
export const socketEvents = [
  socketConnectRequested,
  socketCloseRequested,
  socketPingRequested,
  socketAckRequested,
  socketGaveUp,
  socketOpened,
  socketClosed,
  socketMessageReceived,
  socketRetryRequested,
  ...realtimeEvents,
] as const
