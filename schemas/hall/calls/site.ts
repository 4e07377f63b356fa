/**
 * Site, configuration and tracking calls (spec §7.3): what the lobby loads before anything else
 * (site info, system info, currencies, layout, IP check), the page furniture (brand logo,
 * agreement, footer, banners, version list, SMS countries), the keep-alive calls and the
 * tracking beacons.
 *
 * The boot calls are described precisely: the reference hall implements them, the lobby cannot
 * start without them, and the same shapes are injected into the page as the fallback the spec
 * asks for (InjectedSiteConfig). Enumerations the spec leaves open (layout values) are fixed here
 * once so the hall and the lobby agree.
 */
import { Schema } from 'effect'
import { defineCall } from '../call'
import { traceCodes } from './codes'
import { Amount, LastGameInfo } from './auth'
import { GamePage, GamePlatform } from './games'
import { Ack, Count, CurrencyType, DateTime, Flag, ListOf, NoParams, OsType, Switch } from './common'
import { BigId } from '../envelope'
import { DiagnosticsChunk, DiagnosticsReceipt } from '../../events/diagnostics'
import { NetworkLines } from '../../events/lines'
import { Sensitive } from './sensitive'

/** The 18 interface languages of the lobby (screens doc §1) and Brazilian Portuguese (issue 45); a site offers a subset. */
export const LANGUAGE_CODES = [
  'en_US', 'zh_CN', 'zh_TW', 'th_TH', 'vi_VN', 'ko_KR', 'ja_JP', 'pt_PT', 'pt_BR', 'es_ES',
  'de_DE', 'fr_FR', 'it_IT', 'ru_RU', 'my_MM', 'id_ID', 'hi_IN', 'tl_PH', 'km_KH',
] as const
/** One of LANGUAGE_CODES; anything else is refused so the lobby never loads a missing bundle. */
export const LanguageCode = Schema.Literals(LANGUAGE_CODES)
export type LanguageCode = typeof LanguageCode.Type

/**
 * The four layouts (screens doc §1). The spec names them but gives no wire values; these are the
 * project's values for site info's skinTypeValue.
 */
export const SkinType = { classic: 1, europeanAmerican: 2, simpleEuropeanAmerican: 3, cyanBlue: 4 } as const
/** Colour theme ids 1-7 (spec §9): blue, black, purple, orange, red, green, brown. */
export const ThemeType = { blue: 1, black: 2, purple: 3, orange: 4, red: 5, green: 6, brown: 7 } as const

/** Site mode (spec §4): 0 normal, 1 maintenance; 4 and 5 send the lobby to the 500 page. */
export const MaintainStatus = Schema.Number

/**
 * A language a site offers. defaultLanguageTag 1 marks the site's default, which the lobby uses
 * when the stored language is not offered.
 */
export const LanguageInfo = Schema.Struct({
  languageCode: LanguageCode,
  languageTranslateName: Schema.String,
  defaultLanguageTag: Schema.Number,
})
export type LanguageInfo = typeof LanguageInfo.Type

/**
 * A currency a site offers. currencyType decides the money-input precision (2 decimals fiat, 10
 * crypto); marketCurrencyCode is the code shown next to amounts, currencySign the symbol.
 */
export const CurrencyInfo = Schema.Struct({
  currencyCode: Schema.String,
  currencyType: CurrencyType,
  currencyDisplay: Schema.String,
  marketCurrencyCode: Schema.String,
  currencySign: Schema.String,
})
export type CurrencyInfo = typeof CurrencyInfo.Type

/** The betting-provider entry the special sites 101 and 081 carry (screens doc §1). */
export const BettingProvider = Schema.Struct({
  name: Schema.String,
  themeName: Schema.String,
  defaultLanguage: Schema.String,
  brand_id: Schema.String,
  script_url: Schema.String,
})
export type BettingProvider = typeof BettingProvider.Type

/** Site info (screens doc §3): the identity, languages, currencies, layout and mode of a site. */
export const SiteInfo = Schema.Struct({
  siteCode: Schema.String,
  title: Schema.String,
  siteName: Schema.String,
  description: Schema.String,
  keyword: Schema.String,
  type: Schema.Number,
  musicAutoPlay: Schema.Number,
  languageInfos: Schema.Array(LanguageInfo),
  languageMatchMode: Schema.Number,
  defaultLanguage: LanguageCode,
  currencyInfos: Schema.Array(CurrencyInfo),
  defaultCurrency: Schema.String,
  currencySign: Schema.String,
  timeZone: Schema.String,
  maintainStatus: MaintainStatus,
  skinTypeValue: Schema.Number,
  themeTypeWeb: Schema.Number,
  bettingProvider: Schema.optional(BettingProvider),
})
export type SiteInfo = typeof SiteInfo.Type

/**
 * System info (screens doc §3). token is the system token visitors send before login; the
 * switches drive which menu entries and sign-in buttons the lobby shows.
 */
export const SysInfo = Schema.Struct({
  token: Sensitive(Schema.String),
  fingerprintJS: Schema.Struct({ publicKey: Schema.String }),
  facebook: Schema.Struct({ app_id: Schema.String }),
  google: Schema.Struct({ app_id: Schema.String }),
  useFacebook: Switch,
  useGoogle: Switch,
  useQQ: Switch,
  useWechat: Switch,
  securityVerify: Schema.Array(Schema.Number),
  realNameMustUppercase: Schema.Boolean,
  site_status: Schema.Number,
  recommendCurrency: Schema.String,
  recommendAreaCode: Schema.String,
  recommendLanguage: Schema.String,
  musicShow: Switch,
  agentDisplayEntrance: Switch,
  questionListDisplay: Schema.Number,
  kfOnlineStatus: Switch,
  auto_visitor_login_web: Switch,
  auto_visitor_login_h5: Switch,
  vip_status: Switch,
  serverTime: Schema.Number,
  /**
   * The channel's guide-setup mode (screens §3 channel config; §4: with a recharged player and a
   * value above 0 the download-app popup shows after login). Absent counts as 0.
   */
  guideSetupMode: Schema.optionalKey(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))),
  /**
   * The site's trace reports (spec §7.3 "only for certain site codes"): 'open' has the lobby report
   * its script errors and slow resources to the player logger, and the hall keep them. Absent or
   * 'close': none are sent, and the hall keeps none (docs/hall-protocol.md, "Trace reports").
   */
  traceReport: Schema.optionalKey(Switch),
})
export type SysInfo = typeof SysInfo.Type

/**
 * The IP check (spec §4): areaStatus false sends the lobby to 403, siteMaintenanceStatus true to
 * 503; the recommend* values preselect currency, phone area code and language for a visitor.
 */
export const IpCheck = Schema.Struct({
  ip: Schema.String,
  areaStatus: Schema.Boolean,
  siteMaintenanceStatus: Schema.Boolean,
  recommendCurrency: Schema.String,
  recommendAreaCode: Schema.String,
  recommendLanguage: Schema.String,
})
export type IpCheck = typeof IpCheck.Type

/** One entry of a server-provided layout list (tab bar, header); key names the lobby's entry. */
export const LayoutEntry = Schema.Struct({
  key: Schema.String,
  name: Schema.String,
  icon: Schema.String,
  sort: Schema.Number,
})

/** The layout design: skin, theme and the tab-bar and header entry lists (screens doc §2). */
export const Layout = Schema.Struct({
  skinTypeValue: Schema.Number,
  themeTypeWeb: Schema.Number,
  tabBar: Schema.Struct({ loggedOut: Schema.Array(LayoutEntry), loggedIn: Schema.Array(LayoutEntry) }),
  header: Schema.Array(LayoutEntry),
})
export type Layout = typeof Layout.Type

/** Brand logo info (screens doc §3); aboutUsStatus 1 shows the about-us entry. */
export const BrandLogo = Schema.Struct({
  type: Schema.Number,
  hallLogo: Schema.String,
  brandName: Schema.String,
  officialWebsite: Schema.String,
  aboutUsStatus: Schema.Number,
  downloadSwitch: Switch,
  customizeWeb: Schema.Record(Schema.String, Schema.String),
  customizeH5: Schema.Record(Schema.String, Schema.String),
})
export type BrandLogo = typeof BrandLogo.Type

/** The user agreement shown on registration. */
export const UserAgreement = Schema.Struct({ title: Schema.String, content: Schema.String })

/** A logo of the footer (a payment method, a game provider, a partner). */
export const FooterLogo = Schema.Struct({ name: Schema.String, logo: Schema.String })

/**
 * Footer configuration (calls §7.3; the spec does not show its fields, the hall's design is in
 * docs/hall-protocol.md "Footer"): link columns (a lobby path or an http(s) address), licences
 * (a logo, and the licence's page when it has one), payment methods, game providers, partners,
 * the licence and copyright lines.
 */
export const FooterConfig = Schema.Struct({
  copyright: Schema.String,
  licenseText: Schema.String,
  columns: Schema.Array(
    Schema.Struct({
      title: Schema.String,
      links: Schema.Array(Schema.Struct({ name: Schema.String, url: Schema.String })),
    }),
  ),
  licenses: Schema.Array(Schema.Struct({ name: Schema.String, logo: Schema.String, url: Schema.String })),
  payments: Schema.Array(FooterLogo),
  providers: Schema.Array(FooterLogo),
  partners: Schema.Array(FooterLogo),
})
export type FooterConfig = typeof FooterConfig.Type

/** One released version; a non-empty list shows the version-update menu entry. */
export const VersionEntry = Schema.Struct({
  version: Schema.String,
  content: Schema.String,
  releaseTime: DateTime,
  forceUpdate: Schema.Number,
})

/** Country info for phone inputs (screens doc §3); phoneLengthScope is [min, max] digits. */
export const CountryInfo = Schema.Struct({
  countryName: Schema.String,
  phoneNumberSegment: Schema.String,
  phoneLengthScope: Schema.Array(Schema.Number),
  icon: Schema.String,
})

/**
 * A home banner; location_type/value say where a click goes (spec location types none 1, external
 * url 2, event 3, task 4, recharge 5, cashback 6, promote 7, vip 8, club 9, yuebao 10), as a
 * pop-up frame's do. The hall's additions (docs/hall-protocol.md "Banners"): location_template
 * (an event's template, with location_value its id) and jump_window (an external url: 1 a new
 * window, 0 the lobby's iframe popup).
 */
export const Banner = Schema.Struct({
  id: Schema.Number,
  title: Schema.String,
  imgUrl: Schema.String,
  location_type: Schema.Number,
  location_value: Schema.String,
  location_template: Schema.optionalKey(Schema.String),
  jump_window: Schema.optionalKey(Schema.Number),
  sort: Schema.Number,
})
export type Banner = typeof Banner.Type
/** Whether a value is a list of banners (the page's injected copy, InjectedSiteConfig.injected.banners). */
export const isBannerList = Schema.is(Schema.Array(Banner))

/** Version check (op.json): a changed version or buildTime makes the lobby offer a reload. */
export const OpVersion = Schema.Struct({ version: Schema.String, buildTime: Schema.String })

/** The asset manifest: logical asset name to URL, versioned with the build. */
export const Manifest = Schema.Struct({ version: Schema.String, files: Schema.Record(Schema.String, Schema.String) })

/**
 * Maintenance information (spec §7.3): a static JSON file per site with a default fallback, not
 * an enveloped call; the lobby shows it on the maintenance popup.
 */
export const MaintainInfo = Schema.Struct({
  start_time: Schema.String,
  end_time: Schema.String,
  online_service: Schema.String,
})
export type MaintainInfo = typeof MaintainInfo.Type

/**
 * Where the site's tracking tags and pixels are loaded from (screens §3 buried config): a script
 * address per kind, `{id}` standing for the tag or pixel id. The hall injects it and allows exactly
 * these origins in the page's script policy (server/headers.ts); a kind without an address is
 * never loaded. The reference hall points them at its own stand-ins (server/promotion.ts).
 */
export const PixelScripts = Schema.Struct({
  gtag: Schema.optionalKey(Schema.String),
  gtm: Schema.optionalKey(Schema.String),
  facebook: Schema.optionalKey(Schema.String),
  kwai: Schema.optionalKey(Schema.String),
  tiktok: Schema.optionalKey(Schema.String),
})
export type PixelScripts = typeof PixelScripts.Type

/**
 * What the hall injects into the lobby's index.html as window.__LOBBY_SITE__: the site config the
 * lobby boots from (screens doc §3 site config), plus the boot calls' answers as the fallback the
 * spec describes ("data injected into the page with a health flag").
 */
/**
 * A site's hall profile (issue 45): which of the catalogue's variants its hall speaks where the
 * spec allows both; each left out is the lobby's default (the first value named below). Injected
 * with the site configuration (the site document's `hallProfile`; docs/hall.md "Hall profile").
 *
 * - `launch`: a game is launched by `/gameapi/login` (socket_url entries the lobby finishes) or
 *   `/gameapi/loginv2` (the finished address).
 * - `heartbeat`: the signed-in lobby keeps alive by a Ping on the socket every 10 s (`socket`) or
 *   by the `/home/heartbeat` call every 10 s instead (`call`; spec §9 heartbeat 10 s).
 * - `payList`: the pay popup lists the deposit methods with their channels by
 *   `/pay/payplatformlistV3` (`v3`) or by `/pay/payListV4` and one `/pay/payTypeV4` per method (`v4`).
 * - `boot`: the brand logo, the layout and the currencies are read from the copies injected with
 *   the site configuration (`injected`) or asked of the hall at boot (`call`: getBrandLogoUse,
 *   getLayout, getAllCurrency). A page written without an injected brand logo asks for it too.
 */
export const HallProfile = Schema.Struct({
  launch: Schema.optionalKey(Schema.Literals(['login', 'loginv2'])),
  heartbeat: Schema.optionalKey(Schema.Literals(['socket', 'call'])),
  payList: Schema.optionalKey(Schema.Literals(['v3', 'v4'])),
  boot: Schema.optionalKey(Schema.Literals(['injected', 'call'])),
  /**
   * How the event centre reads its activities: 'category' (absent) by /active/category and each
   * activity's page by /active/get; 'quickList' with the quick list (/active/quickList: the running
   * activities, the red packets and the discount codes) as its first tab, and each activity's page
   * by its template (/active/getByTemplate).
   */
  events: Schema.optionalKey(Schema.Literals(['category', 'quickList'])),
  /**
   * How the promote screen reads the agent mode and the player's binding: 'summary' (absent) from
   * /promote/summary alone; 'calls' also by /promote/getAgentMode (the mode its rules show),
   * /promote/getIpBindInfo (the agent and channel the player is bound to) and
   * /promote/getChannelInfo (that channel's configuration).
   */
  promote: Schema.optionalKey(Schema.Literals(['summary', 'calls'])),
  /**
   * How the frame box lists the frames after a sign-in: 'frameBox' (absent) by
   * /message/frameBox/index; 'frame' by /message/frame (which answers a player the same frames).
   */
  frames: Schema.optionalKey(Schema.Literals(['frameBox', 'frame'])),
  /**
   * How a second verification is checked: 'one' (absent) by /user/security/secondVerify with its
   * verify type; 'byChannel' by the channel's own call (verifyPhoneCode, /user/security/verifyEmail
   * naming the bound e-mail, verifyGoogleAuthCode), the password and question types by secondVerify;
   * 'byCode' as 'byChannel' but the e-mail's code alone by /user/security/verifyEmailCode.
   */
  secondVerify: Schema.optionalKey(Schema.Literals(['one', 'byChannel', 'byCode'])),
  /**
   * How the password recovery finds the account and confirms its phone: 'verifyList' (absent) by
   * /user/notlogin/getAccountVerifyList; 'captcha' behind the image challenge, by
   * /user/captcha/getUserInfo, and /user/captcha/verifyPhone before a code goes to the phone.
   */
  recovery: Schema.optionalKey(Schema.Literals(['verifyList', 'captcha'])),
  /**
   * How the password recovery proves the account by a code: 'resetPassVerify' (absent) with its
   * verify type; 'byChannel' by the channel's own call (/user/sms/verifyphone for the phone's code,
   * /user/notlogin/verifyEmail for the e-mail's), each naming the account's phone or e-mail;
   * 'questionAndPin' as 'resetPassVerify' for the codes, but an account that set both a secret
   * question and a withdraw password proves itself by both at once
   * (/user/notlogin/verificquestionandwithdrawpasswd) instead of by either.
   */
  recoveryProof: Schema.optionalKey(Schema.Literals(['resetPassVerify', 'byChannel', 'questionAndPin'])),
  /**
   * How the SMS login checks its code: 'direct' (absent) by /api/protected/user/smslogin alone;
   * 'validate' by /shortmsg/validate first (the form says a wrong code before it signs in), then
   * the sign-in with the same code.
   */
  smsLogin: Schema.optionalKey(Schema.Literals(['direct', 'validate'])),
  /**
   * How a challenge the hall demands (1119, 1124-1126) is answered: 'captcha' (absent) with the
   * guarded call itself (its `captchaKey` and `captcha`); 'v4', for a site whose challenge is
   * Geetest, by /geetest/validate/v4 (before sign-in) or /user/geetest/validate/v4 (after) first,
   * whose pass the guarded call carries as its `geetest` result.
   */
  geetest: Schema.optionalKey(Schema.Literals(['captcha', 'v4'])),
})
export type HallProfile = typeof HallProfile.Type

export const InjectedSiteConfig = Schema.Struct({
  /** Only a hall in dev or test mode sets it: the page installs its test hooks (window.__lobbyDay). */
  testHooks: Schema.optionalKey(Schema.Literal(true)),
  /**
   * A hall in dev or test mode, or a production hall whose operator turned diagnostics on
   * (`--diagnostics`), sets it: the page exposes its debug handle `window.__lobby`.
   */
  diagnostics: Schema.optionalKey(Schema.Literal(true)),
  /**
   * Only a production hall started with its stand-ins on (`--stand-ins`, a demo) sets it: the
   * provider page pays without money and demo players hold seeded money, so the lobby shows a
   * banner saying this is a demonstration.
   */
  standIns: Schema.optionalKey(Schema.Literal(true)),
  /** The variants the site's hall speaks (HallProfile); absent: the defaults. */
  hallProfile: Schema.optionalKey(HallProfile),
  siteCode: Schema.String,
  configApiBaseUrl: Schema.String,
  siteKey: Sensitive(Schema.String),
  /** The key deposit orders are signed with (MD5, spec §7.5; depositSignText in calls/pay.ts). */
  depositKey: Schema.optionalKey(Sensitive(Schema.String)),
  languageCode: LanguageCode,
  healthy: Schema.Boolean,
  injected: Schema.Struct({
    siteInfo: SiteInfo,
    sysInfo: SysInfo,
    allCurrency: Schema.Array(CurrencyInfo),
    layout: Layout,
    /** The network lines the lobby may call through (screens doc §3 network line). */
    lines: Schema.optionalKey(NetworkLines),
    /** The brand logo info (getBrandLogoUse): the logo, brand name and download switch the frame shows at once. */
    brandLogo: Schema.optionalKey(BrandLogo),
    /** The tracking scripts' addresses (PixelScripts); absent: the site loads no pixel. */
    pixels: Schema.optionalKey(PixelScripts),
    /**
     * The home banners (bannerIndex's answer) as the page was written: the first screen paints the
     * first one, and the carousel shows them until its own call answers.
     */
    banners: Schema.optionalKey(Schema.Array(Banner)),
  }),
})
export type InjectedSiteConfig = typeof InjectedSiteConfig.Type


/** Site info; failure sends the lobby to the 500 page unless the injected copy is healthy. */
export const getSiteInfo = defineCall({
  name: 'getSiteInfo', area: 'site', path: '/api/lobby/site/getSiteInfo', method: 'GET',
  request: NoParams, response: SiteInfo,
})

/** System info, including the system token used before login. */
export const getSysInfo = defineCall({
  name: 'getSysInfo', area: 'site', path: '/home/getsysinfo', method: 'GET',
  request: NoParams, response: SysInfo,
})

/** Where the visitor may play from and whether the site is in maintenance. */
export const ipCheck = defineCall({
  name: 'ipCheck', area: 'site', path: '/home/ipCheck', method: 'GET',
  request: NoParams, response: IpCheck,
})

/** Every currency the site offers, fiat and crypto. */
export const getAllCurrency = defineCall({
  name: 'getAllCurrency', area: 'site', path: '/api/lobby/currencyInfo/getAllCurrency', method: 'GET',
  request: NoParams, response: Schema.Array(CurrencyInfo),
})

/** The layout design of the site. */
export const getLayout = defineCall({
  name: 'getLayout', area: 'site', path: '/api/lobby/layoutDesign/getLayout', method: 'GET',
  request: NoParams, response: Layout,
})

/** The brand logo and about-us / download switches. */
export const getBrandLogoUse = defineCall({
  name: 'getBrandLogoUse', area: 'site', path: '/api/lobby/brandLogo/getBrandLogoUse', method: 'GET',
  request: NoParams, response: BrandLogo,
})

/** The user agreement text. */
export const getUserAgreement = defineCall({
  name: 'getUserAgreement', area: 'site', path: '/api/lobby/userAgreement/index/getInfo', method: 'GET',
  request: NoParams, response: UserAgreement,
})

/** The footer configuration. */
export const getFooterConfig = defineCall({
  name: 'getFooterConfig', area: 'site', path: '/api/lobby/footerConfig/getInfo', method: 'GET',
  request: NoParams, response: FooterConfig,
})

/** Released versions, newest first. */
export const getVersionList = defineCall({
  name: 'getVersionList', area: 'site', path: '/api/lobby/versionUpdate/getVersionList', method: 'GET',
  request: NoParams, response: Schema.Array(VersionEntry),
})

/** Countries offered for phone numbers. */
export const smsCountry = defineCall({
  name: 'smsCountry', area: 'site', path: '/home/smsCountry', method: 'GET',
  request: NoParams, response: Schema.Array(CountryInfo),
})

/** Home banners. */
export const bannerIndex = defineCall({
  name: 'bannerIndex', area: 'site', path: '/message/banner/index', method: 'GET',
  request: NoParams, response: Schema.Array(Banner),
})

/**
 * The asset manifest. Unencrypted and answered without a signature check: it is a static file in
 * nature, fetched before any key is known and cached by the browser.
 */
export const manifest = defineCall({
  name: 'manifest', area: 'site', path: '/manifest.json', method: 'GET', encrypted: false,
  request: NoParams, response: Manifest,
})

/**
 * The version check, also used to time each network line. Unencrypted and answered without a
 * signature check so a line test measures the network, not the cipher.
 */
export const opVersion = defineCall({
  name: 'opVersion', area: 'site', path: '/op.json', method: 'GET', encrypted: false,
  request: NoParams, response: OpVersion,
})

/** Keep-alive of a signed-in player; silent because a failure only matters on the next call. */
export const heartbeat = defineCall({
  name: 'heartbeat', area: 'site', path: '/home/heartbeat', silent: true,
  request: NoParams, response: Schema.Struct({ serverTime: Schema.Number }),
})

/** The player's balance and last game, fetched before a game opens (spec §8 'fetchingPrize'). */
export const prize = defineCall({
  name: 'prize', area: 'site', path: '/home/prize',
  request: NoParams,
  response: Schema.Struct({ game_gold: Amount, lastgameinfo: Schema.NullOr(LastGameInfo) }),
})

/*
 * The rest of the site area: downloads, web push, game reports, promotion and channel tracking,
 * frames, marquee and logging. Beacons (report click/view, netstat logger, PWA statistic, web
 * push) are silent: the spec only logs their failures. reportview is the one call the spec sends
 * unencrypted.
 */
/**
 * The app downloads (download page, download banner, club prompt): the site's switch (closed: the
 * lobby warns that the download page is not enabled, spec §8) and one entry per OS type.
 */
export const DownloadInfo = Schema.Struct({
  downloadSwitch: Switch,
  list: Schema.Array(Schema.Struct({ osType: OsType, url: Schema.String, version: Schema.String })),
})
export type DownloadInfo = typeof DownloadInfo.Type

export const getDownloadUrl = defineCall({
  name: 'getDownloadUrl',
  area: 'site',
  path: '/download/getDownloadUrl',
  method: 'GET',
  request: NoParams,
  response: DownloadInfo,
})

/**
 * What the access-restricted page (403, screens §2) shows: its title and text, the visitor's IP
 * and the area it resolved to, and where to reach support.
 */
export const AccessRestrictedInfo = Schema.Struct({
  title: Schema.String,
  content: Schema.String,
  ip: Schema.String,
  area: Schema.String,
  online_service: Schema.String,
})
export type AccessRestrictedInfo = typeof AccessRestrictedInfo.Type

export const getAccessRestrictedInfo = defineCall({
  name: 'getAccessRestrictedInfo',
  area: 'site',
  path: '/api/lobby/h5/config/getAccessRestrictedInfo',
  method: 'GET',
  request: NoParams,
  response: AccessRestrictedInfo,
})

/**
 * Web push (spec §7.3: reads webKey): the site's public VAPID key the browser subscribes with, and
 * whether push is on. The registration id is then posted as jpushWebId (login's jpush_id).
 */
export const getWebPushInfo = defineCall({
  name: 'getWebPushInfo',
  area: 'site',
  path: '/api/lobby/webPush/getInfo',
  method: 'GET',
  silent: true,
  request: NoParams,
  response: Schema.Struct({ webKey: Schema.String, status: Switch }),
})

/** A game category of the lobby menu with its platforms, in menu order. */
export const LobbyCategory = Schema.Struct({
  gameCategoryId: Schema.Int,
  categoryName: Schema.String,
  sort: Schema.Int,
  platforms: Schema.Array(GamePlatform),
})
export type LobbyCategory = typeof LobbyCategory.Type

/** The categories the site offers, each with its platforms (the menu's sub-lists). */
export const lobbyPlatformCateLoad = defineCall({
  name: 'lobbyPlatformCateLoad',
  area: 'site',
  path: '/api/lobby/recentreport/lobby_platform_cate_load',
  method: 'GET',
  request: Schema.Struct({ siteCode: Schema.String }),
  response: ListOf(LobbyCategory),
})

/**
 * The club entry (menu categories club 9 and club friend 10): whether the site runs a club, where
 * it is, and the app it needs (spec §6: club games need the app).
 */
export const clubEntry = defineCall({
  name: 'clubEntry',
  area: 'site',
  path: '/club/entry',
  method: 'GET',
  request: NoParams,
  response: Schema.Struct({ clubSwitch: Switch, url: Schema.String, appDownloadUrl: Schema.String }),
})

/** The hot games (spec §7.3 recent report, §2 hot category 0), hottest first. */
export const hotList = defineCall({
  name: 'hotList',
  area: 'site',
  path: '/api/lobby/recentreport/hot-list',
  method: 'GET',
  request: Schema.Struct({
    current: Schema.optional(Schema.Number),
    size: Schema.optional(Schema.Number),
  }),
  response: GamePage,
})

/**
 * A page of a category's games (spec §7.8: gameCategoryId, platformId, current, size 20). platformId
 * <category>999 (spec §9 suffix) is every platform of the category; gameName searches by name over
 * all categories; demo '1' lists the demo games. The sports wallet query (categoryId 5,
 * platformName, pageSize 10) is the same call.
 */
export const gameList = defineCall({
  name: 'gameList',
  area: 'site',
  path: '/api/lobby/recentreport/game-list',
  method: 'GET',
  request: Schema.Struct({
    gameCategoryId: Schema.optional(Schema.Number),
    categoryId: Schema.optional(Schema.Number),
    platformId: Schema.optional(Schema.Number),
    platformName: Schema.optional(Schema.String),
    gameName: Schema.optional(Schema.String),
    demo: Schema.optional(Schema.String),
    current: Schema.optional(Schema.Number),
    size: Schema.optional(Schema.Number),
    pageSize: Schema.optional(Schema.Number),
  }),
  response: GamePage,
})

/** The platforms of a category (spec §2 sub-game list), with how many games each has. */
export const platformCategories = defineCall({
  name: 'platformCategories',
  area: 'site',
  path: '/api/lobby/recentreport/platform-categories',
  method: 'GET',
  request: Schema.Struct({ gameCategoryId: Schema.optional(Schema.Number) }),
  response: Schema.Array(GamePlatform),
})

/**
 * A music item (screens doc §3): oss_url is where the audio file is served (absolute, or a path
 * on the hall's origin); music_size is the file's size in bytes.
 */
export const MusicItem = Schema.Struct({
  id: Schema.Number,
  music_name: Schema.String,
  music_size: Schema.Number,
  oss_url: Schema.String,
})
export type MusicItem = typeof MusicItem.Type

/**
 * What the music-list call does, by reqType. The spec names the player's own list (no reqType:
 * page 1, pageLimit 500, data.data) and the system music (reqType 1, sys_list); it lists no call
 * for adding a system track to the player's list or removing one, so the project defines them on
 * the same call: reqType 2 downloads music_id into the player's list, reqType 3 deletes it from
 * the list; both answer the list as it now is, like the plain list.
 */
export const MusicReqType = { system: 1, download: 2, remove: 3 } as const

/** The player's own list (my_list): answer of the plain list, a download and a delete. */
export const MyMusicPage = Schema.Struct({ data: Schema.Array(MusicItem), total: Schema.Number })
export type MyMusicPage = typeof MyMusicPage.Type
/** The system music (reqType 1). */
export const SystemMusic = Schema.Struct({ sys_list: Schema.Array(MusicItem) })
export type SystemMusic = typeof SystemMusic.Type

/** Music list defaults (spec §9): page 1, 500 a page. */
export const MUSIC_PAGE_LIMIT = 500

/** The music library: the player's list, the system list, and downloads into and deletes from the player's list. */
export const musicList = defineCall({
  name: 'musicList',
  area: 'site',
  path: '/home/musiclist',
  method: 'GET',
  request: Schema.Struct({
    page: Schema.optional(Schema.Number),
    pageLimit: Schema.optional(Schema.Number),
    reqType: Schema.optional(Schema.Literals([MusicReqType.system, MusicReqType.download, MusicReqType.remove])),
    music_id: Schema.optional(Schema.Number),
  }),
  response: Schema.Union([SystemMusic, MyMusicPage]),
})

/**
 * Which promotion modules the site runs (1 on): activities, tasks, rebate (return gold) and awards.
 * A system-menu entry shows when its module runs and its red-dot count is above 0.
 */
export const activeIsShow = defineCall({
  name: 'activeIsShow',
  area: 'site',
  path: '/active/is_show',
  request: NoParams,
  response: Schema.Struct({ active: Flag, task: Flag, rebate: Flag, award: Flag }),
})

/**
 * The agent a visitor is attributed to (by link, channel or IP): bound 0 with empty fields when
 * none. agentId is a large id (string).
 */
export const IpBindInfo = Schema.Struct({
  bound: Flag,
  agentId: BigId,
  agentName: Schema.String,
  channelId: Schema.String,
})
export type IpBindInfo = typeof IpBindInfo.Type

export const getIpBindInfo = defineCall({
  name: 'getIpBindInfo',
  area: 'site',
  path: '/promote/getIpBindInfo',
  request: Schema.Struct({
    agentName: Schema.optional(Schema.String),
    channelId: Schema.optional(Schema.String),
    currency: Schema.optional(Schema.String),
  }),
  response: IpBindInfo,
})

/** Link types (spec §4): home 2, test-register 3, register 4, event 5. */
export const LinkTypeValue = Schema.Literals([2, 3, 4, 5])

/** The player's promotion link of a link type, with the invite code it carries. */
export const linkSetting = defineCall({
  name: 'linkSetting',
  area: 'site',
  path: '/promote/linksetting',
  request: Schema.Struct({ linkType: LinkTypeValue }),
  response: Schema.Struct({ linkType: LinkTypeValue, url: Schema.String, inviteCode: Schema.String }),
})

/** Agent modes (spec enumerations): Infinite 30004, FirstLevel 1, NetProfit 2, ThreeNetProfix 10002. */
export const AgentMode = Schema.Literals([30004, 1, 2, 10002])
export type AgentMode = typeof AgentMode.Type

/** The site's agent (promotion commission) mode. */
export const getAgentMode = defineCall({
  name: 'getAgentMode',
  area: 'site',
  path: '/promote/getAgentMode',
  request: NoParams,
  response: Schema.Struct({ agentMode: AgentMode }),
})

/**
 * The promotion values of the entry link (the root query keys the spec keeps, screens §2): the
 * promoter id and channel id, the agent and affiliate ids and the advertising pixels' ids.
 */
export const PromoterInfo = Schema.Struct({
  id: Schema.optional(Schema.String),
  cid: Schema.optional(Schema.String),
  aid: Schema.optional(Schema.String),
  afId: Schema.optional(Schema.String),
  gtagId: Schema.optional(Schema.String),
  gtmId: Schema.optional(Schema.String),
  fb_dynamic_pixel: Schema.optional(Schema.String),
  tiktokBaesCode: Schema.optional(Schema.String),
  kwaiPixelBaseCode: Schema.optional(Schema.String),
  ks_px_test: Schema.optional(Schema.String),
  pixel_id: Schema.optional(Schema.String),
  click_id: Schema.optional(Schema.String),
})
export type PromoterInfo = typeof PromoterInfo.Type

/** A promotion-link visit (spec §7.3: promoter_info, accessUrl, visitor_device, the device fingerprint). */
export const PromoterVisit = Schema.Struct({
  promoter_info: PromoterInfo,
  accessUrl: Schema.String,
  visitor_device: Schema.String,
})
export type PromoterVisit = typeof PromoterVisit.Type

/**
 * A click through a promotion link: the visitor followed an invite (id) or channel (cid) link;
 * sent with the view at the arrival, once per arrival (docs/hall-protocol.md, "Promotion arrivals").
 */
export const reportClick = defineCall({
  name: 'reportClick',
  area: 'site',
  path: '/promote/binding/reportclick',
  silent: true,
  request: PromoterVisit,
  response: Ack,
})

/** A visitor arrived by a promotion link (with id or cid); sent in clear. */
export const reportView = defineCall({
  name: 'reportView',
  area: 'site',
  path: '/promote/binding/reportview',
  encrypted: false,
  silent: true,
  request: PromoterVisit,
  response: Ack,
})

/**
 * A buried (tracking) point (spec §7.3 buried config): category 1 Google, 2 Facebook pixel, 3
 * Kwai pixel, 4 TikTok pixel; type 1 gtag, 2 gtm (Google); gid the tag or pixel id.
 */
export const BuriedPoint = Schema.Struct({
  category: Schema.Literals([1, 2, 3, 4]),
  type: Schema.Literals([1, 2]),
  gid: Schema.String,
})
export type BuriedPoint = typeof BuriedPoint.Type

/** The tracking points of a channel (idxType 1), a parent agent (2) or the player (3). */
export const promotePointGet = defineCall({
  name: 'promotePointGet',
  area: 'site',
  path: '/promote/point/get',
  request: Schema.Struct({ idx: Schema.String, idxType: Schema.Literals([1, 2, 3]), uid: Schema.optional(Schema.String) }),
  response: ListOf(BuriedPoint),
})

/** A promotion channel's configuration (screens §3 channel config: guideSetupMode). */
export const ChannelInfo = Schema.Struct({
  channelId: Schema.String,
  channelName: Schema.String,
  guideSetupMode: Count,
})
export type ChannelInfo = typeof ChannelInfo.Type

export const getChannelInfo = defineCall({
  name: 'getChannelInfo',
  area: 'site',
  path: '/promote/getChannelInfo',
  request: Schema.Struct({ channelId: Schema.String }),
  response: ChannelInfo,
})

/** Where to get the wallet app (device_type 1) the user-wallet withdrawals use. */
export const walletDownloadUrl = defineCall({
  name: 'walletDownloadUrl',
  area: 'site',
  path: '/pay/wallet/downloadUrl',
  request: Schema.Struct({ device_type: Schema.Int }),
  response: Schema.Struct({ url: Schema.String }),
})

/**
 * A pop-up frame (screens §3 pop-up frame): frame type login 1, day 2, home 3, one 4; image style
 * left 1, right 2, customize 3, text 4; location type none 1 ... yuebao 10 (calls, enumerations).
 * `content` is operator HTML: the lobby sanitizes it before showing it.
 */
export const Frame = Schema.Struct({
  id: Schema.Int,
  frameType: Schema.Literals([1, 2, 3, 4]),
  img_style: Schema.Literals([1, 2, 3, 4]),
  img_url: Schema.String,
  img_color: Schema.String,
  img_icon: Schema.String,
  title: Schema.String,
  publicity_name: Schema.String,
  content: Schema.String,
  location_type: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 10 })),
  location_value: Schema.String,
  location_template: Schema.String,
  jump_window: Schema.Number,
})
export type Frame = typeof Frame.Type

export const frameBoxIndex = defineCall({
  name: 'frameBoxIndex',
  area: 'site',
  path: '/message/frameBox/index',
  request: NoParams,
  response: ListOf(Frame),
})

/**
 * The frames of the caller: a signed-in player's, as /message/frameBox/index lists them (how a
 * site whose hall profile says `frames: 'frame'` lists its frame box); a visitor's the home page's
 * (frame type 3).
 */
export const messageFrame = defineCall({
  name: 'messageFrame',
  area: 'site',
  path: '/message/frame',
  request: NoParams,
  response: ListOf(Frame),
})

/** A marquee notice (notice type 3): plain text scrolled along the top of the lobby. */
export const MarqueeItem = Schema.Struct({ id: Schema.Int, content: Schema.String, createdAt: DateTime })
export type MarqueeItem = typeof MarqueeItem.Type

export const marquee = defineCall({
  name: 'marquee',
  area: 'site',
  path: '/message/marquee',
  request: NoParams,
  response: ListOf(MarqueeItem),
})

/**
 * The customer service's translations for a service language (spec §7.3: a service-language code;
 * the answer's data.data lists transName and transContent).
 */
export const getWebTrans = defineCall({
  name: 'getWebTrans',
  area: 'site',
  path: '/customer/getWebTrans',
  request: Schema.Struct({ lang: Schema.String }),
  response: Schema.Struct({ data: Schema.Array(Schema.Struct({ transName: Schema.String, transContent: Schema.String })) }),
})

/**
 * A trace (spec §7.3 trace report: event, message, source, lineno, colno, href, created), for the
 * sites whose sysInfo turns `traceReport` on: a script error (`event` 'error'), a promise rejected
 * unhandled ('unhandledrejection') or a resource that took 3000 ms or more to load ('resource',
 * never one under 3000 ms). `created` is the lobby's time of it, UTC. The hall refuses a field
 * beyond TRACE_LIMITS (docs/hall-protocol.md, "Trace reports").
 */
export const TraceReport = Schema.Struct({
  event: Schema.String,
  message: Schema.String,
  source: Schema.String,
  lineno: Schema.Int,
  colno: Schema.Int,
  href: Schema.String,
  created: DateTime,
})
export type TraceReport = typeof TraceReport.Type

/** The sizes the hall accepts in a trace report (characters; reports per batch). */
export const TRACE_LIMITS = { event: 32, message: 1000, source: 2048, href: 2048, position: 10_000_000, batch: 20 } as const

/** The least load time (ms) of a resource worth a trace report (spec: not under 3000 ms). */
export const SLOW_RESOURCE_MS = 3000

/** Several trace reports in one call (the lobby's batch; at most TRACE_LIMITS.batch). */
export const TraceBatch = Schema.Struct({ traces: Schema.Array(TraceReport) })
export type TraceBatch = typeof TraceBatch.Type

/** The network lines' measured pings in ms (screens §3 network line; 9999 failed). */
export const LineReport = Schema.Struct({
  lines: Schema.Array(Schema.Struct({ url: Schema.String, ping: Schema.Int })),
})
export type LineReport = typeof LineReport.Type

/**
 * The player logger: a diagnostics chunk (the answer is its receipt), a trace report or a batch of
 * them, or the line pings (the answer is null: accepted).
 */
export const netstatLogger = defineCall({
  name: 'netstatLogger',
  codes: { ...traceCodes },
  area: 'site',
  path: '/v1/netstat/player/logger',
  silent: true,
  request: Schema.Union([DiagnosticsChunk, TraceBatch, TraceReport, LineReport]),
  response: Schema.NullOr(DiagnosticsReceipt),
})

/**
 * The install record (spec §7.3): uploaded when the player accepts the browser's install prompt
 * (add to home screen). channel_type is always 1 and upload_type always 2 in the spec.
 */
export const PwaStatisticRequest = Schema.Struct({
  currency: Schema.String,
  /** The promotion channel the visitor came by ('' when none). */
  channel_name: Schema.String,
  channel_type: Schema.Literal(1),
  /** The device fingerprint (the same as the device header). */
  visitor_deviceid: Schema.String,
  upload_type: Schema.Literal(2),
})
export type PwaStatisticRequest = typeof PwaStatisticRequest.Type

export const pwaStatistic = defineCall({
  name: 'pwaStatistic',
  area: 'site',
  path: '/pwa/arguments/upLoadpwaStatistic',
  silent: true,
  request: PwaStatisticRequest,
  response: Schema.Null,
})
