import type { EventOfType } from '../../schemas/events'
import type { VipInfo } from '../../schemas/hall/calls/vip'

/**
 * The vip actor's data and pure rules (screens §2 Mine page: VIP badge and the progress bar to the
 * next level; calls §7.11 vipInfo).
 */

/** The hall call this actor makes, by its name in schemas/hall/calls. */
export const VIP_CALL = 'vipInfo'

export interface VipContext {
  readonly requestCount: number
  /** A real player is signed in (guests and visitors have no VIP level). */
  readonly real: boolean
  /** The player's level and progress, or null until known (and after a logout). */
  readonly info: VipInfo | null
  /** The request whose answer is awaited; answers of other ids (or of a past login) are ignored. */
  readonly pendingId: string | null
}

export const initialContext: VipContext = { requestCount: 0, real: false, info: null, pendingId: null }

export type VipEvent =
  | EventOfType<'session.loggedIn'>
  | EventOfType<'session.loggedOut'>
  | EventOfType<'realtime.payOrderSucceeded'>
  | EventOfType<'vip.refreshRequested'>
  | EventOfType<'hall.responded'>
  | EventOfType<'hall.failed'>

export type VipEmitted = EventOfType<'hall.requested'>

/** A total's share of its need, 0 to 1 (a need of 0 is met). */
const share = (amount: string, need: string): number => {
  const a = Number(amount)
  const n = Number(need)
  if (!(n > 0)) return 1
  return Number.isFinite(a) && a > 0 ? Math.min(1, a / n) : 0
}

/**
 * The progress to the next level, a whole percentage 0 to 100 (decisions.md: the spec shows one
 * bar on the Mine page and two, deposit and bet, on the VIP screen; the next level needs both, so
 * the Mine bar is the mean of the two shares, each capped at its need). 100 at the top level.
 */
export const progressOf = (info: VipInfo | null): number => {
  if (info === null) return 0
  if (info.nextLevel === null) return 100
  return Math.floor(((share(info.depositAmount, info.depositNeed) + share(info.betAmount, info.betNeed)) / 2) * 100)
}
