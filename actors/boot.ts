import type { LobbyEvent, LobbyEventType } from '../schemas/events'
import type { PopupId } from '../schemas/events/popup'
import type { RouteName } from '../schemas/routes'
import type { Domain } from './domain'
import { siteDomain } from './site/domain'
import { navDomain } from './nav/domain'
import { sessionDomain } from './session/domain'
import { geetestDomain } from './geetest/domain'
import { walletDomain } from './wallet/domain'
import { verifyDomain } from './verify/domain'
import { popupsDomain } from './popups/domain'
import { socketDomain } from './socket/domain'
import { musicDomain } from './music/domain'
import { linesDomain } from './lines/domain'
import { redpacketsDomain } from './redpackets/domain'
import { toastsDomain } from './toasts/domain'
import { gamesDomain } from './games/domain'
import { postloginDomain } from './postlogin/domain'
import { frameboxDomain } from './framebox/domain'
import { bannersDomain } from './banners/domain'
import { badgesDomain } from './badges/domain'
import { vipDomain } from './vip/domain'
import { securityDomain } from './security/domain'
import { prizepoolDomain } from './prizepool/domain'
import { sportsbookDomain } from './sportsbook/domain'
import { playDomain } from './play/domain'
import { payDomain } from './pay/domain'
import { centerwalletDomain } from './centerwallet/domain'
import { messagesDomain } from './messages/domain'
import { serviceDomain } from './service/domain'
import { wheelDomain } from './wheel/domain'
import { restrictedDomain } from './restricted/domain'
import { feedbackDomain } from './feedback/domain'
import { upgradeDomain } from './upgrade/domain'
import { aboutDomain } from './about/domain'
import { accountDomain } from './account/domain'
import { rebatesDomain } from './rebates/domain'
import { recoveryDomain } from './recovery/domain'
import { signupDomain } from './signup/domain'
import { thirdpartyDomain } from './thirdparty/domain'
import { noticesDomain } from './notices/domain'
import { promotionDomain } from './promotion/domain'
import { webpushDomain } from './webpush/domain'

/**
 * What the lobby starts at boot and what it starts when first needed (docs/architecture.md,
 * "Domains start when first needed"). This module is the first route's: it imports the boot
 * domains' modules and only the names of the others, whose modules are their own chunks (`load`).
 * actors/domains.ts stays the list of every domain (tests, tools and the replayer read it); the
 * boot list here is that list, in its order, without the lazy ones (tests/unit/replay/lazy-domains.test.ts).
 */

/** The domains whose actors start at boot, in start order. */
export const bootDomains = [
  siteDomain,
  navDomain,
  sessionDomain,
  geetestDomain,
  walletDomain,
  verifyDomain,
  popupsDomain,
  socketDomain,
  musicDomain,
  linesDomain,
  redpacketsDomain,
  toastsDomain,
  gamesDomain,
  postloginDomain,
  frameboxDomain,
  bannersDomain,
  badgesDomain,
  vipDomain,
  securityDomain,
  prizepoolDomain,
  sportsbookDomain,
  playDomain,
  payDomain,
  centerwalletDomain,
  messagesDomain,
  serviceDomain,
  wheelDomain,
  restrictedDomain,
  feedbackDomain,
  upgradeDomain,
  aboutDomain,
  accountDomain,
  rebatesDomain,
  recoveryDomain,
  signupDomain,
  thirdpartyDomain,
  noticesDomain,
  promotionDomain,
  webpushDomain,
] as const satisfies ReadonlyArray<Domain>

/** An event processed before a lazy domain started that asks for it (its code is then imported and the domain started). */
export interface DomainAsk {
  readonly type: LobbyEventType
  /** Whether this event asks (default: always). */
  readonly when?: (event: LobbyEvent) => boolean
}

/**
 * A domain started when first needed: the always-loaded part of it (a name and a table, no
 * actors) and how to import the rest.
 */
export interface LazyDomain<D extends Domain = Domain> {
  readonly name: D['name']
  /** Its routes: showing one imports and starts the domain first (the same as its module's; tests check). */
  readonly routes: ReadonlyArray<RouteName>
  /** Its popups: showing one imports and starts the domain first. */
  readonly popups: ReadonlyArray<PopupId>
  /** Bus events that ask for it (a socket notice, a boot step, another domain's notice addressed to it). */
  readonly asks: ReadonlyArray<DomainAsk>
  /**
   * What its actors are handed when they start: per group of event types, the latest event of
   * the group the bus processed before the start, delivered in the order they were processed.
   */
  readonly keeps: ReadonlyArray<ReadonlyArray<LobbyEventType>>
  /** Imports its module (its own chunk). */
  readonly load: () => Promise<D>
}

/**
 * What every lazy domain's actors are handed at their start: who is signed in (the kit's
 * queries, lists and commands track it from the sign-in notices) and the site (a list's device
 * comes with site.ready).
 */
export const COMMON_KEEPS: ReadonlyArray<ReadonlyArray<LobbyEventType>> = [['session.loggedIn', 'session.loggedOut'], ['site.ready']]

const lazy = <D extends Domain>(d: {
  readonly name: D['name']
  readonly routes?: ReadonlyArray<RouteName>
  readonly popups?: ReadonlyArray<PopupId>
  readonly asks?: ReadonlyArray<DomainAsk>
  readonly keeps?: ReadonlyArray<ReadonlyArray<LobbyEventType>>
  readonly load: () => Promise<D>
}): LazyDomain<D> => ({
  name: d.name,
  routes: d.routes ?? [],
  popups: d.popups ?? [],
  asks: d.asks ?? [],
  keeps: [...COMMON_KEEPS, ...(d.keeps ?? [])],
  load: d.load,
})

/** A withdrawal that moved on: the withdraw page's query reads it again and tells the wallet the balance. */
const WITHDRAW_MOVED: ReadonlyArray<LobbyEventType> = ['realtime.withdrawOrderProgressed', 'realtime.withdrawOrderSucceeded']

/**
 * The domains started when first needed, heaviest first. What an event addressed to one of them
 * before its start means, where it is not in `asks` or `keeps`: nothing it needs (its lists and
 * pages are not open, and they ask the hall when they open).
 */
export const lazyDomains = [
  lazy({
    name: 'withdraw',
    routes: ['withdraw', 'withdrawDetails', 'auditDetails'],
    // A withdrawal moving on reads the withdraw page again, whose balance goes to the wallet.
    asks: WITHDRAW_MOVED.map((type) => ({ type })),
    keeps: [WITHDRAW_MOVED],
    load: () => import('./withdraw/domain').then((m) => m.withdrawDomain),
  }),
  lazy({
    name: 'yuebao',
    routes: ['yuebao'],
    popups: ['yuebaoIntro'],
    // A real player's sign-in reads the savings, whose balance and terms go to the wallet (the header's entry, the menu's rate).
    asks: [{ type: 'session.loggedIn', when: (e) => e.type === 'session.loggedIn' && e.real }],
    load: () => import('./yuebao/domain').then((m) => m.yuebaoDomain),
  }),
  lazy({ name: 'activities', routes: ['eventIndex', 'eventDetail'], load: () => import('./activities/domain').then((m) => m.activitiesDomain) }),
  lazy({ name: 'promote', routes: ['promote', 'proxyTransfer', 'myTransferRecord'], load: () => import('./promote/domain').then((m) => m.promoteDomain) }),
  lazy({ name: 'tasks', routes: ['eventTask'], popups: ['task'], load: () => import('./tasks/domain').then((m) => m.tasksDomain) }),
  lazy({ name: 'records', routes: ['records', 'report'], load: () => import('./records/domain').then((m) => m.recordsDomain) }),
] as const

/** The name of a domain started when first needed. */
export type LazyDomainName = (typeof lazyDomains)[number]['name']

/** The lazy domain of this name, if it is one. */
export const lazyDomain = (name: string): LazyDomain | undefined => (lazyDomains as ReadonlyArray<LazyDomain>).find((d) => d.name === name)
