import type { EventOfType } from '../../schemas/events'
import type { RedDot } from '../../schemas/hall/calls/active'

/**
 * The badges actor's data and pure rules (screens §2, §3, §9): the recharge badge (the site's
 * highest charge_rate), the red dots and the unread counts, and the 99+ cap.
 */

/** The hall calls this actor makes, by the names of schemas/hall/calls. */
export const BADGE_CALLS = { rate: 'maxChargeRate', redDot: 'getRedDot', unread: 'homeIndex' } as const
export type BadgeCall = keyof typeof BADGE_CALLS

/** Unread counts (spec §3). */
export interface UnreadCounts {
  readonly message: number
  readonly notice: number
  readonly announcement: number
}

export interface BadgesContext {
  readonly requestCount: number
  /** A real player is signed in (red dots and unread counts are theirs). */
  readonly real: boolean
  /** The site's highest charge rate, as the hall gave it ('10' is 10 %), or null until known. */
  readonly chargeRate: string | null
  readonly redDot: RedDot | null
  readonly unread: UnreadCounts | null
  /** Calls asked and not answered, by request id; answers of other ids (or of a past login) are ignored. */
  readonly pending: Readonly<Record<string, BadgeCall>>
}

export const initialContext: BadgesContext = { requestCount: 0, real: false, chargeRate: null, redDot: null, unread: null, pending: {} }

export type BadgesEvent =
  | EventOfType<'site.ready'>
  | EventOfType<'session.loggedIn'>
  | EventOfType<'session.loggedOut'>
  | EventOfType<'hall.responded'>
  | EventOfType<'hall.failed'>
  | EventOfType<'realtime.activeDetailsReceived'>
  | EventOfType<'realtime.payOrderSucceeded'>
  | EventOfType<'postlogin.refreshRequested'>

export type BadgesEmitted = EventOfType<'hall.requested'>

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
