/**
 * Savings-balance (yuebao) calls (spec §7.7).
 *
 * Money moves between the wallet and the savings balance are transactions in the hall; the payloads are not shown in the spec, so the requests are open objects for now.
 */
import { defineCall } from '../call'
import { OpenRequest, OpenResponse } from './common'

export const yuebaoIndex = defineCall({
  name: 'yuebaoIndex',
  area: 'yuebao',
  path: '/yuebao/index',
  request: OpenRequest,
  response: OpenResponse,
})

export const yuebaoProfitRecord = defineCall({
  name: 'yuebaoProfitRecord',
  area: 'yuebao',
  path: '/yuebao/profitRecord',
  request: OpenRequest,
  response: OpenResponse,
})

export const yuebaoTakeoutGold = defineCall({
  name: 'yuebaoTakeoutGold',
  area: 'yuebao',
  path: '/yuebao/takeoutGold',
  request: OpenRequest,
  response: OpenResponse,
})

export const yuebaoSaveGold = defineCall({
  name: 'yuebaoSaveGold',
  area: 'yuebao',
  path: '/yuebao/saveGold',
  request: OpenRequest,
  response: OpenResponse,
})

export const yuebaoProfitCount = defineCall({
  name: 'yuebaoProfitCount',
  area: 'yuebao',
  path: '/yuebao/profitCount',
  request: OpenRequest,
  response: OpenResponse,
})

export const yuebaoReceive = defineCall({
  name: 'yuebaoReceive',
  area: 'yuebao',
  path: '/yuebao/receive',
  request: OpenRequest,
  response: OpenResponse,
})
