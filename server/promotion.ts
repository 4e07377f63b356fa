/**
 * Promotion links and tracking in the reference hall (spec calls §7.3 /promote/binding/reportview,
 * reportclick, /promote/point/get; screens §3 buried config; migration 215). docs/hall-protocol.md,
 * "Promotion arrivals", has the rules:
 *
 * - an arrival is a visitor's device opening an invite link (?id=, the promoter) or a channel
 *   link (?cid=) at an address; its view and its click are each stored once. The same arrival
 *   reported again within ARRIVAL_WINDOW_MS of its last report (a reload, a second tab, a lost
 *   answer sent again) counts a repeat on the stored row, never a second row;
 * - a report names exactly one of id and cid (2130 neither, 2131 both), the visitor's device
 *   (2132), an http(s) address (2133) and promotion values of at most 128 characters (2134);
 * - the buried config answers the tags and pixels of a channel, a parent agent or a player
 *   (idx 2135 when empty);
 * - the tracking scripts: the site's settings document `pixels` (PixelScripts) names where a
 *   production site loads each kind from; without it a production hall loads none, and a hall in
 *   dev or test mode serves its own stand-ins under PIXEL_PATH on its origin, which post every
 *   hit to PIXEL_HIT_PATH (table pixel_hits), so a test reads what an advertising network would
 *   have received, and no third-party host is ever contacted. A production hall serves neither
 *   path.
 */
import type { PixelScripts, PromoterVisit } from '../schemas/hall/calls/site'
import type { Db, Queryable } from './db'
import { ServiceError } from './calls/types'
import { siteDocument } from './store'

/** Service codes of the promotion calls (the hall's range 2130–2149). */
export const PromotionCode = {
  noLink: 2130,
  bothLinks: 2131,
  noDevice: 2132,
  badAddress: 2133,
  valueTooLong: 2134,
  noIndex: 2135,
} as const

/** How long a repeated report is the same arrival: 30 minutes after its last report. */
export const ARRIVAL_WINDOW_MS = 30 * 60 * 1000

const MAX_VALUE = 128
const MAX_URL = 2048

const filled = (v: string | undefined): v is string => v !== undefined && v.trim() !== ''

/** The link a report names (id or cid), after the report's checks; throws the service code of the first broken rule. */
export const checkVisit = (v: PromoterVisit): { readonly kind: 'id' | 'cid'; readonly value: string } => {
  const { id, cid } = v.promoter_info
  if (!filled(id) && !filled(cid)) throw new ServiceError(PromotionCode.noLink, 'a promotion report names the promoter (id) or the channel (cid)')
  if (filled(id) && filled(cid)) throw new ServiceError(PromotionCode.bothLinks, 'a promotion report names the promoter (id) or the channel (cid), not both')
  if (v.visitor_device.trim() === '' || v.visitor_device.length > MAX_VALUE) throw new ServiceError(PromotionCode.noDevice, 'a promotion report names the visitor\'s device (1 to 128 characters)')
  let url: URL | undefined
  try {
    url = v.accessUrl.length <= MAX_URL ? new URL(v.accessUrl) : undefined
  } catch {
    url = undefined
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new ServiceError(PromotionCode.badAddress, 'a promotion report carries the http(s) address the visitor opened (at most 2048 characters)')
  for (const value of Object.values(v.promoter_info)) {
    if (typeof value === 'string' && value.length > MAX_VALUE) throw new ServiceError(PromotionCode.valueTooLong, 'a promotion value is at most 128 characters')
  }
  return filled(id) ? { kind: 'id', value: id.trim() } : { kind: 'cid', value: (cid ?? '').trim() }
}

/**
 * Stores a view or a click of an arrival: a new row, or a repeat on the row of the same arrival
 * reported within the window. Answers whether it was new.
 */
export const recordArrival = async (
  db: Db,
  a: { readonly siteCode: string; readonly kind: 'view' | 'click'; readonly visit: PromoterVisit; readonly playerId: string | null; readonly ip: string; readonly now: number },
): Promise<{ readonly fresh: boolean }> => {
  const link = checkVisit(a.visit)
  const at = new Date(a.now).toISOString()
  const since = new Date(a.now - ARRIVAL_WINDOW_MS).toISOString()
  return db.transaction(async (tx) => {
    // One report of an arrival at a time: the same arrival reported twice at once is still one row.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`promotion:${a.siteCode}:${a.visit.visitor_device}`])
    const repeat = await tx.query<{ id: string }>(
      `UPDATE promotion_arrivals SET repeats = repeats + 1, last_at = $8
       WHERE id = (SELECT id FROM promotion_arrivals
                   WHERE site_code = $1 AND kind = $2 AND visitor_device = $3 AND link_kind = $4 AND link_value = $5 AND access_url = $6 AND last_at > $7
                   ORDER BY last_at DESC LIMIT 1)
       RETURNING id`,
      [a.siteCode, a.kind, a.visit.visitor_device, link.kind, link.value, a.visit.accessUrl, since, at],
    )
    if (repeat.rows.length > 0) return { fresh: false }
    await tx.query(
      `INSERT INTO promotion_arrivals (site_code, kind, link_kind, link_value, promoter_info, access_url, visitor_device, player_id, ip, first_at, last_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
      [a.siteCode, a.kind, link.kind, link.value, JSON.stringify(a.visit.promoter_info), a.visit.accessUrl, a.visit.visitor_device, a.playerId, a.ip, at],
    )
    return { fresh: true }
  })
}

/** A stored arrival as the control reads it. */
export interface ArrivalRow {
  readonly kind: 'view' | 'click'
  readonly linkKind: 'id' | 'cid'
  readonly linkValue: string
  readonly promoterInfo: Record<string, string>
  readonly accessUrl: string
  readonly visitorDevice: string
  readonly repeats: number
}

/** The arrivals of a site by a link (kind and value), oldest first. */
export const arrivalsOf = async (db: Queryable, siteCode: string, link: { readonly kind: 'id' | 'cid'; readonly value: string }): Promise<ReadonlyArray<ArrivalRow>> =>
  (
    await db.query<{ kind: 'view' | 'click'; link_kind: 'id' | 'cid'; link_value: string; promoter_info: Record<string, string>; access_url: string; visitor_device: string; repeats: number }>(
      `SELECT kind, link_kind, link_value, promoter_info, access_url, visitor_device, repeats FROM promotion_arrivals
       WHERE site_code = $1 AND link_kind = $2 AND link_value = $3 ORDER BY id`,
      [siteCode, link.kind, link.value],
    )
  ).rows.map((r) => ({
    kind: r.kind, linkKind: r.link_kind, linkValue: r.link_value, promoterInfo: r.promoter_info, accessUrl: r.access_url, visitorDevice: r.visitor_device, repeats: Number(r.repeats),
  }))

/** A buried point as configured. */
export interface BuriedRow {
  readonly category: 1 | 2 | 3 | 4
  readonly type: 1 | 2
  readonly gid: string
}

/** The buried config of a channel (1), a parent agent (2) or a player (3), in the operator's order. */
export const buriedPointsOf = async (db: Queryable, siteCode: string, idxType: 1 | 2 | 3, idx: string): Promise<ReadonlyArray<BuriedRow>> => {
  if (idx.trim() === '') throw new ServiceError(PromotionCode.noIndex, 'the buried config is asked for a channel, an agent or a player id')
  return (
    await db.query<{ category: number; type: number; gid: string }>(
      'SELECT category, type, gid FROM buried_points WHERE site_code = $1 AND idx_type = $2 AND idx = $3 ORDER BY sort, id',
      [siteCode, idxType, idx.trim()],
    )
  ).rows.map((r) => ({ category: r.category as BuriedRow['category'], type: r.type as BuriedRow['type'], gid: r.gid }))
}

/** Replaces the buried config of one index (the operator's edit; the `promotion-points` control). */
export const setBuriedPoints = async (db: Db, siteCode: string, idxType: 1 | 2 | 3, idx: string, points: ReadonlyArray<BuriedRow>): Promise<void> => {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM buried_points WHERE site_code = $1 AND idx_type = $2 AND idx = $3', [siteCode, idxType, idx])
    for (const [i, p] of points.entries()) {
      await tx.query('INSERT INTO buried_points (site_code, idx_type, idx, category, type, gid, sort) VALUES ($1, $2, $3, $4, $5, $6, $7)', [siteCode, idxType, idx, p.category, p.type, p.gid, i])
    }
  })
}

// The stand-in tracking scripts --------------------------------------------------------------

/** Where the hall serves its stand-in scripts (`<kind>.js?id=`) and where they post their hits. */
export const PIXEL_PATH = '/pixels'
export const PIXEL_HIT_PATH = '/pixels/hit'

const KINDS = ['gtag', 'gtm', 'facebook', 'kwai', 'tiktok'] as const
type Kind = (typeof KINDS)[number]

/**
 * The scripts of a site: its settings document `pixels`; without one, the hall's stand-ins on
 * `origin` outside production (`standIns`), and none in production (no network is loaded until
 * the operator names where its script comes from).
 */
export const pixelScriptsOf = async (db: Queryable, siteCode: string, origin: string, standIns: boolean): Promise<PixelScripts> => {
  const configured = await siteDocument<PixelScripts>(db, siteCode, 'pixels')
  if (configured !== undefined) return configured
  return standIns ? Object.fromEntries(KINDS.map((k) => [k, `${origin}${PIXEL_PATH}/${k}.js?id={id}`])) : {}
}

/** The origins a site's scripts load from, for the page's script policy. */
export const pixelOrigins = (scripts: PixelScripts): ReadonlyArray<string> =>
  [...new Set(Object.values(scripts).flatMap((template) => {
    try {
      const u = new URL(template.replace(/\{id\}/g, 'x'))
      return u.protocol === 'https:' || u.protocol === 'http:' ? [u.origin] : []
    } catch {
      return []
    }
  }))]

/**
 * How each stand-in reads the queue the lobby's loader filled (the networks' own snippets' shapes)
 * and which entries are hits: gtag's `config` is its page view and `event` an event; a GTM
 * container's data layer events; the Facebook pixel's `track`; Kwai's and TikTok's `page` and
 * `track`.
 */
const READERS: Readonly<Record<Kind, { readonly queue: string; readonly read: string }>> = {
  gtag: { queue: 'window.dataLayer', read: "var a = e && e[0]; return a === 'config' ? 'page_view' : a === 'event' ? String(e[1]) : null" },
  gtm: { queue: 'window.dataLayer', read: "return e && typeof e === 'object' && !('length' in e) && typeof e.event === 'string' ? e.event : null" },
  facebook: { queue: 'window.fbq && window.fbq.queue', read: "return e && e[0] === 'track' ? String(e[1]) : null" },
  kwai: { queue: 'window.kwaiq', read: "return e && e[0] === 'page' ? 'page_view' : e && e[0] === 'track' ? String(e[1]) : null" },
  tiktok: { queue: 'window.ttq', read: "return e && e[0] === 'page' ? 'page_view' : e && e[0] === 'track' ? String(e[1]) : null" },
}

/** The stand-in script of a kind: reads what is queued, posts each hit, and every later push. */
export const standInScript = (kind: string): string | undefined => {
  if (!(KINDS as ReadonlyArray<string>).includes(kind)) return undefined
  const r = READERS[kind as Kind]
  return `(function () {
  var me = document.currentScript;
  var id = me ? new URL(me.src).searchParams.get('id') || '' : '';
  var hit = ${JSON.stringify(`${PIXEL_HIT_PATH}`)};
  function read(e) { ${r.read} }
  function send(e) {
    var event = read(e);
    if (event === null) return;
    fetch(hit, { method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pixel: ${JSON.stringify(kind)}, id: id, event: event, page: location.href }) });
  }
  var q = ${r.queue};
  if (!q || typeof q.push !== 'function') return;
  for (var i = 0; i < q.length; i++) send(q[i]);
  var push = q.push;
  q.push = function () { for (var j = 0; j < arguments.length; j++) send(arguments[j]); return push.apply(q, arguments); };
})();
`
}

/** Stores a stand-in's hit; answers false for a body that is not one. */
export const recordPixelHit = async (db: Queryable, body: unknown, now: number): Promise<boolean> => {
  const b = body as { pixel?: unknown; id?: unknown; event?: unknown; page?: unknown } | null
  const text = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max
  if (b === null || typeof b !== 'object' || !(KINDS as ReadonlyArray<unknown>).includes(b.pixel) || !text(b.id, MAX_VALUE) || !text(b.event, MAX_VALUE) || !text(b.page, MAX_URL) || b.event === '') return false
  await db.query('INSERT INTO pixel_hits (pixel, pixel_id, event, page_url, created_at) VALUES ($1, $2, $3, $4, $5)', [b.pixel, b.id, b.event, b.page, new Date(now).toISOString()])
  return true
}

/** The hits a stand-in recorded for a pixel id, oldest first. */
export const pixelHitsOf = async (db: Queryable, pixelId: string): Promise<ReadonlyArray<{ pixel: string; id: string; event: string; page: string }>> =>
  (
    await db.query<{ pixel: string; pixel_id: string; event: string; page_url: string }>('SELECT pixel, pixel_id, event, page_url FROM pixel_hits WHERE pixel_id = $1 ORDER BY id', [pixelId])
  ).rows.map((r) => ({ pixel: r.pixel, id: r.pixel_id, event: r.event, page: r.page_url }))
