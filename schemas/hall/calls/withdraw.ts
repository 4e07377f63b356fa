/**
 * Withdrawal calls (spec §7.6): withdraw information, bank, e-wallet and crypto accounts, records and audits.
 *
 * order_no and auditId are large ids and therefore strings (BigId): a JSON number would lose digits.
 */
import { Schema } from 'effect'
import { BigId } from '../envelope'
import { defineCall } from '../call'
import { OpenRequest, OpenResponse } from './common'

export const withdrawInfo = defineCall({
  name: 'withdrawInfo',
  area: 'withdraw',
  path: '/certify/withdrawInfo',
  request: OpenRequest,
  response: OpenResponse,
})

export const withdrawCash = defineCall({
  name: 'withdrawCash',
  area: 'withdraw',
  path: '/certify/cach',
  request: OpenRequest,
  response: OpenResponse,
})

export const withdrawRecord = defineCall({
  name: 'withdrawRecord',
  area: 'withdraw',
  path: '/certify/withdrawRecord',
  request: OpenRequest,
  response: OpenResponse,
})

export const bankInfo = defineCall({
  name: 'bankInfo',
  area: 'withdraw',
  path: '/certify/bankInfo',
  request: Schema.Struct({
    currency: Schema.optional(Schema.String),
  }),
  response: OpenResponse,
})

export const bindCard = defineCall({
  name: 'bindCard',
  area: 'withdraw',
  path: '/certify/bindcard',
  request: OpenRequest,
  response: OpenResponse,
})

export const bindAlipay = defineCall({
  name: 'bindAlipay',
  area: 'withdraw',
  path: '/certify/bindalipay',
  request: OpenRequest,
  response: OpenResponse,
})

export const cryptoList = defineCall({
  name: 'cryptoList',
  area: 'withdraw',
  path: '/certify/cryptoList',
  request: OpenRequest,
  response: OpenResponse,
})

export const bindCrypto = defineCall({
  name: 'bindCrypto',
  area: 'withdraw',
  path: '/certify/bindCrypto',
  request: OpenRequest,
  response: OpenResponse,
})

export const bindUserWallet = defineCall({
  name: 'bindUserWallet',
  area: 'withdraw',
  path: '/certify/bindUserWallet',
  request: OpenRequest,
  response: OpenResponse,
})

export const deleteAccount = defineCall({
  name: 'deleteAccount',
  area: 'withdraw',
  path: '/certify/deleteAccount',
  request: OpenRequest,
  response: OpenResponse,
})

export const setDefaultAccount = defineCall({
  name: 'setDefaultAccount',
  area: 'withdraw',
  path: '/certify/setdefault',
  request: OpenRequest,
  response: OpenResponse,
})

export const auditRecordPageList = defineCall({
  name: 'auditRecordPageList',
  area: 'withdraw',
  path: '/certify/auditRecordPageList',
  request: OpenRequest,
  response: OpenResponse,
})

export const auditDetail = defineCall({
  name: 'auditDetail',
  area: 'withdraw',
  path: '/certify/auditDetail',
  request: Schema.Struct({
    auditId: Schema.optional(BigId),
  }),
  response: OpenResponse,
})

export const withdrawOrderInfo = defineCall({
  name: 'withdrawOrderInfo',
  area: 'withdraw',
  path: '/certify/orderInfo',
  request: Schema.Struct({
    order_no: Schema.optional(BigId),
  }),
  response: OpenResponse,
})

export const getWithdrawFee = defineCall({
  name: 'getWithdrawFee',
  area: 'withdraw',
  path: '/certify/getWithdrawFee',
  request: OpenRequest,
  response: OpenResponse,
})

export const uploadPay = defineCall({
  name: 'uploadPay',
  area: 'withdraw',
  path: '/certify/uploadpay',
  request: OpenRequest,
  response: OpenResponse,
})

export const walletQuery = defineCall({
  name: 'walletQuery',
  area: 'withdraw',
  path: '/certify/walletQuery',
  request: OpenRequest,
  response: OpenResponse,
})

export const withdrawalChannelClosedQuery = defineCall({
  name: 'withdrawalChannelClosedQuery',
  area: 'withdraw',
  path: '/certify/withdrawalChannelClosedQuery',
  request: Schema.Struct({
    siteCode: Schema.optional(Schema.String),
  }),
  response: OpenResponse,
})
