import { Schema } from 'effect'
import { defineEvent } from '../event'

/**
 * Feedback (spec screens §2 /home/feedback; the calls are the hall's own design,
 * docs/hall-protocol.md "Feedback"). The player's feedback is a paged list; sending one and
 * reading a reply are the kit's commands, which announce `feedback.changed` so the list reads
 * again; a screenshot the player sent is read when they open it.
 */

/** The player sent a feedback or read a reply: their list is read again. */
export const feedbackChanged = defineEvent('feedback.changed', 'notice', 'The player sent a feedback or read a reply: their feedback list is read again.', {
  change: Schema.Literals(['sent', 'read']),
  count: Schema.Number,
})

/** The player opened the screenshot of one of their feedbacks: it is read from the hall. */
export const feedbackImageOpened = defineEvent('feedback.imageOpened', 'intent', 'The player opened the screenshot of one of their feedbacks.', {
  id: Schema.Number,
})

/** The player asked to look for replies: their feedback list is read again. */
export const feedbackRefreshRequested = defineEvent('feedback.refreshRequested', 'intent', 'The player asked to look for new replies: their feedback list is read again.', {})

/** The feedback events. */
export const feedbackEvents = [feedbackChanged, feedbackImageOpened, feedbackRefreshRequested] as const
