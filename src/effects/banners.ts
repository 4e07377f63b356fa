import { Schema } from 'effect'
import type { LobbyEvent } from '../../schemas/events'
import { BannerFlags } from '../../schemas/events/banners'
import type { Bus } from '../bus/bus'

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

export const startBannersRunner = (bus: Bus, env: BannersEnv): { stop: () => void; settled: () => Promise<void> } => {
  let started = false
  let stopped = false
  let writes: Promise<unknown> = Promise.resolve()
  const handle = (event: LobbyEvent) => {
    if (event.type === 'app.started' && !started) {
      started = true
      void env.load().then(
        (raw) => {
          const exit = decode(raw)
          if (!stopped) bus.publish({ type: 'banners.flagsLoaded', flags: exit._tag === 'Success' ? exit.value : NONE }, 'runner', 'banners')
        },
        () => {
          if (!stopped) bus.publish({ type: 'banners.flagsLoaded', flags: NONE }, 'runner', 'banners')
        },
      )
    } else if (event.type === 'banners.flagsChanged') {
      const flags = event.flags
      writes = writes.then(() => env.save(flags)).catch(() => undefined)
    }
  }
  const sub = bus.records$.subscribe((record) => handle(record.event))
  return {
    stop: () => {
      stopped = true
      sub.unsubscribe()
    },
    settled: () => writes.then(() => undefined),
  }
}
