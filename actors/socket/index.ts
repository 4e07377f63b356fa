import type { ActorSpec } from '../spec'
import { SOCKET_CONSUMES } from './socket.logic'
import { socketMachine } from './socket.machine'

/**
 * The socket actor: keeps the realtime socket connected while a player is signed in (heartbeat,
 * connect timeout, reconnect backoff, a manual retry once it gave up), acknowledges every hall
 * notice by its msgId, processes each once, and announces them as `realtime.*` notices. The socket
 * runner (src/effects/socket.ts) performs its commands.
 */
export const socketActor = {
  id: 'socket',
  machine: socketMachine,
  consumes: SOCKET_CONSUMES,
} as const satisfies ActorSpec

/** The socket statechart, as the system starts it. */
export { socketMachine } from './socket.machine'
/** The socket's constants (spec §9), the reconnect delay, and the pure helpers the machine names. */
export {
  CONNECT_TIMEOUT_MS,
  HEARTBEAT_MS,
  MAX_RETRIES,
  RECONNECT_BASE_MS,
  RECONNECT_GROWTH,
  RECONNECT_MAX_MS,
  REMEMBERED_MSG_IDS,
  SOCKET_CONSUMES,
  initialSocketContext,
  realtimeNoticeOf,
  reconnectDelayMs,
  remember,
} from './socket.logic'
/** The socket's context, the events it takes and emits. */
export type { RealtimeNotice, SocketContext, SocketEmitted, SocketEvent } from './socket.logic'
export * from './socket.selectors'
