/**
 * The first screen painted from HTML (docs/architecture.md "The first screen"; server/first-screen.ts):
 * the hall writes the home page's shell into the page, so it shows its header and categories with
 * JavaScript off, and the carousel's first banner (the page's largest picture); with JavaScript on,
 * the lobby takes that screen over in one frame: no boot screen in between, no layout shift, the
 * lobby's own header in place of the hall's and its carousel on the same picture.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { useBrowser, type Size } from './support/browser'

const kit = useBrowser()

/** The lobby's words of a language (shell namespace unless named), by key: what the lobby and the hall both show. */
const words = (language: string, namespace = 'shell') => {
  const all = JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${language}/${namespace}.json`, import.meta.url), 'utf8')) as Record<string, Record<string, string>>
  return (key: string): string => {
    const [group = '', name = ''] = key.split('.')
    const found = all[group]?.[name]
    if (typeof found !== 'string') throw new Error(`${language}/${namespace}.json has no ${key}`)
    return found
  }
}

/** Desktop: classic (a rail) and European-American (an open panel, recent and favourites in it); phone: the Brazilian site in Portuguese. */
const CASES = [
  { size: 'desktop', site: '001', name: 'Lobby', language: 'en_US', menu: ['hot', 'search', 'demo', 'club', 'chess', 'fish', 'electronic', 'real', 'sports', 'lottery'] },
  { size: 'desktop', site: '201', name: 'Lobby Europa', language: 'en_US', menu: ['hot', 'search', 'recent', 'collect', 'demo', 'chess', 'lottery'] },
  { size: 'phone', site: '101', name: 'Lobby Brasil', language: 'pt_BR', menu: ['hot', 'search', 'recent', 'collect', 'demo', 'chess', 'fish', 'lottery'] },
] as const satisfies ReadonlyArray<{ size: Size; site: string; name: string; language: string; menu: ReadonlyArray<string> }>

/** What the page records from its start (an init script, before any of its own scripts runs). */
interface Watch {
  /** Every layout shift, as the browser reports it. */
  readonly shifts: Array<{ readonly value: number; readonly startTime: number; readonly sources: ReadonlyArray<string> }>
  /** Whether the first screen was in the page when its HTML was parsed. */
  painted: boolean
  /** When the first screen went, and the first frame after that. */
  removedAt: number | null
  frameAfter: number | null
  /** A frame in which the lobby's root showed its boot screen. */
  bootShown: boolean
  /** The boxes of the lobby's shell in the commit that removed the first screen. */
  boxes: Record<string, ReadonlyArray<readonly [number, number, number, number]>> | null
}

/**
 * The parts of the shell whose place must not move when the lobby takes over, by selector. (The
 * header's actions are the lobby's to change as it starts: the realtime socket's status joins them
 * while it connects, and the sign-in buttons make room.)
 */
const PARTS = (size: Size): ReadonlyArray<string> => [
  '.header',
  '.logo',
  // The banner shown: the first screen's picture is the carousel's first slide, where the lobby shows it.
  '.carousel__slide:not([hidden]) .carousel__image',
  // The categories of the side menu (the European-American panel lists the system entries after them);
  // on a phone the tab bar, and the bars above the page that this browser has not closed.
  ...(size === 'desktop'
    ? ['.menu--side', '.menu--side ul:first-of-type .menu__item']
    : ['.tabbar', '.tabbar__item', '.download-banner', '.promo-banner', '.install-tip']),
]

/** The boxes of `selectors` under `root`: [x, y, width, height] of each match, rounded to 1/10 px. */
const boxesIn = (page: Page, root: string, selectors: ReadonlyArray<string>) =>
  page.evaluate(
    ({ root, selectors }) =>
      Object.fromEntries(
        selectors.map((s) => [
          s,
          [...document.querySelectorAll(`${root} ${s}`)].map((el) => {
            const r = el.getBoundingClientRect()
            return [r.x, r.y, r.width, r.height].map((v) => Math.round(v * 10) / 10) as [number, number, number, number]
          }),
        ]),
      ),
    { root, selectors },
  )

/**
 * Loads `url` in `page` (JavaScript on) watching the takeover from the page's start (an init
 * script, before any of its own scripts runs): the layout shifts, whether a frame showed the boot
 * screen, and the boxes of `parts` in the lobby's shell in the commit that removed the first screen.
 */
const watchTakeover = async (page: Page, url: string, parts: ReadonlyArray<string>): Promise<Watch> => {
  await page.addInitScript((parts: ReadonlyArray<string>) => {
    const watch: Watch = { shifts: [], painted: false, removedAt: null, frameAfter: null, bootShown: false, boxes: null }
    ;(window as unknown as { __firstScreen: Watch }).__firstScreen = watch
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as Array<{ value: number; startTime: number; sources: Array<{ node: Element | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }> }>)
        watch.shifts.push({ value: e.value, startTime: e.startTime, sources: e.sources.map((x) => `${x.node?.nodeName}.${x.node instanceof Element ? x.node.className : ''} in ${x.node?.parentElement?.closest('[id]')?.id} ${JSON.stringify(x.previousRect)} -> ${JSON.stringify(x.currentRect)}`) })
    }).observe({ type: 'layout-shift', buffered: true })
    document.addEventListener('DOMContentLoaded', () => {
      watch.painted = document.getElementById('first-screen') !== null
    })
    // Every frame until the takeover: the lobby's root never shows its boot screen.
    const frame = () => {
      const root = document.getElementById('root')
      if (root !== null && root.querySelector('.boot') !== null && getComputedStyle(root).display !== 'none') watch.bootShown = true
      if (watch.removedAt === null) requestAnimationFrame(frame)
    }
    requestAnimationFrame(frame)
    new MutationObserver((records, observer) => {
      if (!records.some((r) => [...r.removedNodes].some((n) => (n as Element).id === 'first-screen'))) return
      observer.disconnect()
      watch.removedAt = performance.now()
      // Still in the commit that removed it, before that frame paints: where the lobby's shell is.
      watch.boxes = Object.fromEntries(
        parts.map((s) => [
          s,
          [...document.querySelectorAll(`#root ${s}`)].map((el) => {
            const r = el.getBoundingClientRect()
            return [r.x, r.y, r.width, r.height].map((v) => Math.round(v * 10) / 10) as [number, number, number, number]
          }),
        ]),
      )
      requestAnimationFrame(() => requestAnimationFrame((at) => (watch.frameAfter = at)))
    }).observe(document, { childList: true, subtree: true })
  }, parts)
  await page.goto(url)
  await page.locator('#root').getByRole('banner').waitFor({ timeout: 30_000 })
  const watch = () => page.evaluate(() => (window as unknown as { __firstScreen: Watch }).__firstScreen)
  await expect.poll(async () => (await watch()).frameAfter).not.toBeNull()
  // The lobby settles (its first games listed); the takeover's shifts are long reported by then.
  await page.locator('.game-tile').first().waitFor({ timeout: 30_000 })
  return watch()
}

/** The boxes of the first screen painted from HTML alone (JavaScript off), in a context with these cookies. */
const servedBoxes = async (size: Size, url: string, parts: ReadonlyArray<string>, cookies: Parameters<BrowserContext['addCookies']>[0] = []) => {
  const { context, page } = await kit.open(size, { javaScriptEnabled: false })
  await context.addCookies(cookies)
  await page.goto(url)
  await page.getByRole('banner').waitFor()
  return boxesIn(page, '#first-screen', parts)
}

describe.each(CASES)('the first screen at $size size (site $site)', ({ size, site, name, language, menu }) => {
  const t = words(language)
  const path = `home/game?site=${site}`

  it('shows the header and the categories with JavaScript off', async () => {
    const { page } = await kit.open(size, { javaScriptEnabled: false })
    await page.goto(`${kit.hallUrl}/${path}`)
    const header = page.getByRole('banner')
    await header.waitFor()
    // The site's name and logo (the phone header keeps the mark; the name stays its accessible name).
    await header.getByRole('link', { name: t('header.logo').replace('{{site}}', name), exact: true }).waitFor()
    expect(await header.locator('.logo__image').isVisible()).toBe(true)
    if (size === 'desktop') expect(await header.getByText(name, { exact: true }).isVisible()).toBe(true)
    for (const label of [t('header.login'), t('header.register')]) expect(await header.getByText(label, { exact: true }).isVisible()).toBe(true)

    // The categories, named in the site's language, each a link to its list.
    const categories = size === 'desktop' ? page.getByRole('navigation', { name: t('menu.label') }) : page.getByRole('main').getByRole('list').first()
    for (const key of menu) {
      const link = categories.getByRole('link', { name: t(`category.${key}`), exact: true })
      expect(await link.isVisible(), `${key} shows`).toBe(true)
    }
    expect(await categories.getByRole('link', { name: t('category.hot'), exact: true }).getAttribute('aria-current')).toBe('page')
    if (size === 'phone') {
      // The tab bar of the site's layout; the desktop menu is not drawn on a phone, the tab bar not on a desktop.
      const tabs = page.getByRole('navigation', { name: t('tab.label') })
      expect(await tabs.getByText(t('tab.home'), { exact: true }).isVisible()).toBe(true)
      expect(await page.getByRole('navigation', { name: t('menu.label') }).isVisible()).toBe(false)
    } else {
      expect(await page.locator('.tabbar').isVisible()).toBe(false)
    }
    // The carousel's first banner, the page's largest picture, asked first.
    const picture = page.locator('#first-screen .carousel__image')
    expect(await picture.isVisible()).toBe(true)
    expect(await picture.getAttribute('fetchpriority')).toBe('high')
    expect(await picture.getAttribute('src')).toMatch(new RegExp(`^/hall/static/banners/${site}/\\d+\\.svg$`))
    await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true)
    // The lobby's root (empty without its scripts) takes no room.
    expect(await page.locator('#root').isVisible()).toBe(false)
  })

  it('is taken over by the lobby with no boot screen between and nothing moved', async () => {
    // Where the first screen's parts are, painted from HTML alone.
    const served = await servedBoxes(size, `${kit.hallUrl}/${path}`, PARTS(size))

    const { page, errors } = await kit.open(size)
    const seen = await watchTakeover(page, `${kit.hallUrl}/${path}`, PARTS(size))

    expect(seen.painted).toBe(true)
    expect(seen.bootShown).toBe(false)
    // A first visit on a phone: the download and invitation bars were painted, and stay; one install
    // invitation at a time, so no install tip beside the download banner.
    if (size === 'phone') {
      for (const bar of ['.download-banner', '.promo-banner']) expect(served[bar], bar).toHaveLength(1)
      expect(served['.install-tip']).toEqual([])
    }
    // No shift up to the frame after the takeover.
    const takeover = seen.shifts.filter((s) => s.startTime <= seen.frameAfter!)
    expect(takeover.reduce((sum, s) => sum + s.value, 0), JSON.stringify({ takeover, removedAt: seen.removedAt })).toBe(0)
    // The lobby's shell stands where the hall's did.
    expect(seen.boxes).toEqual(served)
    // One header: the lobby's, interactive, in place of the hall's.
    expect(await page.locator('#first-screen').count()).toBe(0)
    expect(await page.locator('header').count()).toBe(1)
    await page.getByRole('banner').getByRole('button', { name: t('header.login'), exact: true }).waitFor()
    // The first route's styles came inline: their links (disabled) were neither fetched nor added again.
    const styles = await page.evaluate(() => {
      const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
      const inline = links.filter((l) => l.disabled).map((l) => l.href)
      const fetched = new Set(performance.getEntriesByType('resource').map((e) => e.name))
      return { inline: inline.length, again: inline.filter((href) => fetched.has(href) || links.filter((l) => l.href === href).length > 1) }
    })
    expect(styles.inline).toBeGreaterThan(0)
    expect(styles.again).toEqual([])
    expect(errors).toEqual([])
  })
})

describe('a phone that closed the download banner and turned the install tip off (site 101)', () => {
  it('is painted without them (the kept flags come with the page) and taken over with nothing moved', async () => {
    const url = `${kit.hallUrl}/home/game?site=101`
    const t = words('pt_BR', 'layout')
    const { context, page, errors } = await kit.open('phone')
    await page.goto(url)
    const lobby = page.locator('#root')
    await lobby.getByRole('complementary', { name: t('download.label') }).getByRole('button', { name: t('download.close'), exact: true }).click()
    await lobby.getByRole('complementary', { name: t('pwa.label') }).getByRole('button', { name: t('pwa.never'), exact: true }).click()
    // The lobby keeps both and mirrors them where the hall reads them.
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'lobby_bars')?.value).toBe('dt')

    // The next visit: the hall paints the page without those two bars; the invitation bar stays.
    const served = await servedBoxes('phone', url, PARTS('phone'), await context.cookies())
    expect(served['.download-banner']).toEqual([])
    expect(served['.install-tip']).toEqual([])
    expect(served['.promo-banner']).toHaveLength(1)
    const seen = await watchTakeover(await context.newPage(), url, PARTS('phone'))
    const takeover = seen.shifts.filter((s) => s.startTime <= seen.frameAfter!)
    expect(takeover.reduce((sum, s) => sum + s.value, 0), JSON.stringify({ takeover, removedAt: seen.removedAt })).toBe(0)
    expect(seen.boxes).toEqual(served)
    expect(errors).toEqual([])
  })
})

describe('the other routes', () => {
  it('keep the plain page: no first screen, the lobby alone', async () => {
    const { page } = await kit.open('desktop', { javaScriptEnabled: false })
    await page.goto(`${kit.hallUrl}/home/about?site=001`)
    expect(await page.locator('#first-screen').count()).toBe(0)
    expect(await page.locator('#root').count()).toBe(1)
  })
})
