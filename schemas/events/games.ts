import { Schema } from 'effect'
import { defineEvent } from '../event'
import { FavoriteRef } from '../hall/calls/games'
import { SecretString } from '../secret'
import { Sensitive } from '../sensitive'

/**
 * The game lobby (screens §2 category menu, §3 game and game store, §4 game category on home and
 * entering a game; calls §7.8; errors §8 game open): the player's search and favourite intents,
 * the persisted game store and the built game address as facts, and what the games and launch
 * actors ask of runners, the popup queue and the wallet as notices.
 */

// Intents -------------------------------------------------------------------------------------

/** The player typed in the search box (search as you type). */
export const searchTyped = defineEvent('games.searchTyped', 'intent', 'The player typed in the game search box.', {
  text: Schema.String,
})
/** The player submitted a search (Enter, or picked a history entry): the text joins the history. */
export const searchSubmitted = defineEvent('games.searchSubmitted', 'intent', 'The player submitted a game search; the text joins the search history.', {
  text: Schema.String,
})
/** The player cleared the search history. */
export const searchHistoryCleared = defineEvent('games.searchHistoryCleared', 'intent', 'The player cleared the search history.', {})
/** The list scrolled near its end: load the next page of 20. */
export const moreRequested = defineEvent('games.moreRequested', 'intent', 'The game list scrolled near its end; the next page of 20 is wanted.', {})
/** The player asked to load again a game list (or its next page) whose call failed. */
export const listRetried = defineEvent('games.listRetried', 'intent', 'The player asked to load the game list again after it failed.', {})
/** The player starred or unstarred a game. */
export const favoriteToggled = defineEvent('games.favoriteToggled', 'intent', 'The player starred or unstarred a game.', {
  gameId: Schema.Number,
  platformId: Schema.Number,
  categoryId: Schema.Number,
})
/** The player asked to try the launch again (after a refusal or an error). */
export const launchRetried = defineEvent('games.launchRetried', 'intent', 'The player asked to open the game again.', {})
/** In the phone verification a game asked for (3002): bind this phone with the code received. */
export const phoneSubmitted = defineEvent('games.phoneSubmitted', 'intent', 'The player submitted the phone and code to verify for a game (3002).', {
  phone: Schema.String,
  code: SecretString,
})
export const sportsOpened = defineEvent('games.sportsOpened', 'intent', 'The sports page opened: its platforms and the first one\'s games are wanted.', {})
export const sportsPlatformChosen = defineEvent('games.sportsPlatformChosen', 'intent', 'The player chose a sports platform on the sports page.', {
  platformName: Schema.String,
})
/** The player opened the prize pool (its win amount and winner list). */
export const prizePoolOpened = defineEvent('games.prizePoolOpened', 'intent', 'The player opened the prize pool (win amount and winner list).', {})

// Facts ---------------------------------------------------------------------------------------

/** The persisted game store was read at start (search history, favourites cache). */
export const storeLoaded = defineEvent('games.storeLoaded', 'fact', 'The persisted game store (search history, favourites cache) was read at start.', {
  history: Schema.Array(Schema.String),
  favorites: Schema.Array(FavoriteRef),
})
/** The launch runner built the game address (it holds the encrypted session key: sensitive). */
export const addressBuilt = defineEvent('games.addressBuilt', 'fact', 'The game address was built from the launch answer (with the encrypted session key).', {
  launchId: Schema.Number,
  url: Sensitive(Schema.String),
})

// Notices -------------------------------------------------------------------------------------

/** The game store to persist changed (search history, favourites). */
export const storeChanged = defineEvent('games.storeChanged', 'notice', 'The game store to persist changed (search history, favourites cache).', {
  history: Schema.Array(Schema.String),
  favorites: Schema.Array(FavoriteRef),
})
/**
 * The launch runner must build the game address from a socket_url entry: base, gameId, route,
 * lang and try (the username, or 'demo'); it adds the encrypted session key and the userkey.
 */
export const addressRequested = defineEvent('games.addressRequested', 'notice', 'Build the game address from a socket_url entry (the runner adds the encrypted session key and userkey).', {
  launchId: Schema.Number,
  base: Schema.String,
  gameId: Schema.Number,
  route: Schema.String,
  lang: Schema.String,
  try: Schema.String,
  /** A demo launch: no session key or userkey goes into the address. */
  demo: Schema.Boolean,
})
/** The popups the game lobby asks for: none of them ranked, so asking never pushes the open popup back. */
export const GamePopupId = Schema.Literals(['register', 'verifyBindPhone', 'continueLastGame'])
export type GamePopupId = typeof GamePopupId.Type

/**
 * A popup the game lobby needs (spec §8 game open: registration for 3004, 210103, 41020; phone
 * verification for 3002; the continue-last-game confirm). For the popup queue to consume.
 */
export const popupRequested = defineEvent('games.popupRequested', 'notice', 'The game lobby needs a global popup (registration, phone verification, continue last game).', {
  popup: GamePopupId,
  props: Schema.optionalKey(Schema.Record(Schema.String, Schema.Unknown)),
})
/** A popup the game lobby asked for is done with (the phone verified): the queue closes it. */
export const popupDismissed = defineEvent('games.popupDismissed', 'notice', 'A popup the game lobby asked for is done with (the phone was verified).', {
  popup: GamePopupId,
})
/** A warning to show briefly (lobby.game.fetchingPrize, demo-only categories, club app prompt). */
export const warned = defineEvent('games.warned', 'notice', 'A game-lobby warning to show as a toast (message key).', {
  message: Schema.String,
})
/**
 * Where the launch stands, for the wallet: in the lobby, opening a game (on /home/embedded, before
 * the game shows), or playing (the game address was built: the money went into the game).
 * Announced on each change.
 */
export const playStateChanged = defineEvent('games.playStateChanged', 'notice', 'The launch moved between the lobby, opening a game and playing one.', {
  state: Schema.Literals(['lobby', 'opening', 'playing']),
})
/** The sign-in's prize answer names a last game (a real player): the continue-last-game confirm is offered after the debounce. */
export const lastGameFound = defineEvent('games.lastGameFound', 'notice', "The sign-in's prize answer names the player's last game; its confirm follows the 1000 ms debounce.", {
  lastGame: Schema.Record(Schema.String, Schema.Unknown),
})
/** A launch was answered 3002: the phone must be verified (the verifyBindPhone popup). */
export const phoneNeeded = defineEvent('games.phoneNeeded', 'notice', 'A game launch was answered 3002: the phone must be verified before it opens.', {})
/** The phone a game asked for is bound and its popup closed: the launch is tried again. */
export const phoneVerified = defineEvent('games.phoneVerified', 'notice', 'The phone a game asked for (3002) is bound and its popup closed; the launch is retried.', {})
/** The launch no longer waits for the phone (the player left the game page or retried): its popup closes. */
export const phoneAbandoned = defineEvent('games.phoneAbandoned', 'notice', 'The launch no longer waits for the phone (the game page was left or the launch retried).', {})

/** The games events. */
export const gamesEvents = [
  searchTyped,
  searchSubmitted,
  searchHistoryCleared,
  moreRequested,
  listRetried,
  favoriteToggled,
  launchRetried,
  phoneSubmitted,
  prizePoolOpened,
  sportsOpened,
  sportsPlatformChosen,
  storeLoaded,
  addressBuilt,
  storeChanged,
  addressRequested,
  popupRequested,
  popupDismissed,
  warned,
  playStateChanged,
  lastGameFound,
  phoneNeeded,
  phoneVerified,
  phoneAbandoned,
] as const
