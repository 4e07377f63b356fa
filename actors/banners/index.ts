import type { ActorSpec } from '../spec'
import { bannersMachine } from './banners.machine'

/**
 * The banners actor: the download banner's remembered close and the add-to-home-screen tip
 * (iOS guide, the browser's install prompt, the install record).
 */
export const bannersActor = {
  id: 'banners',
  machine: bannersMachine,
  consumes: [
    'app.started',
    'site.ready',
    'banners.flagsLoaded',
    'banners.downloadCloseRequested',
    'pwa.environment',
    'pwa.installAvailable',
    'pwa.installRequested',
    'pwa.promptAnswered',
    'pwa.guideClosed',
    'pwa.tipClosed',
  ],
} as const satisfies ActorSpec

export { bannersMachine } from './banners.machine'
export { NO_FLAGS, PWA_CALL, initialContext as bannersInitialContext, installRecord, installTipOf, startOf } from './banners.logic'
export type { BannersContext, BannersEmitted, BannersEvent, InstallTip, PwaEnv } from './banners.logic'
export * from './banners.selectors'
