/**
 * The message centre (spec screens §2 /home/notice, §3 notice store and unread counts, §9 notices
 * 5 a page; calls §7.9 /message/list, read, readall, delete, /customer/receiveAward, /home/index;
 * §7.3 /message/marquee). Migration 120.
 *
 * A message is sent to every player of a site (player_id NULL) or to one player; each player's
 * read, deleted and received state is theirs alone (message_states). The unread counts are
 * counted from the messages themselves: notice (type 1), announcement (type 2), and message, the
 * two together (what the Mine tab and the message centre show). Marquee items (type 3) are read
 * by everyone, visitors too, and never count as unread.
 *
 * Receiving a message's award is one transaction: the state row is locked, received_at set only
 * where it was unset, and that update alone credits the wallet with its ledger entry (kind
 * 'bonus-message'); a repeated or concurrent receive credits nothing and answers amount '0'.
 */
import {
  customerReceiveAward, homeIndex, marquee, messageDelete, messageList, messageRead, messageReadAll,
} from '../../schemas/hall/calls'
import type { NoticeType } from '../../schemas/hall/calls/message'
import type { Db, Queryable } from '../db'
import { credit, type LedgerKind } from '../money'
import { balanceOf, type PlayerRow } from '../store'
import { storeNotice, type SocketHub } from '../ws'
import { zoneOf } from './records'
import { requirePlayer } from './session'
import { ServiceError, implement } from './types'
import type { Implementation } from './types'

/** The message centre's page size when the lobby names none (spec §9). */
export const NOTICE_PAGE_SIZE = 5
/** The most a page may hold. */
const MAX_PAGE_SIZE = 50
/** The marquee's newest items. */
const MARQUEE_ITEMS = 20
/** The ledger kind of a message's award. */
export const MESSAGE_AWARD_KIND = 'bonus-message' satisfies LedgerKind
/** The socket notice that a message arrived (the hall's own notice type, docs/hall-protocol.md). */
export const MESSAGE_NOTICE = 'message/new'

/** The message service codes (the hall's own: the spec's catalogue names none). */
export const MessageCodes = {
  /** No such message for this player (never sent to them, or deleted). */
  unknown: 1400,
  /** The message carries no award. */
  noAward: 1401,
  /** The award's time to receive it is over. */
  expired: 1402,
} as const

/** The messages a player sees: the site's and their own, not deleted. */
const VISIBLE = `m.site_code = $1 AND (m.player_id IS NULL OR m.player_id = $2)
  AND NOT EXISTS (SELECT 1 FROM message_states d WHERE d.player_id = $2 AND d.message_id = m.id AND d.deleted_at IS NOT NULL)`

/** Whether a message is read by the player. */
const IS_READ = 'EXISTS (SELECT 1 FROM message_states r WHERE r.player_id = $2 AND r.message_id = m.id AND r.read_at IS NOT NULL)'

/** The player's unread counts (spec §3). */
export const unreadOf = async (db: Queryable, player: PlayerRow): Promise<{ message: number; notice: number; announcement: number }> => {
  const r = await db.query<{ type: number; n: number }>(
    `SELECT m.type, count(*)::int AS n FROM messages m WHERE ${VISIBLE} AND m.type IN (1, 2) AND NOT ${IS_READ} GROUP BY m.type`,
    [player.siteCode, player.id],
  )
  const notice = r.rows.find((row) => row.type === 1)?.n ?? 0
  const announcement = r.rows.find((row) => row.type === 2)?.n ?? 0
  return { message: notice + announcement, notice, announcement }
}

/** A new message, from the operator (the control `message`). */
export interface NewMessage {
  readonly siteCode: string
  /** The player it goes to; undefined: every player of the site. */
  readonly playerId?: string | undefined
  readonly type: NoticeType
  readonly title: string
  readonly content: string
  readonly award?: string | undefined
  /** Seconds the award can be received for; undefined: no end. */
  readonly awardSeconds?: number | undefined
}

/**
 * Sends a message: stores it and, for one player, tells their socket (message/new with its id and
 * type, stored in the same transaction). A site-wide message is read on the next list or count.
 */
export const sendMessage = async (db: Db, socket: SocketHub | undefined, m: NewMessage, now: number): Promise<number> => {
  const stored = await db.transaction(async (tx) => {
    const row = (
      await tx.query<{ id: number }>(
        `INSERT INTO messages (site_code, player_id, type, title, content, award, award_expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::int IS NULL THEN NULL ELSE to_timestamp($8::double precision / 1000) + make_interval(secs => $7::int) END, to_timestamp($8::double precision / 1000))
         RETURNING id::int AS id`,
        [m.siteCode, m.playerId ?? null, m.type, m.title, m.content, m.award ?? '0', m.awardSeconds ?? null, now],
      )
    ).rows[0]
    if (row === undefined) throw new Error('message insert returned no row')
    const notice = m.playerId === undefined ? undefined : await storeNotice(tx, m.playerId, MESSAGE_NOTICE, { id: row.id, type: m.type })
    return { id: row.id, notice }
  })
  if (stored.notice !== undefined && m.playerId !== undefined && socket !== undefined) await socket.send(m.playerId, [stored.notice])
  return stored.id
}

/** Marks messages read for a player (those they see and had not read); answers how many. */
const markRead = async (db: Queryable, player: PlayerRow, where: string, params: ReadonlyArray<unknown>, now: number): Promise<number> => {
  const r = await db.query(
    `INSERT INTO message_states (message_id, player_id, read_at)
     SELECT m.id, $2, to_timestamp($3::double precision / 1000) FROM messages m WHERE ${VISIBLE} AND NOT ${IS_READ} AND ${where}
     ON CONFLICT (player_id, message_id) DO UPDATE SET read_at = excluded.read_at WHERE message_states.read_at IS NULL
     RETURNING message_id`,
    [player.siteCode, player.id, now, ...params],
  )
  return r.rows.length
}

export const messageCalls: ReadonlyArray<Implementation> = [
  implement(messageList, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const size = Math.min(MAX_PAGE_SIZE, Math.max(1, p.size ?? NOTICE_PAGE_SIZE))
    const current = Math.max(1, p.page ?? 1)
    const zone = zoneOf(ctx.site.timeZone)
    const total = (
      await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM messages m WHERE ${VISIBLE} AND m.type = $3`, [player.siteCode, player.id, p.type])
    ).rows[0]?.n ?? 0
    const rows = await ctx.db.query<{
      id: number; type: 1 | 2 | 3; title: string; content: string; isRead: boolean; award: string; received: boolean; expired: boolean; createdAt: string
    }>(
      `SELECT m.id::int AS id, m.type, m.title, m.content, ${IS_READ} AS "isRead", trim_scale(m.award)::text AS award,
         EXISTS (SELECT 1 FROM message_states s WHERE s.player_id = $2 AND s.message_id = m.id AND s.received_at IS NOT NULL) AS received,
         (m.award_expires_at IS NOT NULL AND m.award_expires_at <= to_timestamp($6::double precision / 1000)) AS expired,
         to_char(m.created_at AT TIME ZONE $7, 'YYYY-MM-DD HH24:MI:SS') AS "createdAt"
       FROM messages m WHERE ${VISIBLE} AND m.type = $3
       ORDER BY m.id DESC LIMIT $4 OFFSET $5`,
      [player.siteCode, player.id, p.type, size, (current - 1) * size, ctx.now, zone],
    )
    return {
      records: rows.rows.map((r) => ({
        id: r.id,
        type: r.type,
        title: r.title,
        content: r.content,
        isRead: r.isRead ? (1 as const) : (0 as const),
        award: r.award,
        // spec §4 reward receive status: 0 receivable, 1 received, 2 expired; -1 no award.
        awardStatus: r.award === '0' ? (-1 as const) : r.received ? (1 as const) : r.expired ? (2 as const) : (0 as const),
        createdAt: r.createdAt,
      })),
      total,
      current,
      size,
    }
  }),
  implement(messageRead, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    if (p.ids.length === 0) return { count: 0 }
    return { count: await markRead(ctx.db, player, 'm.id = ANY($4::bigint[])', [p.ids.slice(0, 100)], ctx.now) }
  }),
  implement(messageReadAll, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    return { count: await markRead(ctx.db, player, 'm.type = $4', [p.type], ctx.now) }
  }),
  implement(messageDelete, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    if (p.ids.length === 0) return { count: 0 }
    // A message whose award can still be received is kept (its award would be lost).
    const r = await ctx.db.query(
      `INSERT INTO message_states (message_id, player_id, deleted_at)
       SELECT m.id, $2, to_timestamp($3::double precision / 1000) FROM messages m
       WHERE ${VISIBLE} AND m.id = ANY($4::bigint[]) AND m.type IN (1, 2)
         AND NOT (m.award > 0 AND (m.award_expires_at IS NULL OR m.award_expires_at > to_timestamp($3::double precision / 1000))
                  AND NOT EXISTS (SELECT 1 FROM message_states s WHERE s.player_id = $2 AND s.message_id = m.id AND s.received_at IS NOT NULL))
       ON CONFLICT (player_id, message_id) DO UPDATE SET deleted_at = excluded.deleted_at WHERE message_states.deleted_at IS NULL
       RETURNING message_id`,
      [player.siteCode, player.id, ctx.now, p.ids.slice(0, 100)],
    )
    return { count: r.rows.length }
  }),
  implement(customerReceiveAward, async (ctx, p) => {
    const { player } = await requirePlayer(ctx)
    const amount = await ctx.db.transaction(async (tx) => {
      const m = (
        await tx.query<{ award: string; expired: boolean }>(
          `SELECT trim_scale(m.award)::text AS award,
             (m.award_expires_at IS NOT NULL AND m.award_expires_at <= to_timestamp($4::double precision / 1000)) AS expired
           FROM messages m WHERE ${VISIBLE} AND m.id = $3`,
          [player.siteCode, player.id, p.id, ctx.now],
        )
      ).rows[0]
      if (m === undefined) throw new ServiceError(MessageCodes.unknown, 'no such message')
      if (m.award === '0') throw new ServiceError(MessageCodes.noAward, 'this message carries no award')
      // The player's state row, locked: a concurrent receive waits here and then finds it received.
      await tx.query('INSERT INTO message_states (message_id, player_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [p.id, player.id])
      const state = (
        await tx.query<{ received: boolean }>(
          'SELECT received_at IS NOT NULL AS received FROM message_states WHERE player_id = $1 AND message_id = $2 FOR UPDATE',
          [player.id, p.id],
        )
      ).rows[0]
      if (state?.received !== false) return '0'
      if (m.expired) throw new ServiceError(MessageCodes.expired, 'the time to receive this award is over')
      await tx.query(
        `UPDATE message_states SET received_at = to_timestamp($3::double precision / 1000), read_at = coalesce(read_at, to_timestamp($3::double precision / 1000))
         WHERE player_id = $1 AND message_id = $2`,
        [player.id, p.id, ctx.now],
      )
      await credit(tx, { playerId: player.id, currency: player.currency }, m.award, MESSAGE_AWARD_KIND)
      return m.award
    })
    return { amount, count: amount === '0' ? 0 : 1, currency: player.currency, game_gold: await balanceOf(ctx.db, player.id, player.currency) }
  }),
  implement(homeIndex, async (ctx) => {
    const { player } = await requirePlayer(ctx)
    return unreadOf(ctx.db, player)
  }),
  implement(marquee, async (ctx) => {
    const zone = zoneOf(ctx.site.timeZone)
    const r = await ctx.db.query<{ id: number; content: string; createdAt: string }>(
      `SELECT id::int AS id, content, to_char(created_at AT TIME ZONE $2, 'YYYY-MM-DD HH24:MI:SS') AS "createdAt"
       FROM messages WHERE site_code = $1 AND player_id IS NULL AND type = 3 ORDER BY id DESC LIMIT $3`,
      [ctx.site.code, zone, MARQUEE_ITEMS],
    )
    return { list: r.rows }
  }),
]
