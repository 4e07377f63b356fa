import type { ActorSpec } from '../spec'
import { catalogueMachine } from './catalogue.machine'
import { launchMachine } from './launch.machine'

/**
 * The games actor: the game catalogue the lobby shows (hot, recent, collect, demo, a category's
 * platforms and pages of 20, search with its persisted history, favourites through
 * /home/addfavorite, optimistic and rolled back on error), following the location.
 */
export const gamesActor = {
  id: 'games',
  machine: catalogueMachine,
  consumes: [
    'site.ready',
    'hall.responded',
    'hall.failed',
    'nav.navigated',
    'nav.locationChanged',
    'session.loggedIn',
    'session.loggedOut',
    'games.storeLoaded',
    'games.searchTyped',
    'games.searchSubmitted',
    'games.searchHistoryCleared',
    'games.moreRequested',
    'games.listRetried',
    'games.favoriteToggled',
    'postlogin.refreshRequested',
    'socket.opened',
  ],
} as const satisfies ActorSpec

/**
 * The launch actor: entering a game on /home/embedded (demo or formal, refused while the prize
 * balance is fetched, the game address, '-1' in game, the game-open service codes of spec §8)
 * and the continue-last-game confirm with its 1000 ms debounce.
 */
export const launchActor = {
  id: 'launch',
  machine: launchMachine,
  consumes: [
    'site.ready',
    'hall.responded',
    'hall.failed',
    'nav.navigated',
    'nav.locationChanged',
    'session.loggedIn',
    'session.loggedOut',
    'popup.closed',
    'games.addressBuilt',
    'games.launchRetried',
    'games.phoneCodeRequested',
    'games.phoneSubmitted',
  ],
} as const satisfies ActorSpec

/** The statecharts, their contexts and events. */
export { catalogueMachine, initialCatalogue, SEARCH_DEBOUNCE_MS } from './catalogue.machine'
export type { CatalogueContext, CatalogueEvent, CatalogueEmitted } from './catalogue.machine'
export { launchMachine, initialLaunch, initialPhone, userTypeOf, LAUNCH_DELAYS, REGISTER_CODES, PHONE_CODE, BANK_CARD_CODE } from './launch.machine'
export type { LaunchContext, LaunchEvent, LaunchEmitted, LaunchTarget, LaunchError, PhoneVerification } from './launch.machine'
/** The store's pure rules. */
export * from './games.logic'
export * from './games.selectors'
