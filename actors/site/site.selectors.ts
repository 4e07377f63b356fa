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
