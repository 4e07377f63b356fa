/**
 * Feedback calls of the hall's own design (docs/hall-protocol.md, "Feedback"): the spec lists
 * /home/feedback and the feedback popup but names no call, so the hall designs them. A player sends
 * a feedback (a type, a text, optionally one screenshot), lists their own with the operator's
 * replies, marks replies read and opens a screenshot they sent. Everything is per player: no call
 * answers another player's feedback.
 */
import { Schema } from 'effect'
import { defineCall } from '../call'
import { feedbackCodes } from './codes'
import { Count, DateTime, Flag, Id, Paged } from './common'
import { Sensitive } from './sensitive'

/** Feedback types: 1 suggestion, 2 problem (a bug), 3 deposit or withdrawal, 4 games, 5 other. */
export const FeedbackType = Schema.Literals([1, 2, 3, 4, 5])
export type FeedbackType = typeof FeedbackType.Type
export const FEEDBACK_TYPES: ReadonlyArray<FeedbackType> = [1, 2, 3, 4, 5]

/** A feedback text's least and most characters (after trimming), checked by the lobby and the hall. */
export const FEEDBACK_MIN_CHARS = 10
export const FEEDBACK_MAX_CHARS = 500
/** A screenshot's largest size in bytes (before base64) and the image types taken. */
export const FEEDBACK_IMAGE_MAX_BYTES = 512 * 1024
export const FEEDBACK_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const
export const FeedbackImageType = Schema.Literals(FEEDBACK_IMAGE_TYPES)
export type FeedbackImageType = typeof FeedbackImageType.Type

/** A screenshot sent with a feedback: its file name, type and bytes as base64 (inside the encrypted body). */
export const FeedbackImage = Schema.Struct({
  file_name: Schema.String.check(Schema.isMaxLength(200)),
  content_type: FeedbackImageType,
  data: Sensitive(Schema.String),
})

/**
 * A player's feedback: its type and text (plain text, never markup), whether a screenshot went
 * with it, when it was sent, and the operator's reply ('' and repliedAt null: none yet) with when it came and whether
 * the player has read it (reply_read 1 also while there is no reply).
 */
export const Feedback = Schema.Struct({
  id: Id,
  type: FeedbackType,
  content: Schema.String,
  has_image: Flag,
  createdAt: DateTime,
  reply: Schema.String,
  repliedAt: Schema.NullOr(DateTime),
  reply_read: Flag,
})
export type Feedback = typeof Feedback.Type

/**
 * Sends a feedback. The hall checks the text's length (trimmed, 10 to 500 characters), the image
 * (png, jpeg or webp by its bytes, at most 512 KB: the hall's edge takes bodies up to 1 MB and the image travels as base64 inside the encrypted body) and at most 10 feedbacks a player a day; answers
 * the new feedback's id.
 */
export const feedbackSubmit = defineCall({
  name: 'feedbackSubmit',
  designed: true,
  codes: { badContent: feedbackCodes.badContent, badImage: feedbackCodes.badImage, tooMany: feedbackCodes.tooMany },
  area: 'feedback',
  path: '/feedback/submit',
  request: Schema.Struct({
    type: FeedbackType,
    content: Schema.String,
    image: Schema.optional(FeedbackImage),
  }),
  response: Schema.Struct({ id: Id }),
})

/** The player's feedback, newest first (page 1-based, size default 10, at most 50). */
export const feedbackList = defineCall({
  name: 'feedbackList',
  designed: true,
  area: 'feedback',
  path: '/feedback/list',
  request: Schema.Struct({ page: Schema.optional(Schema.Int), size: Schema.optional(Schema.Int) }),
  response: Paged(Feedback),
})

/** Marks the replies of the player's feedbacks read; answers how many it marked (read ones and ones without a reply do not count). */
export const feedbackRead = defineCall({
  name: 'feedbackRead',
  designed: true,
  area: 'feedback',
  path: '/feedback/read',
  request: Schema.Struct({ ids: Schema.Array(Id).check(Schema.isMaxLength(50)) }),
  response: Schema.Struct({ count: Count }),
})

/** The screenshot of one of the player's feedbacks (another player's answers code 1600, as an unknown one). */
export const feedbackImage = defineCall({
  name: 'feedbackImage',
  designed: true,
  area: 'feedback',
  path: '/feedback/image',
  request: Schema.Struct({ id: Id }),
  response: Schema.Struct({ content_type: FeedbackImageType, data: Sensitive(Schema.String) }),
})
