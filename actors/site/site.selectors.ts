import type { SnapshotFrom } from 'xstate'
import type { siteMachine } from './site.machine'
import { layoutOfSkin, themeOf, type LayoutName } from '../../schemas/layouts'
import { isBannerList, type Banner } from '../../schemas/hall/calls/site'

type SiteSnapshot = SnapshotFrom<typeof siteMachine>

/** Where site initialisation stands, for the boot screen. */
export const selectSitePhase = (s: SiteSnapshot): 'loading' | 'ready' | 'blocked' | 'idle' =>
  s.matches('ready') ? 'ready' : s.matches('blocked') ? 'blocked' : s.matches('idle') ? 'idle' : 'loading'

/** The error page the player must see, or null. */
export const selectBlockedPage = (s: SiteSnapshot) => s.context.blockedBy

/** The site's display name. */
export const selectSiteName = (s: SiteSnapshot): string =>
  (typeof s.context.siteInfo?.siteName === 'string' ? s.context.siteInfo.siteName : '') || s.context.config?.siteCode || ''

/** Interface language and currency chosen at initialisation. */
export const selectLocale = (s: SiteSnapshot) => ({ language: s.context.language, currency: s.context.currency })

/** Whether the hall serving the page runs its stand-ins in production (a demo): the shell shows a banner. */
export const selectStandIns = (s: SiteSnapshot): boolean => s.context.config?.standIns === true

/** The site code. */
export const selectSiteCode = (s: SiteSnapshot): string => s.context.config?.siteCode ?? ''

const offered = new WeakMap<object, { languages: ReadonlyArray<string>; currencies: ReadonlyArray<string> }>()
const NONE: ReadonlyArray<string> = Object.freeze([])

/** What site info offers, computed once per answer so views get the same array until it changes. */
const offeredBy = (s: SiteSnapshot) => {
  const info = s.context.siteInfo
  if (info === null) return { languages: NONE, currencies: NONE }
  let o = offered.get(info)
  if (o === undefined) {
    o = {
      languages: info.languageInfos?.map((l) => l.languageCode) ?? NONE,
      currencies: info.currencyInfos?.map((c) => c.currencyCode) ?? NONE,
    }
    offered.set(info, o)
  }
  return o
}

/** The interface languages the site offers (site.ready's `languages`), for the language switch. */
export const selectOfferedLanguages = (s: SiteSnapshot): ReadonlyArray<string> => offeredBy(s).languages

/** The currencies the site offers (site.ready's `currencies`), for the currency switch. */
export const selectOfferedCurrencies = (s: SiteSnapshot): ReadonlyArray<string> => offeredBy(s).currencies

export type { LayoutName }

/** The site's layout; classic until site info says otherwise. */
export const selectLayoutName = (s: SiteSnapshot): LayoutName => layoutOfSkin(s.context.siteInfo?.['skinTypeValue'])

/** The colour theme id 1-7 (spec §9) from site info's themeTypeWeb; blue (1) by default. */
export const selectThemeId = (s: SiteSnapshot): number => themeOf(s.context.siteInfo?.['themeTypeWeb'])

/** One entry of a layout list (tab bar, header) as the hall gives it. */
export interface LayoutEntryView {
  readonly key: string
  readonly name: string
  readonly sort: number
}
/** The hall's layout lists (getLayout, injected with the page): tab bar logged out and in, header. */
export interface LayoutListsView {
  readonly loggedOut: ReadonlyArray<LayoutEntryView>
  readonly loggedIn: ReadonlyArray<LayoutEntryView>
  readonly header: ReadonlyArray<LayoutEntryView>
}
const EMPTY_LISTS: LayoutListsView = Object.freeze({ loggedOut: NONE_ENTRIES(), loggedIn: NONE_ENTRIES(), header: NONE_ENTRIES() })
function NONE_ENTRIES(): ReadonlyArray<LayoutEntryView> {
  return Object.freeze([])
}
const entriesOf = (v: unknown): ReadonlyArray<LayoutEntryView> =>
  Array.isArray(v)
    ? v
        .filter((e): e is LayoutEntryView => typeof e === 'object' && e !== null && typeof (e as LayoutEntryView).key === 'string')
        .slice()
        .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
    : NONE_ENTRIES()
const listsCache = new WeakMap<object, LayoutListsView>()
const injectedOf = (s: SiteSnapshot, key: string): unknown => s.context.config?.injected?.[key]

/** The layout lists, computed once per configuration so views get the same object. */
export const selectLayoutLists = (s: SiteSnapshot): LayoutListsView => layoutListsOf(injectedOf(s, 'layout'))

/** The lists of a layout (the injected copy or getLayout's answer), computed once per layout object. */
export const layoutListsOf = (layout: unknown): LayoutListsView => {
  if (typeof layout !== 'object' || layout === null) return EMPTY_LISTS
  let lists = listsCache.get(layout)
  if (lists === undefined) {
    const l = layout as { tabBar?: { loggedOut?: unknown; loggedIn?: unknown }; header?: unknown }
    lists = { loggedOut: entriesOf(l.tabBar?.loggedOut), loggedIn: entriesOf(l.tabBar?.loggedIn), header: entriesOf(l.header) }
    listsCache.set(layout, lists)
  }
  return lists
}

/** The brand logo info (getBrandLogoUse, injected with the page): logo URL, brand name, download switch, about-us status. */
export const selectBrandLogo = (s: SiteSnapshot): BrandLogoView | null => brandLogoOf(injectedOf(s, 'brandLogo'))

/** What the frame shows of the brand logo info. */
export interface BrandLogoView {
  readonly hallLogo: string
  readonly brandName: string
  readonly downloadOpen: boolean
  readonly aboutUs: boolean
}

/** The brand logo info (the injected copy or getBrandLogoUse's answer) as the frame reads it, once per object; null without one. */
export const brandLogoOf = (b: unknown): BrandLogoView | null => (typeof b !== 'object' || b === null ? null : brandCache(b as Record<string, unknown>))

/** The currencies the page was written with (InjectedSiteConfig.injected.allCurrency), or null. */
export const selectInjectedCurrencies = (s: SiteSnapshot): unknown => injectedOf(s, 'allCurrency') ?? null
const brands = new WeakMap<object, { hallLogo: string; brandName: string; downloadOpen: boolean; aboutUs: boolean }>()
const brandCache = (b: Record<string, unknown>) => {
  let v = brands.get(b)
  if (v === undefined) {
    v = {
      hallLogo: typeof b['hallLogo'] === 'string' ? b['hallLogo'] : '',
      brandName: typeof b['brandName'] === 'string' ? b['brandName'] : '',
      downloadOpen: b['downloadSwitch'] === 'open',
      aboutUs: b['aboutUsStatus'] === 1,
    }
    brands.set(b, v)
  }
  return v
}

/**
 * The home banners the page was written with (InjectedSiteConfig.injected.banners), in the
 * carousel's order (by sort), the same list object for the same configuration; null when the page
 * carried none.
 */
export const selectInjectedBanners = (s: SiteSnapshot): ReadonlyArray<Banner> | null => {
  const injected = s.context.config?.injected
  const banners = injected?.['banners']
  if (injected === undefined || !isBannerList(banners)) return null
  let sorted = bannerCache.get(injected)
  if (sorted === undefined) {
    sorted = [...banners].sort((a, b) => a.sort - b.sort)
    bannerCache.set(injected, sorted)
  }
  return sorted
}
const bannerCache = new WeakMap<object, ReadonlyArray<Banner>>()

/** Page metadata from site info: title, description, keywords (spec §3). */
export const selectSiteTitle = (s: SiteSnapshot): string => (typeof s.context.siteInfo?.['title'] === 'string' ? s.context.siteInfo['title'] : '')
export const selectSiteDescription = (s: SiteSnapshot): string =>
  typeof s.context.siteInfo?.['description'] === 'string' ? s.context.siteInfo['description'] : ''
export const selectSiteKeywords = (s: SiteSnapshot): string => (typeof s.context.siteInfo?.['keyword'] === 'string' ? s.context.siteInfo['keyword'] : '')

/** The betting-provider entry's name (sites 101 and 081, spec §1), or '' when the site has none. */
export const selectBettingProviderName = (s: SiteSnapshot): string => {
  const p = s.context.siteInfo?.['bettingProvider'] as { name?: unknown } | undefined
  return typeof p?.name === 'string' ? p.name : ''
}

/** A system-info switch is 'open' (vip_status, agentDisplayEntrance, kfOnlineStatus, musicShow ...). */
export const selectSysSwitches = (s: SiteSnapshot): string => {
  const sys = s.context.sysInfo
  if (sys === null) return ''
  return ['vip_status', 'agentDisplayEntrance', 'kfOnlineStatus', 'musicShow'].filter((k) => sys[k] === 'open').join(' ')
}

/** Whether the service tab goes straight to the first online agent, with no common questions (sysInfo questionListDisplay 1, spec §2). */
export const selectServiceDirect = (s: SiteSnapshot): boolean => s.context.sysInfo?.['questionListDisplay'] === 1

/** Real names are written in capitals on this site (system info realNameMustUppercase, spec §5). */
export const selectRealNameMustUppercase = (s: SiteSnapshot): boolean => s.context.sysInfo?.['realNameMustUppercase'] === true
