/**
 * The home page's first screen, painted from HTML (docs/hall.md "The first screen"): for the routes
 * that open on the game lobby, the hall writes the lobby's shell into the page from the site
 * configuration it injects (the header with the site's logo and name and the sign-in buttons, the
 * game categories of the site's layout, a skeleton of the first row of the hot list, the phone tab
 * bar), with the first route's styles inline, so the page shows the lobby before its scripts run
 * and without them. The markup uses the lobby's own class names and structure (src/views/shell),
 * so the same styles lay it out the same way; the server does not know the screen's width, so it
 * writes both the web and the phone parts and src/ui/first-screen.css keeps the ones of the width.
 * The lobby takes the screen over when its shell is ready (src/views/boot/first-screen.ts).
 */
import { CATEGORIES, CATEGORY, categoryTarget, visibleCategories, type CategoryEntry } from '../schemas/categories'
import type { FirstScreenKit } from '../schemas/first-screen'
import type { InjectedSiteConfig } from '../schemas/hall/calls'
import { LAYOUT_TRAITS, layoutOfSkin, themeOf, type LayoutName } from '../schemas/layouts'
import { ROUTES, REDIRECTS } from '../schemas/routes'
import { imageUrl } from '../schemas/links'
import { barsOfCookieHeader, downloadBannerAllowed } from '../schemas/bars'
import { escapeHtml } from './html'

/** The id of the first screen's element, which the lobby removes when it takes over. */
export const FIRST_SCREEN_ID = 'first-screen'


const GAME_PATH = ROUTES.find((r) => r.name === 'game')!.path

/**
 * Whether a page address opens on the game lobby: /home/game (its Mine view aside) and the paths
 * that redirect to it. Every other route keeps the plain page.
 */
export const opensOnLobby = (url: URL): boolean => {
  const path = url.pathname.replace(/\/+$/, '') || '/'
  const route = path === GAME_PATH ? 'game' : REDIRECTS[path]
  return route === 'game' && url.searchParams.get('tabItem') !== 'mine'
}

/** The tab bar's entries when the hall's layout gives none (spec §2; src/views/shell/TabBar.tsx). */
const DEFAULT_TABS = ['home', 'sport', 'recharge', 'register', 'mine'] as const
const TAB_ICONS: Readonly<Record<string, string>> = {
  home: 'home', sport: 'sport', recharge: 'wallet', register: 'userPlus', service: 'headset', mine: 'user',
  event: 'sparkle', task: 'ticket', rebate: 'refresh', login: 'lock', withdraw: 'arrowUp', vip: 'star',
  yuebao: 'cube', promote: 'friends', download: 'arrowUp',
}
/** Tabs labelled from shell:tab.*; vip from shell:route.vip; the others from layout:tab.*. */
const SHELL_TABS = new Set(['home', 'sport', 'recharge', 'register', 'service', 'mine'])

/** The first screen's words: the site's language, English where it has none. */
const wordsOf = (kit: FirstScreenKit, language: string) => {
  const own = kit.texts[language] ?? {}
  const english = kit.texts['en_US'] ?? {}
  return (key: string, vars: Readonly<Record<string, string>> = {}): string =>
    (own[key] ?? english[key] ?? key.slice(key.indexOf(':') + 1)).replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '')
}

/** What the first screen is painted from, read from the injected configuration. */
export interface FirstScreenSite {
  readonly language: string
  readonly layout: LayoutName
  readonly theme: number
  readonly siteName: string
  readonly logo: string
  readonly tabs: ReadonlyArray<string>
  /** The category shown (gameCategoryId, hot by default). */
  readonly category: number
  /**
   * The carousel's first banner (its picture's address), as the lobby's carousel shows it first
   * (src/views/home/BannerCarousel.tsx: by sort, the first with a usable picture), and whether
   * there are several (the carousel then has its controls row); null: the loading carousel.
   */
  readonly banner: { readonly src: string; readonly many: boolean } | null
  /**
   * The bars above the home page on a phone, as the lobby will show them to this browser
   * (src/views/banners/Banners.tsx; schemas/bars.ts): the download banner (the brand's switch
   * open, not closed here, not in a native shell that hides it), the layout's invitation bar, and
   * the install tip (not turned off here, not pwal=0, and only where the download banner does not
   * show: one install invitation at a time; an installed app hides it by CSS). Absent: none.
   */
  readonly bars?: { readonly download: boolean; readonly promo: boolean; readonly tip: boolean; readonly brandName: string }
}

/** What the page's request tells of this browser: its kept banner flags (the Cookie header) and its user agent. */
export interface FirstScreenRequest {
  readonly cookie?: string | undefined
  readonly userAgent?: string | undefined
}

export const firstScreenSite = (config: InjectedSiteConfig, url: URL, request: FirstScreenRequest = {}): FirstScreenSite => {
  const info = config.injected.siteInfo
  const kept = barsOfCookieHeader(request.cookie)
  const brand = config.injected.brandLogo
  const layout = layoutOfSkin(info.skinTypeValue)
  const asked = Number(url.searchParams.get('gameCategoryId') ?? '0')
  const download = brand?.downloadSwitch === 'open' && !kept.downloadClosed && downloadBannerAllowed(request.userAgent ?? '', config.siteCode)
  const served = [...config.injected.layout.tabBar.loggedOut].sort((a, b) => a.sort - b.sort).map((e) => e.key).filter((k) => k in TAB_ICONS)
  return {
    language: config.languageCode,
    layout,
    theme: themeOf(info.themeTypeWeb),
    siteName: info.siteName || config.siteCode || 'Lobby',
    logo: config.injected.brandLogo?.hallLogo ?? '',
    tabs: (served.length > 0 ? served : DEFAULT_TABS).slice(0, 5),
    category: CATEGORIES.some((c) => c.id === asked) ? asked : 0,
    banner: firstBanner(config.injected.banners ?? []),
    bars: {
      download,
      promo: LAYOUT_TRAITS[layout].promoBanner,
      // One install invitation at a time: the tip waits while the download banner shows.
      tip: !download && !kept.noShortcutTip && url.searchParams.get('pwal') !== '0',
      brandName: brand?.brandName ?? '',
    },
  }
}

const firstBanner = (banners: ReadonlyArray<{ readonly imgUrl: string; readonly sort: number }>): FirstScreenSite['banner'] => {
  const shown = [...banners].sort((a, b) => a.sort - b.sort).flatMap((b) => imageUrl(b.imgUrl) ?? [])
  return shown.length === 0 ? null : { src: shown[0]!, many: shown.length > 1 }
}

/**
 * The carousel's room: the first banner's picture where the lobby's carousel shows it (the page's
 * largest paint, asked first: fetchpriority high), with its controls row's room when there are
 * several; else the loading carousel.
 */
const carousel = (banner: FirstScreenSite['banner']): string =>
  banner === null
    ? `<div class="carousel carousel--loading" aria-hidden="true"></div>`
    : `<div class="carousel${banner.many ? ' carousel--first-many' : ''}" aria-hidden="true"><div class="carousel__slides"><div class="carousel__slide">` +
      `<img class="carousel__image" src="${escapeHtml(banner.src)}" alt="" fetchpriority="high"></div></div></div>`

/**
 * The bars above the home page on a phone, in the lobby's order and markup (DownloadBanner,
 * PromoBanner, InstallTip), their buttons drawn but not yet live.
 */
const barsMarkup = (site: FirstScreenSite, kit: FirstScreenKit, t: (key: string, vars?: Readonly<Record<string, string>>) => string): string => {
  const bars = site.bars
  if (bars === undefined) return ''
  const icon = (name: string) => `<span class="icon-button icon-button--small" aria-hidden="true">${svg(kit, name)}</span>`
  const button = (kind: 'accent' | 'ghost', key: string) => `<span class="button button--${kind} button--small">${escapeHtml(t(key))}</span>`
  const bar = (shown: boolean, block: string, label: string, parts: ReadonlyArray<string>) =>
    shown ? `<aside class="${block} first-screen__phone" aria-label="${escapeHtml(t(label))}">${parts.join('')}</aside>` : ''
  const download = bar(bars.download, 'download-banner', 'layout:download.label', [
    site.logo === '' ? '' : `<img class="download-banner__logo" src="${escapeHtml(site.logo)}" alt="" width="36" height="36">`,
    `<p class="download-banner__text"><strong>${escapeHtml(t('layout:download.title', { brand: bars.brandName }))}</strong><span>${escapeHtml(t('layout:download.body'))}</span></p>`,
    button('accent', 'layout:download.action'),
    icon('chevronLeft'),
    icon('close'),
  ])
  const promo = bar(bars.promo, 'promo-banner', 'layout:promo.label', [
    `<span class="promo-banner__icon" aria-hidden="true">${svg(kit, 'friends')}</span>`,
    `<p class="promo-banner__text">${escapeHtml(t('layout:promo.text'))}</p>`,
    button('accent', 'layout:promo.redeem'),
    icon('close'),
  ])
  const tip = bar(bars.tip, 'install-tip', 'layout:pwa.label', [
    `<span class="install-tip__icon" aria-hidden="true">${svg(kit, 'plus')}</span>`,
    `<p class="install-tip__text">${escapeHtml(t('layout:pwa.text', { brand: bars.brandName || site.siteName }))}</p>`,
    button('accent', 'layout:pwa.add'),
    button('ghost', 'layout:pwa.never'),
    icon('close'),
  ])
  return download + promo + tip
}

const svg = (kit: FirstScreenKit, name: string, className = ''): string =>
  `<svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"${className === '' ? '' : ` class="${className}"`}><path d="${escapeHtml(kit.icons[name] ?? '')}"></path></svg>`

/** Where a category entry goes, as a link (the lobby's entries are buttons that navigate the same way). */
const categoryHref = (c: CategoryEntry, allToList: boolean): string => {
  const target = categoryTarget(c.id, allToList)
  const path = ROUTES.find((r) => r.name === target.name)!.path
  const query = new URLSearchParams(target.query).toString()
  return query === '' ? path : `${path}?${query}`
}

/**
 * The first screen's markup for a visitor (the lobby's first commit for a player not signed in),
 * every configured text escaped: the site's name and logo are operator data.
 */
export const firstScreenMarkup = (site: FirstScreenSite, kit: FirstScreenKit): string => {
  const t = wordsOf(kit, site.language)
  const traits = LAYOUT_TRAITS[site.layout]
  const name = escapeHtml(site.siteName)
  const current = (c: CategoryEntry) => (c.id === site.category ? ' aria-current="page"' : '')
  const entry = (c: CategoryEntry) =>
    `<li><a class="menu__item" href="${escapeHtml(categoryHref(c, traits.allCategoriesToList))}"${current(c)}>${svg(kit, c.icon, 'menu__icon')}<span class="menu__label">${escapeHtml(t(`shell:category.${c.key}`))}</span></a></li>`
  const webEntries = visibleCategories({ real: false, desktop: true, recentCollectOnDesktop: traits.recentCollectOnDesktop }).map(entry).join('')
  const menuLabel = escapeHtml(t('shell:menu.label'))
  const menu =
    traits.desktopMenu === 'bar'
      ? `<nav class="menu menu--bar first-screen__web" aria-label="${menuLabel}"><ul class="menu__bar" role="list">${webEntries}</ul></nav>`
      : traits.desktopMenu === 'panel'
        ? `<nav class="menu menu--side menu--panel menu--expanded first-screen__web" aria-label="${menuLabel}"><ul class="menu__list" role="list">${webEntries}</ul></nav>`
        : `<nav class="menu menu--side first-screen__web" aria-label="${menuLabel}"><span class="menu__toggle" aria-hidden="true">${svg(kit, 'chevronRight', 'menu__icon')}<span class="menu__label">${escapeHtml(t('shell:menu.expand'))}</span></span><ul class="menu__list" role="list">${webEntries}</ul></nav>`
  const logo =
    site.logo === ''
      ? `<span class="logo__mark" aria-hidden="true">${svg(kit, 'sparkle')}</span>`
      : `<img class="logo__image" src="${escapeHtml(site.logo)}" alt="" width="34" height="34">`
  const header =
    `<header class="header">` +
    `<span class="icon-button first-screen__phone" aria-hidden="true">${svg(kit, 'menu')}</span>` +
    `<a class="logo" href="${GAME_PATH}" aria-label="${escapeHtml(t('shell:header.logo', { site: site.siteName }))}">${logo}<span class="logo__text">${name}</span></a>` +
    `<div class="header__spacer"></div>` +
    `<div class="header__actions">` +
    `<span class="button button--ghost"><span class="button__text">${escapeHtml(t('shell:header.login'))}</span></span>` +
    `<span class="button button--primary"><span class="button__text">${escapeHtml(t('shell:header.register'))}</span></span>` +
    `</div></header>`
  // The home page's categories (src/views/pages/GamePage.tsx): recent and collect only on phones.
  const tiles = visibleCategories({ real: false, desktop: false })
    .map(
      (c) =>
        `<li${c.id === CATEGORY.recent || c.id === CATEGORY.collect ? ' class="first-screen__phone"' : ''}><a class="tile" href="${escapeHtml(`${GAME_PATH}?gameCategoryId=${c.id}`)}"${current(c)}><span class="tile__icon">${svg(kit, c.icon)}</span><span class="tile__label">${escapeHtml(t(`shell:category.${c.key}`))}</span></a></li>`,
    )
    .join('')
  const shown = CATEGORIES.find((c) => c.id === site.category) ?? CATEGORIES[0]!
  const skeleton = Array.from({ length: 8 }, () => '<span class="first-screen__game"></span>').join('')
  const main =
    `<main class="shell__main">` +
    barsMarkup(site, kit, t) +
    `<section class="lobby"><h1 class="visually-hidden">${escapeHtml(t('shell:game.welcome', { site: site.siteName }))}</h1>` +
    carousel(site.banner) +
    `<h2 class="section-title">${escapeHtml(t('shell:game.categories'))}</h2>` +
    `<ul class="tiles" role="list">${tiles}</ul>` +
    `<h2 class="section-title">${escapeHtml(t(`shell:category.${shown.key}`))}</h2>` +
    `<section class="game-content" aria-label="${escapeHtml(t('games:games'))}"><div class="game-list">` +
    `<p class="game-list__count">${escapeHtml(t('games:loading'))}</p>` +
    `<div class="first-screen__row" aria-hidden="true">${skeleton}</div>` +
    `</div></section></section></main>`
  const tabBar =
    `<nav class="tabbar first-screen__phone first-screen__tabs-${site.tabs.length}" aria-label="${escapeHtml(t('shell:tab.label'))}">` +
    site.tabs
      .map((tab) => {
        const label = tab === 'vip' ? t('shell:route.vip') : SHELL_TABS.has(tab) ? t(`shell:tab.${tab}`) : t(`layout:tab.${tab}`)
        const home = tab === 'home'
        const tag = home ? `a href="${GAME_PATH}" aria-current="page"` : 'span'
        return `<${tag} class="tabbar__item${tab === 'recharge' ? ' tabbar__item--accent' : ''}"><span class="tabbar__icon">${svg(kit, TAB_ICONS[tab] ?? 'home')}</span><span class="tabbar__label">${escapeHtml(label)}</span></${home ? 'a' : 'span'}>`
      })
      .join('') +
    `</nav>`
  return (
    `<div id="${FIRST_SCREEN_ID}" class="first-screen">` +
    `<div class="shell shell--menu-${traits.desktopMenu}">${header}<div class="shell__body">${menu}${main}</div>${tabBar}</div>` +
    // Its last element: until it is parsed the first screen is not drawn (src/ui/first-screen.css),
    // so a page read in pieces never paints half a screen that the rest then moves.
    `<i class="first-screen__end" hidden></i>` +
    `</div>`
  )
}

/** The stylesheets a built page links, in their order. */
export const stylesheetsOf = (html: string): string[] =>
  [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].flatMap((m) => /\bhref="(\/[^"]+\.css)"/.exec(m[0])?.[1] ?? [])

/**
 * The page with its first screen: `<html>` carries the site's language, theme and layout (what the
 * lobby sets when it starts, src/views/shell/site-look.ts), the page's stylesheets are inline in one
 * `<style>` with the answer's nonce (their links stay, disabled, so the lobby's chunk loader knows
 * them as loaded and does not add them again), and the markup stands before the lobby's root.
 * `css` is the stylesheets' text in the page's order; without it the page keeps its links.
 */
export const injectFirstScreen = (html: string, site: FirstScreenSite, kit: FirstScreenKit, opts: { readonly nonce?: string; readonly css?: string } = {}): string => {
  const lang = site.language.replace('_', '-')
  let out = html.replace(/<html\b[^>]*>/i, `<html lang="${escapeHtml(lang)}" data-theme="${site.theme}" data-layout="${site.layout}">`)
  if (opts.css !== undefined) {
    const style = `<style${opts.nonce === undefined ? '' : ` nonce="${opts.nonce}"`}>${opts.css.replace(/<\/style/gi, '<\\/style')}</style>`
    let placed = false
    out = out.replace(/<link\b[^>]*\brel="stylesheet"[^>]*>/g, (link) => {
      const disabled = link.replace(/\s*\/?>$/, ' disabled>')
      if (placed) return disabled
      placed = true
      return style + disabled
    })
  }
  const root = out.search(/<div id="root"><\/div>/)
  return root < 0 ? out : out.slice(0, root) + firstScreenMarkup(site, kit) + out.slice(root)
}
