/**
 * VIP calls (spec §7.11): details, levels and gift receiving.
 *
 * The spec gives no payloads; answers carry the VIP entities of the screens document once described.
 */
import { defineCall } from '../call'
import { OpenRequest, OpenResponse } from './common'

export const vipDetails = defineCall({
  name: 'vipDetails',
  area: 'vip',
  path: '/user/vipdetails',
  request: OpenRequest,
  response: OpenResponse,
})

export const vipInfo = defineCall({
  name: 'vipInfo',
  area: 'vip',
  path: '/user/vipInfo',
  request: OpenRequest,
  response: OpenResponse,
})

export const vipLevels = defineCall({
  name: 'vipLevels',
  area: 'vip',
  path: '/user/vip',
  request: OpenRequest,
  response: OpenResponse,
})

export const vipGiftReceive = defineCall({
  name: 'vipGiftReceive',
  area: 'vip',
  path: '/user/giftRecv1',
  request: OpenRequest,
  response: OpenResponse,
})
