/**
 * Everything the hall serves that is not a hall call: the built lobby (static files with an SPA
 * fallback to index.html), the site configuration injected into that page, the maintenance
 * information files, and the answers of the public calls (op.json, manifest.json). The injection is
 * the spec's "data injected into the page with a health flag": the lobby boots from it and falls
 * back to it when the boot calls fail.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import type { BrandLogo, HallProfile, InjectedSiteConfig, LanguageCode, MaintainInfo } from '../schemas/hall/calls'
import { HALL_PREFIX } from '../schemas/hall/protocol'
import { FIRST_SCREEN_KIT_FILE, type FirstScreenKit } from '../schemas/first-screen'
import { bannersOf } from './banners'
import { depositKeyOf } from './calls/pay'
import { allCurrencyOf, layoutOf, siteInfoOf, sysInfoOf } from './calls/site'
import type { Db } from './db'
import { hallLines } from './lines'
import { brandBase } from './brand'
import { pixelScriptsOf } from './promotion'
import type { HallState } from './state'
import { siteByCode, siteDocument, siteForHost } from './store'
import type { SiteRow } from './store'
import { escapeHtml } from './html'

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
}

/** Types the build writes compressed copies of (scripts/compress.ts): their answers vary by encoding. */
const COMPRESSIBLE_TYPE = /^(text\/|application\/(json|manifest\+json|wasm)|image\/svg)/

/**
 * The content codings a request accepts, best first: brotli, then gzip. A coding listed with q=0 is
 * refused.
 */
export const pickEncoding = (accept: string): ReadonlyArray<{ readonly name: 'br' | 'gzip'; readonly suffix: 'br' | 'gz' }> => {
  const accepted = new Map<string, number>()
  for (const part of accept.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';')
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
    accepted.set(name.trim(), q === undefined ? 1 : Number(q))
  }
  const ok = (name: string): boolean => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0
  return [
    ...(ok('br') ? [{ name: 'br' as const, suffix: 'br' as const }] : []),
    ...(ok('gzip') ? [{ name: 'gzip' as const, suffix: 'gz' as const }] : []),
  ]
}

/**
 * A page's answer body in the best coding the request accepts (brotli at a quick level, else gzip),
 * with its headers: the lobby's page carries its first screen and inline styles, worth compressing
 * on the way out like the build's files.
 */
export const compressPage = (html: string, acceptEncoding: string): { readonly body: string | Uint8Array<ArrayBuffer>; readonly headers: Readonly<Record<string, string>> } => {
  const coding = pickEncoding(acceptEncoding)[0]
  if (coding === undefined) return { body: html, headers: { vary: 'accept-encoding' } }
  const body =
    coding.name === 'br'
      ? brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT } })
      : gzipSync(html, { level: 6 })
  return { body: new Uint8Array(body), headers: { 'content-encoding': coding.name, vary: 'accept-encoding' } }
}

/** The page served when the hall runs without a built lobby: enough to read the injected config. */
const BARE_INDEX = `<!doctype html>
<html><head><meta charset="utf-8"><title>Lobby reference hall</title></head>
<body><p>The reference hall is running. Build the lobby (npm run build) and start the hall with --static dist to serve it here.</p>
<script type="module"></script></body></html>`

/** The site a page request is for: ?site= (dev and test only), else the host name, else the default. */
export const siteForPage = async (db: Db, url: URL, mode: string): Promise<SiteRow | undefined> => {
  const asked = url.searchParams.get('site')
  if (asked !== null && mode !== 'production') {
    const s = await siteByCode(db, asked)
    if (s !== undefined) return s
  }
  return siteForHost(db, url.hostname)
}

/**
 * The boot configuration of a site as the lobby at `origin` sees it. `testHooks` (a hall in dev or
 * test mode) lets the page install its test hooks; `diagnostics` (dev or test mode, or the
 * operator's --diagnostics) lets it expose its debug handle window.__lobby; `pixelStandIns` (dev or
 * test mode) points a site without a pixels document at the hall's stand-in tracking scripts;
 * `standInsBanner` (a production hall started with its stand-ins on) makes the lobby show its
 * stand-ins banner.
 */
export const siteConfigOf = async (
  db: Db,
  state: HallState,
  site: SiteRow,
  origin: string,
  flags: { readonly testHooks?: boolean; readonly diagnostics?: boolean; readonly pixelStandIns?: boolean; readonly standInsBanner?: boolean; readonly standIns?: boolean } = {},
): Promise<InjectedSiteConfig> => ({
  ...(flags.testHooks === true ? { testHooks: true as const } : {}),
  ...(flags.standInsBanner === true ? { standIns: true as const } : {}),
  ...(flags.diagnostics === true ? { diagnostics: true as const } : {}),
  ...(await hallProfileOf(db, site)),
  siteCode: site.code,
  configApiBaseUrl: `${origin}${HALL_PREFIX}`,
  siteKey: site.siteKey,
  depositKey: await depositKeyOf(db, site.code),
  languageCode: site.languageCode as LanguageCode,
  healthy: true,
  injected: {
    siteInfo: await siteInfoOf(db, site, state),
    sysInfo: await sysInfoOf(db, site, Date.now(), { standIns: flags.standIns ?? true }),
    allCurrency: await allCurrencyOf(db, site),
    layout: await layoutOf(db, site),
    lines: hallLines(origin),
    ...(await brandLogoOf(db, site)),
    // The tracking scripts' addresses (server/promotion.ts): the page's script policy allows their origins.
    // Outside production a site without a pixels document gets the hall's stand-ins.
    pixels: await pixelScriptsOf(db, site.code, origin, flags.pixelStandIns === true),
    // The home banners: the first screen paints the first one (the page's largest paint), and the
    // lobby's carousel starts from them instead of an empty room.
    banners: await bannersOf(db, site.code),
  },
})

/** The values each hall-profile field may take (HallProfile, schemas/hall/calls/site.ts). */
const PROFILE_VALUES: { readonly [K in keyof HallProfile]-?: ReadonlyArray<NonNullable<HallProfile[K]>> } = {
  launch: ['login', 'loginv2'],
  heartbeat: ['socket', 'call'],
  payList: ['v3', 'v4'],
  boot: ['injected', 'call'],
  events: ['category', 'quickList'],
  promote: ['summary', 'calls'],
  frames: ['frameBox', 'frame'],
  secondVerify: ['one', 'byChannel', 'byCode'],
  recovery: ['verifyList', 'captcha'],
  recoveryProof: ['resetPassVerify', 'byChannel', 'questionAndPin'],
  smsLogin: ['direct', 'validate'],
  geetest: ['captcha', 'v4'],
}

/**
 * The site's hall profile (issue 45): the variants its hall speaks, the `hallProfile` of its 'site'
 * document (`{ launch: 'loginv2', heartbeat: 'call', payList: 'v4', boot: 'call' }`); only the
 * fields and values the schema knows are injected, nothing when none is set.
 */
const hallProfileOf = async (db: Db, site: SiteRow): Promise<{ hallProfile?: HallProfile }> => {
  const profile = (await siteDocument<{ hallProfile?: Record<string, unknown> }>(db, site.code, 'site'))?.hallProfile ?? {}
  const kept = Object.fromEntries(
    Object.entries(PROFILE_VALUES).filter(([field, values]) => (values as ReadonlyArray<unknown>).includes(profile[field])).map(([field]) => [field, profile[field]]),
  ) as HallProfile
  return Object.keys(kept).length === 0 ? {} : { hallProfile: kept }
}

const brandLogoOf = async (db: Db, site: SiteRow): Promise<{ brandLogo?: BrandLogo }> => {
  const doc = await siteDocument<BrandLogo>(db, site.code, 'brandLogo')
  return doc === undefined ? {} : { brandLogo: doc }
}


/**
 * The site's head: title, description, keywords, favicon, app icons and manifest (spec §3 site
 * info and brand logo), so the tab, a shared link and an installed app show the site before the
 * lobby starts. Replaces the page's own title and drops its own icon and manifest links.
 */
export const injectHead = (html: string, config: InjectedSiteConfig): string => {
  const info = config.injected.siteInfo
  const base = brandBase(config.siteCode)
  const tags = [
    `<title>${escapeHtml(info.title || info.siteName)}</title>`,
    `<meta name="description" content="${escapeHtml(info.description)}">`,
    `<meta name="keywords" content="${escapeHtml(info.keyword)}">`,
    `<link rel="icon" type="image/svg+xml" href="${base}/logo.svg">`,
    `<link rel="apple-touch-icon" href="${base}/icon-192.png">`,
    `<link rel="manifest" href="${base}/manifest.webmanifest">`,
  ].join('')
  const stripped = html
    .replace(/<title>[\s\S]*?<\/title>/i, '')
    .replace(/<meta name="(description|keywords)"[^>]*>/gi, '')
    .replace(/<link rel="(icon|manifest|apple-touch-icon)"[^>]*>/gi, '')
  const head = stripped.search(/<\/head>/i)
  return head >= 0 ? stripped.slice(0, head) + tags + stripped.slice(head) : tags + stripped
}

/**
 * Puts `<script nonce>window.__LOBBY_SITE__ = ...</script>` before the first script of the page (or at the
 * end of head), with the answer's nonce (server/headers.ts). `<` is escaped so no configured text can close the script element.
 */
export const injectConfig = (html: string, config: InjectedSiteConfig, nonce?: string): string => {
  html = injectHead(html, config)
  const payload = JSON.stringify(config).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
  const tag = `<script${nonce === undefined ? '' : ` nonce="${nonce}"`}>window.__LOBBY_SITE__ = ${payload}</script>`
  const at = html.search(/<script[\s>]/i)
  if (at >= 0) return html.slice(0, at) + tag + html.slice(at)
  const head = html.search(/<\/head>/i)
  return head >= 0 ? html.slice(0, head) + tag + html.slice(head) : tag + html
}

/** Static files of the built lobby, resolved safely inside the static directory. */
export class StaticFiles {
  private readonly root: string | undefined

  constructor(dir: string | undefined) {
    this.root = dir === undefined ? undefined : resolve(dir)
  }

  /** The file for a URL path, or undefined when it does not exist or would leave the directory. */
  private fileFor(pathname: string): string | undefined {
    if (this.root === undefined) return undefined
    let decoded: string
    try {
      decoded = decodeURIComponent(pathname)
    } catch {
      return undefined
    }
    if (decoded.includes('\0')) return undefined
    const full = normalize(join(this.root, decoded))
    if (full !== this.root && !full.startsWith(this.root + sep)) return undefined
    try {
      return statSync(full).isFile() ? full : undefined
    } catch {
      return undefined
    }
  }

  /**
   * A static file response, or undefined. Source maps are never served here (see sourceMap). The
   * build's brotli or gzip copy (scripts/compress.ts) is sent when the request accepts it.
   */
  async serve(pathname: string, acceptEncoding = ''): Promise<Response | undefined> {
    const file = this.fileFor(pathname)
    if (file === undefined || file.endsWith(`${sep}index.html`) || file.endsWith('.map') || /\.(br|gz)$/.test(file)) return undefined
    const encoding = pickEncoding(acceptEncoding).find((e) => existsSync(`${file}.${e.suffix}`))
    const body = await readFile(encoding === undefined ? file : `${file}.${encoding.suffix}`)
    const immutable = pathname.startsWith('/assets/')
    const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream'
    return new Response(body, {
      headers: {
        'content-type': type,
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        ...(encoding === undefined ? {} : { 'content-encoding': encoding.name }),
        ...(COMPRESSIBLE_TYPE.test(type) ? { vary: 'accept-encoding' } : {}),
      },
    })
  }

  /**
   * A source map of the build (`assets/<script>.js.map`), for the support console's signed-in
   * staff only (server/support/routes.ts): the public static route refuses every `.map`.
   */
  async sourceMap(pathname: string): Promise<Response | undefined> {
    const file = pathname.endsWith('.map') ? this.fileFor(pathname) : undefined
    if (file === undefined) return undefined
    return new Response(await readFile(file), { headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } })
  }

  /** index.html of the built lobby, or the bare page when there is none. */
  async index(): Promise<string> {
    const file = this.root === undefined ? undefined : join(this.root, 'index.html')
    return file !== undefined && existsSync(file) ? readFile(file, 'utf8') : BARE_INDEX
  }

  private readonly texts = new Map<string, { readonly mtimeMs: number; readonly text: string }>()

  /** A text file of the build, read again only when it changed on disk; undefined when absent. */
  private cachedText(pathname: string): string | undefined {
    const file = this.fileFor(pathname)
    if (file === undefined) return undefined
    const mtimeMs = statSync(file).mtimeMs
    const hit = this.texts.get(file)
    if (hit !== undefined && hit.mtimeMs === mtimeMs) return hit.text
    const text = readFileSync(file, 'utf8')
    this.texts.set(file, { mtimeMs, text })
    return text
  }

  /** The build's stylesheets at these paths, joined in their order; undefined when one is missing. */
  styles(paths: ReadonlyArray<string>): string | undefined {
    const texts = paths.map((p) => this.cachedText(p))
    return texts.every((t) => t !== undefined) ? texts.join('\n') : undefined
  }

  /** What the build wrote for the home page's first screen (scripts/first-screen.ts), if present and valid. */
  firstScreenKit(): FirstScreenKit | undefined {
    const text = this.cachedText(`/${FIRST_SCREEN_KIT_FILE}`)
    if (text === undefined) return undefined
    try {
      const kit = JSON.parse(text) as FirstScreenKit
      return typeof kit.icons === 'object' && typeof kit.texts === 'object' ? kit : undefined
    } catch {
      return undefined
    }
  }

  /** A JSON file of the build (op.json, manifest), if present and valid. */
  json(name: string): unknown {
    const file = this.fileFor(`/${name}`)
    if (file === undefined) return undefined
    try {
      return JSON.parse(readFileSync(file, 'utf8'))
    } catch {
      return undefined
    }
  }
}

/** Maintenance information of a site (GET /hall/static/maintain/<code>.json), default.json as fallback. */
export const maintainInfo = async (db: Db, file: string): Promise<MaintainInfo | undefined> => {
  const m = /^([\w-]{1,32})\.json$/.exec(file)
  if (m === null) return undefined
  const code = m[1] ?? ''
  if (code !== 'default') return siteDocument<MaintainInfo>(db, code, 'maintain')
  const fallback = await db.query<{ doc: MaintainInfo }>(
    `SELECT d.doc FROM site_documents d JOIN sites s ON s.code = d.site_code WHERE s.is_default AND d.name = 'maintain'`,
  )
  return fallback.rows[0]?.doc
}
