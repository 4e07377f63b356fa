import { Schema } from 'effect'
import { defineEvent } from '../event'
import { Viewport } from '../log'
import { Sensitive, SensitiveParams } from '../sensitive'
import { HallProfile } from '../hall/calls/site'

/**
 * The page and its environment, as facts: the page started with this site configuration,
 * the page became hidden or visible. Published by runners from the DOM.
 */

/** The site configuration the page was served with (window.__LOBBY_SITE__, spec §3 site config). */
export const SiteConfig = Schema.Struct({
  siteCode: Schema.String,
  configApiBaseUrl: Schema.String,
  siteKey: Sensitive(Schema.String),
  /** The key deposit orders are signed with (spec §7.5: MD5, a key per site). */
  depositKey: Schema.optionalKey(Sensitive(Schema.String)),
  languageCode: Schema.String,
  /** The health flag of data injected into the page (spec §8 fallback). */
  healthy: Schema.Boolean,
  injected: Schema.optionalKey(Schema.Record(Schema.String, Schema.Unknown)),
  /** A hall in dev or test mode says so: the page then installs its test hooks (window.__lobbyDay). */
  testHooks: Schema.optionalKey(Schema.Boolean),
  /** The hall turned diagnostics on (dev or test mode, or the operator's --diagnostics): the page exposes window.__lobby. */
  diagnostics: Schema.optionalKey(Schema.Boolean),
  /** A production hall started with its stand-ins on (a demo: payments without money): the lobby shows a banner. */
  standIns: Schema.optionalKey(Schema.Boolean),
  /** The variants the site's hall speaks where the spec allows both (a game launch by loginv2); absent: the defaults. */
  hallProfile: Schema.optionalKey(HallProfile),
})
export type SiteConfig = typeof SiteConfig.Type

/** The page started: site configuration, stored language, device, viewport, app version. */
export const appStarted = defineEvent('app.started', 'fact', 'The page started: site configuration, stored language, device, viewport, app version.', {
  appVersion: Schema.String,
  site: SiteConfig,
  storedLanguage: Schema.NullOr(Schema.String),
  device: Schema.Literals(['mobile', 'desktop']),
  viewport: Viewport,
  url: SensitiveParams(Schema.String, 'url'),
})

/** The page became hidden or visible (document.visibilityState). */
export const visibilityChanged = defineEvent('dom.visibilityChanged', 'fact', 'The page became hidden or visible (document.visibilityState).', {
  visible: Schema.Boolean,
})

/** The player asked to try again from an error page. */
export const retryRequested = defineEvent('app.retryRequested', 'intent', 'The player asked to try again from an error page.', {})

/** The app's events. */
export const appEvents = [appStarted, visibilityChanged, retryRequested] as const
