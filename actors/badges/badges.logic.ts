
/**
 * The badges' pure rules (screens §2, §3, §9): the recharge badge (the site's
 * highest charge_rate), the red dots and the unread counts, and the 99+ cap.
 */

/** Unread counts (spec §3). */
export interface UnreadCounts {
  readonly message: number
  readonly notice: number
  readonly announcement: number
}

/** The spec's badge cap (§9): above 99 the badge says 99+. */
export const BADGE_CAP = 99

/** What a count badge shows: nothing for 0 (or less), the count, or '99+' above the cap. */
export const badgeText = (count: number): string | null => (!(count > 0) ? null : count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.floor(count)))

/** A charge rate worth a badge: a positive rate, shown as given without trailing zeros ('12.50' → '12.5'). */
export const rateText = (rate: string | null): string | null => {
  if (rate === null) return null
  const n = Number(rate)
  return Number.isFinite(n) && n > 0 ? String(n) : null
}

/** The message centre's list to open (spec §2): notice if unread notices, else announcement if unread announcements, else notice. */
export const noticeTypeOf = (u: UnreadCounts | null): 'notice' | 'announcement' =>
  u !== null && u.notice === 0 && u.announcement > 0 ? 'announcement' : 'notice'
