import {
  FEEDBACK_MAX_CHARS, FEEDBACK_MIN_CHARS, feedbackImage, feedbackList, feedbackRead, feedbackSubmit, type Feedback, type FeedbackType,
} from '../../schemas/hall/calls/feedback'
import { commandActor, pagedActor, queryActor } from '../kit'

/**
 * Feedback (spec screens §2 /home/feedback; the hall's designed calls, docs/hall-protocol.md
 * "Feedback") over the kit:
 *
 * - `feedbacks` (paged list, 10 a page): the player's feedback, newest first, with the operator's
 *   replies; the page shown is asked again when the player sent one, read a reply or asked to look
 *   for replies.
 * - `feedbackSubmit` (command, named after its call so the recorder redacts the screenshot): checks
 *   the text before it is sent (10 to 500 characters, trimmed) and announces `feedback.changed`.
 * - `feedbackread` (command): marks replies read; announces `feedback.changed`.
 * - `feedbackimage` (query): the screenshot of one feedback, read when the player opens it.
 */

/** Feedbacks a page. */
export const FEEDBACK_PAGE_SIZE = 10

/** What is wrong with a feedback text (a key of the feedback namespace), or null. */
export const feedbackTextProblem = (content: string): string | null => {
  const chars = [...content.trim()].length
  return chars === 0 ? 'error.required' : chars < FEEDBACK_MIN_CHARS ? 'error.tooShort' : chars > FEEDBACK_MAX_CHARS ? 'error.tooLong' : null
}

export const feedbacksActor = pagedActor({
  id: 'feedbacks',
  call: feedbackList,
  audience: 'real',
  pageSize: FEEDBACK_PAGE_SIZE,
  request: (q) => ({ page: q.page, size: q.size }),
  read: (d) => ({ rows: d.records, total: d.total }),
  reloadOn: ['feedback.changed', 'feedback.refreshRequested'],
  retryOn: ['socket.opened'],
})

/** The hall's feedback codes shown in the form itself (server/calls/feedback.ts). */
const SUBMIT_INLINE = { badContent: 'error.length', badImage: 'error.image', tooMany: 'error.tooMany' } as const

export const feedbackSubmitActor = commandActor({
  id: 'feedbackSubmit',
  call: feedbackSubmit,
  audience: 'real',
  validate: (p) => feedbackTextProblem(p.content),
  select: (d) => d.id,
  announce: () => [{ type: 'feedback.changed', change: 'sent', count: 1 }],
  codes: SUBMIT_INLINE,
})

export const feedbackReadActor = commandActor({
  id: 'feedbackread',
  call: feedbackRead,
  audience: 'real',
  select: (d) => d.count,
  announce: (count) => [{ type: 'feedback.changed', change: 'read', count }],
})

export const feedbackImageActor = queryActor({
  id: 'feedbackimage',
  call: feedbackImage,
  audience: 'real',
  fetchOn: { 'feedback.imageOpened': { payload: (e) => ({ id: e.id }) } },
  payload: { id: 1 },
  select: (d) => ({ src: `data:${d.content_type};base64,${d.data}` }),
})

export type { Feedback, FeedbackType }
