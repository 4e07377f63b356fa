/**
 * Deposit calls (spec §7.5): pay channels and types, orders, transfer confirmation and fees.
 *
 * Order numbers are large ids and must travel as strings (BigId) once the answers are described; for now the answers are unknown and the hall answers 4040.
 */
import { Schema } from 'effect'
import { defineCall } from '../call'
import { OpenRequest, OpenResponse } from './common'

export const payListV4 = defineCall({
  name: 'payListV4',
  area: 'pay',
  path: '/pay/payListV4',
  request: Schema.Struct({
    payCurrency: Schema.optional(Schema.String),
  }),
  response: OpenResponse,
})

export const payTypeV4 = defineCall({
  name: 'payTypeV4',
  area: 'pay',
  path: '/pay/payTypeV4',
  request: Schema.Struct({
    type: Schema.optional(Schema.Number),
  }),
  response: OpenResponse,
})

export const payPlatformListV3 = defineCall({
  name: 'payPlatformListV3',
  area: 'pay',
  path: '/pay/payplatformlistV3',
  request: OpenRequest,
  response: OpenResponse,
})

export const payOrderListV3 = defineCall({
  name: 'payOrderListV3',
  area: 'pay',
  path: '/pay/orderListV3',
  request: OpenRequest,
  response: OpenResponse,
})

export const offlineOrderV3 = defineCall({
  name: 'offlineOrderV3',
  area: 'pay',
  path: '/pay/offlineOrderV3',
  request: OpenRequest,
  response: OpenResponse,
})

export const transferConfirm = defineCall({
  name: 'transferConfirm',
  area: 'pay',
  path: '/pay/transferConfirm',
  request: OpenRequest,
  response: OpenResponse,
})

export const transferCancel = defineCall({
  name: 'transferCancel',
  area: 'pay',
  path: '/pay/transferCancel',
  request: OpenRequest,
  response: OpenResponse,
})

export const payOrderInfo = defineCall({
  name: 'payOrderInfo',
  area: 'pay',
  path: '/pay/orderInfo',
  request: OpenRequest,
  response: OpenResponse,
})

export const getPayOrderFee = defineCall({
  name: 'getPayOrderFee',
  area: 'pay',
  path: '/pay/getPayOrderFee',
  request: OpenRequest,
  response: OpenResponse,
})

/**
 * The site's highest deposit bonus rate (spec: charge_rate, the badge on the recharge entries).
 * Open to visitors. The rate is a percentage as a decimal string ('10' is 10 %); '0' when the
 * site offers none, and the lobby then shows no badge.
 */
export const maxChargeRate = defineCall({
  name: 'maxChargeRate',
  area: 'pay',
  path: '/home/maxChargeRate',
  request: Schema.Struct({}),
  response: Schema.Struct({ charge_rate: Schema.String.check(Schema.isPattern(/^\d+(\.\d{1,4})?$/)) }),
})

export const getPayChooseBank = defineCall({
  name: 'getPayChooseBank',
  area: 'pay',
  path: '/api/lobby/finance/getPayChooseBank',
  method: 'GET',
  request: OpenRequest,
  response: OpenResponse,
})

export const getSiteCurrencyExchangeRate = defineCall({
  name: 'getSiteCurrencyExchangeRate',
  area: 'pay',
  path: '/api/lobby/finance/getSiteCurrencyExchangeRate',
  method: 'GET',
  request: OpenRequest,
  response: OpenResponse,
})
