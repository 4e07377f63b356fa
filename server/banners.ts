/**
 * The home page's banners and the footer's logos (spec screens §2 home and footer; calls §7.3
 * /message/banner/index, /api/lobby/footerConfig/getInfo). Banners are rows of a site
 * (migration 180); their pictures and the footer's logos are SVGs the hall draws, so every site
 * has real images without a stored file:
 *
 * - /hall/static/banners/<site>/<id>.svg: the banner's title and subtitle on its two colours.
 * - /hall/static/logos/<slug>.svg: a licence or payment logo, named by its slug.
 * - /hall/static/logos/provider-<id>.svg: a game provider's logo, from the platform's name.
 * - /hall/static/icons/<key>.svg: a tab-bar or header entry's icon, from its key.
 */
import type { Queryable } from './db'

/** A banner row as the call answers it (schemas/hall/calls/site.ts Banner). */
export interface BannerAnswer {
  readonly id: number
  readonly title: string
  readonly imgUrl: string
  readonly location_type: number
  readonly location_value: string
  readonly location_template: string
  readonly jump_window: number
  readonly sort: number
}

/** A banner as the seed or the control surface gives it. */
export interface BannerSeed {
  /** Keeps this id (a banner put back as it was, so its picture's address still answers); else a new one. */
  readonly id?: number | undefined
  readonly title: string
  readonly subtitle?: string | undefined
  readonly colourFrom?: string | undefined
  readonly colourTo?: string | undefined
  readonly locationType: number
  readonly locationValue?: string | undefined
  readonly locationTemplate?: string | undefined
  readonly jumpWindow?: number | undefined
}

/** The banners every new site starts with (the same as migration 180 gives an older store's sites). */
export const SEED_BANNERS: ReadonlyArray<BannerSeed> = [
  { title: 'Welcome bonus', subtitle: 'Your first deposit counts double', colourFrom: '#1e6cff', colourTo: '#7b3fe4', locationType: 3 },
  { title: 'Deposit now', subtitle: 'Top up in seconds', colourFrom: '#ff7a00', colourTo: '#ef4444', locationType: 5 },
  { title: 'VIP club', subtitle: 'Climb the levels, collect the rewards', colourFrom: '#0f766e', colourTo: '#16b978', locationType: 8 },
  { title: 'Invite friends', subtitle: 'Earn for every friend who joins', colourFrom: '#a16207', colourTo: '#f59e0b', locationType: 7 },
]

/**
 * Replaces a site's banners by these, in this order; answers the rows' ids. A banner with an id
 * keeps it (the banners a control put back: a recorded session's pictures still answer), and the
 * numbering goes on past it.
 */
export const setBanners = async (db: Queryable, siteCode: string, banners: ReadonlyArray<BannerSeed>): Promise<ReadonlyArray<number>> => {
  await db.query('DELETE FROM banners WHERE site_code = $1', [siteCode])
  const ids: number[] = []
  for (const [i, b] of banners.entries()) {
    const values = [siteCode, b.title, b.subtitle ?? '', b.colourFrom ?? '#1e6cff', b.colourTo ?? '#7b3fe4', b.locationType, b.locationValue ?? '', b.locationTemplate ?? '', b.jumpWindow ?? 0, i + 1]
    const r =
      b.id === undefined
        ? await db.query<{ id: number }>(
            `INSERT INTO banners (site_code, title, subtitle, colour_from, colour_to, location_type, location_value, location_template, jump_window, sort)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
            values,
          )
        : await db.query<{ id: number }>(
            `INSERT INTO banners (id, site_code, title, subtitle, colour_from, colour_to, location_type, location_value, location_template, jump_window, sort)
             OVERRIDING SYSTEM VALUE VALUES ($11, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
            [...values, b.id],
          )
    ids.push(r.rows[0]!.id)
  }
  if (banners.some((b) => b.id !== undefined)) {
    await db.query(
      `SELECT setval(pg_get_serial_sequence('banners', 'id'), m) FROM (SELECT max(id) AS m FROM banners) x
       WHERE m > (SELECT last_value FROM banners_id_seq)`,
    )
  }
  return ids
}

/** A site's banners as the control surface reads them (to put them back after a test). */
export const bannerSeedsOf = async (db: Queryable, siteCode: string): Promise<ReadonlyArray<BannerSeed>> =>
  (
    await db.query<{ id: number; title: string; subtitle: string; colour_from: string; colour_to: string; location_type: number; location_value: string; location_template: string; jump_window: number }>(
      `SELECT id, title, subtitle, colour_from, colour_to, location_type, location_value, location_template, jump_window
       FROM banners WHERE site_code = $1 AND enabled ORDER BY sort, id`,
      [siteCode],
    )
  ).rows.map((r) => ({
    id: r.id, title: r.title, subtitle: r.subtitle, colourFrom: r.colour_from, colourTo: r.colour_to,
    locationType: r.location_type, locationValue: r.location_value, locationTemplate: r.location_template, jumpWindow: r.jump_window,
  }))

/** Where a banner's picture is served. */
export const bannerImageUrl = (siteCode: string, id: number): string => `/hall/static/banners/${siteCode}/${id}.svg`

/** The enabled banners of a site, in their order (the call's answer). */
export const bannersOf = async (db: Queryable, siteCode: string): Promise<ReadonlyArray<BannerAnswer>> =>
  (
    await db.query<{ id: number; title: string; location_type: number; location_value: string; location_template: string; jump_window: number; sort: number }>(
      `SELECT id, title, location_type, location_value, location_template, jump_window, sort
       FROM banners WHERE site_code = $1 AND enabled ORDER BY sort, id`,
      [siteCode],
    )
  ).rows.map((r) => ({ ...r, imgUrl: bannerImageUrl(siteCode, r.id) }))

const escape = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A banner's picture: 750 × 300, its colours as a gradient, a few circles, the title and subtitle. */
export const bannerSvg = (b: { id: number; title: string; subtitle: string; colour_from: string; colour_to: string }): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 750 300" width="750" height="300">` +
  `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${b.colour_from}"/><stop offset="1" stop-color="${b.colour_to}"/></linearGradient></defs>` +
  `<rect width="750" height="300" fill="url(#g)"/>` +
  `<circle cx="640" cy="60" r="120" fill="#ffffff" opacity=".12"/><circle cx="560" cy="260" r="80" fill="#ffffff" opacity=".1"/>` +
  `<circle cx="${600 + (b.id % 5) * 20}" cy="150" r="46" fill="#ffd400" opacity=".85"/>` +
  `<text x="48" y="140" font-family="system-ui,sans-serif" font-size="54" font-weight="800" fill="#ffffff">${escape(b.title)}</text>` +
  `<text x="48" y="196" font-family="system-ui,sans-serif" font-size="28" fill="#ffffff" opacity=".9">${escape(b.subtitle)}</text>` +
  `</svg>`

/** The words a logo slug stands for ('bank-transfer' → 'Bank transfer'; known ones as they are written). */
const LOGO_WORDS: Readonly<Record<string, string>> = {
  '18plus': '18+', usdt: 'USDT', pix: 'Pix', licence: 'Licensed', 'responsible-gaming': 'Play responsibly',
}
const wordsOf = (slug: string): string => LOGO_WORDS[slug] ?? slug.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase())

/** A logo: a rounded plate with its words, its hue from the words (the same words draw the same plate). */
export const logoSvg = (words: string): string => {
  let h = 0
  for (const c of words) h = (h * 31 + c.charCodeAt(0)) % 360
  const width = Math.max(96, Math.min(220, 24 + words.length * 11))
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 40" width="${width}" height="40">` +
    `<rect width="${width}" height="40" rx="8" fill="hsl(${h} 45% 28%)"/>` +
    `<text x="${width / 2}" y="26" text-anchor="middle" font-family="system-ui,sans-serif" font-size="16" font-weight="700" fill="#ffffff">${escape(words)}</text></svg>`
}

/** Where a game provider's logo is served. */
export const providerLogoUrl = (platformId: number): string => `/hall/static/logos/provider-${platformId}.svg`

/** The game providers the footer shows: the first platforms of the catalogue. */
export const footerProviders = async (db: Queryable, limit = 12): Promise<ReadonlyArray<{ name: string; logo: string }>> =>
  (await db.query<{ id: number; name: string }>('SELECT id, name FROM game_platforms ORDER BY sort, id LIMIT $1', [limit])).rows.map((p) => ({
    name: p.name,
    logo: providerLogoUrl(p.id),
  }))

const svgResponse = (svg: string): Response =>
  new Response(svg, { headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=300', 'x-content-type-options': 'nosniff' } })

/** Where a layout entry's icon is served (the tab bar's and the header's lists name it). */
export const layoutIconUrl = (key: string): string => `/hall/static/icons/${key}.svg`

/**
 * A layout entry's icon: a round plate with the entry's initial, its hue from the key. The lobby
 * draws its own icons for the entries it knows; an operator's client of its own shows these.
 */
export const iconSvg = (key: string): string => {
  let h = 0
  for (const c of key) h = (h * 31 + c.charCodeAt(0)) % 360
  return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="48" height="48">' +
    `<circle cx="24" cy="24" r="22" fill="hsl(${h} 50% 32%)"/>` +
    `<text x="24" y="31" text-anchor="middle" font-family="system-ui,sans-serif" font-size="20" font-weight="700" fill="#ffffff">${escape(key.charAt(0).toUpperCase())}</text></svg>`
}

/** A layout entry's icon (`<key>.svg` under /static/icons/), or undefined. */
export const iconAsset = (rest: string): Response | undefined => {
  const m = /^([a-z][a-zA-Z0-9]{0,31})\.svg$/.exec(rest)
  return m === null ? undefined : svgResponse(iconSvg(m[1]!))
}

/** A banner picture (`<site>/<id>.svg` under /static/banners/), or undefined. */
export const bannerAsset = async (db: Queryable, rest: string): Promise<Response | undefined> => {
  const m = /^([\w-]{1,32})\/(\d{1,9})\.svg$/.exec(rest)
  if (m === null) return undefined
  const row = (
    await db.query<{ id: number; title: string; subtitle: string; colour_from: string; colour_to: string }>(
      'SELECT id, title, subtitle, colour_from, colour_to FROM banners WHERE site_code = $1 AND id = $2',
      [m[1], Number(m[2])],
    )
  ).rows[0]
  return row === undefined ? undefined : svgResponse(bannerSvg(row))
}

/** A logo (`<slug>.svg` or `provider-<id>.svg` under /static/logos/), or undefined. */
export const logoAsset = async (db: Queryable, rest: string): Promise<Response | undefined> => {
  const provider = /^provider-(\d{1,9})\.svg$/.exec(rest)
  if (provider !== null) {
    const p = (await db.query<{ name: string }>('SELECT name FROM game_platforms WHERE id = $1', [Number(provider[1])])).rows[0]
    return p === undefined ? undefined : svgResponse(logoSvg(p.name))
  }
  const m = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/.exec(rest)
  return m === null || m[1]!.length > 40 ? undefined : svgResponse(logoSvg(wordsOf(m[1]!)))
}
