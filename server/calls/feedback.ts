/**
 * Feedback (spec screens §2 /home/feedback; the calls are the hall's own design, documented in
 * docs/hall-protocol.md "Feedback"). Migration 122.
 *
 * A player sends a feedback (a type, a plain-text content of 10 to 500 characters after trimming,
 * at most one png, jpeg or webp screenshot of at most 512 KB, checked by its bytes), at most
 * FEEDBACK_DAILY_MAX a day. They list their own, newest first, with the operator's replies (the
 * control feedback-reply), mark replies read and open a screenshot they sent. Every query is by the
 * player's id: another player's feedback is answered as an unknown one (1600).
 */
import {
  FEEDBACK_IMAGE_MAX_BYTES, FEEDBACK_MAX_CHARS, FEEDBACK_MIN_CHARS, feedbackImage, feedbackList, feedbackRead, feedbackSubmit,
} from '../../schemas/hall/calls/feedback'
import type { FeedbackImageType } from '../../schemas/hall/calls/feedback'
import type { Queryable } from '../db'
import { zoneOf } from './records'
import { requirePlayer } from './session'
import { ServiceError, implement } from './types'
import type { Implementation } from './types'

/** The feedback service codes (the hall's own: the spec's catalogue names none). */
export const FeedbackCodes = {
  /** No such feedback of this player. */
  unknown: 1600,
  /** The text is shorter than 10 or longer than 500 characters (trimmed). */
  badContent: 1601,
  /** The screenshot is not a png, jpeg or webp image of at most 512 KB. */
  badImage: 1602,
  /** The player sent FEEDBACK_DAILY_MAX feedbacks in the last 24 hours. */
  tooMany: 1603,
} as const

/** The most feedbacks a player sends in 24 hours. */
export const FEEDBACK_DAILY_MAX = 10
/** The list's page size when the lobby names none, and the most a page holds. */
const PAGE_SIZE = 10
const MAX_PAGE_SIZE = 50

/** Whether the bytes are an image of the type named (its magic number). */
const isImage = (b: Buffer, type: FeedbackImageType): boolean =>
  type === 'image/png'
    ? b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    : type === 'image/jpeg'
      ? b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff
      : b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP'

/** Whether a string is base64 (the standard alphabet, padded). */
const isBase64 = (s: string): boolean => s.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(s)

/** The characters of a text as a person counts them (code points, not UTF-16 units). */
const charCount = (s: string): number => [...s].length

/**
 * The operator's reply to a feedback (the control feedback-reply): sets or replaces it, unread
 * again. Answers whether the feedback exists; with a player's id, only theirs.
 */
export const replyToFeedback = async (db: Queryable, id: number, reply: string, now: number, playerId?: string): Promise<boolean> => {
  const r = await db.query(
    `UPDATE feedbacks SET reply = $2, replied_at = to_timestamp($3::double precision / 1000), reply_read_at = NULL
     WHERE id = $1 AND ($4::bigint IS NULL OR player_id = $4::bigint) RETURNING id`,
    [id, reply, now, playerId ?? null],
  )
  return r.rows.length === 1
}

/** A player's newest feedback's id, or undefined (the control replies to it when it names none). */
export const latestFeedbackOf = async (db: Queryable, playerId: string): Promise<number | undefined> =>
  (await db.query<{ id: number }>('SELECT id::int AS id FROM feedbacks WHERE player_id = $1 ORDER BY id DESC LIMIT 1', [playerId])).rows[0]?.id

export const feedbackCalls: ReadonlyArray<Implementation> = [
  implement(feedbackSubmit, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const content = p.content.trim()
    const chars = charCount(content)
    if (chars < FEEDBACK_MIN_CHARS || chars > FEEDBACK_MAX_CHARS) {
      throw new ServiceError(FeedbackCodes.badContent, `a feedback is ${FEEDBACK_MIN_CHARS} to ${FEEDBACK_MAX_CHARS} characters`)
    }
    let image: Buffer | null = null
    if (p.image !== undefined) {
      image = isBase64(p.image.data) ? Buffer.from(p.image.data, 'base64') : Buffer.alloc(0)
      if (image.length === 0 || image.length > FEEDBACK_IMAGE_MAX_BYTES || !isImage(image, p.image.content_type)) {
        throw new ServiceError(FeedbackCodes.badImage, 'a screenshot is a png, jpeg or webp image of at most 512 KB')
      }
    }
    return ctx.db.transaction(async (tx) => {
      // One player's sends are counted one at a time (their row locked), so two at once cannot pass the limit together.
      await tx.query('SELECT id FROM players WHERE id = $1 FOR UPDATE', [player.id])
      const sent = (
        await tx.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM feedbacks WHERE player_id = $1 AND created_at > to_timestamp($2::double precision / 1000) - interval '24 hours'`,
          [player.id, ctx.now],
        )
      ).rows[0]?.n ?? 0
      if (sent >= FEEDBACK_DAILY_MAX) throw new ServiceError(FeedbackCodes.tooMany, `at most ${FEEDBACK_DAILY_MAX} feedbacks a day`)
      const row = (
        await tx.query<{ id: number }>(
          `INSERT INTO feedbacks (site_code, player_id, type, content, image_name, image_type, image, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, to_timestamp($8::double precision / 1000)) RETURNING id::int AS id`,
          [player.siteCode, player.id, p.type, content, p.image?.file_name ?? null, image === null ? null : (p.image?.content_type ?? null), image, ctx.now],
        )
      ).rows[0]
      if (row === undefined) throw new Error('feedback insert returned no row')
      return { id: row.id }
    })
  }),
  implement(feedbackList, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const size = Math.min(MAX_PAGE_SIZE, Math.max(1, p.size ?? PAGE_SIZE))
    const current = Math.max(1, p.page ?? 1)
    const zone = zoneOf(ctx.site.timeZone)
    const counts = (
      await ctx.db.query<{ total: number }>(
        'SELECT count(*)::int AS total FROM feedbacks WHERE player_id = $1',
        [player.id],
      )
    ).rows[0]
    const rows = await ctx.db.query<{
      id: number; type: 1 | 2 | 3 | 4 | 5; content: string; hasImage: boolean; createdAt: string; reply: string | null; repliedAt: string | null; unread: boolean
    }>(
      `SELECT id::int AS id, type, content, image IS NOT NULL AS "hasImage",
         to_char(created_at AT TIME ZONE $4, 'YYYY-MM-DD HH24:MI:SS') AS "createdAt", reply,
         to_char(replied_at AT TIME ZONE $4, 'YYYY-MM-DD HH24:MI:SS') AS "repliedAt",
         (reply IS NOT NULL AND reply_read_at IS NULL) AS unread
       FROM feedbacks WHERE player_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
      [player.id, size, (current - 1) * size, zone],
    )
    return {
      records: rows.rows.map((r) => ({
        id: r.id,
        type: r.type,
        content: r.content,
        has_image: r.hasImage ? (1 as const) : (0 as const),
        createdAt: r.createdAt,
        reply: r.reply ?? '',
        repliedAt: r.repliedAt,
        reply_read: r.unread ? (0 as const) : (1 as const),
      })),
      total: counts?.total ?? 0,
      current,
      size,
    }
  }),
  implement(feedbackRead, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    if (p.ids.length === 0) return { count: 0 }
    const r = await ctx.db.query(
      `UPDATE feedbacks SET reply_read_at = to_timestamp($3::double precision / 1000)
       WHERE player_id = $1 AND id = ANY($2::bigint[]) AND reply IS NOT NULL AND reply_read_at IS NULL RETURNING id`,
      [player.id, p.ids, ctx.now],
    )
    return { count: r.rows.length }
  }),
  implement(feedbackImage, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const row = (
      await ctx.db.query<{ type: FeedbackImageType; image: Uint8Array }>(
        'SELECT image_type AS type, image FROM feedbacks WHERE id = $1 AND player_id = $2 AND image IS NOT NULL',
        [p.id, player.id],
      )
    ).rows[0]
    if (row === undefined) throw new ServiceError(FeedbackCodes.unknown, 'no such screenshot')
    return { content_type: row.type, data: Buffer.from(row.image).toString('base64') }
  }),
]
