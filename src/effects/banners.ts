import { Schema } from 'effect'
import { BannerFlags } from '../../schemas/events/banners'
import type { Bus } from '../bus/bus'
import { startKeptValue, type KeptValueRunner } from './kept'

/**
 * The banner-flags runner (screens §2 banners): keeps the download banner's close and the 'no
 * save shortcut tip' flag across visits in Dexie prefs (PREF_KEYS.banners), which the language
 * switch leaves alone (it clears only the `web.lobby.` keys of localStorage).
 *
 * - after `app.started` it publishes `banners.flagsLoaded` (defaults when nothing readable is kept);
 * - `banners.flagsChanged` is written back, in order.
 */
export interface BannersEnv {
  readonly load: () => Promise<unknown>
  readonly save: (flags: BannerFlags) => Promise<unknown>
}

const decode = Schema.decodeUnknownExit(BannerFlags)
const NONE: BannerFlags = { downloadClosed: false, noShortcutTip: false }

export const startBannersRunner = (bus: Bus, env: BannersEnv): KeptValueRunner =>
  startKeptValue<BannerFlags>(bus, {
    source: 'banners',
    load: env.load,
    save: env.save,
    readOn: 'app.started',
    decode: (raw) => {
      const exit = decode(raw)
      return exit._tag === 'Success' ? exit.value : null
    },
    loaded: (flags) => ({ type: 'banners.flagsLoaded', flags: flags ?? NONE }),
    toKeep: (event) => (event.type === 'banners.flagsChanged' ? event.flags : undefined),
  })
