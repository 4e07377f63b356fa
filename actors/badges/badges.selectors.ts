import type { RedDot } from '../../schemas/hall/calls/active'
import { noticeTypeOf, rateText, type UnreadCounts } from './badges.logic'

/** What the badges show, from the three badge queries' data. */
export interface BadgeData {
  readonly chargeRate: string | null
  readonly redDot: RedDot | null
  readonly unread: UnreadCounts | null
}

/** The recharge badge's rate ('10' for 10 %), or null when the site offers none. */
export const selectChargeRate = (b: BadgeData): string | null => rateText(b.chargeRate)

/** Unread messages (the Mine tab and the message centre). */
export const selectUnreadMessages = (b: BadgeData): number => b.unread?.message ?? 0

/** The list the message centre opens. */
export const selectMessageCentreType = (b: BadgeData): 'notice' | 'announcement' => noticeTypeOf(b.unread)

/** The red-dot counts of the system menu entries (spec §2: shown when above 0). */
export const selectActivityCount = (b: BadgeData): number => b.redDot?.activeCount ?? 0
export const selectTaskCount = (b: BadgeData): number => b.redDot?.taskCount ?? 0
export const selectRebateCount = (b: BadgeData): number => b.redDot?.returnCount ?? 0
export const selectAwardCount = (b: BadgeData): number => b.redDot?.rewardCount ?? 0

/** The discount tab's badge: the reward amount when there is one, else a red dot when any activity, rebate or award waits. */
export const selectDiscountBadge = (b: BadgeData): { readonly kind: 'reward'; readonly amount: string } | { readonly kind: 'dot' } | null => {
  const d = b.redDot
  if (d === null) return null
  if (d.rewardCount > 0 && Number(d.rewardAmount) > 0) return { kind: 'reward', amount: d.rewardAmount }
  return d.activeCount > 0 || d.returnCount > 0 || d.rewardCount > 0 ? { kind: 'dot' } : null
}
