/**
 * Game calls (spec §7.8): recent and favourite lists, balances, game launch and the prize pool,
 * plus the game entities (spec §3 game, game store) the recent-report GETs of §7.3 answer too.
 *
 * os_type is the spec's OS type enumeration (3 = PC H5 for balance refresh). Pages of games and of
 * prize-pool winners are the common Paged shape.
 */
import { Schema } from 'effect'
import { defineCall } from '../call'
import { centerWalletCodes, gameLaunchCodes } from './codes'
import { Amount, NoParams, Paged, PageRequest } from './common'

/** Game list page size (spec §7.8, §9 lists default 20). */
export const GAME_PAGE_SIZE = 20

/** Self-operated platform (spec §9). */
export const SELF_OPERATED_PLATFORM = 13

/**
 * What a game page in the lobby's frame posts to the lobby when the player leaves through the
 * game's own way back ({ type: GAME_EXIT_MESSAGE }, after the game's exit address was called): the
 * lobby closes the game in place, as its own 'Back to lobby' does, instead of loading again.
 */
export const GAME_EXIT_MESSAGE = 'lobby.gameExited'

/** The sports provider whose wallet the sports header shows (spec §9). */
export const SPORTS_PLATFORM = 136

/**
 * A game (spec §3): ids, name, category, platform, screen direction (1 portrait, 2 landscape),
 * its artwork address (url; a path on the hall's origin or absolute) and whether a demo exists.
 */
export const Game = Schema.Struct({
  gameId: Schema.Number,
  gameName: Schema.String,
  gameCategoryId: Schema.Number,
  platformId: Schema.Number,
  direction: Schema.Number,
  url: Schema.String,
  demo: Schema.Boolean,
})
export type Game = typeof Game.Type

/** One page of games: records of page `current` (1-based) of `size`, out of `total`. */
export const GamePage = Paged(Game)
export type GamePage = typeof GamePage.Type

/** A platform of a category (spec §2 sub-game list). */
export const GamePlatform = Schema.Struct({
  platformId: Schema.Number,
  platformName: Schema.String,
  gameCategoryId: Schema.Number,
  total: Schema.Number,
})
export type GamePlatform = typeof GamePlatform.Type

/** A favourite as /home/addfavorite takes it and favorite-list-all answers it (spec §7.8). */
export const FavoriteRef = Schema.Struct({
  game_id: Schema.Number,
  cate_id: Schema.Number,
  category_id: Schema.Number,
})
export type FavoriteRef = typeof FavoriteRef.Type

/** A paged list request (current 1-based, size default 20); described once in common.ts. */
export { PageRequest }

/** The player's recently played games, newest first. */
export const recentListV2 = defineCall({
  name: 'recentListV2',
  area: 'games',
  path: '/gameapi/recent-list/v2',
  request: PageRequest,
  response: GamePage,
})

/** The player's favourite games, newest first. */
export const favoriteListV2 = defineCall({
  name: 'favoriteListV2',
  area: 'games',
  path: '/gameapi/favorite-list/v2',
  request: PageRequest,
  response: GamePage,
})

/** Every favourite of the player, as references (to mark stars in any list). */
export const favoriteListAllV2 = defineCall({
  name: 'favoriteListAllV2',
  area: 'games',
  path: '/gameapi/favorite-list-all/v2',
  request: NoParams,
  response: Schema.Array(FavoriteRef),
})

/**
 * A game provider's wallet balance (the sports wallet is provider 136's): a decimal string, or the
 * in-game marker '-1' while the player's money is in that provider's game.
 */
export const ProviderBalance = Schema.Struct({ platformId: Schema.Number, balance: Amount, platformName: Schema.optional(Schema.String) })
export type ProviderBalance = typeof ProviderBalance.Type

/**
 * The game providers' wallet balances (one provider when platformId is given; every provider of
 * the catalogue, with its name, for the central wallet page when not).
 */
export const getBalanceList = defineCall({
  name: 'getBalanceList',
  area: 'games',
  path: '/gameapi/getBalanceList',
  request: Schema.Struct({ platformId: Schema.optional(Schema.Number) }),
  response: Schema.Struct({ list: Schema.Array(ProviderBalance) }),
})

/** Brings the balance back from game wallets; answers the lobby balance. */
export const refreshGold = defineCall({
  name: 'refreshGold',
  codes: { ...centerWalletCodes },
  area: 'games',
  path: '/gameapi/RefreshGold',
  request: Schema.Struct({
    os_type: Schema.optional(Schema.Number),
  }),
  response: Schema.Struct({ game_gold: Amount }),
})

/** How a game is launched (spec §4 entering a game): demo (trial money) or formal (real balance). */
export const UserType = Schema.Literals(['demo', 'formal'])
export type UserType = typeof UserType.Type

/** What a launch sends (spec §7.8): see gameLogin. */
export const GameLaunchRequest = Schema.Struct({
  gameid: Schema.Number,
  platfromid: Schema.Number,
  user_type: UserType,
  os_type: Schema.optional(Schema.Number),
  gameMode: Schema.optional(Schema.Number),
  exitUrl: Schema.optional(Schema.String),
  promoteInfo: Schema.optional(Schema.String),
})
export type GameLaunchRequest = typeof GameLaunchRequest.Type

/**
 * Launches a game (spec §7.8): gameid, platfromid (the spec's spelling), user_type; a third-party
 * launch adds exitUrl, a demo launch promoteInfo (JSON). Default gameMode 0. The answer carries the
 * socket_url entries the lobby builds the game address from. Service codes (spec §8 game open):
 * 3002 SMS code, 3003 bind withdraw, 3004 test register, 210103 and 41020 demo disabled.
 */
export const gameLogin = defineCall({
  name: 'gameLogin',
  codes: { ...gameLaunchCodes },
  area: 'games',
  path: '/gameapi/login',
  request: GameLaunchRequest,
  response: Schema.Struct({
    socket_url: Schema.Array(Schema.Struct({ url: Schema.String, gameid: Schema.Number })),
  }),
})

/**
 * The second launch call: the same request as gameLogin, answered with the finished game address
 * (game_url, for providers that build it themselves) and the screen direction (1 portrait,
 * 2 landscape); the lobby opens it as it is. Same service codes as gameLogin.
 */
export const gameLoginV2 = defineCall({
  name: 'gameLoginV2',
  codes: { ...gameLaunchCodes },
  area: 'games',
  path: '/gameapi/loginv2',
  request: GameLaunchRequest,
  response: Schema.Struct({ game_url: Schema.String, direction: Schema.Number }),
})

/** Adds favourites (id) and removes favourites (delid); answers the favourites after the change. */
export const addFavorite = defineCall({
  name: 'addFavorite',
  area: 'games',
  path: '/home/addfavorite',
  request: Schema.Struct({
    id: Schema.optional(Schema.Array(FavoriteRef)),
    delid: Schema.optional(Schema.Array(FavoriteRef)),
  }),
  response: Schema.Array(FavoriteRef),
})

/** The prize pool's current win amount. */
export const prizePoolWinAmount = defineCall({
  name: 'prizePoolWinAmount',
  area: 'games',
  path: '/api/lobby/prize-pool/win-amount',
  request: NoParams,
  response: Schema.Struct({ amount: Amount }),
})

/** A prize-pool winner. */
export const PrizeWinner = Schema.Struct({ username: Schema.String, gameName: Schema.String, amount: Amount })
export type PrizeWinner = typeof PrizeWinner.Type

/** The prize pool's winners (size 200, current 1). */
export const prizePoolWinnerList = defineCall({
  name: 'prizePoolWinnerList',
  area: 'games',
  path: '/api/lobby/prize-pool/winner-list',
  request: PageRequest,
  response: Paged(PrizeWinner),
})
