/**
 * The control commands of promotion (dev and test only, like every control, server/control.ts):
 *
 * - `promotion-points` { siteCode?, idxType, idx, points: [{ category, type?, gid }] }: sets the
 *   buried config of a channel (1), a parent agent (2) or a player (3);
 * - `promotion-arrivals` { siteCode?, id? | cid? }: the views and clicks stored for a link;
 * - `pixel-hits` { id }: what the stand-in scripts recorded for a tag or pixel id;
 * - `promotion-scripts` { siteCode, scripts | null }: where a site loads its tracking scripts from
 *   (its settings document `pixels`, an operator's setting); null goes back to the stand-ins.
 */
import { Exit, Schema } from 'effect'
import { PixelScripts } from '../schemas/hall/calls/site'
import type { Db } from './db'
import { arrivalsOf, pixelHitsOf, setBuriedPoints } from './promotion'
import { siteByCode, siteForHost } from './store'

const bodies = {
  'promotion-points': Schema.Struct({
    siteCode: Schema.optional(Schema.String),
    idxType: Schema.Literals([1, 2, 3]),
    idx: Schema.String.check(Schema.isMinLength(1)),
    points: Schema.Array(Schema.Struct({ category: Schema.Literals([1, 2, 3, 4]), type: Schema.optional(Schema.Literals([1, 2])), gid: Schema.String.check(Schema.isMinLength(1)) })),
  }),
  'promotion-arrivals': Schema.Struct({ siteCode: Schema.optional(Schema.String), id: Schema.optional(Schema.String), cid: Schema.optional(Schema.String) }),
  'pixel-hits': Schema.Struct({ id: Schema.String }),
  'promotion-scripts': Schema.Struct({ siteCode: Schema.String, scripts: Schema.NullOr(PixelScripts) }),
} as const

/** The promotion controls' names. */
export const PROMOTION_CONTROLS = Object.keys(bodies)

type Answer = { readonly status: number; readonly body: Record<string, unknown> }

/** Runs a promotion control, or answers undefined for another control's name. */
export const runPromotionControl = async (db: Db, name: string, parsed: unknown): Promise<Answer | undefined> => {
  if (!(name in bodies)) return undefined
  const control = name as keyof typeof bodies
  const decoded = Schema.decodeUnknownExit(bodies[control])(parsed)
  if (Exit.isFailure(decoded)) return { status: 400, body: { ok: false, error: `invalid body for ${control}` } }
  const siteOf = async (code: string | undefined) => (code === undefined ? siteForHost(db, '') : siteByCode(db, code))
  switch (control) {
    case 'promotion-points': {
      const b = decoded.value as (typeof bodies)['promotion-points']['Type']
      const site = await siteOf(b.siteCode)
      if (site === undefined) return { status: 404, body: { ok: false, error: `unknown site: ${b.siteCode}` } }
      await setBuriedPoints(db, site.code, b.idxType, b.idx, b.points.map((p) => ({ category: p.category, type: p.type ?? 1, gid: p.gid })))
      return { status: 200, body: { ok: true } }
    }
    case 'promotion-arrivals': {
      const b = decoded.value as (typeof bodies)['promotion-arrivals']['Type']
      const site = await siteOf(b.siteCode)
      if (site === undefined) return { status: 404, body: { ok: false, error: `unknown site: ${b.siteCode}` } }
      if ((b.id === undefined) === (b.cid === undefined)) return { status: 400, body: { ok: false, error: 'name the link: id or cid' } }
      const link = b.id === undefined ? { kind: 'cid' as const, value: b.cid ?? '' } : { kind: 'id' as const, value: b.id }
      return { status: 200, body: { ok: true, arrivals: await arrivalsOf(db, site.code, link) } }
    }
    case 'promotion-scripts': {
      const b = decoded.value as (typeof bodies)['promotion-scripts']['Type']
      if ((await siteByCode(db, b.siteCode)) === undefined) return { status: 404, body: { ok: false, error: `unknown site: ${b.siteCode}` } }
      if (b.scripts === null) await db.query("DELETE FROM site_documents WHERE site_code = $1 AND name = 'pixels'", [b.siteCode])
      else {
        await db.query(
          `INSERT INTO site_documents (site_code, name, doc) VALUES ($1, 'pixels', $2::jsonb)
           ON CONFLICT (site_code, name) DO UPDATE SET doc = EXCLUDED.doc, updated_at = now()`,
          [b.siteCode, JSON.stringify(b.scripts)],
        )
      }
      return { status: 200, body: { ok: true } }
    }
    case 'pixel-hits': {
      const b = decoded.value as (typeof bodies)['pixel-hits']['Type']
      return { status: 200, body: { ok: true, hits: await pixelHitsOf(db, b.id) } }
    }
  }
}
