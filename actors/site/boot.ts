import { getAllCurrency, getBrandLogoUse, getLayout, type BrandLogo, type CurrencyInfo, type Layout } from '../../schemas/hall/calls/site'
import type { SiteConfig } from '../../schemas/events/app'
import { queryActor } from '../kit'

/**
 * The page furniture the hall injects with the site configuration (the brand logo, the layout and
 * the currencies, InjectedSiteConfig.injected), asked of the hall at boot instead where the site's
 * hall profile says `boot: 'call'` (issue 45), or where the page was written without that copy:
 * getBrandLogoUse, getLayout, getAllCurrency, each asked once with app.started. The views read the
 * answer when there is one and the injected copy otherwise (src/views/shell/site-look.ts). Any
 * visitor's data: a sign-in or a sign-out keeps it.
 */

/** The injected copy each boot call stands for (InjectedSiteConfig.injected's keys). */
export const BOOT_COPIES = { brandLogo: getBrandLogoUse, layout: getLayout, allCurrency: getAllCurrency } as const
export type BootCopy = keyof typeof BOOT_COPIES

/** Whether the lobby asks the hall for a copy: the profile says so, or the page carries none. */
export const asksAtBoot = (site: SiteConfig, copy: BootCopy): boolean =>
  site.hallProfile?.boot === 'call' || site.injected?.[copy] === undefined

/** The brand logo asked at boot (getBrandLogoUse). */
export const bootBrandActor = queryActor({
  id: 'bootbrand',
  call: getBrandLogoUse,
  audience: 'anyone',
  fetchOn: { 'app.started': { when: (e) => asksAtBoot(e.site, 'brandLogo') } },
  payload: {},
  select: (d): BrandLogo => d,
})

/** The layout design asked at boot (getLayout). */
export const bootLayoutActor = queryActor({
  id: 'bootlayout',
  call: getLayout,
  audience: 'anyone',
  fetchOn: { 'app.started': { when: (e) => asksAtBoot(e.site, 'layout') } },
  payload: {},
  select: (d): Layout => d,
})

/** Every currency the site offers, asked at boot (getAllCurrency). */
export const bootCurrenciesActor = queryActor({
  id: 'bootcurrencies',
  call: getAllCurrency,
  audience: 'anyone',
  fetchOn: { 'app.started': { when: (e) => asksAtBoot(e.site, 'allCurrency') } },
  payload: {},
  select: (d): ReadonlyArray<CurrencyInfo> => d,
})
