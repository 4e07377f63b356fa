import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'

/**
 * The home page's banner carousel and site footer, and the global popups of this issue, at phone
 * and desktop sizes (screens §2 home, global popups maintenance, iframePopup, receiveTips,
 * feedback; §3 maintenance info; calls §7.3 banner index, footerConfig, §7.9 useFirstFlag):
 *
 * - each banner follows its location type (none 1 ... yuebao 10); the carousel has its pause,
 *   previous, next and per-banner controls, moves with the arrow keys, and starts paused for a
 *   player who asks for reduced motion;
 * - the footer's links, licences and logos (served by the hall) and its operator HTML sanitized;
 * - an operator's script, event-handler and javascript: payloads (banner address and title,
 *   footer text and links, maintenance service address) execute nothing;
 * - the maintenance popup of a site in maintenance mode, the receive tips after the first award,
 *   the feedback popup.
 *
 * Site 001's banners, footer and maintenance information are this file's to change (put back).
 */
const kit = useBrowser()
type Size = 'desktop' | 'phone'

interface BannerBody { title: string; locationType: number; locationValue?: string; jumpWindow?: 0 | 1 }

const ALL_TYPES: ReadonlyArray<BannerBody> = [
  { title: 'Just a picture', locationType: 1 },
  { title: 'Partner page', locationType: 2, locationValue: 'https://partner.example.com/promo' },
  { title: 'Promotions', locationType: 3 },
  { title: 'Daily tasks', locationType: 4 },
  { title: 'Top up', locationType: 5 },
  { title: 'Cashback day', locationType: 6 },
  { title: 'Bring a friend', locationType: 7 },
  { title: 'VIP levels', locationType: 8 },
  { title: 'The club', locationType: 9 },
  { title: 'Savings', locationType: 10 },
  { title: 'Hostile <img src=x onerror="window.__pwned=1">', locationType: 2, locationValue: "javascript:window.__pwned='banner'" },
]

const withBanners = async (banners: ReadonlyArray<BannerBody>): Promise<() => Promise<void>> => {
  const before = await kit.control('banners', { siteCode: '001', banners })
  return async () => {
    await kit.control('banners', { siteCode: '001', banners: before['banners'] })
  }
}

const carousel = (page: Page) => page.getByRole('region', { name: 'Banners' })
const pwned = (page: Page) => page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)

/** Shows the banner titled so (its dot) and presses it. */
const press = async (page: Page, title: string): Promise<void> => {
  await carousel(page).getByRole('button', { name: `Show ${title}`, exact: true }).click()
  await carousel(page).getByRole('button', { name: title, exact: true }).click()
}

/** Back to the game page in the lobby itself (a reload would boot the lobby again for each route). */
const home = async (page: Page): Promise<void> => {
  await page.evaluate(() => window.__lobby!.system.send({ type: 'nav.requested', name: 'game' }))
  await expect.poll(() => new URL(page.url()).pathname).toBe('/home/game')
  await carousel(page).getByRole('group').first().waitFor({ timeout: 15_000 })
}

describe.each(['desktop', 'phone'] as const)('the home page at %s size', (size: Size) => {
  it('shows the banners and follows each location type; the carousel is keyboard usable and pausable', async () => {
    const restore = await withBanners(ALL_TYPES)
    try {
      const player = await kit.player()
      const { page, errors } = await kit.openLobby(size, 'home/game?site=001', { as: player })
      const region = carousel(page)
      // Pause, previous, next and the arrow keys (paused first: it rotates while the player signs in).
      await region.getByRole('button', { name: 'Pause the banners' }).click({ timeout: 15_000 })
      await region.getByRole('button', { name: 'Play the banners' }).waitFor()
      expect(await region.locator('[aria-live]').getAttribute('aria-live')).toBe('polite')
      await region.getByRole('button', { name: 'Show Just a picture', exact: true }).click()
      await region.getByRole('group', { name: `1 of ${ALL_TYPES.length}` }).waitFor()
      // The pictures are the hall's.
      await expect.poll(() => region.getByRole('img', { name: 'Just a picture' }).evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true)
      await region.getByRole('button', { name: 'Next banner' }).click()
      await region.getByRole('group', { name: `2 of ${ALL_TYPES.length}` }).waitFor()
      await region.getByRole('button', { name: 'Next banner' }).press('ArrowLeft')
      await region.getByRole('group', { name: `1 of ${ALL_TYPES.length}` }).waitFor()
      await region.getByRole('button', { name: 'Previous banner' }).click()
      await region.getByRole('group', { name: `${ALL_TYPES.length} of ${ALL_TYPES.length}` }).waitFor()

      // None (1): the picture alone, no button.
      await region.getByRole('button', { name: 'Show Just a picture', exact: true }).click()
      await region.getByRole('img', { name: 'Just a picture' }).waitFor()
      expect(await region.getByRole('button', { name: 'Just a picture', exact: true }).count()).toBe(0)

      // External url (2): the operator's page in the iframe popup, sandboxed without the lobby's origin.
      await press(page, 'Partner page')
      const framed = page.getByRole('dialog', { name: 'Partner page' })
      const frame = framed.locator('iframe')
      expect(await frame.getAttribute('src')).toBe('https://partner.example.com/promo')
      expect(await frame.getAttribute('sandbox')).not.toContain('allow-same-origin')
      await framed.getByRole('link', { name: 'Open in a new window' }).waitFor()
      await framed.getByRole('button', { name: 'Close' }).last().click()
      await expect.poll(() => framed.count()).toBe(0)

      // Recharge (5): the deposit popup.
      await press(page, 'Top up')
      const pay = page.getByRole('dialog', { name: 'Deposit' })
      await pay.waitFor({ timeout: 15_000 })
      await page.keyboard.press('Escape')
      await expect.poll(() => pay.count()).toBe(0)

      // The routes: event 3, task 4, cashback 6, promote 7, vip 8, club 9 (the club category, which
      // offers the club and its app), yuebao 10 (schemas/link-target.ts).
      const routes: ReadonlyArray<readonly [string, string, Readonly<Record<string, string>>?]> = [
        ['Promotions', '/home/event/index'], ['Daily tasks', '/home/event/task'], ['Cashback day', '/home/event/cashback'],
        ['Bring a friend', '/home/promote'], ['VIP levels', '/home/vip'], ['The club', '/home/subgame', { gameCategoryId: '9' }], ['Savings', '/home/yuebao'],
      ]
      for (const [title, path, query] of routes) {
        await press(page, title)
        await expect.poll(() => new URL(page.url()).pathname, { message: title }).toBe(path)
        for (const [key, value] of Object.entries(query ?? {})) expect(new URL(page.url()).searchParams.get(key)).toBe(value)
        if (path === '/home/subgame') await page.getByTestId('club-note').waitFor()
        await home(page)
      }

      // A hostile banner: its title is text, its javascript: address leads nowhere.
      const hostile = ALL_TYPES.at(-1)!.title
      await press(page, hostile)
      expect(await page.getByRole('dialog').count()).toBe(0)
      expect(new URL(page.url()).pathname).toBe('/home/game')
      expect(await pwned(page)).toBeUndefined()
      expect(errors).toEqual([])
    } finally {
      await restore()
    }
  })

  it('starts paused for a player who asks for reduced motion', async () => {
    const { page } = await kit.open(size)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto(`${kit.hallUrl}/home/game?site=001`)
    const region = carousel(page)
    await region.getByRole('button', { name: 'Play the banners' }).waitFor({ timeout: 20_000 })
    expect(await region.locator('[aria-live]').getAttribute('aria-live')).toBe('polite')
    await region.getByRole('group', { name: '1 of 4' }).waitFor()
  })

  it('shows the footer: links by route, licences and logos; operator payloads run nothing; feedback is sent from its popup', async () => {
    const hostile = {
      licenseText: '<p><b>Licensed</b> for play</p><script>window.__pwned="script"</script><img src="data:image/png;base64,AAAA" onerror="window.__pwned=\'img\'" alt=""><a href="javascript:window.__pwned=\'link\'">terms</a>',
      columns: [
        { title: 'About', links: [{ name: 'About us', url: '/home/about' }, { name: 'Sneaky', url: "javascript:window.__pwned='column'" }, { name: 'Blog', url: 'https://blog.example.com/' }] },
      ],
    }
    await kit.patchSite('001', 'footerConfig', hostile)
    const player = await kit.player()
    const { page, errors } = await kit.openLobby(size, 'home/game?site=001', { as: player })
    const footer = page.getByRole('contentinfo', { name: 'Site footer' }).or(page.locator('footer.site-footer'))
    await footer.getByText('Licensed').waitFor({ timeout: 15_000 })
    expect(await footer.locator('script, [onerror], a[href^="javascript:"]').count()).toBe(0)
    expect(await footer.getByRole('link', { name: 'Sneaky' }).count()).toBe(0)
    expect(await footer.getByRole('link', { name: 'Blog' }).getAttribute('target')).toBe('_blank')
    for (const name of ['Payment methods', 'Game providers', 'Licences']) await footer.getByRole('heading', { name }).waitFor()
    await footer.getByRole('img', { name: 'Pix' }).waitFor()
    await expect
      .poll(() => footer.locator('img.site-footer__logo').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)))
      .toBe(true)
    expect(await pwned(page)).toBeUndefined()

    // The feedback popup: the feedback form, sent without leaving the page.
    await footer.getByRole('button', { name: 'Send feedback' }).click()
    const popup = page.getByRole('dialog', { name: 'Feedback' })
    await popup.getByRole('textbox', { name: 'Your feedback' }).fill('The footer popup works well for me.')
    await popup.getByRole('button', { name: 'Send feedback', exact: true }).click()
    await popup.getByRole('status').filter({ hasText: /^Thank you! Your feedback was sent\.$/ }).waitFor({ timeout: 15_000 })
    await popup.getByRole('button', { name: 'My feedback' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home/feedback')
    await page.getByText('The footer popup works well for me.').first().waitFor({ timeout: 15_000 })

    // A lobby path of the footer goes to its route.
    await home(page)
    await page.locator('footer.site-footer').getByRole('link', { name: 'About us' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home/about')
    expect(errors).toEqual([])
  })

  it('a site in maintenance mode shows the maintenance popup with its window; a script address is not offered', async () => {
    await kit.patchSite('001', 'maintain', { start_time: '2026-12-01 02:00:00', end_time: '2026-12-01 04:00:00', online_service: "javascript:window.__pwned='service'" })
    await kit.control('maintenance', { siteCode: '001', maintainStatus: 1 })
    const { page, errors } = await kit.open(size)
    await page.goto(`${kit.hallUrl}/home/game?site=001`)
    // A desktop visitor is asked to log in first; the maintenance popup waits behind it.
    if (size === 'desktop') {
      await page.getByRole('dialog', { name: 'Log in' }).waitFor({ timeout: 20_000 })
      await page.keyboard.press('Escape')
    }
    const popup = page.getByRole('dialog', { name: 'Maintenance' })
    await popup.getByText('Planned from 2026-12-01 02:00:00 to 2026-12-01 04:00:00').waitFor({ timeout: 20_000 })
    expect(await popup.getByRole('link').count()).toBe(0)
    await popup.getByRole('button', { name: 'Got it' }).click()
    await expect.poll(() => popup.count()).toBe(0)
    expect(await pwned(page)).toBeUndefined()
    expect(errors).toEqual([])

    // With an http(s) address, the online service is offered.
    await kit.patchSite('001', 'maintain', { online_service: 'https://support.example.com/chat' })
    await page.reload()
    if (size === 'desktop') {
      await page.getByRole('dialog', { name: 'Log in' }).waitFor({ timeout: 20_000 })
      await page.keyboard.press('Escape')
    }
    await popup.getByRole('link', { name: 'Contact customer service' }).waitFor({ timeout: 20_000 })
    expect(await popup.getByRole('link', { name: 'Contact customer service' }).getAttribute('href')).toBe('https://support.example.com/chat')
  })

  it('the first award received shows the receive tips once', async () => {
    const player = await kit.player()
    await kit.control('message', { username: player.username, type: 1, title: 'First gift', content: '<p>For you</p>', award: '2' })
    await kit.control('message', { username: player.username, type: 1, title: 'Second gift', content: '<p>Again</p>', award: '3' })
    const { page, errors, shell } = await kit.openLobby(size, 'home/notice?site=001&noticeType=1', { as: player })
    const receive = async (title: string) => {
      await page.getByRole('button', { name: `Open ${title}, unread` }).click({ timeout: 15_000 })
      const dialog = page.getByRole('dialog', { name: title })
      await dialog.getByRole('button', { name: 'Receive' }).click()
      await dialog.getByRole('status').filter({ hasText: /received$/ }).waitFor()
      return dialog
    }
    await receive('First gift')
    const tips = page.getByRole('dialog', { name: 'Reward received' })
    await tips.getByText(/listed in your receive records/).waitFor({ timeout: 15_000 })
    await tips.getByRole('button', { name: 'Got it' }).click()
    await expect.poll(() => tips.count()).toBe(0)
    // The Receive button that had focus is gone: focus lands in the message's dialog beneath,
    // so Escape closes it.
    const focusedIn = () => page.evaluate(() => document.activeElement?.closest('dialog')?.querySelector('h2')?.textContent ?? null)
    await expect.poll(focusedIn).toBe('First gift')
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog', { name: 'First gift' }).count()).toBe(0)
    const second = await receive('Second gift')
    await second.getByRole('button', { name: 'Close' }).last().click()
    // Once the hall has answered the flag's second use (first 0), no tips show again.
    const flagAnswers = async () =>
      (await shell.events<{ type: string; call?: string }>()).filter((e) => e.type === 'hall.responded' && e.call === 'useFirstFlag').length
    await expect.poll(flagAnswers, { timeout: 15_000 }).toBe(2)
    expect(await tips.count()).toBe(0)
    expect(errors).toEqual([])
  })
})
