import { Schema } from 'effect'
import { defineEvent } from '../event'

/**
 * An actor delay came due. Live, the clock runner publishes it when the real timer ends;
 * replay injects it from the log, so delayed transitions happen at the same point.
 */
export const clockFired = defineEvent('clock.fired', 'fact', 'An actor delay came due; the host runs the delayed transition when it is dispatched.', {
  timer: Schema.Number,
})

/** The clock events. */
export const clockEvents = [clockFired] as const
