import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'

/**
 * About us and version update at phone and desktop sizes (screens §2 /home/about while
 * aboutUsStatus is 1, /home/update with a non-empty version list, and their personal-centre menu
 * entries): the site's about-us document shown with its operator HTML sanitized (script, handler
 * and javascript: payloads run nothing), and the released versions with the running one marked.
 * Site 001's about-us document is this file's to change (put back after the test).
 */
const kit = useBrowser()

const HOSTILE = [
  '<h2>Our story</h2><p><b>Since 2020</b></p>',
  '<img src="data:image/png;base64,AAAA" alt="" onerror="window.__pwned = \'img\'">',
  '<script>window.__pwned = \'script\'</script>',
  '<a href="javascript:window.__pwned = \'link\'">A link</a>',
  '<svg><animate onbegin="window.__pwned = \'svg\'" attributeName="x" dur="1s"></animate></svg>',
].join('')

const checkAbout = async (page: Page): Promise<void> => {
  await page.getByRole('heading', { name: 'About Lobby', level: 1 }).waitFor({ timeout: 15_000 })
  const article = page.locator('article.about__content')
  await article.getByRole('heading', { name: 'Our story' }).waitFor()
  await article.getByText('Since 2020').waitFor()
  expect(await article.locator('script, [onerror], [onbegin], a[href^="javascript:"]').count()).toBe(0)
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined()
}

const checkUpdate = async (page: Page): Promise<void> => {
  await page.getByRole('heading', { name: 'Version update', level: 1 }).waitFor({ timeout: 15_000 })
  await page.getByText('You are using version 0.1.0.').waitFor()
  const list = page.getByRole('list', { name: 'Released versions' })
  await list.getByRole('heading', { name: /^Version 0\.1\.0\s*Current$/ }).waitFor()
  await list.getByText('First release of the lobby.').waitFor()
}

describe.each(['desktop', 'phone'] as const)('about us and version update at %s size', (size) => {
  it('shows the about-us document sanitized and the released versions', async () => {
    const original = (await kit.control('site-document', { siteCode: '001', name: 'aboutUs' }))['doc'] as Record<string, unknown>
    await kit.control('site-document', { siteCode: '001', name: 'aboutUs', patch: { content: HOSTILE } })
    try {
      const player = await kit.player()
      if (size === 'desktop') {
        const { page, errors } = await kit.openLobby(size, 'home/game?site=001', { as: player })
        const menu = async (entry: string) => {
          await page.getByRole('banner').getByRole('button', { name: /^My account/ }).click()
          await page.getByRole('button', { name: entry, exact: true }).click({ timeout: 15_000 })
        }
        await menu('About us')
        await expect.poll(() => new URL(page.url()).pathname).toBe('/home/about')
        await checkAbout(page)
        await menu('Updates')
        await expect.poll(() => new URL(page.url()).pathname).toBe('/home/update')
        await checkUpdate(page)
        expect(errors).toEqual([])
      } else {
        const about = await kit.openLobby(size, 'home/about?site=001')
        await checkAbout(about.page)
        expect(about.errors).toEqual([])
        // The update page is private: signed in, the phone opens its address (the Mine page has no entry, spec §2).
        const { page, errors } = await kit.openLobby(size, 'home/update?site=001', { as: player })
        await expect.poll(() => new URL(page.url()).pathname).toBe('/home/update')
        await checkUpdate(page)
        expect(errors).toEqual([])
      }
    } finally {
      await kit.control('site-document', { siteCode: '001', name: 'aboutUs', patch: original })
    }
  })
})
