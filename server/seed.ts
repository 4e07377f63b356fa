/**
 * First-start data: the sites ('001' the default, the Brazilian sites '101' and '081' with
 * their betting-provider entry, and '201', '301', '401', '501' so each layout and theme has one), their languages, currencies and configuration documents, and,
 * when the hall's stand-ins are on (dev and test modes, or production with --stand-ins), a demo
 * player per site (demo / demo1234) with money. A production store gets no player and no money.
 * Seeding runs once, when the store has no site; site keys are random per store and stay in the
 * sites table, so a restart keeps every key and player.
 */
import { seedActivities } from './activities-seed'
import { seedTasks } from './tasks-seed'
import { seedPlay } from './play/seed'
import { seedWheels } from './play/wheel-seed'
import { SEED_BANNERS, layoutIconUrl, setBanners } from './banners'
import { entryDocumentsOf } from './calls/entries'
import { seedService } from './calls/service'
import type { Db, Queryable } from './db'
import { hashPassword, randomHex } from './crypto'
import { CURRENCY_FORMATS } from '../schemas/currencies'
import type { HallProfile } from '../schemas/hall/calls'
import { credit } from './money'

/** The seeded demo player's credentials, on every site of a store seeded with the stand-ins on. */
export const DEMO_PLAYER = { username: 'demo', password: 'demo1234', balance: '1000' } as const

/** The default site's code. */
export const DEFAULT_SITE = '001'

/** The spec's 25 currencies with their formats (schemas/currencies.ts; migration 264 adds the 13 an older store lacks). */
const CURRENCIES = CURRENCY_FORMATS

const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  en_US: 'English', zh_CN: '简体中文', zh_TW: '繁體中文', th_TH: 'ไทย', vi_VN: 'Tiếng Việt', ko_KR: '한국어',
  ja_JP: '日本語', pt_PT: 'Português', pt_BR: 'Português (Brasil)', es_ES: 'Español', de_DE: 'Deutsch', fr_FR: 'Français', it_IT: 'Italiano',
  ru_RU: 'Русский', my_MM: 'မြန်မာ', id_ID: 'Bahasa Indonesia', hi_IN: 'हिन्दी', tl_PH: 'Tagalog', km_KH: 'ខ្មែរ',
}

interface SiteSeed {
  readonly code: string
  readonly name: string
  readonly isDefault: boolean
  readonly hostNames: ReadonlyArray<string>
  readonly language: string
  readonly languages: ReadonlyArray<string>
  readonly languageNames?: Readonly<Record<string, string>>
  readonly currency: string
  readonly currencies: ReadonlyArray<string>
  readonly timeZone: string
  readonly skinType: number
  readonly themeType: number
  readonly recommendAreaCode: string
  readonly bettingProvider?: Readonly<Record<string, string>>
  /** The catalogue variants its hall speaks (HallProfile, docs/hall.md "Hall profile"); absent: the defaults. */
  readonly hallProfile?: HallProfile
}

const BRAZIL_PROVIDER = (brandId: string) => ({
  name: 'Sportsbook',
  themeName: 'lobby-dark',
  defaultLanguage: 'pt-br',
  brand_id: brandId,
  script_url: 'https://sportsbook.invalid/bt-renderer.min.js',
})

const SITES: ReadonlyArray<SiteSeed> = [
  {
    code: '001', name: 'Lobby', isDefault: true, hostNames: ['localhost', '127.0.0.1'],
    language: 'en_US', languages: ['en_US', 'zh_CN', 'zh_TW', 'es_ES', 'pt_PT', 'th_TH', 'vi_VN', 'ja_JP', 'ko_KR', 'hi_IN'],
    currency: 'USD', currencies: ['USD', 'EUR', 'CNY', 'INR', 'PHP', 'THB', 'VND', 'USDT', 'USDC', 'BTC', 'ETH'],
    timeZone: 'UTC', skinType: 1, themeType: 1, recommendAreaCode: '+1',
  },
  {
    code: '101', name: 'Lobby Brasil', isDefault: false, hostNames: ['br.localhost'],
    language: 'pt_BR', languages: ['pt_BR', 'en_US', 'es_ES'],
    currency: 'BRL', currencies: ['BRL', 'USDT'],
    timeZone: 'America/Sao_Paulo', skinType: 3, themeType: 6, recommendAreaCode: '+55',
    bettingProvider: BRAZIL_PROVIDER('2105281537281048576'),
  },
  {
    code: '081', name: 'Lobby Rio', isDefault: false, hostNames: ['rio.localhost'],
    language: 'pt_BR', languages: ['pt_BR', 'en_US'],
    currency: 'BRL', currencies: ['BRL', 'USDT'],
    timeZone: 'America/Sao_Paulo', skinType: 4, themeType: 4, recommendAreaCode: '+55',
    bettingProvider: BRAZIL_PROVIDER('2105281537281048577'),
    // The site whose hall speaks the other variants (issue 45): heartbeat by call, the V4 pay
    // lists, the brand logo, layout and currencies asked at boot; the event centre's quick list
    // and activities read by template; the agent mode and binding by their own promote calls; the
    // frame box listed by /message/frame.
    hallProfile: { heartbeat: 'call', payList: 'v4', boot: 'call', events: 'quickList', promote: 'calls', frames: 'frame' },
  },
  // One site per layout (skinType 1 classic, 2 European-American, 3 simple European-American,
  // 4 cyan-blue), each with a theme of its own, so every look can be opened (?site= in dev/test).
  {
    code: '201', name: 'Lobby Europa', isDefault: false, hostNames: ['eu.localhost'],
    language: 'en_US', languages: ['en_US', 'de_DE', 'fr_FR', 'it_IT', 'es_ES'],
    currency: 'EUR', currencies: ['EUR', 'USD', 'USDT'],
    timeZone: 'Europe/Berlin', skinType: 2, themeType: 3, recommendAreaCode: '+49',
    // A hall that checks second verifications by channel (issue 45): verifyPhoneCode,
    // /user/security/verifyEmail and verifyGoogleAuthCode instead of secondVerify; and recovers
    // passwords behind the image challenge (/user/captcha/getUserInfo, /user/captcha/verifyPhone),
    // proving the account by the channel's own call (/user/sms/verifyphone, /user/notlogin/verifyEmail).
    hallProfile: { secondVerify: 'byChannel', recovery: 'captcha', recoveryProof: 'byChannel' },
  },
  {
    code: '301', name: 'Lobby Simple', isDefault: false, hostNames: ['simple.localhost'],
    language: 'en_US', languages: ['en_US', 'es_ES', 'pt_PT'],
    currency: 'USD', currencies: ['USD', 'USDT'],
    timeZone: 'UTC', skinType: 3, themeType: 5, recommendAreaCode: '+1',
  },
  {
    code: '401', name: 'Lobby Cyan', isDefault: false, hostNames: ['cyan.localhost'],
    language: 'en_US', languages: ['en_US', 'th_TH', 'vi_VN', 'id_ID'],
    currency: 'USD', currencies: ['USD', 'THB', 'VND', 'USDT'],
    timeZone: 'Asia/Bangkok', skinType: 4, themeType: 2, recommendAreaCode: '+66',
    // Its challenges are answered by Geetest v4 (/geetest/validate/v4, /user/geetest/validate/v4; docs/hall.md "Hall profile").
    hallProfile: { geetest: 'v4' },
  },
  {
    code: '501', name: 'Lobby Royal', isDefault: false, hostNames: ['royal.localhost'],
    language: 'en_US', languages: ['en_US', 'hi_IN', 'tl_PH'],
    currency: 'INR', currencies: ['INR', 'PHP', 'USDT'],
    timeZone: 'Asia/Kolkata', skinType: 1, themeType: 7, recommendAreaCode: '+91',
  },
]

const tab = (key: string, name: string, sort: number) => ({ key, name, icon: layoutIconUrl(key), sort })

/**
 * The mobile tab bar of each layout (spec §2): the classic lists are the spec's defaults; the other
 * layouts use the other entries the spec names (discount/event, task, rebate, login, withdraw, vip,
 * yuebao, promote, download), so every entry is served by some site.
 */
const tabBarOf = (skinType: number) => {
  const lists: Readonly<Record<number, { out: ReadonlyArray<string>; in: ReadonlyArray<string> }>> = {
    1: { out: ['home', 'sport', 'recharge', 'register', 'mine'], in: ['home', 'sport', 'recharge', 'service', 'mine'] },
    2: { out: ['home', 'event', 'recharge', 'login', 'register'], in: ['home', 'task', 'recharge', 'vip', 'mine'] },
    3: { out: ['home', 'sport', 'recharge', 'register', 'mine'], in: ['home', 'promote', 'recharge', 'withdraw', 'mine'] },
    4: { out: ['home', 'event', 'recharge', 'download', 'register'], in: ['home', 'rebate', 'recharge', 'yuebao', 'mine'] },
  }
  const l = lists[skinType] ?? lists[1]!
  const names: Readonly<Record<string, string>> = {
    home: 'Home', sport: 'Sport', recharge: 'Deposit', register: 'Register', mine: 'Mine', service: 'Service', event: 'Discount',
    task: 'Task', rebate: 'Rebate', login: 'Login', withdraw: 'Withdraw', vip: 'VIP', yuebao: 'Yuebao', promote: 'Promote', download: 'Download',
  }
  return {
    loggedOut: l.out.map((k, i) => tab(k, names[k] ?? k, i + 1)),
    loggedIn: l.in.map((k, i) => tab(k, names[k] ?? k, i + 1)),
  }
}

/** The configuration documents of a site, keyed by document name (site_documents.name). */
/** A site's about-us document (also written by migration 123 for the sites of an older store). */
export const aboutUsOf = (name: string): { title: string; content: string } => ({
  title: `About ${name}`,
  content: `<h2>Who we are</h2><p>${name} is a demonstration lobby of the reference hall: games, savings, VIP and more in one place.</p><h2>Fair play</h2><p>Every game round and every balance change is recorded in the hall's ledger.</p>`,
})

const documents = (s: SiteSeed): Readonly<Record<string, unknown>> => ({
  site: {
    title: `${s.name} - games, sports and live casino`,
    description: `${s.name}: the reference hall's demo site ${s.code}.`,
    keyword: 'lobby,games,casino,sports',
    type: 1,
    musicAutoPlay: 0,
    languageMatchMode: 1,
    ...(s.bettingProvider === undefined ? {} : { bettingProvider: s.bettingProvider }),
    ...(s.hallProfile === undefined ? {} : { hallProfile: s.hallProfile }),
  },
  sysInfo: {
    fingerprintJS: { publicKey: 'fp-demo-public-key' },
    facebook: { app_id: '100000000000001' },
    google: { app_id: '100000000001-lobby.apps.googleusercontent.invalid' },
    useFacebook: 'open', useGoogle: 'open', useQQ: 'close', useWechat: s.code === '001' ? 'open' : 'close',
    securityVerify: [3, 5],
    realNameMustUppercase: s.currency === 'BRL',
    site_status: 0,
    recommendCurrency: s.currency,
    recommendAreaCode: s.recommendAreaCode,
    recommendLanguage: s.language,
    musicShow: 'open',
    agentDisplayEntrance: 'open',
    questionListDisplay: 0,
    kfOnlineStatus: 'open',
    auto_visitor_login_web: 'close',
    auto_visitor_login_h5: 'open',
    vip_status: 'open',
    guideSetupMode: 0,
  },
  brandLogo: {
    type: 1,
    hallLogo: `/hall/static/brand/${s.code}/logo.svg`,
    brandName: s.name,
    officialWebsite: `https://${s.hostNames[0] ?? 'localhost'}`,
    aboutUsStatus: 1,
    downloadSwitch: 'open',
    customizeWeb: { logo: `/hall/static/brand/${s.code}/logo.svg` },
    customizeH5: { logo: `/hall/static/brand/${s.code}/logo.svg` },
  },
  userAgreement: {
    title: 'User agreement',
    content: `<p>By registering on ${s.name} you confirm that you are of legal age and accept the rules of play.</p>`,
  },
  aboutUs: aboutUsOf(s.name),
  ...entryDocumentsOf(s.code),
  accessRestricted: { title: '', content: '' },
  /** The human challenge the site asks (image, slider, click, nine; migration 250, docs/hall.md "Human challenges"). */
  challenge: { kind: 'image' },
  /** Whether the register form asks for a phone (off, optional, required; migration 251, server/register-phone.ts). */
  register: { phone: 'off' },
  /** The senders of its codes: none until the operator names them (migration 263, server/mail/delivery.ts). */
  delivery: {},
  footerConfig: {
    copyright: `© ${s.name}. All rights reserved.`,
    licenseText: 'Demonstration site of the reference hall. No real money is involved.',
    columns: [
      { title: 'About', links: [{ name: 'About us', url: '/home/about' }, { name: 'Feedback', url: '/home/feedback' }] },
      { title: 'Help', links: [{ name: 'Customer service', url: '/home/service' }, { name: 'VIP', url: '/home/vip' }] },
    ],
    licenses: [
      { name: 'Demonstration licence', logo: '/hall/static/logos/licence.svg', url: '' },
      { name: '18+', logo: '/hall/static/logos/18plus.svg', url: '' },
    ],
    payments: [
      { name: 'Pix', logo: '/hall/static/logos/pix.svg' },
      { name: 'Bank transfer', logo: '/hall/static/logos/bank-transfer.svg' },
      { name: 'USDT', logo: '/hall/static/logos/usdt.svg' },
    ],
    partners: [{ name: 'Responsible gaming', logo: '/hall/static/logos/responsible-gaming.svg' }],
  },
  versionList: [
    { version: '0.1.0', content: 'First release of the lobby.', releaseTime: '2026-01-01 00:00:00', forceUpdate: 0 },
  ],
  smsCountry: [
    { countryName: 'Brasil', phoneNumberSegment: '+55', phoneLengthScope: [10, 11], icon: '/hall/static/flags/br.svg' },
    { countryName: 'United States', phoneNumberSegment: '+1', phoneLengthScope: [10, 10], icon: '/hall/static/flags/us.svg' },
    { countryName: 'Philippines', phoneNumberSegment: '+63', phoneLengthScope: [10, 10], icon: '/hall/static/flags/ph.svg' },
    { countryName: 'India', phoneNumberSegment: '+91', phoneLengthScope: [10, 10], icon: '/hall/static/flags/in.svg' },
  ],
  layout: {
    tabBar: tabBarOf(s.skinType),
    header: [
      tab('language', 'Language', 1), tab('currency', 'Currency', 2), tab('search', 'Search', 3), tab('music', 'Music', 4),
      tab('event', 'Promotions', 5), tab('task', 'Tasks', 6), tab('rebate', 'Cashback', 7), tab('vip', 'VIP', 8),
      tab('yuebao', 'Savings', 9), tab('promote', 'Invite', 10), tab('download', 'App', 11),
    ],
  },
  maintain: {
    start_time: '2026-01-01 02:00:00',
    end_time: '2026-01-01 04:00:00',
    online_service: 'https://support.invalid/chat',
  },
})

/** True when the store has no site yet, i.e. this is the first start. */
export const needsSeed = async (db: Queryable): Promise<boolean> =>
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sites')).rows[0]?.n === 0

/**
 * Seeds everything in one transaction; a crash halfway leaves an empty store that seeds again.
 * `demoPlayers` (the hall's stand-ins on) adds the demo player with its balance on every site.
 */
export const seed = async (db: Db, o: { readonly demoPlayers: boolean }): Promise<void> => {
  const demoHashes = o.demoPlayers ? await Promise.all(SITES.map(() => hashPassword(DEMO_PLAYER.password))) : []
  await db.transaction(async (tx) => {
    for (const c of CURRENCIES) {
      await tx.query(
        'INSERT INTO currencies (code, currency_type, display, market_code, sign, scale) VALUES ($1, $2, $3, $4, $5, $6)',
        [c.code, c.type, c.display, c.marketCode, c.sign, c.scale],
      )
    }
    for (const [i, s] of SITES.entries()) {
      await tx.query(
        `INSERT INTO sites (code, name, site_key, is_default, host_names, language_code, currency_code, time_zone, skin_type, theme_type)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [s.code, s.name, randomHex(32), s.isDefault, [...s.hostNames], s.language, s.currency, s.timeZone, s.skinType, s.themeType],
      )
      for (const [sort, code] of s.languages.entries()) {
        await tx.query(
          'INSERT INTO site_languages (site_code, language_code, translate_name, sort) VALUES ($1, $2, $3, $4)',
          [s.code, code, s.languageNames?.[code] ?? LANGUAGE_NAMES[code] ?? code, sort],
        )
      }
      for (const [sort, code] of s.currencies.entries()) {
        await tx.query('INSERT INTO site_currencies (site_code, currency_code, sort) VALUES ($1, $2, $3)', [s.code, code, sort])
      }
      for (const [name, doc] of Object.entries(documents(s))) {
        await tx.query('INSERT INTO site_documents (site_code, name, doc) VALUES ($1, $2, $3)', [s.code, name, JSON.stringify(doc)])
      }
      await seedService(tx, s.code)
      await seedActivities(tx, s.code)
      await seedWheels(tx, s.code)
      await seedTasks(tx, s.code)
      await seedPlay(tx, s.code)
      await setBanners(tx, s.code, SEED_BANNERS)
      if (!o.demoPlayers) continue
      const player = await tx.query<{ id: string }>(
        `INSERT INTO players (site_code, username, username_key, password_hash, userkey, currency)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text AS id`,
        [s.code, DEMO_PLAYER.username, DEMO_PLAYER.username, demoHashes[i], randomHex(32), s.currency],
      )
      const id = player.rows[0]?.id
      if (id === undefined) throw new Error('demo player insert returned no row')
      await credit(tx, { playerId: id, currency: s.currency }, DEMO_PLAYER.balance, 'seed')
    }
  })
}
