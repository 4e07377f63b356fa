/**
 * The offline page (issue 27; docs/architecture.md "Offline"): the lobby's service worker (Workbox),
 * allowed here (other files block it), keeps the first route's files, and a lazy screen's files as
 * they are first fetched, and, when the network is gone, answers
 * a page with the offline page in the player's language and a link that tries the same address
 * again; back online, that link opens the lobby.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { ShellPage } from './support/shell.model'
import { useBrowser } from './support/browser'

const kit = useBrowser()

/** The language the worker was told, as it keeps it. */
const toldLanguage = (page: Page) =>
  page.evaluate(async () => {
    const hit = await (await caches.open('lobby-meta')).match('/__offline/language')
    return hit === undefined ? null : hit.text()
  })

const CASES = [
  { size: 'phone', site: '101', language: 'pt_BR', lang: 'pt-BR', title: 'Você está offline', retry: 'Tentar novamente' },
  { size: 'desktop', site: '001', language: 'en_US', lang: 'en-US', title: 'You are offline', retry: 'Try again' },
] as const

describe.each(CASES)('offline at $size size', ({ size, site, language, lang, title, retry }) => {
  it(`answers the offline page in the player's language (${language}) and opens the lobby again once back online`, async () => {
    const { context, page, errors } = await kit.open(size, { serviceWorkers: 'allow' })
    const shell = new ShellPage(page, kit.hallUrl)
    await shell.open(`home/game?site=${site}`)
    await shell.waitReady()

    // The worker takes the page over and keeps the first route's files.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true)
    const entry = await page.evaluate(() => document.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/index-"]')?.getAttribute('src') ?? null)
    expect(entry).toMatch(/^\/assets\/index-/)
    const cached = () =>
      page.evaluate(async (path) => {
        for (const name of await caches.keys()) if (name.startsWith('lobby-assets-') && (await (await caches.open(name)).match(path)) !== undefined) return true
        return false
      }, entry ?? '')
    await expect.poll(cached).toBe(true)
    await expect.poll(() => toldLanguage(page)).toBe(language)

    // A screen behind the first route is kept as its files are first fetched (Workbox's CacheFirst,
    // its own cache per build): its code and its words, never a hall call.
    await page.evaluate(() => window.__lobby!.system.send({ type: 'nav.requested', name: 'about' }))
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home/about')
    const kept = () =>
      page.evaluate(async () => {
        const names = (await caches.keys()).filter((n) => n.startsWith('lobby-runtime-'))
        return (await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).map((r) => new URL(r.url).pathname)))).flat().sort()
      })
    // Each file is kept once its answer is in (the worker puts it after answering): wait for both.
    const keptAbout = async () => {
      const files = await kept()
      return files.some((p) => /^\/assets\/AboutPages-[\w-]+\.js$/.test(p)) && (language === 'en_US' || files.some((p) => p.startsWith(`/assets/locale-${language}-about-`)))
    }
    await expect.poll(keptAbout, { timeout: 15_000 }).toBe(true)
    expect((await kept()).every((p) => p.startsWith('/assets/'))).toBe(true)
    await page.goBack()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home/game')

    expect(errors).toEqual([])

    // The network gone, the page asked again is the offline page, in the player's language.
    const url = page.url()
    await context.setOffline(true)
    const answer = await page.reload()
    expect(answer?.status()).toBe(503)
    await page.getByRole('heading', { name: title }).waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe(lang)
    const again = page.getByRole('link', { name: retry })
    expect(await again.getAttribute('href')).toBe(url)

    // Offline, the browser reports only the loads that could not reach the network and the
    // offline page's own status.
    const offlineLoad = /^Failed to load resource: (net::ERR_INTERNET_DISCONNECTED|the server responded with a status of 503 \(\)): http:\/\/127\.0\.0\.1:\d+\//
    expect(errors.filter((e) => !offlineLoad.test(e))).toEqual([])
    errors.length = 0

    // Back online, the link opens the lobby where it was.
    await context.setOffline(false)
    await again.click()
    await shell.waitReady()
    expect(page.url()).toBe(url)
    expect(errors).toEqual([])
  })
})
