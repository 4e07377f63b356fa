import type { LobbyEvent } from '../../schemas/events'
import type { Bus } from '../bus/bus'

/**
 * The PWA runner (screens §2 add to home screen): what the browser offers for installing the
 * lobby, so the banners actor decides without touching the page.
 *
 * - after `app.started` it publishes `pwa.environment` (iOS, already running as an installed app,
 *   the device fingerprint for the install record);
 * - the browser's `beforeinstallprompt` is held back (preventDefault) and kept, and announced as
 *   `pwa.installAvailable`;
 * - on `pwa.promptRequested` it shows the kept prompt and publishes the player's answer as
 *   `pwa.promptAnswered` ('unavailable' when none is kept; a prompt serves once).
 */

/** The browser's install prompt event (not in the DOM typings). */
export interface InstallPromptEvent {
  preventDefault(): void
  prompt(): Promise<unknown>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

/** What the runner reaches of the page. */
export interface PwaEnv {
  /** iOS (iPhone, iPad, iPod, iPadOS): Safari has no install prompt, the guide explains Share → Add to Home Screen. */
  readonly ios: boolean
  /** The page runs as an installed app (display-mode standalone, or iOS navigator.standalone). */
  readonly standalone: () => boolean
  readonly deviceId: string
  /** Subscribes to beforeinstallprompt; returns the unsubscribe. */
  readonly onInstallPrompt: (handler: (event: InstallPromptEvent) => void) => () => void
}

/** iPhone, iPad and iPod browsers, and iPadOS which says Macintosh but has touch. */
export const isIos = (userAgent: string, touchPoints = 0): boolean =>
  /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1)

/** The page's ports. */
export const browserPwaEnv = (w: Window, deviceId: string): PwaEnv => ({
  ios: isIos(w.navigator.userAgent, w.navigator.maxTouchPoints),
  standalone: () =>
    (typeof w.matchMedia === 'function' && w.matchMedia('(display-mode: standalone)').matches) ||
    (w.navigator as Navigator & { standalone?: boolean }).standalone === true,
  deviceId,
  onInstallPrompt: (handler) => {
    const listener = (e: Event) => handler(e as unknown as InstallPromptEvent)
    w.addEventListener('beforeinstallprompt', listener)
    return () => w.removeEventListener('beforeinstallprompt', listener)
  },
})

export const startPwaRunner = (bus: Bus, env: PwaEnv): (() => void) => {
  let kept: InstallPromptEvent | null = null
  let started = false
  const publish = (event: LobbyEvent) => bus.publish(event, 'runner', 'pwa')
  const off = env.onInstallPrompt((event) => {
    event.preventDefault()
    kept = event
    publish({ type: 'pwa.installAvailable' })
  })
  const show = async () => {
    const prompt = kept
    kept = null
    if (prompt === null) {
      publish({ type: 'pwa.promptAnswered', outcome: 'unavailable' })
      return
    }
    try {
      await prompt.prompt()
      const choice = await prompt.userChoice
      publish({ type: 'pwa.promptAnswered', outcome: choice.outcome === 'accepted' ? 'accepted' : 'dismissed' })
    } catch {
      publish({ type: 'pwa.promptAnswered', outcome: 'unavailable' })
    }
  }
  const sub = bus.records$.subscribe(({ event }) => {
    if (event.type === 'app.started' && !started) {
      started = true
      publish({ type: 'pwa.environment', ios: env.ios, standalone: env.standalone(), deviceId: env.deviceId })
    } else if (event.type === 'pwa.promptRequested') {
      void show()
    }
  })
  return () => {
    off()
    sub.unsubscribe()
  }
}
