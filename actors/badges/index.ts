import type { ActorSpec } from '../spec'
import { badgesMachine } from './badges.machine'

/**
 * The badges actor: the recharge badge (the site's highest charge rate, visitors too), the red
 * dots and the unread counts of a real player, fetched when the site is ready and at every sign-in
 * (the post-login sequence's refresh), refreshed on the socket's activity and deposit notices.
 */
export const badgesActor = {
  id: 'badges',
  machine: badgesMachine,
  consumes: [
    'site.ready',
    'session.loggedIn',
    'session.loggedOut',
    'hall.responded',
    'hall.failed',
    'realtime.activeDetailsReceived',
    'realtime.payOrderSucceeded',
    'postlogin.refreshRequested',
  ],
} as const satisfies ActorSpec

export { badgesMachine } from './badges.machine'
export { BADGE_CALLS, BADGE_CAP, badgeText, rateText, noticeTypeOf, initialContext as badgesInitialContext } from './badges.logic'
export type { BadgesContext, BadgesEvent, BadgesEmitted, UnreadCounts } from './badges.logic'
export * from './badges.selectors'
