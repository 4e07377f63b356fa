import { defineEvent } from '../event'

/**
 * VIP (screens §2 Mine page and VIP screen, calls §7.11). The vip actor asks the hall for the
 * player's level and progress (vipInfo) at a real login and after a credited deposit; a view that
 * shows them asks again when it opens (bets made in games move the progress too).
 */

/** A view showing the VIP level or progress opened: refresh them. */
export const vipRefreshRequested = defineEvent('vip.refreshRequested', 'intent', 'A view showing the VIP level and progress opened: ask the hall for them again.', {})

export const vipEvents = [vipRefreshRequested] as const
