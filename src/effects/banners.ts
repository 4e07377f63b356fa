import { Schema } from 'effect'
import { BARS_COOKIE, barsCookieValue } from '../../schemas/bars'
import { BannerFlags } from '../../schemas/events/banners'
import type { Bus } from '../bus/bus'
import { startKeptValue, type KeptValueRunner } from './kept'

/**
 * The banner-flags runner (screens §2 banners): keeps the download banner's close and the 'no
 * save shortcut tip' flag across visits in Dexie prefs (PREF_KEYS.banners), which the language
 * switch leaves alone (it clears only the `web.lobby.` keys of localStorage).
 *
 * - after `app.started` it publishes `banners.flagsLoaded` (defaults when nothing readable is kept,
 *   or when the read has not answered within READ_BOUND_MS: the hall's first screen stays until
 *   the flags are known, docs/architecture.md "The first screen");
 * - `banners.flagsChanged` is written back, in order;
 * - the flags read and each change are mirrored into the cookie BARS_COOKIE (`remember`), so the
 *   hall paints the next visit's first screen with the bars the lobby will show (schemas/bars.ts).
 */
export interface BannersEnv {
  readonly load: () => Promise<unknown>
  readonly save: (flags: BannerFlags) => Promise<unknown>
  /** Mirrors the flags where the hall reads them (the cookie). */
  readonly remember?: (flags: BannerFlags) => void
  /** Timers for the read's bound (default: setTimeout). */
  readonly setTimer?: (fn: () => void, ms: number) => () => void
}

/** How long the read may take before the flags count as nothing kept. */
export const READ_BOUND_MS = 1000

const decodeFlags = Schema.decodeUnknownExit(BannerFlags)
const flagsOf = (raw: unknown): BannerFlags | null => {
  const exit = decodeFlags(raw)
  return exit._tag === 'Success' ? exit.value : null
}
const NONE: BannerFlags = { downloadClosed: false, noShortcutTip: false }

const defaultTimer = (fn: () => void, ms: number): (() => void) => {
  const id = setTimeout(fn, ms)
  return () => clearTimeout(id)
}

export const startBannersRunner = (bus: Bus, env: BannersEnv): KeptValueRunner => {
  const setTimer = env.setTimer ?? defaultTimer
  const remember = (flags: BannerFlags) => {
    try {
      env.remember?.(flags)
    } catch {
      // A browser that refuses cookies only loses the first screen's bars.
    }
  }
  // The read, bounded; what it found is mirrored (a read that failed or took too long leaves the
  // cookie as it was).
  const load = () =>
    new Promise<unknown>((resolve) => {
      const cancel = setTimer(() => resolve(undefined), READ_BOUND_MS)
      env.load().then(
        (raw) => {
          cancel()
          remember(flagsOf(raw) ?? NONE)
          resolve(raw)
        },
        () => {
          cancel()
          resolve(undefined)
        },
      )
    })
  return startKeptValue<BannerFlags>(bus, {
    source: 'banners',
    load,
    save: (flags) => {
      remember(flags)
      return env.save(flags)
    },
    readOn: 'app.started',
    decode: flagsOf,
    loaded: (flags) => ({ type: 'banners.flagsLoaded', flags: flags ?? NONE }),
    toKeep: (event) => (event.type === 'banners.flagsChanged' ? event.flags : undefined),
  })
}

/** The cookie line that mirrors the flags for a year, on every path of the page's origin. */
export const barsCookie = (flags: BannerFlags, secure: boolean): string =>
  `${BARS_COOKIE}=${barsCookieValue(flags)}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`
