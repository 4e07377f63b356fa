import { Schema } from 'effect'
import { defineEvent } from '../event'

/**
 * The upgrade prompt (spec errors §8: a new version detected, or a script error 'Unexpected token
 * <', shows the upgrade prompt; upgrading reloads; calls §7.3 /op.json). The version runner says
 * when a check is due (every ten minutes, and when the page is shown again after being hidden) and
 * reports a chunk that failed to load; the version query asks op.json and reports the version the
 * hall serves; the upgrade actor compares it with the running build's.
 */

/** A version check is due (the runner's interval, or the page shown again). */
export const versionCheckDue = defineEvent('app.versionCheckDue', 'fact', 'A check of the version the hall serves is due (an interval passed, or the page was shown again).', {})

/** The hall serves this version (op.json). */
export const versionReported = defineEvent('app.versionReported', 'notice', 'The hall serves this version of the lobby (op.json).', {
  version: Schema.String,
  buildTime: Schema.String,
})

/** A script of the lobby failed to load or parse: a chunk of an older build is gone ('Unexpected token <'). */
export const chunkFailed = defineEvent('app.chunkFailed', 'fact', "A script of the lobby failed to load or parse (an old build's chunk is gone: 'Unexpected token <').", {
  message: Schema.String,
})

/** The player put the upgrade off: no prompt again for this version. */
export const upgradeDismissed = defineEvent('app.upgradeDismissed', 'intent', 'The player put the upgrade off: the prompt is not shown again for this version.', {})

/** The player accepted the upgrade: the page reloads. */
export const upgradeAccepted = defineEvent('app.upgradeAccepted', 'intent', 'The player accepted the upgrade: the page reloads.', {})

/** The upgrade events. */
export const upgradeEvents = [versionCheckDue, versionReported, chunkFailed, upgradeDismissed, upgradeAccepted] as const
