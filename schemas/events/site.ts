import { Schema } from 'effect'
import { defineEvent } from '../event'
import { Sensitive } from '../sensitive'

/**
 * Site initialisation (spec §4 site mode, §8): site info, then system info, then the IP check.
 * The site actor announces the outcome: ready, or the error page the player must see.
 */

/** The error pages site initialisation can end on (spec §2 other pages, §4 site mode). */
export const SitePage = Schema.Literals(['/pages/500', '/pages/503', '/pages/403'])
export type SitePage = typeof SitePage.Type

/** The site is initialised and usable: its code, the chosen interface language and currency. */
export const siteReady = defineEvent('site.ready', 'notice', 'The site is initialised and usable: its code, the chosen interface language and currency.', {
  siteCode: Schema.String,
  language: Schema.String,
  currency: Schema.String,
  /** Interface languages and currencies the site offers. */
  languages: Schema.Array(Schema.String),
  currencies: Schema.Array(Schema.String),
  /** The system token visitors send before login ('' when system info gave none). */
  systemToken: Sensitive(Schema.String),
  /** Auto visitor (guest) login is on for this device (auto_visitor_login_h5 on phones, _web on desktops). */
  autoVisitorLogin: Schema.Boolean,
  device: Schema.Literals(['mobile', 'desktop']),
  /** The channel's guide-setup mode of system info (0 when absent): above 0, a recharged player is offered the app after login. */
  guideSetupMode: Schema.optionalKey(Schema.Number),
  /** Site info's skin type (skinTypeValue), when it names one: the game lists' layout depends on it. */
  skin: Schema.optionalKey(Schema.Number),
  /** System info's musicShow ('open' true, 'close' false), when it says either. */
  musicShow: Schema.optionalKey(Schema.Boolean),
  /** Site info's musicAutoPlay (1 true), when it names one. */
  musicAutoPlay: Schema.optionalKey(Schema.Boolean),
  /** Site info's maintainStatus is 1 (site mode maintain, spec §4): the site works, the maintenance popup tells its window. Absent otherwise. */
  maintenance: Schema.optionalKey(Schema.Literal(true)),
  /**
   * The site's hall profile launches games by loginv2 (issue 45): the hall's address (the
   * configuration's configApiBaseUrl) its finished game addresses resolve against. Absent: gameapi/login.
   */
  launchV2Base: Schema.optionalKey(Schema.String),
})

/** Site initialisation ended on an error page (maintenance 500/503, area restriction 403, failure 500). */
export const siteBlocked = defineEvent('site.blocked', 'notice', 'Site initialisation ended on an error page (maintenance 500/503, area restriction 403, failure 500).', {
  page: SitePage,
  reason: Schema.String,
})

/** The site events. */
export const siteEvents = [siteReady, siteBlocked] as const
