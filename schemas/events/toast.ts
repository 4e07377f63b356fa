import { Schema } from 'effect'
import { defineEvent } from '../event'

/**
 * Toasts (spec §9: a toast shows 2 s). The toasts actor keeps the queue: one toast on screen at a
 * time, each for 2 s (an actor delay), the next one after it. It words the realtime notices it
 * knows itself (a deposit received, a withdrawal paid out, a registration completed); any other
 * actor asks for a toast with `toast.requested`. Views render the head of the queue in a polite
 * live region.
 */

/** How a toast looks: a success (money in), information, or an error. */
export const ToastTone = Schema.Literals(['success', 'info', 'error'])
export type ToastTone = typeof ToastTone.Type

/**
 * What a toast says: a key of the `toast` namespace of the interface texts and its
 * interpolation values (an `amount` is shown as money).
 */
export const ToastMessage = Schema.Struct({
  key: Schema.String,
  params: Schema.Record(Schema.String, Schema.String),
  tone: ToastTone,
})
export type ToastMessage = typeof ToastMessage.Type

/** An actor asks for a toast: it joins the end of the queue. */
export const toastRequested = defineEvent('toast.requested', 'notice', 'An actor asks for a toast; it joins the queue and shows 2 s in turn.', {
  message: ToastMessage,
})

/** The toast events. */
export const toastEvents = [toastRequested] as const
