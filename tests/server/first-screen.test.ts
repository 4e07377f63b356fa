import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InjectedSiteConfig } from '../../schemas/hall/calls'
import { FIRST_SCREEN_KIT_FILE } from '../../schemas/first-screen'
import { firstScreenKit } from '../../scripts/first-screen'
import { firstScreenMarkup, firstScreenSite, injectFirstScreen, opensOnLobby, stylesheetsOf, type FirstScreenSite } from '../../server/first-screen'
import { startHall } from '../../server/hall'
import type { Hall } from './support'

const kit = firstScreenKit(resolve(import.meta.dirname, '../..'))
const SITE: FirstScreenSite = { language: 'en_US', layout: 'classic', theme: 1, siteName: 'Lobby', logo: '', tabs: ['home', 'sport', 'recharge', 'register', 'mine'], category: 0, banner: null }

/** The labels of the links in the markup's desktop menu, and where they go. */
const menuOf = (html: string) => {
  const nav = /<nav class="menu [^"]*first-screen__web"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? ''
  return [...nav.matchAll(/<a class="menu__item" href="([^"]*)"[^>]*>.*?<span class="menu__label">([^<]*)<\/span><\/a>/g)].map((m) => [m[2], m[1]!.replace(/&amp;/g, '&')])
}

describe('the first screen the hall paints', () => {
  it('escapes every configured text: the site name and the logo address are operator data', () => {
    const html = firstScreenMarkup({ ...SITE, siteName: '<script>alert(1)</script> & "Co\'s"', logo: 'https://cdn.example/x.png" onerror="alert(1)' }, kit)
    expect(html).not.toContain('<script')
    expect(html).not.toContain('" onerror="')
    expect(html).toContain('<span class="logo__text">&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&#39;s&quot;</span>')
    expect(html).toContain('src="https://cdn.example/x.png&quot; onerror=&quot;alert(1)"')
  })

  it('lists the categories of the site\'s layout, in its language, each linked where the lobby sends it', () => {
    const classic = menuOf(firstScreenMarkup(SITE, kit))
    expect(classic.map(([label]) => label)).toEqual(['Hot', 'Search', 'Demo', 'Club', 'Club friends', 'Card games', 'Fishing', 'Slots', 'Live casino', 'Sports', 'Cockfighting', 'Lottery', 'Blockchain'])
    expect(classic.slice(0, 4).map(([, href]) => href)).toEqual(['/home/game?gameCategoryId=0', '/home/search', '/home/game?gameCategoryId=113', '/home/subgame?gameCategoryId=9&platformId=9999'])
    // European-American: recent and favourites in the desktop menu too, an open panel.
    const european = firstScreenMarkup({ ...SITE, layout: 'europeanAmerican' }, kit)
    expect(menuOf(european).map(([label]) => label).slice(0, 5)).toEqual(['Hot', 'Search', 'Recent', 'Favourites', 'Demo'])
    expect(european).toContain('class="menu menu--side menu--panel menu--expanded first-screen__web"')
    // Cyan-blue: every category to the game list. Simple European-American: a bar under the header.
    expect(menuOf(firstScreenMarkup({ ...SITE, layout: 'cyanBlue' }, kit)).map(([, href]) => href)).toContain('/home/game?gameCategoryId=3')
    expect(firstScreenMarkup({ ...SITE, layout: 'simpleEuropeanAmerican' }, kit)).toContain('<ul class="menu__bar" role="list">')
    // Portuguese words on a Portuguese site; the category shown is current.
    const pt = firstScreenMarkup({ ...SITE, language: 'pt_PT', category: 3 }, kit)
    expect(menuOf(pt)[0]![0]).toBe('Populares')
    expect(pt).toMatch(/<a class="tile" href="\/home\/game\?gameCategoryId=3" aria-current="page">/)
  })

  it('reads the layout, theme, tab bar and category from the injected configuration', () => {
    const config = {
      siteCode: '001',
      languageCode: 'pt_PT',
      injected: {
        siteInfo: { siteName: 'Casa', skinTypeValue: 2, themeTypeWeb: 5 },
        layout: { tabBar: { loggedOut: [{ key: 'mine', name: '', sort: 3 }, { key: 'home', name: '', sort: 1 }, { key: 'nonsense', name: '', sort: 2 }], loggedIn: [] }, header: [] },
        brandLogo: { hallLogo: '/logo.svg' },
      },
    } as unknown as InjectedSiteConfig
    const site = firstScreenSite(config, new URL('http://h/home/game?gameCategoryId=4'))
    expect(site).toEqual({
      language: 'pt_PT', layout: 'europeanAmerican', theme: 5, siteName: 'Casa', logo: '/logo.svg', tabs: ['home', 'mine'], category: 4, banner: null,
      bars: { download: false, promo: false, tip: true, brandName: '' },
    })
    const none = { ...config, injected: { ...config.injected, layout: { ...config.injected.layout, tabBar: { loggedOut: [], loggedIn: [] } } } } as InjectedSiteConfig
    expect(firstScreenSite(none, new URL('http://h/?gameCategoryId=7777')).tabs).toEqual(['home', 'sport', 'recharge', 'register', 'mine'])
    expect(firstScreenSite(none, new URL('http://h/?gameCategoryId=7777')).category).toBe(0)
  })

  it('paints the carousel’s first banner as the lobby shows it first, asked first; else the loading carousel', () => {
    const banner = (id: number, sort: number, imgUrl: string) => ({ id, title: `B${id}`, imgUrl, location_type: 1, location_value: '', sort })
    const config = (banners: unknown[]) => ({ siteCode: '001', languageCode: 'en_US', injected: { siteInfo: { siteName: 'Lobby' }, layout: { tabBar: { loggedOut: [], loggedIn: [] }, header: [] }, banners } }) as unknown as InjectedSiteConfig
    const at = new URL('http://h/home/game')
    // By sort, skipping a picture the lobby would not show (a script address).
    const site = firstScreenSite(config([banner(1, 3, '/hall/static/banners/001/1.svg'), banner(2, 1, 'javascript:alert(1)'), banner(3, 2, 'https://cdn.example/3.png')]), at)
    expect(site.banner).toEqual({ src: 'https://cdn.example/3.png', many: true })
    const html = firstScreenMarkup(site, kit)
    expect(html).toContain('<div class="carousel carousel--first-many" aria-hidden="true"><div class="carousel__slides"><div class="carousel__slide"><img class="carousel__image" src="https://cdn.example/3.png" alt="" fetchpriority="high"></div></div></div>')
    expect(html).not.toContain('carousel--loading')
    // One banner: no controls row. None usable: the loading carousel.
    expect(firstScreenSite(config([banner(1, 1, '/hall/static/banners/001/1.svg')]), at).banner).toEqual({ src: '/hall/static/banners/001/1.svg', many: false })
    expect(firstScreenMarkup(firstScreenSite(config([banner(2, 1, 'data:image/png;base64,AAAA')]), at), kit)).toContain('<div class="carousel carousel--loading" aria-hidden="true"></div>')
  })

  it('paints the phone’s bars the lobby will show this browser: what it kept comes with the page’s cookie', () => {
    const config = (skinTypeValue: number, downloadSwitch: 'open' | 'close') =>
      ({
        siteCode: '101', languageCode: 'en_US',
        injected: { siteInfo: { siteName: 'Lobby Brasil', skinTypeValue }, layout: { tabBar: { loggedOut: [], loggedIn: [] }, header: [] }, brandLogo: { hallLogo: '/logo.svg', brandName: 'Brasil <b>', downloadSwitch } },
      }) as unknown as InjectedSiteConfig
    const at = new URL('http://h/home/game')
    const phone = 'Mozilla/5.0 (Linux; Android 14) Mobile'
    // A first visit: the download banner and the invitation bar, in the lobby's order, on phones
    // only, before the page; words escaped. One install invitation at a time: no install tip beside the banner.
    const first = firstScreenSite(config(3, 'open'), at, { userAgent: phone })
    expect(first.bars).toEqual({ download: true, promo: true, tip: false, brandName: 'Brasil <b>' })
    const html = firstScreenMarkup(first, kit)
    const order = ['<aside class="download-banner first-screen__phone"', '<aside class="promo-banner first-screen__phone"', '<section class="lobby">']
    expect(order.map((part) => html.indexOf(part)).every((at, i, all) => at > 0 && (i === 0 || at > all[i - 1]!))).toBe(true)
    expect(html).toContain('<strong>Brasil &lt;b&gt; app</strong>')
    expect(html).not.toContain('install-tip')
    // The banner closed here (the lobby's cookie, among others): the install tip takes its turn, in the banner's place.
    const closedBanner = firstScreenSite(config(3, 'open'), at, { userAgent: phone, cookie: 'a=1; lobby_bars=d; b=2' })
    expect(closedBanner.bars).toMatchObject({ download: false, promo: true, tip: true })
    const tipHtml = firstScreenMarkup(closedBanner, kit)
    expect(tipHtml.indexOf('<aside class="promo-banner first-screen__phone"')).toBeLessThan(tipHtml.indexOf('<aside class="install-tip first-screen__phone"'))
    expect(tipHtml).toContain('<p class="install-tip__text">Add Brasil &lt;b&gt; to your home screen for one-tap access</p>')
    // Closed and 'don't show again' here: neither comes back.
    expect(firstScreenSite(config(3, 'open'), at, { userAgent: phone, cookie: 'a=1; lobby_bars=dt; b=2' }).bars).toMatchObject({ download: false, promo: true, tip: false })
    expect(firstScreenSite(config(3, 'open'), at, { userAgent: phone, cookie: 'lobby_bars=t' }).bars).toMatchObject({ download: true, tip: false })
    expect(firstScreenSite(config(3, 'open'), at, { userAgent: phone, cookie: 'lobby_bars=' }).bars).toMatchObject({ download: true, tip: false })
    // The brand's switch closed or the native app shell of a site that hides the banner: the tip instead; pwal=0: neither; a layout without the invitation bar.
    expect(firstScreenSite(config(3, 'close'), at, { userAgent: phone }).bars).toMatchObject({ download: false, tip: true })
    expect(firstScreenSite(config(3, 'open'), at, { userAgent: `${phone} LobbyApp/2.1` }).bars).toMatchObject({ download: false, tip: true })
    expect(firstScreenSite(config(3, 'close'), new URL('http://h/home/game?pwal=0'), { userAgent: phone }).bars).toMatchObject({ download: false, tip: false })
    const classic = firstScreenSite(config(1, 'close'), at, { userAgent: phone, cookie: 'lobby_bars=t' })
    expect(classic.bars).toEqual({ download: false, promo: false, tip: false, brandName: 'Brasil <b>' })
    expect(firstScreenMarkup(classic, kit)).not.toMatch(/download-banner|promo-banner|install-tip/)
  })

  it('is painted only for the routes that open on the game lobby', () => {
    for (const at of ['/', '/home', '/home/', '/home/game', '/home/game?gameCategoryId=3&site=101']) expect(opensOnLobby(new URL(at, 'http://h')), at).toBe(true)
    for (const at of ['/home/game?tabItem=mine', '/home/about', '/home/search', '/home/subgame', '/home/event', '/auth', '/404']) expect(opensOnLobby(new URL(at, 'http://h')), at).toBe(false)
  })

  it('puts the page\'s stylesheets inline with the nonce and keeps their links disabled', () => {
    const page = '<html lang="en"><head><link rel="stylesheet" crossorigin href="/assets/a.css"><link rel="stylesheet" href="/assets/b.css"></head><body><div id="root"></div></body></html>'
    expect(stylesheetsOf(page)).toEqual(['/assets/a.css', '/assets/b.css'])
    const out = injectFirstScreen(page, SITE, kit, { nonce: 'n0nce', css: '.a{}</style><script>x</script>' })
    expect(out).toContain('<html lang="en-US" data-theme="1" data-layout="classic">')
    expect(out).toContain('<style nonce="n0nce">.a{}<\\/style><script>x</script></style><link rel="stylesheet" crossorigin href="/assets/a.css" disabled>')
    expect(out).toContain('<link rel="stylesheet" href="/assets/b.css" disabled>')
    expect(out.indexOf('<div id="first-screen"')).toBeLessThan(out.indexOf('<div id="root">'))
  })
})

describe('the page answer of a hall serving a build', () => {
  let hall: Hall
  let dir: string

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lobby-first-screen-'))
    mkdirSync(join(dir, 'assets'))
    writeFileSync(join(dir, 'assets', 'first.css'), '.first{color:red}')
    writeFileSync(join(dir, FIRST_SCREEN_KIT_FILE), JSON.stringify(kit))
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html lang="en"><head><script type="module" src="/assets/index.js"></script><link rel="stylesheet" crossorigin href="/assets/first.css"></head><body><div id="root"></div></body></html>',
    )
    hall = await startHall({ port: 0, dataDir: 'memory', mode: 'test', staticDir: dir })
  }, 60_000)
  afterAll(async () => {
    await hall.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const page = (path: string, encoding = 'identity', headers: Record<string, string> = {}) =>
    fetch(`${hall.url}${path}`, { headers: { accept: 'text/html', 'accept-encoding': encoding, ...headers } })

  it('carries the first screen on the home route, its styles under the policy\'s nonce, compressed when asked', async () => {
    const res = await page('/home/game?site=101', 'gzip')
    expect(res.headers.get('content-encoding')).toBe('gzip')
    // (fetch decodes the body.)
    const html = await res.text()
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1]
    expect(nonce).toBeDefined()
    expect(html).toContain(`<style nonce="${nonce}">.first{color:red}</style>`)
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/first.css" disabled>')
    expect(html).toContain('<div id="first-screen" class="first-screen">')
    expect(html).toContain('<span class="logo__text">Lobby Brasil</span>')
    expect(html).toContain('<span class="menu__label">Populares</span>')
  })

  it('paints the phone’s bars this browser kept open, read from its cookie; the answer is its own, kept by no shared cache', async () => {
    const first = await page('/home/game?site=101')
    expect(first.headers.get('cache-control')).toBe('private, no-cache')
    const html = await first.text()
    for (const bar of ['download-banner', 'promo-banner']) expect(html).toContain(`<aside class="${bar} first-screen__phone"`)
    expect(html).not.toContain('install-tip')
    expect(await (await page('/home/game?site=101', 'identity', { cookie: 'lobby_bars=d' })).text()).toContain('<aside class="install-tip first-screen__phone"')
    const closed = await (await page('/home/game?site=101', 'identity', { cookie: 'lobby_bars=dt' })).text()
    expect(closed).not.toContain('download-banner')
    expect(closed).not.toContain('install-tip')
    expect(closed).toContain('<aside class="promo-banner first-screen__phone"')
  })

  it('keeps the plain page on the other routes', async () => {
    const res = await page('/home/about')
    expect(res.headers.get('content-encoding')).toBeNull()
    const html = await res.text()
    expect(html).not.toContain('first-screen')
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/first.css">')
    expect(html).not.toContain('<style')
  })
})
