import type { VipInfo } from '../../schemas/hall/calls/vip'

/**
 * The vip actor's pure rules (screens §2 Mine page: VIP badge and the progress bar to the next
 * level; calls §7.11 vipInfo).
 */

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
