import type { SnapshotFrom } from 'xstate'
import type { ActorSpec } from '../spec'
import { geetestMachine } from './geetest.machine'

/**
 * The geetest actor: the 60 s restriction after a restricting challenge error (error_12,
 * error_01) of a login or a code send, with its countdown; the session and the verification flow
 * refuse attempts while it lasts.
 */
export const geetestActor = {
  id: 'geetest',
  machine: geetestMachine,
  consumes: ['geetest.challengeFailed'],
} as const satisfies ActorSpec

/** The statechart. */
export { geetestMachine } from './geetest.machine'
/** Its rules: which failures restrict, the delays and the seconds of a block. */
export { GEETEST_DELAYS, GEETEST_ERRORS, GEETEST_SECONDS, isGeetestError, initialGeetest } from './geetest.logic'
export type { GeetestContext, GeetestEvent, GeetestEmitted } from './geetest.logic'

type GeetestSnapshot = SnapshotFrom<typeof geetestMachine>

/** Seconds left of the restriction (GEETEST_RESTRICTED); 0 when attempts are allowed. */
export const selectGeetestSecondsLeft = (s: GeetestSnapshot): number => s.context.left
