/**
 * Game calls (spec §7.8): recent and favourite lists, balances, game launch and the prize pool.
 *
 * os_type is the spec's OS type enumeration (3 = PC H5 for balance refresh). The answers are not shown and stay unknown.
 */
import { Schema } from 'effect'
import { defineCall } from '../call'
import { OpenRequest, OpenResponse } from './common'

export const recentListV2 = defineCall({
  name: 'recentListV2',
  area: 'games',
  path: '/gameapi/recent-list/v2',
  request: OpenRequest,
  response: OpenResponse,
})

export const favoriteListV2 = defineCall({
  name: 'favoriteListV2',
  area: 'games',
  path: '/gameapi/favorite-list/v2',
  request: OpenRequest,
  response: OpenResponse,
})

export const favoriteListAllV2 = defineCall({
  name: 'favoriteListAllV2',
  area: 'games',
  path: '/gameapi/favorite-list-all/v2',
  request: OpenRequest,
  response: OpenResponse,
})

export const getBalanceList = defineCall({
  name: 'getBalanceList',
  area: 'games',
  path: '/gameapi/getBalanceList',
  request: OpenRequest,
  response: OpenResponse,
})

export const refreshGold = defineCall({
  name: 'refreshGold',
  area: 'games',
  path: '/gameapi/RefreshGold',
  request: Schema.Struct({
    os_type: Schema.optional(Schema.Number),
  }),
  response: OpenResponse,
})

export const gameLoginV2 = defineCall({
  name: 'gameLoginV2',
  area: 'games',
  path: '/gameapi/loginv2',
  request: OpenRequest,
  response: OpenResponse,
})

export const gameLogin = defineCall({
  name: 'gameLogin',
  area: 'games',
  path: '/gameapi/login',
  request: Schema.Struct({
    os_type: Schema.optional(Schema.Number),
  }),
  response: OpenResponse,
})

export const addFavorite = defineCall({
  name: 'addFavorite',
  area: 'games',
  path: '/home/addfavorite',
  request: Schema.Struct({
    id: Schema.optional(Schema.Unknown),
    delid: Schema.optional(Schema.Unknown),
  }),
  response: OpenResponse,
})

export const prizePoolWinAmount = defineCall({
  name: 'prizePoolWinAmount',
  area: 'games',
  path: '/api/lobby/prize-pool/win-amount',
  request: OpenRequest,
  response: OpenResponse,
})

export const prizePoolWinnerList = defineCall({
  name: 'prizePoolWinnerList',
  area: 'games',
  path: '/api/lobby/prize-pool/winner-list',
  request: Schema.Struct({
    size: Schema.optional(Schema.Number),
    current: Schema.optional(Schema.Number),
  }),
  response: OpenResponse,
})
