import { Schema } from 'effect'
import { defineEvent } from '../event'

/**
 * Banners and the add-to-home-screen tip (screens §2 banners). The download banner's close is
 * remembered across visits, and so is the local 'no save shortcut tip' flag: a runner keeps both
 * in Dexie prefs (not under `web.lobby.` in localStorage, which the language switch clears). The
 * install tip: iOS shows a guide (Share → Add to Home Screen); other browsers use their install
 * prompt (captured by the PWA runner) or else the guide; the flag or the query pwal=0 suppress it;
 * an accepted install uploads the install record (calls §7.3).
 */

/** What is kept across visits. */
export const BannerFlags = Schema.Struct({
  /** The player closed the download banner. */
  downloadClosed: Schema.Boolean,
  /** The player asked not to see the save-shortcut (add to home screen) tip again. */
  noShortcutTip: Schema.Boolean,
})
export type BannerFlags = typeof BannerFlags.Type

/** The storage runner read the kept banner flags at start (defaults when nothing is stored). */
export const bannersFlagsLoaded = defineEvent('banners.flagsLoaded', 'fact', 'The kept banner flags (download banner closed, no save-shortcut tip) were read at start.', {
  flags: BannerFlags,
})

/** The player closed the download banner. */
export const bannersDownloadClosed = defineEvent('banners.downloadCloseRequested', 'intent', 'The player closed the download banner.', {})

/** The kept flags changed; the storage runner writes them. */
export const bannersFlagsChanged = defineEvent('banners.flagsChanged', 'notice', 'The banner flags to keep changed; the storage runner writes them.', {
  flags: BannerFlags,
})

/** What the PWA runner sees of the browser at start. */
export const pwaEnvironment = defineEvent('pwa.environment', 'fact', 'The browser as the PWA runner sees it: iOS, already running as an installed app, the device fingerprint.', {
  ios: Schema.Boolean,
  standalone: Schema.Boolean,
  deviceId: Schema.String,
})

/** The browser offered its install prompt (beforeinstallprompt, kept by the runner). */
export const pwaInstallAvailable = defineEvent('pwa.installAvailable', 'fact', "The browser offered its install prompt (beforeinstallprompt); the runner keeps it.", {})

/** The player pressed the tip's add button. */
export const pwaInstallRequested = defineEvent('pwa.installRequested', 'intent', "The player pressed the add-to-home-screen tip's add button.", {})

/** The actor asks the runner to show the browser's install prompt. */
export const pwaPromptRequested = defineEvent('pwa.promptRequested', 'notice', "The banners actor asks the PWA runner to show the browser's install prompt.", {})

/** What the player answered to the browser's prompt ('unavailable' when the runner held none). */
export const pwaPromptAnswered = defineEvent('pwa.promptAnswered', 'fact', "The player's answer to the browser's install prompt ('unavailable' when none was held).", {
  outcome: Schema.Literals(['accepted', 'dismissed', 'unavailable']),
})

/** The player closed the iOS/other guide. */
export const pwaGuideClosed = defineEvent('pwa.guideClosed', 'intent', 'The player closed the add-to-home-screen guide.', {})

/** The player closed the tip; `never` is the 'no save shortcut tip' choice, kept across visits. */
export const pwaTipClosed = defineEvent('pwa.tipClosed', 'intent', "The player closed the add-to-home-screen tip; `never` keeps the 'no save shortcut tip' flag.", {
  never: Schema.Boolean,
})

/** The banner and add-to-home-screen events. */
export const bannersEvents = [
  bannersFlagsLoaded, bannersDownloadClosed, bannersFlagsChanged, pwaEnvironment, pwaInstallAvailable,
  pwaInstallRequested, pwaPromptRequested, pwaPromptAnswered, pwaGuideClosed, pwaTipClosed,
] as const
