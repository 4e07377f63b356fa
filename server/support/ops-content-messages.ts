/**
 * Notices, announcements and marquee lines of the operator's console (marketing;
 * docs/operations-players-content.md): written for a site, published at once or at a chosen time
 * (ops_messages, migration 271), withdrawn. Publishing goes through the hall's sendMessage (the
 * `message` control's); the signed-in players of the site are told on their socket with the
 * notice the lobby already handles (message/new: the message list and, for a marquee line, the
 * marquee read again), so nobody reloads. A withdrawn message is deleted (gone from every list and
 * the marquee) and the players are told the same way.
 */
import { MESSAGE_NOTICE, sendMessage } from '../calls/messages'
import type { Db, Queryable } from '../db'
import type { SocketHub } from '../ws'

/** A message as the console lists it. */
export interface OpsMessage {
  readonly id: string
  readonly siteCode: string
  readonly type: 1 | 2 | 3
  readonly title: string
  readonly content: string
  readonly publishAt: string
  readonly state: 'scheduled' | 'published' | 'withdrawn'
  readonly messageId: string | null
  readonly by: string
}

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`

const COLUMNS = `id::text AS id, site_code AS "siteCode", type::int AS type, title, content, ${ISO('publish_at')} AS "publishAt",
  CASE WHEN withdrawn_at IS NOT NULL THEN 'withdrawn' WHEN published_at IS NOT NULL THEN 'published' ELSE 'scheduled' END AS state,
  message_id::text AS "messageId", by_account AS by`

/** The players of a site with a live sign-in (those a socket notice is for). */
export const signedInPlayersOf = async (db: Queryable, siteCode: string, now: number): Promise<ReadonlyArray<string>> =>
  (
    await db.query<{ id: string }>(
      `SELECT DISTINCT s.player_id::text AS id FROM sessions s JOIN players p ON p.id = s.player_id
       WHERE p.site_code = $1 AND s.ended_at IS NULL AND s.expires_at > to_timestamp($2::double precision / 1000)`,
      [siteCode, now],
    )
  ).rows.map((r) => r.id)

/** Tells every signed-in player of a site on their socket (a notice type the lobby handles); answers how many were told. */
export const tellSignedIn = async (db: Queryable, socket: SocketHub | undefined, siteCode: string, type: string, data: unknown, now: number): Promise<number> => {
  if (socket === undefined) return 0
  const players = await signedInPlayersOf(db, siteCode, now)
  for (const id of players) await socket.push(id, type, data)
  return players.length
}

/** A site's messages written in the console, newest first. */
export const opsMessagesOf = async (db: Queryable, siteCode: string): Promise<ReadonlyArray<OpsMessage>> =>
  (await db.query<OpsMessage>(`SELECT ${COLUMNS} FROM ops_messages WHERE site_code = $1 ORDER BY id DESC LIMIT 200`, [siteCode])).rows

/**
 * Publishes the messages due at `now` that are not yet out (each once, whichever hall gets it:
 * the row is taken with SKIP LOCKED) and tells the site's signed-in players; answers how many.
 */
export const publishDue = async (db: Db, socket: SocketHub | undefined, now: number): Promise<number> => {
  let published = 0
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = (
        await tx.query<{ id: string; siteCode: string; type: 1 | 2 | 3; title: string; content: string }>(
          `SELECT id::text AS id, site_code AS "siteCode", type::int AS type, title, content FROM ops_messages
           WHERE published_at IS NULL AND withdrawn_at IS NULL AND publish_at <= to_timestamp($1::double precision / 1000)
           ORDER BY publish_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
          [now],
        )
      ).rows[0]
      if (due === undefined) return undefined
      const row = (
        await tx.query<{ id: number }>(
          `INSERT INTO messages (site_code, player_id, type, title, content, created_at) VALUES ($1, NULL, $2, $3, $4, to_timestamp($5::double precision / 1000))
           RETURNING id::int AS id`,
          [due.siteCode, due.type, due.title, due.content, now],
        )
      ).rows[0]
      if (row === undefined) throw new Error('message insert returned no row')
      await tx.query('UPDATE ops_messages SET message_id = $2, published_at = to_timestamp($3::double precision / 1000) WHERE id = $1', [due.id, row.id, now])
      return { siteCode: due.siteCode, id: row.id, type: due.type }
    })
    if (done === undefined) return published
    published++
    await tellSignedIn(db, socket, done.siteCode, MESSAGE_NOTICE, { id: done.id, type: done.type }, now)
  }
}

/** Writes a message of a site: published now (through sendMessage) when `publishAt` is not later than now, else scheduled. */
export const writeMessage = async (
  db: Db,
  socket: SocketHub | undefined,
  m: { siteCode: string; type: 1 | 2 | 3; title: string; content: string; publishAt: number | undefined; by: string },
  now: number,
): Promise<OpsMessage> => {
  const at = m.publishAt ?? now
  const id = (
    await db.query<{ id: string }>(
      `INSERT INTO ops_messages (site_code, type, title, content, publish_at, by_account, created_at)
       VALUES ($1, $2, $3, $4, to_timestamp($5::double precision / 1000), $6, to_timestamp($7::double precision / 1000)) RETURNING id::text AS id`,
      [m.siteCode, m.type, m.title, m.content, at, m.by, now],
    )
  ).rows[0]?.id
  if (at <= now) {
    // Out at once, as the `message` control sends one to the whole site; then the signed-in players are told.
    const messageId = await sendMessage(db, socket, { siteCode: m.siteCode, type: m.type, title: m.title, content: m.content }, now)
    await db.query('UPDATE ops_messages SET message_id = $2, published_at = to_timestamp($3::double precision / 1000) WHERE id = $1', [id, messageId, now])
    await tellSignedIn(db, socket, m.siteCode, MESSAGE_NOTICE, { id: messageId, type: m.type }, now)
  }
  const written = (await db.query<OpsMessage>(`SELECT ${COLUMNS} FROM ops_messages WHERE id = $1`, [id])).rows[0]
  if (written === undefined) throw new Error('ops message insert returned no row')
  return written
}

/** Withdraws a message: a scheduled one never goes out, a published one is deleted for everyone; answers it, or undefined when there is none. */
export const withdrawMessage = async (db: Db, socket: SocketHub | undefined, siteCode: string, id: string, now: number): Promise<OpsMessage | undefined> => {
  if (!/^[0-9]{1,18}$/.test(id)) return undefined
  const taken = await db.transaction(async (tx) => {
    const row = (
      await tx.query<{ messageId: string | null; type: 1 | 2 | 3 }>(
        `UPDATE ops_messages SET withdrawn_at = coalesce(withdrawn_at, to_timestamp($3::double precision / 1000))
         WHERE site_code = $1 AND id = $2 RETURNING message_id::text AS "messageId", type::int AS type`,
        [siteCode, id, now],
      )
    ).rows[0]
    if (row === undefined) return undefined
    if (row.messageId !== null) await tx.query('DELETE FROM messages WHERE id = $1', [row.messageId])
    return row
  })
  if (taken === undefined) return undefined
  if (taken.messageId !== null) await tellSignedIn(db, socket, siteCode, MESSAGE_NOTICE, { id: Number(taken.messageId), type: taken.type }, now)
  return (await db.query<OpsMessage>(`SELECT ${COLUMNS} FROM ops_messages WHERE id = $1`, [id])).rows[0]
}
