import { Schema } from 'effect'
import { defineEvent } from '../event'

/**
 * The message centre (spec screens §2 /home/notice, §3 notice store, §9 notices 5 a page; calls
 * §7.9). The notice list is a paged list; reading, reading all, deleting and receiving an award
 * are the kit's commands, which announce `messages.changed` so that the list and every unread
 * badge read again at once. A message the hall pushes arrives as `realtime.messageReceived`.
 */

/** The player read, deleted or received something in the message centre: the list and the unread counts are read again. */
export const messagesChanged = defineEvent('messages.changed', 'notice', 'The player read, deleted or received messages: the list and the unread counts are read again.', {
  change: Schema.Literals(['read', 'readAll', 'delete', 'receive']),
  count: Schema.Number,
})

/** The message-centre events. */
export const messagesEvents = [messagesChanged] as const
