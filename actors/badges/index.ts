import { getRedDot } from '../../schemas/hall/calls/active'
import { homeIndex } from '../../schemas/hall/calls/message'
import { maxChargeRate } from '../../schemas/hall/calls/pay'
import { queryActor } from '../kit'

/**
 * The badges (screens §2 tab bar, header and menus; §3 red dots and unread counts; §9 cap 99+),
 * three queries. The site's highest charge rate is asked when the site is ready and at every
 * login change (visitors too). A real player's red dots and unread counts are asked when the site
 * is ready and when the post-login sequence's refresh names them (items redDot, notices); an
 * activity change the socket reports, a rebate receipt and a task prize received ask for the red dots again; a credited deposit, a message
 * the socket announces and whatever the player read or deleted in the message centre ask for the
 * unread counts, so every badge follows at once. A logout or a guest forgets them.
 */
export const chargeRateActor = queryActor({
  id: 'chargerate',
  call: maxChargeRate,
  audience: 'anyone',
  fetchOn: { 'site.ready': true, 'session.loggedIn': true, 'session.loggedOut': true },
  payload: {},
  select: (d) => d.charge_rate,
})

/** A real player's red dots: the system menu's counts and the discount tab's badge. */
export const redDotActor = queryActor({
  id: 'reddot',
  call: getRedDot,
  audience: 'real',
  fetchOn: {
    'site.ready': true,
    'postlogin.refreshRequested': { when: (e) => e.items.includes('redDot') },
    'realtime.activeDetailsReceived': true,
    'realtime.payOrderSucceeded': true,
    'activities.changed': true,
    'rebate.received': true,
    'tasks.changed': true,
  },
  payload: {},
})

/** A real player's unread messages, notices and announcements. */
export const unreadActor = queryActor({
  id: 'unread',
  call: homeIndex,
  audience: 'real',
  fetchOn: {
    'site.ready': true,
    'postlogin.refreshRequested': { when: (e) => e.items.includes('notices') },
    'realtime.payOrderSucceeded': true,
    'realtime.messageReceived': true,
    'messages.changed': true,
  },
  payload: {},
})

export { BADGE_CAP, badgeText, rateText, noticeTypeOf } from './badges.logic'
export type { UnreadCounts } from './badges.logic'
export * from './badges.selectors'
