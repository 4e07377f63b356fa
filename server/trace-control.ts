/**
 * The control commands of trace reports and of the player's own buried config (dev and test only,
 * like every control, server/control.ts):
 *
 * - `trace-reports` { siteCode?, username? | playerId?, device?, event?, limit? }: a site's recent
 *   trace reports, newest first (server/trace.ts `tracesOf`), as an operator reads them;
 * - `player-points` { siteCode?, username, points: [{ category, type?, gid }] }: sets the buried
 *   config of a player's own id (point/get idxType 3), in order; answers the player's id.
 */
import { Exit, Schema } from 'effect'
import type { Db } from './db'
import { setBuriedPoints } from './promotion'
import { playerByUsername, siteByCode, siteForHost } from './store'
import { tracesOf } from './trace'

const bodies = {
  'trace-reports': Schema.Struct({
    siteCode: Schema.optional(Schema.String),
    username: Schema.optional(Schema.String),
    playerId: Schema.optional(Schema.String),
    device: Schema.optional(Schema.String),
    event: Schema.optional(Schema.String),
    limit: Schema.optional(Schema.Int),
  }),
  'player-points': Schema.Struct({
    siteCode: Schema.optional(Schema.String),
    username: Schema.String.check(Schema.isMinLength(1)),
    points: Schema.Array(Schema.Struct({ category: Schema.Literals([1, 2, 3, 4]), type: Schema.optional(Schema.Literals([1, 2])), gid: Schema.String.check(Schema.isMinLength(1)) })),
  }),
} as const

/** The controls' names. */
export const TRACE_CONTROLS = Object.keys(bodies)

type Answer = { readonly status: number; readonly body: Record<string, unknown> }

/** Runs a trace control, or answers undefined for another control's name. */
export const runTraceControl = async (db: Db, name: string, parsed: unknown): Promise<Answer | undefined> => {
  if (!(name in bodies)) return undefined
  const control = name as keyof typeof bodies
  const decoded = Schema.decodeUnknownExit(bodies[control])(parsed)
  if (Exit.isFailure(decoded)) return { status: 400, body: { ok: false, error: `invalid body for ${control}` } }
  const b = decoded.value as { siteCode?: string; username?: string }
  const site = b.siteCode === undefined ? await siteForHost(db, '') : await siteByCode(db, b.siteCode)
  if (site === undefined) return { status: 404, body: { ok: false, error: `unknown site: ${b.siteCode}` } }
  const player = b.username === undefined ? undefined : await playerByUsername(db, site.code, b.username)
  if (b.username !== undefined && player === undefined) return { status: 404, body: { ok: false, error: `unknown player: ${b.username}` } }
  switch (control) {
    case 'trace-reports': {
      const q = decoded.value as (typeof bodies)['trace-reports']['Type']
      const playerId = player?.id ?? q.playerId
      const traces = await tracesOf(db, {
        siteCode: site.code,
        ...(playerId === undefined ? {} : { playerId: String(playerId) }),
        ...(q.device === undefined ? {} : { device: q.device }),
        ...(q.event === undefined ? {} : { event: q.event }),
        ...(q.limit === undefined ? {} : { limit: q.limit }),
      })
      return { status: 200, body: { ok: true, traces } }
    }
    case 'player-points': {
      const q = decoded.value as (typeof bodies)['player-points']['Type']
      const id = String(player?.id)
      await setBuriedPoints(db, site.code, 3, id, q.points.map((p) => ({ category: p.category, type: p.type ?? 1, gid: p.gid })))
      return { status: 200, body: { ok: true, playerId: id } }
    }
  }
}
