import type { BannerFlags } from './events/banners'

/**
 * The home page's bars on a phone (screens §2 banners), decided the same way by the lobby
 * (src/views/banners/Banners.tsx) and by the hall's first screen (server/first-screen.ts), so the
 * page is painted with the bars the lobby will show and nothing moves when it takes over.
 *
 * What this browser kept (the download banner closed, 'don't show again' for the install tip) lives
 * in the lobby's Dexie prefs; the banners runner also mirrors it into the cookie BARS_COOKIE, the
 * one thing of it the hall can read with the page's request.
 */

/** Site codes whose native app shells still show the download banner (spec §2). */
const DOWNLOAD_BANNER_SHELL_SITES: ReadonlyArray<string> = ['675', '024', '032']

/** Whether a user agent is the lobby's native app shell. */
const inNativeShell = (userAgent: string): boolean => /LobbyApp\//.test(userAgent)

/** Whether the download banner may show in this browser for a site (its brand's switch aside). */
export const downloadBannerAllowed = (userAgent: string, siteCode: string): boolean =>
  !inNativeShell(userAgent) || DOWNLOAD_BANNER_SHELL_SITES.includes(siteCode)

/** The cookie that mirrors the kept banner flags. */
export const BARS_COOKIE = 'lobby_bars'

/** The cookie's value for the flags: 'd' the download banner closed, 't' no install tip; empty for neither. */
export const barsCookieValue = (flags: BannerFlags): string => `${flags.downloadClosed ? 'd' : ''}${flags.noShortcutTip ? 't' : ''}`

/** The flags a request's Cookie header carries (none kept when it has no such cookie). */
export const barsOfCookieHeader = (header: string | undefined): BannerFlags => {
  const value = (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${BARS_COOKIE}=`))
    ?.slice(BARS_COOKIE.length + 1) ?? ''
  return { downloadClosed: value.includes('d'), noShortcutTip: value.includes('t') }
}
