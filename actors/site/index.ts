import type { ActorSpec } from '../spec'
import { siteMachine } from './site.machine'

/**
 * The site actor: initialises the site (site info, system info, IP check) and announces
 * `site.ready` or `site.blocked` with the error page to show.
 */
export const siteActor = {
  id: 'site',
  machine: siteMachine,
  consumes: ['app.started', 'hall.responded', 'hall.failed', 'app.retryRequested'],
} as const satisfies ActorSpec

export { siteMachine, chooseLanguage, chooseCurrency, INTERFACE_LANGUAGES, FALLBACK_LANGUAGE, SITE_CALLS } from './site.machine'
export type { SiteContext } from './site.machine'
export * from './site.selectors'
export { bootBrandActor, bootLayoutActor, bootCurrenciesActor, asksAtBoot, BOOT_COPIES, type BootCopy } from './boot'
