/**
 * Message and customer-service calls (spec §7.9): the notice list and its read state, message
 * awards, customer-service staff, unread counts and the first-use flags.
 *
 * Notice lists page with size 5 by default (spec §9). The spec names page, type, size, siteCode,
 * the customer-service entity and the unread counts; the rest is the hall's design
 * (docs/hall-protocol.md).
 */
import { Schema } from 'effect'
import { defineCall } from '../call'
import { messageCodes } from './codes'
import { Amount, Count, DateTime, Flag, Id, NoParams, Paged, Received } from './common'

/** Notice types (spec enumerations): notice 1, announcement 2, marquee 3. */
export const NoticeType = Schema.Literals([1, 2, 3])
export type NoticeType = typeof NoticeType.Type

/**
 * A message of the message centre: its type, title and content (operator HTML the lobby
 * sanitizes), read or not, and the award it carries ('0' none) with the award's receive status
 * (spec §4: 0 receivable, 1 received, 2 expired, 3 sent; -1 no award).
 */
export const Notice = Schema.Struct({
  id: Id,
  type: NoticeType,
  title: Schema.String,
  content: Schema.String,
  isRead: Flag,
  award: Amount,
  awardStatus: Schema.Literals([-1, 0, 1, 2, 3]),
  createdAt: DateTime,
})
export type Notice = typeof Notice.Type

/** A page of notices of one type, newest first (page 1-based; size default 5). */
export const messageList = defineCall({
  name: 'messageList',
  area: 'message',
  path: '/message/list',
  request: Schema.Struct({
    type: NoticeType,
    page: Schema.optional(Schema.Int),
    size: Schema.optional(Schema.Int),
  }),
  response: Paged(Notice),
})

/** Marks every notice of a type read; answers how many it marked. */
export const messageReadAll = defineCall({
  name: 'messageReadAll',
  area: 'message',
  path: '/message/readall',
  request: Schema.Struct({ type: NoticeType }),
  response: Schema.Struct({ count: Count }),
})

/** Marks notices read; answers how many it marked (already read ones do not count). */
export const messageRead = defineCall({
  name: 'messageRead',
  area: 'message',
  path: '/message/read',
  request: Schema.Struct({ ids: Schema.Array(Id) }),
  response: Schema.Struct({ count: Count }),
})

/** Deletes notices (a notice with an award still receivable is kept); answers how many it deleted. */
export const messageDelete = defineCall({
  name: 'messageDelete',
  area: 'message',
  path: '/message/delete',
  request: Schema.Struct({ ids: Schema.Array(Id) }),
  response: Schema.Struct({ count: Count }),
})

/** Receives the award a message carries (once; asking again credits nothing, amount '0'). */
export const customerReceiveAward = defineCall({
  name: 'customerReceiveAward',
  codes: { ...messageCodes },
  area: 'message',
  path: '/customer/receiveAward',
  request: Schema.Struct({ id: Id }),
  response: Received,
})

/**
 * An online customer-service agent (spec: customerCode, which may hold embed markup,
 * customerName, customerUrl, openType 1 opens it in a modal iframe, otherwise a new window).
 */
export const OnlineCustomer = Schema.Struct({
  customerCode: Schema.String,
  customerName: Schema.String,
  customerUrl: Schema.String,
  openType: Schema.Int,
})
export type OnlineCustomer = typeof OnlineCustomer.Type

/** The customer-service info (spec: customer.onlineCustomers). */
export const customerStaffAllV2 = defineCall({
  name: 'customerStaffAllV2',
  area: 'message',
  path: '/customer/staffallv2',
  request: Schema.Struct({ siteCode: Schema.String }),
  response: Schema.Struct({ customer: Schema.Struct({ onlineCustomers: Schema.Array(OnlineCustomer) }) }),
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
  request: NoParams,
  response: Schema.Struct({ message: UnreadCount, notice: UnreadCount, announcement: UnreadCount }),
})

/**
 * Marks a first-use guide seen (flag names which: 'deposit', 'withdraw', 'yuebao', 'vip' ...);
 * first 1 when this was its first use, 0 when it had been seen before.
 */
export const useFirstFlag = defineCall({
  name: 'useFirstFlag',
  area: 'message',
  path: '/home/useFirstFlag',
  request: Schema.Struct({ flag: Schema.String }),
  response: Schema.Struct({ flag: Schema.String, first: Flag }),
})
