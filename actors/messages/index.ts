import {
  customerReceiveAward, messageDelete, messageList, messageRead, messageReadAll, type Notice, type NoticeType,
} from '../../schemas/hall/calls/message'
import type { Received } from '../../schemas/hall/calls/common'
import { marquee, type MarqueeItem } from '../../schemas/hall/calls/site'
import { commandActor, pagedActor, queryActor } from '../kit'

/**
 * The message centre (spec screens §2 /home/notice with noticeType, §3 notice store: notice 1,
 * announcement 2, marquee 3; §9 notices 5 a page; calls §7.9) over the kit:
 *
 * - `notices` (paged list, 5 a page on every device): the messages of the chosen type, newest
 *   first; asked from the first page when the socket says a message arrived, and the page shown
 *   again when the player read, deleted or received one (`messages.changed`).
 * - `messageread`, `messagereadall`, `messagedelete`, `messagereceive` (commands): each announces
 *   `messages.changed`, which the list and the unread counts (actors/badges) take, so every badge
 *   follows at once; receiving an award reports the balance after it to the wallet.
 * - `marquee` (query, visitors too): the site's marquee items, read when the site is ready.
 */

/** Messages a page (spec §9). */
export const NOTICE_PAGE_SIZE = 5

/** The notice type a list condition names (notice 1 when it names none or something else). */
export const noticeTypeIn = (condition: { readonly [key: string]: unknown }): NoticeType =>
  condition['type'] === 2 || condition['type'] === 3 ? condition['type'] : 1

export const noticesActor = pagedActor({
  id: 'notices',
  call: messageList,
  audience: 'real',
  pageSize: NOTICE_PAGE_SIZE,
  request: (q) => ({ type: noticeTypeIn(q.condition), page: q.page, size: q.size }),
  read: (d) => ({ rows: d.records, total: d.total }),
  refetchOn: ['realtime.messageReceived'],
  reloadOn: ['messages.changed'],
  retryOn: ['socket.opened'],
})

export const messageReadActor = commandActor({
  id: 'messageread',
  call: messageRead,
  audience: 'real',
  select: (d) => d.count,
  announce: (count) => [{ type: 'messages.changed', change: 'read', count }],
})

export const messageReadAllActor = commandActor({
  id: 'messagereadall',
  call: messageReadAll,
  audience: 'real',
  select: (d) => d.count,
  announce: (count) => [{ type: 'messages.changed', change: 'readAll', count }],
})

export const messageDeleteActor = commandActor({
  id: 'messagedelete',
  call: messageDelete,
  audience: 'real',
  select: (d) => d.count,
  announce: (count) => [{ type: 'messages.changed', change: 'delete', count }],
})

/** The message service codes shown in the message itself, not as a modal (server/calls/messages.ts). */
const RECEIVE_INLINE = { unknown: 'error.unknown', noAward: 'error.noAward', expired: 'error.expired' } as const

export const messageReceiveActor = commandActor({
  id: 'messagereceive',
  call: customerReceiveAward,
  audience: 'real',
  select: (d): Received => d,
  announce: (r) => [
    { type: 'wallet.balanceReported', balance: r.game_gold, source: 'reward' },
    { type: 'messages.changed', change: 'receive', count: r.count },
  ],
  codes: RECEIVE_INLINE,
})

export const marqueeActor = queryActor({
  id: 'marquee',
  call: marquee,
  audience: 'anyone',
  fetchOn: { 'site.ready': true, 'realtime.messageReceived': { when: (e) => e.data.type === 3 } },
  payload: {},
  select: (d): ReadonlyArray<MarqueeItem> => d.list,
})

export type { MarqueeItem, Notice, NoticeType }
