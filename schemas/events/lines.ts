import { Schema } from 'effect'
import { defineEvent } from '../event'

/**
 * The network-line tester (screens doc §3 network line, §4 network line, §5 line list, §9 ping
 * bands; calls §7.3 op.json). The lines actor decides which lines to time and which one the
 * lobby uses; the lines runner times each line with a GET of its op.json and publishes the ping
 * as a fact; the hall runner follows `lines.baseChosen`.
 */

/**
 * A network line (screens doc §3: url, title): `url` is an API base in the form of the site
 * configuration's configApiBaseUrl (the hall prefix included, e.g. `https://l2.example/hall`).
 * The hall lists its lines in the injected site configuration (`injected.lines`).
 */
export const NetworkLine = Schema.Struct({ url: Schema.String, title: Schema.String })
export type NetworkLine = typeof NetworkLine.Type

/** A list of network lines, as the hall injects it. */
export const NetworkLines = Schema.Array(NetworkLine)

/** Whether a value is a list of network lines (actors read the injected configuration with it). */
export const isNetworkLines = Schema.is(NetworkLines)

/** The ping of a line that did not answer (spec §9: failed 9999). */
export const PING_FAILED = 9999
/** The ping of a line not timed yet; the line list hides it like a failed one (spec §5). */
export const PING_UNTESTED = 0

/** The lines actor asks the runner to time these lines; `round` names the answers. */
export const linesTestRequested = defineEvent('lines.testRequested', 'notice', 'The lines actor asks the lines runner to time these lines (GET op.json of each).', {
  round: Schema.String,
  urls: Schema.Array(Schema.String),
})

/** A line was timed: the ping in whole ms (at least 1), or 9999 when it failed or timed out. */
export const linesPinged = defineEvent('lines.pinged', 'fact', 'A line was timed: the ping in whole ms (at least 1), or 9999 when it failed or timed out.', {
  round: Schema.String,
  url: Schema.String,
  ms: Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)),
})

/** The API base the lobby calls changed to this line (the hall runner follows it). */
export const linesBaseChosen = defineEvent('lines.baseChosen', 'notice', 'The API base the lobby calls changed to this line; the hall runner follows it.', {
  url: Schema.String,
})

/** The player opened the line-selection menu: every line is timed again. */
export const linesMenuOpened = defineEvent('lines.menuOpened', 'intent', 'The player opened the line-selection menu.', {})

/** The player picked a line in the menu (applied on confirm). */
export const linesLineSelected = defineEvent('lines.lineSelected', 'intent', 'The player picked a line in the line-selection menu.', {
  url: Schema.String,
})

/** The player confirmed the line picked in the menu. */
export const linesConfirmed = defineEvent('lines.confirmed', 'intent', 'The player confirmed the picked line.', {})

/** The player cancelled the menu: the pick reverts to the line in use. */
export const linesCancelled = defineEvent('lines.cancelled', 'intent', 'The player cancelled the line-selection menu.', {})

/** The line events. */
export const linesEvents = [
  linesTestRequested,
  linesPinged,
  linesBaseChosen,
  linesMenuOpened,
  linesLineSelected,
  linesConfirmed,
  linesCancelled,
] as const
