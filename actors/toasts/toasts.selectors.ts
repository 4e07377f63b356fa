import type { SnapshotFrom } from 'xstate'
import type { Toast } from './toasts.logic'
import type { toastsMachine } from './toasts.machine'

type ToastsSnapshot = SnapshotFrom<typeof toastsMachine>

/** The toast on screen, or null. */
export const selectCurrentToast = (s: ToastsSnapshot): Toast | null => (s.matches('showing') ? (s.context.queue[0] ?? null) : null)

/** How many toasts wait behind the one on screen. */
export const selectWaitingToasts = (s: ToastsSnapshot): number => Math.max(0, s.context.queue.length - 1)
