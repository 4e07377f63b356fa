import type { ActorSpec } from '../spec'
import { toastsMachine } from './toasts.machine'

/**
 * The toasts actor: a queue of short messages, one on screen at a time for 2 s (spec §9). It
 * words the socket's notices a player should hear of (a deposit received, a withdrawal paid out,
 * a registration completed) and takes any other actor's `toast.requested`.
 */
export const toastsActor = {
  id: 'toasts',
  machine: toastsMachine,
  consumes: ['toast.requested', 'realtime.payOrderSucceeded', 'realtime.withdrawOrderSucceeded', 'realtime.registerSucceeded', 'games.warned'],
} as const satisfies ActorSpec

/** The toasts statechart. */
export { toastsMachine } from './toasts.machine'
/** Its delay, its bound and its pure rules (for tests). */
export { TOAST_DELAYS, MAX_TOASTS, messageOf, gameWarningOf, withToast, withoutHead } from './toasts.logic'
/** A toast, the actor's context and events. */
export type { Toast, ToastsContext, ToastsEvent } from './toasts.logic'
export * from './toasts.selectors'
