import type { SnapshotFrom } from 'xstate'
import { noticeTypeOf, rateText } from './badges.logic'
import type { badgesMachine } from './badges.machine'

type BadgesSnapshot = SnapshotFrom<typeof badgesMachine>

/** The recharge badge's rate ('10' for 10 %), or null when the site offers none. */
export const selectChargeRate = (s: BadgesSnapshot): string | null => rateText(s.context.chargeRate)

/** Unread messages (the Mine tab and the message centre). */
export const selectUnreadMessages = (s: BadgesSnapshot): number => s.context.unread?.message ?? 0

/** The list the message centre opens. */
export const selectMessageCentreType = (s: BadgesSnapshot): 'notice' | 'announcement' => noticeTypeOf(s.context.unread)

/** The red-dot counts of the system menu entries (spec §2: shown when above 0). */
export const selectActivityCount = (s: BadgesSnapshot): number => s.context.redDot?.activeCount ?? 0
export const selectTaskCount = (s: BadgesSnapshot): number => s.context.redDot?.taskCount ?? 0
export const selectRebateCount = (s: BadgesSnapshot): number => s.context.redDot?.returnCount ?? 0
export const selectAwardCount = (s: BadgesSnapshot): number => s.context.redDot?.rewardCount ?? 0

/** The discount tab's badge: the reward amount when there is one, else a red dot when any activity, rebate or award waits. */
export const selectDiscountBadge = (s: BadgesSnapshot): { readonly kind: 'reward'; readonly amount: string } | { readonly kind: 'dot' } | null => {
  const d = s.context.redDot
  if (d === null) return null
  if (d.rewardCount > 0 && Number(d.rewardAmount) > 0) return { kind: 'reward', amount: d.rewardAmount }
  return d.activeCount > 0 || d.returnCount > 0 || d.rewardCount > 0 ? { kind: 'dot' } : null
}
