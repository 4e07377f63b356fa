/**
 * Message and customer-service calls (spec §7.9): notice list and read state, customer-service staff, home index.
 *
 * Notice lists page with size 5 by default (spec §9); answers stay unknown until the hall implements them.
 */
import { Schema } from 'effect'
import { defineCall } from '../call'
import { OpenRequest, OpenResponse } from './common'

export const messageList = defineCall({
  name: 'messageList',
  area: 'message',
  path: '/message/list',
  request: Schema.Struct({
    page: Schema.optional(Schema.Number),
    type: Schema.optional(Schema.Number),
    size: Schema.optional(Schema.Number),
  }),
  response: OpenResponse,
})

export const messageReadAll = defineCall({
  name: 'messageReadAll',
  area: 'message',
  path: '/message/readall',
  request: OpenRequest,
  response: OpenResponse,
})

export const messageRead = defineCall({
  name: 'messageRead',
  area: 'message',
  path: '/message/read',
  request: OpenRequest,
  response: OpenResponse,
})

export const messageDelete = defineCall({
  name: 'messageDelete',
  area: 'message',
  path: '/message/delete',
  request: OpenRequest,
  response: OpenResponse,
})

export const customerReceiveAward = defineCall({
  name: 'customerReceiveAward',
  area: 'message',
  path: '/customer/receiveAward',
  request: OpenRequest,
  response: OpenResponse,
})

export const customerStaffAllV2 = defineCall({
  name: 'customerStaffAllV2',
  area: 'message',
  path: '/customer/staffallv2',
  request: Schema.Struct({
    siteCode: Schema.optional(Schema.String),
  }),
  response: OpenResponse,
})

/** An unread count (spec §3). */
const UnreadCount = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/**
 * The player's unread counts (spec §3: message, notice, announcement): message is what the Mine
 * tab and the message centre show; notice and announcement choose which list the centre opens.
 */
export const homeIndex = defineCall({
  name: 'homeIndex',
  area: 'message',
  path: '/home/index',
  request: Schema.Struct({}),
  response: Schema.Struct({ message: UnreadCount, notice: UnreadCount, announcement: UnreadCount }),
})

export const useFirstFlag = defineCall({
  name: 'useFirstFlag',
  area: 'message',
  path: '/home/useFirstFlag',
  request: OpenRequest,
  response: OpenResponse,
})
