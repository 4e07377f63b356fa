import { gameLogin, gameLoginV2 } from '../../schemas/hall/calls/games'
import { handles } from '../kit'
import type { ActorSpec } from '../spec'
import { catalogueMachine } from './catalogue.machine'
import { gamePhoneMachine } from './gamephone.machine'
import { lastGameMachine } from './lastgame.machine'
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
 * balance is fetched, the game address, the game-open service codes of spec §8), the prize balance
 * a sign-in fetches (to the wallet), and where it stands for the wallet (lobby, opening, playing).
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
    'games.addressBuilt',
    'games.launchRetried',
    'games.phoneVerified',
  ],
  // Registration first, a phone first (the game phone actor), a withdraw account first (the page's bank-card button).
  handles: [
    handles(gameLogin, 'launch', ['registerFirst', 'demoDisabled', 'providerDemoDisabled', 'bindPhone', 'bindWithdraw']),
    handles(gameLoginV2, 'launch (a site whose hall profile launches by loginv2)', ['registerFirst', 'demoDisabled', 'providerDemoDisabled', 'bindPhone', 'bindWithdraw']),
  ],
} as const satisfies ActorSpec

/** The continue-last-game actor: the confirm 1000 ms after a sign-in's prize answer named a last game (debounced). */
export const lastGameActor = {
  id: 'lastgame',
  machine: lastGameMachine,
  consumes: ['games.lastGameFound', 'session.loggedIn', 'session.loggedOut'],
} as const satisfies ActorSpec

/**
 * The game phone actor: the phone verification a launch answered 3002 asks for (the
 * verifyBindPhone popup), its code sent by the verification flow, the phone bound here; the launch
 * is retried once the popup has closed.
 */
export const gamePhoneActor = {
  id: 'gamephone',
  machine: gamePhoneMachine,
  consumes: ['games.phoneNeeded', 'games.phoneSubmitted', 'games.phoneAbandoned', 'popup.closed', 'hall.responded', 'hall.failed'],
} as const satisfies ActorSpec

/** The statecharts, their contexts and events. */
export { catalogueMachine, initialCatalogue, SEARCH_DEBOUNCE_MS } from './catalogue.machine'
export type { CatalogueContext, CatalogueEvent, CatalogueEmitted } from './catalogue.machine'
export { launchMachine } from './launch.machine'
export { initialLaunch, userTypeOf, REGISTER_CODES, PHONE_CODE, BANK_CARD_CODE } from './launch.logic'
export type { LaunchContext, LaunchEvent, LaunchEmitted, LaunchTarget, LaunchError, PlayState } from './launch.logic'
export { lastGameMachine, initialLastGame, LAUNCH_DELAYS } from './lastgame.machine'
export type { LastGameContext, LastGameEvent, LastGameEmitted } from './lastgame.machine'
export { gamePhoneMachine, initialGamePhone, GAME_PHONE_CALL } from './gamephone.machine'
export type { GamePhoneContext, GamePhoneEvent, GamePhoneEmitted } from './gamephone.machine'
/** The store's pure rules. */
export * from './games.logic'
export * from './games.selectors'
