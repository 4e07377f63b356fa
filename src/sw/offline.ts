/**
 * What the lobby's service worker decides (src/sw/worker.ts; docs/architecture.md "Offline"),
 * as pure functions: which requests it answers from its cache, which language its offline page
 * speaks, and that page itself.
 */

/** The offline page's words in one language (shell:offline.* of the locales). */
export interface OfflineTexts {
  readonly title: string
  readonly body: string
  readonly retry: string
}

export const FALLBACK_LANGUAGE = 'en_US'

/** The cache of the build's hashed files; one per build, so an old build's files are dropped. */
export const assetCacheName = (version: string): string => `lobby-assets-${version}`
/** The cache of hashed files kept as they are first fetched (lazy chunks), per build. */
export const runtimeCacheName = (version: string): string => `lobby-runtime-${version}`
/** Where the worker keeps what the page told it (the player's language). */
export const META_CACHE = 'lobby-meta'
export const LANGUAGE_KEY = '/__offline/language'

/** How the worker answers a request: from its cache (hashed build files), as a page, or not at all. */
export type Handling = 'asset' | 'page' | 'pass'

export const handlingOf = (method: string, mode: string, url: URL, origin: string): Handling => {
  if (method !== 'GET' || url.origin !== origin) return 'pass'
  if (mode === 'navigate') return 'page'
  // Hashed files never change under their name: the cache answers them first.
  if (url.pathname.startsWith('/assets/') && !url.pathname.endsWith('.map')) return 'asset'
  return 'pass'
}

/**
 * The offline page's language: the one the player chose in the lobby (told to the worker), else
 * the first of the browser's Accept-Language the lobby speaks (by exact tag, then by language),
 * else English.
 */
export const offlineLanguage = (chosen: string | null, acceptLanguage: string, available: ReadonlyArray<string>): string => {
  if (chosen !== null && available.includes(chosen)) return chosen
  const tags = acceptLanguage
    .split(',')
    .map((part) => part.split(';')[0]?.trim().replace('-', '_') ?? '')
    .filter((tag) => tag !== '')
  for (const tag of tags) {
    const exact = available.find((a) => a.toLowerCase() === tag.toLowerCase())
    if (exact !== undefined) return exact
    const lang = tag.split('_')[0]?.toLowerCase()
    const same = available.find((a) => a.split('_')[0]?.toLowerCase() === lang)
    if (same !== undefined) return same
  }
  return FALLBACK_LANGUAGE
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

/** The language tag of a locale for the page's lang attribute ('pt_PT' → 'pt-PT'). */
const htmlLang = (locale: string): string => locale.replace('_', '-')

/** The theme tokens the offline page is painted with (read from src/ui/base.css at build time). */
export const OFFLINE_TOKENS = ['--color-bg', '--color-text', '--color-text-muted', '--color-primary', '--color-primary-text', '--color-focus'] as const
export type OfflineColours = Readonly<Record<(typeof OFFLINE_TOKENS)[number], string>>

/** The tokens' values in a stylesheet's first declaration of each (the default theme's). */
export const tokensIn = (css: string): OfflineColours => {
  const entries = OFFLINE_TOKENS.map((token) => {
    const value = new RegExp(`${token}\\s*:\\s*([^;]+);`).exec(css)?.[1]?.trim()
    if (value === undefined) throw new Error(`the theme declares no ${token}`)
    return [token, value] as const
  })
  return Object.fromEntries(entries) as OfflineColours
}

/**
 * The offline page: what happened, that nothing is lost, and a link that asks the same address
 * again. No script (its policy allows none); painted with the default theme's tokens.
 */
export const offlinePage = (texts: OfflineTexts, language: string, retryUrl: string, colours: OfflineColours): string =>
  `<!doctype html>
<html lang="${escapeHtml(htmlLang(language))}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(texts.title)}</title>
<style>
:root{${OFFLINE_TOKENS.map((t) => `${t}:${colours[t]}`).join(';')}}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--color-bg);color:var(--color-text);font:16px/1.5 system-ui,sans-serif}
main{max-width:28rem;padding:2rem 1.5rem;text-align:center}
h1{font-size:1.5rem;margin:0 0 .75rem}
p{margin:0 0 1.5rem;color:var(--color-text-muted)}
a{display:inline-block;padding:.75rem 1.5rem;border-radius:.5rem;background:var(--color-primary);color:var(--color-primary-text);font-weight:600;text-decoration:none}
a:focus-visible{outline:3px solid var(--color-focus);outline-offset:3px}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(texts.title)}</h1>
<p>${escapeHtml(texts.body)}</p>
<a href="${escapeHtml(retryUrl)}">${escapeHtml(texts.retry)}</a>
</main>
</body>
</html>
`

/** The offline page's own policy: no script, nothing loaded, framed only by the lobby. */
export const OFFLINE_PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'"
