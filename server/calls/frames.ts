/**
 * The frame box of the reference hall (screens §3 pop-up frame, §4 force pop-up and after login;
 * calls §7.9 /message/frameBox/index, /message/frame; the recharge and new-benefits pop-ups are
 * in popups.ts). frameBox/index lists the frames a player sees, in their order: the player's own
 * frames when the control surface gave it some (tests), else the site's switched-on frames
 * (site_code NULL frames belong to every site). Which frames to show once per login, per day or
 * once only is the lobby's business (it keeps the flags); the hall just lists them.
 */
import { frameBoxIndex, messageFrame } from '../../schemas/hall/calls'
import type { Frame } from '../../schemas/hall/calls'
import type { Queryable } from '../db'
import { requirePlayer } from './session'
import { implement } from './types'
import type { Implementation } from './types'

const COLUMNS = `f.id, f.frame_type::int AS "frameType", f.img_style::int AS img_style, f.img_url, f.img_color, f.img_icon, f.title,
  f.publicity_name, f.content, f.location_type::int AS location_type, f.location_value, f.location_template, f.jump_window::int AS jump_window`

/** The frames a player sees, in order. */
export const framesFor = async (db: Queryable, siteCode: string, playerId: string | null): Promise<ReadonlyArray<Frame>> => {
  if (playerId !== null) {
    const own = await db.query<Frame>(
      `SELECT ${COLUMNS} FROM player_frames pf JOIN frames f ON f.id = pf.frame_id WHERE pf.player_id = $1 ORDER BY pf.sort, f.id`,
      [playerId],
    )
    if (own.rows.length > 0) return own.rows
  }
  return (
    await db.query<Frame>(
      `SELECT ${COLUMNS} FROM frames f WHERE f.frame_switch = 1 AND (f.site_code IS NULL OR f.site_code = $1) ORDER BY f.sort, f.id`,
      [siteCode],
    )
  ).rows
}

/** Gives a player its own frames, by id and in this order (control surface); [] gives the site's back. */
export const setPlayerFrames = async (db: Queryable, playerId: string, frameIds: ReadonlyArray<number>): Promise<void> => {
  await db.query('DELETE FROM player_frames WHERE player_id = $1', [playerId])
  for (const [i, id] of frameIds.entries()) {
    await db.query('INSERT INTO player_frames (player_id, frame_id, sort) VALUES ($1, $2, $3)', [playerId, id, i])
  }
}

/** Switches frames on or off for every player of the sites they belong to (control surface). */
export const setFrameSwitch = async (db: Queryable, frameIds: ReadonlyArray<number>, on: boolean): Promise<number> =>
  (await db.query('UPDATE frames SET frame_switch = $2 WHERE id = ANY($1::int[])', [frameIds, on ? 1 : 0])).affectedRows ?? 0

/** The seeded frames (control surface `frames` without ids lists them). */
export const allFrames = async (db: Queryable): Promise<ReadonlyArray<Frame & { frame_switch: number }>> =>
  (await db.query<Frame & { frame_switch: number }>(`SELECT ${COLUMNS}, f.frame_switch::int AS frame_switch FROM frames f ORDER BY f.sort, f.id`)).rows

export const frameCalls: ReadonlyArray<Implementation> = [
  implement(frameBoxIndex, async (ctx) => {
    const playerId = ctx.session === undefined ? null : (await requirePlayer(ctx)).player.id
    return { list: await framesFor(ctx.db, ctx.site.code, playerId) }
  }),
  // The frames of the caller: a player's as frameBox/index lists them (a frame-call hall profile's
  // frame box), a visitor's the home page's (type 3).
  implement(messageFrame, async (ctx) => {
    if (ctx.session !== undefined) return { list: await framesFor(ctx.db, ctx.site.code, (await requirePlayer(ctx)).player.id) }
    return { list: (await framesFor(ctx.db, ctx.site.code, null)).filter((f) => f.frameType === 3) }
  }),
]
