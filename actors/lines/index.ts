import type { ActorSpec } from '../spec'
import { linesMachine } from './lines.machine'

/**
 * The network-line tester actor: times the site's lines through the lines runner, switches the
 * API base to the fastest at start (`lines.baseChosen`, followed by the hall runner), times the
 * line in use every 15 s and when the realtime socket (re)connects, and every line when the
 * line-selection menu opens, and applies the line the player confirms there.
 */
export const linesActor = {
  id: 'lines',
  machine: linesMachine,
  consumes: ['app.started', 'lines.pinged', 'lines.menuOpened', 'lines.lineSelected', 'lines.confirmed', 'lines.cancelled', 'socket.opened'],
} as const satisfies ActorSpec

/** The tester's statechart, its constants and pure helpers (for tests and the runner). */
export { linesMachine, START_LINES, LINES_DELAYS, fastest, roundUrls, isAlive } from './lines.machine'
/** The tester's context, events and round. */
export type { LinesContext, LinesEvent, Round, RoundPurpose } from './lines.machine'
export * from './lines.selectors'
