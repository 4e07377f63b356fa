import type { SnapshotFrom } from 'xstate'
import type { siteMachine } from './site.machine'

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
