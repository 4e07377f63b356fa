import { assign, emit, enqueueActions, setup } from 'xstate'
import { heartbeat } from '../../schemas/hall/calls/site'
import { ask, requestIdOf } from '../kit'
import {
  CONNECT_TIMEOUT_MS,
  HEARTBEAT_MS,
  MAX_RETRIES,
  initialSocketContext,
  realtimeNoticeOf,
  reconnectDelayMs,
  remember,
  type SocketContext,
  type SocketEmitted,
  type SocketEvent,
} from './socket.logic'

/**
 * The realtime socket (spec §4 socket: connecting, open with the heartbeat, error, closed; §7.3;
 * §9 constants). Connected while a player is signed in; while open it keeps alive every 10 s by a
 * Ping, or by the `/home/heartbeat` call on a site whose hall profile says `heartbeat: 'call'`
 * (issue 45; the call is silent and its answer read by nobody: a failure matters on the next call); a connection not open within 4 s, or one
 * that drops, is retried after 1 s, 1.3 s, 1.69 s ... up to 10 s, at most 20 times, then the socket
 * is `disconnected` until the player asks to retry. A credentials change reconnects with the new
 * Token; a logout or an expired token closes it. Every hall notice is acknowledged by its msgId and
 * processed once: its msgId is remembered (bounded), a resent one is acknowledged again and
 * nothing else.
 *
 * Consumes: app.started, session.credentialsChanged, session.loggedIn, session.loggedOut,
 *   session.tokenExpired, session.logoutConfirmed, socket.opened, socket.closed,
 *   socket.messageReceived, socket.retryRequested.
 * Emits: socket.connectRequested, socket.closeRequested, socket.pingRequested, hall.requested (heartbeat),
 *   socket.ackRequested, socket.gaveUp, realtime.payOrderProgressed,
 *   realtime.withdrawOrderProgressed, realtime.registerSucceeded, realtime.payOrderSucceeded,
 *   realtime.withdrawOrderSucceeded, realtime.activeDetailsReceived, realtime.messageReceived.
 */

const isCurrent = (c: SocketContext, e: SocketEvent): boolean =>
  (e.type === 'socket.opened' || e.type === 'socket.closed' || e.type === 'socket.messageReceived') && e.connection === c.connection

/** What ends the player's session ends the socket (spec §4 token expiry and logout). */
const STOPS = ['session.loggedOut', 'session.tokenExpired', 'session.logoutConfirmed'] as const

export const socketMachine = setup({
  types: {
    context: {} as SocketContext,
    events: {} as SocketEvent,
    emitted: {} as SocketEmitted,
  },
  delays: {
    heartbeat: HEARTBEAT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    /** Before attempt retries + 1. */
    reconnectDelay: ({ context }) => reconnectDelayMs(context.retries + 1),
  },
  guards: {
    isCurrent: ({ context, event }) => isCurrent(context, event),
    isCurrentDuplicate: ({ context, event }) =>
      isCurrent(context, event) && event.type === 'socket.messageReceived' && context.processed.includes(event.msgId),
    retriesExhausted: ({ context }) => context.retries >= MAX_RETRIES,
  },
  actions: {
    takeSite: assign(({ event }) =>
      event.type === 'app.started' ? { siteCode: event.site.siteCode, heartbeatByCall: event.site.hallProfile?.heartbeat === 'call' } : {},
    ),
    takeToken: assign(({ event }) => (event.type === 'session.credentialsChanged' ? { token: event.token } : {})),
    want: assign({ wanted: true }),
    unwant: assign({ wanted: false }),
    resetRetries: assign({ retries: 0 }),
    countRetry: assign(({ context }) => ({ retries: context.retries + 1 })),
    connect: enqueueActions(({ context, enqueue }) => {
      const connection = context.connection + 1
      enqueue.assign({ connection })
      enqueue.emit({ type: 'socket.connectRequested', connection, token: context.token, siteCode: context.siteCode })
    }),
    closeCurrent: emit(({ context }) => ({ type: 'socket.closeRequested' as const, connection: context.connection })),
    noteClose: assign(({ event }) => (event.type === 'socket.closed' ? { lastCloseCode: event.code } : {})),
    noteTimeout: assign({ lastCloseCode: null }),
    ping: enqueueActions(({ context, enqueue }) => {
      if (!context.heartbeatByCall) {
        enqueue.emit({ type: 'socket.pingRequested' as const, connection: context.connection })
        return
      }
      const heartbeats = context.heartbeats + 1
      enqueue.assign({ heartbeats })
      enqueue.emit(ask(heartbeat, requestIdOf('socket', heartbeats), {}))
    }),
    ack: emit(({ context, event }) => ({
      type: 'socket.ackRequested' as const,
      connection: context.connection,
      msgId: event.type === 'socket.messageReceived' ? event.msgId : '',
    })),
    process: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'socket.messageReceived') return
      enqueue.assign({ processed: remember(context.processed, event.msgId), received: context.received + 1 })
      const notice = realtimeNoticeOf(event.msgId, event.notice)
      if (notice !== null) enqueue.emit(notice)
    }),
    countDuplicate: assign(({ context }) => ({ duplicates: context.duplicates + 1 })),
    announceGaveUp: emit(({ context }) => ({ type: 'socket.gaveUp' as const, retries: context.retries })),
  },
}).createMachine({
  id: 'socket',
  context: initialSocketContext,
  initial: 'closed',
  on: {
    'app.started': { actions: 'takeSite' },
  },
  states: {
    /** No player signed in: no connection. */
    closed: {
      on: {
        'session.loggedIn': { target: 'connecting', actions: ['want', 'resetRetries'] },
        'session.credentialsChanged': { actions: 'takeToken' },
      },
    },
    /** Waiting for connection `connection` to open, at most 4 s. */
    connecting: {
      entry: 'connect',
      after: { connectTimeout: { target: 'error', actions: ['closeCurrent', 'noteTimeout'] } },
      on: {
        'socket.opened': { guard: 'isCurrent', target: 'open', actions: 'resetRetries' },
        'socket.closed': { guard: 'isCurrent', target: 'error', actions: 'noteClose' },
        'session.credentialsChanged': { target: 'connecting', reenter: true, actions: ['takeToken', 'closeCurrent', 'resetRetries'] },
        ...Object.fromEntries(STOPS.map((t) => [t, { target: 'closed', actions: ['unwant', 'closeCurrent'] }])),
      },
    },
    /** Connected: a Ping (or the heartbeat call) every 10 s; every notice acknowledged and processed once. */
    open: {
      after: { heartbeat: { target: 'open', reenter: true, actions: 'ping' } },
      on: {
        'socket.messageReceived': [
          { guard: 'isCurrentDuplicate', actions: ['countDuplicate', 'ack'] },
          { guard: 'isCurrent', actions: ['process', 'ack'] },
        ],
        'socket.closed': { guard: 'isCurrent', target: 'error', actions: 'noteClose' },
        'session.credentialsChanged': { target: 'connecting', actions: ['takeToken', 'closeCurrent', 'resetRetries'] },
        ...Object.fromEntries(STOPS.map((t) => [t, { target: 'closed', actions: ['unwant', 'closeCurrent'] }])),
      },
    },
    /** The connection failed or dropped: the next attempt after the reconnect delay, unless all are spent. */
    error: {
      always: { guard: 'retriesExhausted', target: 'disconnected' },
      after: { reconnectDelay: { target: 'connecting', actions: 'countRetry' } },
      on: {
        'session.loggedIn': { target: 'connecting', actions: 'resetRetries' },
        'session.credentialsChanged': { target: 'connecting', actions: ['takeToken', 'resetRetries'] },
        ...Object.fromEntries(STOPS.map((t) => [t, { target: 'closed', actions: 'unwant' }])),
      },
    },
    /** Gave up after the last retry: visible, reconnects only on a manual retry or a new login. */
    disconnected: {
      entry: 'announceGaveUp',
      on: {
        'socket.retryRequested': { target: 'connecting', actions: 'resetRetries' },
        'session.loggedIn': { target: 'connecting', actions: 'resetRetries' },
        'session.credentialsChanged': { target: 'connecting', actions: ['takeToken', 'resetRetries'] },
        ...Object.fromEntries(STOPS.map((t) => [t, { target: 'closed', actions: 'unwant' }])),
      },
    },
  },
})
