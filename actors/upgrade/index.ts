import { assign, setup } from 'xstate'
import type { EventOfType } from '../../schemas/events'
import { opVersion } from '../../schemas/hall/calls/site'
import { queryActor } from '../kit'
import type { ActorSpec } from '../spec'

/**
 * The upgrade prompt (spec errors §8; calls §7.3 /op.json):
 *
 * - `opversion` (query, visitors too): op.json, asked when a check is due (the version runner's
 *   interval, or the page shown again; never at boot), announcing the version the hall serves.
 * - `upgrade`: compares it with the running build's version (app.started) and offers the upgrade
 *   when they differ, or at once when a chunk of the lobby failed to load ('Unexpected token <':
 *   the hall answered an old chunk's address with its page). Putting it off hides the prompt until
 *   another version; a chunk failure offers it again. Accepting reloads (the version runner, after
 *   writing the log).
 */
export const opVersionActor = queryActor({
  id: 'opversion',
  call: opVersion,
  audience: 'anyone',
  fetchOn: { 'app.versionCheckDue': true },
  payload: {},
  announce: (d) => [{ type: 'app.versionReported', version: d.version, buildTime: d.buildTime }],
})

export interface UpgradeContext {
  /** The running build's version (app.started). */
  readonly running: string | null
  /** The version the hall serves, as last reported. */
  readonly served: string | null
  /** The version the player put off. */
  readonly dismissed: string | null
  /** A chunk failed to load since the last dismissal. */
  readonly chunkFailed: boolean
}

type UpgradeEvent =
  | EventOfType<'app.started'>
  | EventOfType<'app.versionReported'>
  | EventOfType<'app.chunkFailed'>
  | EventOfType<'app.upgradeDismissed'>

export const upgradeInitialContext: UpgradeContext = { running: null, served: null, dismissed: null, chunkFailed: false }

export const upgradeMachine = setup({
  types: { context: {} as UpgradeContext, events: {} as UpgradeEvent },
}).createMachine({
  id: 'upgrade',
  context: upgradeInitialContext,
  on: {
    'app.started': { actions: assign(({ event }) => ({ running: event.appVersion })) },
    'app.versionReported': { actions: assign(({ event }) => ({ served: event.version })) },
    'app.chunkFailed': { actions: assign({ chunkFailed: true }) },
    'app.upgradeDismissed': { actions: assign(({ context }) => ({ dismissed: context.served, chunkFailed: false })) },
  },
})

/** Why the prompt shows: 'chunk' (a script failed to load), 'version' (the hall serves another build), or null. */
export const upgradeReasonOf = (c: UpgradeContext): 'chunk' | 'version' | null =>
  c.chunkFailed ? 'chunk' : c.running !== null && c.served !== null && c.served !== c.running && c.served !== c.dismissed ? 'version' : null

export const selectUpgrade = (s: { readonly context: UpgradeContext }): 'chunk' | 'version' | null => upgradeReasonOf(s.context)

export const upgradeActor = {
  id: 'upgrade',
  machine: upgradeMachine,
  consumes: ['app.started', 'app.versionReported', 'app.chunkFailed', 'app.upgradeDismissed'],
} as const satisfies ActorSpec
