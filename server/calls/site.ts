/**
 * The site and configuration calls the reference hall implements: everything the lobby loads to
 * boot and to draw its frame. The builders are exported because the page injection (server/page.ts)
 * serves the same data as the spec's fallback copy.
 */
import {
  bannerIndex,
  getAllCurrency,
  getBrandLogoUse,
  getFooterConfig,
  getLayout,
  getSiteInfo,
  getSysInfo,
  getUserAgreement,
  getVersionList,
  getAboutUs,
  heartbeat,
  ipCheck,
  getAccessRestrictedInfo,
  prize,
  smsCountry,
} from '../../schemas/hall/calls'
import type { BrandLogo, CurrencyInfo, FooterConfig, IpCheck, LanguageCode, Layout, SiteInfo, SysInfo } from '../../schemas/hall/calls'
import { bannersOf, footerProviders } from '../banners'
import { randomHex } from '../crypto'
import type { Queryable } from '../db'
import type { HallState } from '../state'
import { balanceSql, siteCurrencies, siteDocument, siteLanguages } from '../store'
import type { SiteRow } from '../store'
import { requirePlayer } from './session'
import { ServiceError, implement } from './types'
import type { Implementation } from './types'

export const doc = async <T>(db: Queryable, site: SiteRow, name: string): Promise<T> => {
  const d = await siteDocument<T>(db, site.code, name)
  if (d === undefined) throw new ServiceError(5000, `site ${site.code} has no ${name} configuration`)
  return d
}

/** Site info with the maintenance override applied. */
export const siteInfoOf = async (db: Queryable, site: SiteRow, state: HallState): Promise<SiteInfo> => {
  const base = await doc<Omit<SiteInfo, 'siteCode' | 'siteName' | 'languageInfos' | 'currencyInfos'>>(db, site, 'site')
  const currencies = await siteCurrencies(db, site.code)
  return {
    ...base,
    siteCode: site.code,
    siteName: site.name,
    languageInfos: await siteLanguages(db, site),
    defaultLanguage: site.languageCode as LanguageCode,
    currencyInfos: currencies,
    defaultCurrency: site.currencyCode,
    currencySign: currencies.find((c) => c.currencyCode === site.currencyCode)?.currencySign ?? '',
    timeZone: site.timeZone,
    maintainStatus: state.maintenance.get(site.code)?.maintainStatus ?? site.maintainStatus,
    skinTypeValue: site.skinType,
    themeTypeWeb: site.themeType,
  }
}

/** The switches of the third-party sign-ins: the reference hall's providers are stand-ins (server/thirdparty.ts). */
const THIRD_PARTY_SWITCHES = ['useGoogle', 'useFacebook', 'useWechat', 'useQQ'] as const

/**
 * System info with a fresh system token (visitors send it as their token before login). Without
 * the hall's stand-ins (production) no third-party sign-in is offered: its only providers are the
 * stand-ins, which then answer 404 (docs/hall.md, "Deploying").
 */
export const sysInfoOf = async (db: Queryable, site: SiteRow, now: number, o: { readonly standIns: boolean }): Promise<SysInfo> => {
  const stored = await doc<Omit<SysInfo, 'token' | 'serverTime'>>(db, site, 'sysInfo')
  const closed = o.standIns ? {} : Object.fromEntries(THIRD_PARTY_SWITCHES.filter((k) => k in stored).map((k) => [k, 'close']))
  return { ...stored, ...closed, token: `sys${randomHex(16)}`, serverTime: now }
}

/** The layout design: the site's skin and theme with its stored tab-bar and header lists. */
export const layoutOf = async (db: Queryable, site: SiteRow): Promise<Layout> => ({
  ...(await doc<Omit<Layout, 'skinTypeValue' | 'themeTypeWeb'>>(db, site, 'layout')),
  skinTypeValue: site.skinType,
  themeTypeWeb: site.themeType,
})

/** Every currency the site offers. */
export const allCurrencyOf = (db: Queryable, site: SiteRow): Promise<ReadonlyArray<CurrencyInfo>> =>
  siteCurrencies(db, site.code)

/** The IP check with the area and maintenance overrides applied. */
export const ipCheckOf = async (db: Queryable, site: SiteRow, state: HallState, ip: string): Promise<IpCheck> => {
  const sys = await doc<Pick<SysInfo, 'recommendCurrency' | 'recommendAreaCode' | 'recommendLanguage'>>(db, site, 'sysInfo')
  return {
    ip,
    areaStatus: state.area.get(site.code) ?? site.areaOpen,
    siteMaintenanceStatus: state.maintenance.get(site.code)?.siteMaintenanceStatus ?? site.siteMaintenance,
    recommendCurrency: sys.recommendCurrency,
    recommendAreaCode: sys.recommendAreaCode,
    recommendLanguage: sys.recommendLanguage,
  }
}

/** The site call implementations. */
export const siteCalls: ReadonlyArray<Implementation> = [
  implement(getSiteInfo, (ctx) => siteInfoOf(ctx.db, ctx.site, ctx.state)),
  implement(getSysInfo, (ctx) => sysInfoOf(ctx.db, ctx.site, ctx.now, { standIns: ctx.config.standIns ?? ctx.config.mode !== 'production' })),
  implement(ipCheck, (ctx) => ipCheckOf(ctx.db, ctx.site, ctx.state, ctx.ip)),
  implement(getAccessRestrictedInfo, async (ctx) => {
    const page = await siteDocument<{ title?: string; content?: string }>(ctx.db, ctx.site.code, 'accessRestricted')
    const maintain = await siteDocument<{ online_service?: string }>(ctx.db, ctx.site.code, 'maintain')
    // The reference hall resolves no area from an address (it has no geolocation database): area is ''.
    return { title: page?.title ?? '', content: page?.content ?? '', ip: ctx.ip, area: '', online_service: maintain?.online_service ?? '' }
  }),
  implement(getAllCurrency, (ctx) => allCurrencyOf(ctx.db, ctx.site)),
  implement(getLayout, (ctx) => layoutOf(ctx.db, ctx.site)),
  implement(getBrandLogoUse, (ctx) => doc<BrandLogo>(ctx.db, ctx.site, 'brandLogo')),
  implement(getUserAgreement, (ctx) => doc(ctx.db, ctx.site, 'userAgreement')),
  // The footer: the site's document, its game providers from the catalogue (server/banners.ts).
  implement(getFooterConfig, async (ctx) => {
    const footer = await doc<Omit<FooterConfig, 'providers'> & Partial<Pick<FooterConfig, 'licenses' | 'payments'>>>(ctx.db, ctx.site, 'footerConfig')
    return { ...footer, licenses: footer.licenses ?? [], payments: footer.payments ?? [], providers: await footerProviders(ctx.db) }
  }),
  implement(getVersionList, (ctx) => doc(ctx.db, ctx.site, 'versionList')),
  // The about-us document (the hall's design, migration 123); shown by the lobby only while aboutUsStatus is 1.
  implement(getAboutUs, (ctx) => doc(ctx.db, ctx.site, 'aboutUs')),
  implement(smsCountry, (ctx) => doc(ctx.db, ctx.site, 'smsCountry')),
  implement(bannerIndex, (ctx) => bannersOf(ctx.db, ctx.site.code)),
  // A site whose hall profile keeps alive by call (issue 45) sends no Ping: the call keeps the
  // player's socket connections on this hall from the idle drop.
  implement(heartbeat, async (ctx) => {
    const { player } = await requirePlayer(ctx)
    ctx.socket?.keepAlive(player.id)
    return { serverTime: ctx.now }
  }),
  // game_gold is '-1' while the player's money is in a provider's game (a launch not yet
  // followed by RefreshGold, e.g. the page was closed or reloaded in the game).
  implement(prize, async (ctx) => {
    const { player } = await requirePlayer(ctx)
    // One statement: whether the money is in a game, and the balance as balanceOf answers it.
    const row = (
      await ctx.db.query<{ platform: number | null; gold: string | null }>(
        `SELECT p.in_game_platform AS platform,
           ${balanceSql('p.id', '$2')} AS gold
         FROM players p WHERE p.id = $1`,
        [player.id, player.currency],
      )
    ).rows[0]
    const inGame = row?.platform !== null && row?.platform !== undefined
    return { game_gold: inGame ? '-1' : (row?.gold ?? '0.00'), lastgameinfo: player.lastGame }
  }),
]
