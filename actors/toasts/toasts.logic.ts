import type { EventOfType } from '../../schemas/events'
import type { ToastMessage } from '../../schemas/events/toast'

/**
 * The toast queue as explicit data (spec §9: a toast shows 2 s): the toasts in order, the head on
 * screen, each with a number from a counter so views can key them and replay numbers them alike.
 */

/** Actor delays (ms): how long a toast stays on screen (spec §9). */
export const TOAST_DELAYS = { shown: 2_000 } as const

/**
 * How many toasts the queue holds, the one on screen included. A burst beyond it (a replayed
 * backlog of socket notices) drops the oldest waiting toasts, never the one on screen: at 2 s
 * each, a longer queue would only show stale news.
 */
export const MAX_TOASTS = 10

/** A toast in the queue. */
export interface Toast {
  /** 1, 2, 3 ... in the order toasts were asked for. */
  readonly id: number
  readonly message: ToastMessage
}

export interface ToastsContext {
  /** The head is on screen; the rest wait their turn. */
  readonly queue: ReadonlyArray<Toast>
  /** Toasts asked for so far (the id of the last one). */
  readonly count: number
}

export const initialContext: ToastsContext = { queue: [], count: 0 }

/** The events the toasts actor consumes. */
export type ToastsEvent =
  | EventOfType<'toast.requested'>
  | EventOfType<'realtime.payOrderSucceeded'>
  | EventOfType<'realtime.withdrawOrderSucceeded'>
  | EventOfType<'realtime.registerSucceeded'>
  | EventOfType<'games.warned'>

/**
 * The toast key of a game-lobby warning: its message key's last part under `games.`
 * ('lobby.game.fetchingPrize' → 'games.fetchingPrize'); a failure is an error, the rest information.
 */
export const gameWarningOf = (message: string): ToastMessage => {
  const key = `games.${message.slice(message.lastIndexOf('.') + 1)}`
  return { key, params: {}, tone: key.endsWith('Failed') ? 'error' : 'info' }
}

/** What each event says (the realtime notices worded here, spec §4 socket). */
export const messageOf = (e: ToastsEvent): ToastMessage => {
  switch (e.type) {
    case 'toast.requested':
      return e.message
    case 'realtime.payOrderSucceeded':
      return { key: 'depositReceived', params: { amount: e.data.amount, currency: e.data.currency }, tone: 'success' }
    case 'realtime.withdrawOrderSucceeded':
      return { key: 'withdrawalPaid', params: { amount: e.data.amount, currency: e.data.currency }, tone: 'success' }
    case 'realtime.registerSucceeded':
      return { key: 'registered', params: { username: e.data.username }, tone: 'success' }
    case 'games.warned':
      return gameWarningOf(e.message)
  }
}

/** The queue with one more toast at its end (the oldest waiting ones go past MAX_TOASTS). */
export const withToast = (c: ToastsContext, message: ToastMessage): ToastsContext => {
  const id = c.count + 1
  const queue = [...c.queue, { id, message }]
  const over = queue.length - MAX_TOASTS
  return { count: id, queue: over > 0 ? [queue[0]!, ...queue.slice(1 + over)] : queue }
}

/** The queue without its head (the toast on screen went). */
export const withoutHead = (c: ToastsContext): ToastsContext => ({ ...c, queue: c.queue.slice(1) })
