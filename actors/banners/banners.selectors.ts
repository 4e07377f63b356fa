import type { SnapshotFrom } from 'xstate'
import { installTipOf, type InstallTip } from './banners.logic'
import type { bannersMachine } from './banners.machine'

type BannersSnapshot = SnapshotFrom<typeof bannersMachine>

/** The kept flags are read (or counted as none): until then the bars' place is not known. */
export const selectBannersLoaded = (s: BannersSnapshot): boolean => s.context.loaded

/** The download banner is closed (kept across visits), or the kept flags are not read yet. */
export const selectDownloadBannerHidden = (s: BannersSnapshot): boolean => !s.context.loaded || s.context.flags.downloadClosed

/** The add-to-home-screen tip to show. */
export const selectInstallTip = (s: BannersSnapshot): InstallTip => installTipOf(s.context)

/** The add-to-home-screen guide is open. */
export const selectGuideOpen = (s: BannersSnapshot): boolean => s.context.guideOpen

/** The guide explains iOS (Share → Add to Home Screen) rather than the browser's menu. */
export const selectGuideIsIos = (s: BannersSnapshot): boolean => s.context.env?.ios === true
