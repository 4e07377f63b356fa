import type { EventOfType } from '../../schemas/events'
import type { HallError } from '../../schemas/hall/errors'

/**
 * The geetest restriction's rules (spec §4: after error_12 or error_01 attempts are blocked for
 * 60 s; §9 geetest block 60 s): which failures restrict, how long, and the countdown's tick.
 */

/** The restriction's delays (ms): the whole block and the tick of its countdown. */
export const GEETEST_DELAYS = { block: 60_000, tick: 1_000 } as const

/** Seconds a restriction blocks attempts. */
export const GEETEST_SECONDS = GEETEST_DELAYS.block / 1_000

/** The challenge errors that start the restriction (spec §4: error_12, error_01). */
export const GEETEST_ERRORS: ReadonlyArray<string> = ['error_12', 'error_01']

/** A failure that starts the restriction: the hall's message (or code) is error_12 or error_01. */
export const isGeetestError = (error: HallError): boolean =>
  error._tag === 'ServiceCode' && (GEETEST_ERRORS.includes(error.msg.trim()) || GEETEST_ERRORS.includes(String(error.code)))

export interface GeetestContext {
  /** Seconds left of the restriction; 0 when none. */
  readonly left: number
}

export const initialGeetest: GeetestContext = { left: 0 }

export type GeetestEvent = EventOfType<'geetest.challengeFailed'>
export type GeetestEmitted = EventOfType<'geetest.restricted'> | EventOfType<'geetest.lifted'>
