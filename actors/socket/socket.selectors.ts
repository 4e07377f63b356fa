import type { SnapshotFrom } from 'xstate'
import { MAX_RETRIES, reconnectDelayMs } from './socket.logic'
import type { socketMachine } from './socket.machine'

type SocketSnapshot = SnapshotFrom<typeof socketMachine>

/**
 * What the status indicator shows: `off` (no player signed in), `connecting` (the first attempt
 * after a login or a retry), `online`, `reconnecting` (a drop, waiting for or making another
 * attempt), `disconnected` (gave up: the manual retry is offered).
 */
export type SocketStatus = 'off' | 'connecting' | 'online' | 'reconnecting' | 'disconnected'

/** The socket's status for the indicator. */
export const selectSocketStatus = (s: SocketSnapshot): SocketStatus => {
  if (s.matches('closed')) return 'off'
  if (s.matches('open')) return 'online'
  if (s.matches('disconnected')) return 'disconnected'
  if (s.matches('connecting') && s.context.retries === 0) return 'connecting'
  return 'reconnecting'
}

/** Reconnection attempts made since the socket was last open. */
export const selectSocketRetries = (s: SocketSnapshot): number => s.context.retries

/** The most reconnection attempts the socket makes before it gives up. */
export const selectSocketMaxRetries = (): number => MAX_RETRIES

/** Whether the manual retry is offered (only once the socket gave up). */
export const selectSocketCanRetry = (s: SocketSnapshot): boolean => s.matches('disconnected')

/** The delay (ms) before the next attempt while waiting in `error`, else null. */
export const selectSocketNextDelayMs = (s: SocketSnapshot): number | null =>
  s.matches('error') ? reconnectDelayMs(s.context.retries + 1) : null

/** Hall notices processed since the lobby started (resent duplicates not counted). */
export const selectSocketReceived = (s: SocketSnapshot): number => s.context.received
