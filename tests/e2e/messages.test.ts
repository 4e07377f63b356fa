import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser, type Size } from './support/browser'
import { balanceOf } from './support/hall'

/**
 * The message centre at phone and desktop sizes (screens §2 /home/notice with noticeType, §3
 * notice store, §9 notices 5 a page; calls §7.9): it opens on the type the unread rule names;
 * opening a message reads it and every badge follows at once; read all and delete work; a message
 * the hall sends arrives through the socket without a reload; an award is received once and the
 * header balance follows; operator markup with script, handler and javascript: payloads executes
 * nothing. The marquee runs on the home page. Each test has a player of its own.
 */
const kit = useBrowser()

/** Operator markup that would run code if it were shown as is. */
const HOSTILE = [
  '<p><b>Bold news</b></p>',
  '<img src="data:image/png;base64,AAAA" alt="" onerror="window.__pwned = \'img\'">',
  '<script>window.__pwned = \'script\'</script>',
  '<a href="javascript:window.__pwned = \'link\'">A link</a>',
  '<svg><animate onbegin="window.__pwned = \'svg\'" attributeName="x" dur="1s"></animate></svg>',
].join('')

const headerBalance = (page: Page): Promise<string> => page.getByRole('group', { name: 'Balance' }).locator('.balance__amount').innerText()

/** The message centre's entry: the personal-centre menu on the web, the Mine page's account menu on a phone. */
const openCentre = async (page: Page, size: Size, unread: number): Promise<void> => {
  const name = new RegExp(`^Messages\\s*, ${unread} unread$`)
  if (size === 'desktop') {
    await page.getByRole('banner').getByRole('button', { name: /^My account/ }).click()
    await page.getByRole('button', { name }).click({ timeout: 30_000 })
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: new RegExp(`^Me\\s*, ${unread} unread$`) }).click({ timeout: 30_000 })
    await page.getByRole('navigation', { name: 'Account menu' }).getByRole('button', { name }).click()
  }
  await expect.poll(() => new URL(page.url()).pathname).toBe('/home/notice')
}

/** The rows of the open tab: table rows on the web, cards on a phone. */
const rows = (page: Page, size: Size, tab: string) =>
  size === 'desktop' ? page.getByRole('table', { name: tab }).locator('tbody tr') : page.getByRole('list', { name: tab }).getByRole('listitem')

describe.each(['desktop', 'phone'] as const)('message centre at %s size', (size) => {
  it('opens on the unread rule, reads a message and every badge follows, reads all, and shows operator markup inert', async () => {
    const player = await kit.player()
    await kit.control('message', { username: player.username, type: 2, title: 'Maintenance tonight', content: HOSTILE })
    await kit.control('message', { username: player.username, type: 2, title: 'New games', content: '<p>Ten new slots</p>' })
    const { page, errors } = await kit.openLobby(size, 'home/game?site=001', { as: player })
    // No unread notice, two unread announcements: the centre opens on the announcements.
    await openCentre(page, size, 2)
    expect(new URL(page.url()).searchParams.get('noticeType')).toBe('2')
    const tabs = page.getByRole('tablist', { name: 'Messages' })
    await expect.poll(() => tabs.getByRole('tab', { selected: true }).innerText()).toMatch(/^Announcements/)
    const list = rows(page, size, 'Announcements')
    await expect.poll(() => list.count()).toBe(2)
    expect(await list.first().innerText()).toContain('New games')

    // Opening a message reads it: its dialog shows the markup inert, and every count drops at once.
    await page.getByRole('button', { name: 'Open Maintenance tonight, unread' }).click()
    const dialog = page.getByRole('dialog', { name: 'Maintenance tonight' })
    await dialog.getByText('Bold news').waitFor()
    await tabs.getByRole('tab', { name: /^Announcements\s*, 1 unread$/ }).waitFor()
    await page.getByRole('button', { name: 'Open Maintenance tonight' }).waitFor({ state: 'attached' })
    expect(await dialog.locator('script, [onerror], [onbegin], a[href^="javascript:"]').count()).toBe(0)
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined()
    await dialog.getByRole('button', { name: 'Close' }).click()
    if (size === 'phone') {
      // The tab bar shows on the lobby's own pages: back there, the Me tab says 1, and leads back in.
      await page.getByRole('button', { name: 'Back to the lobby' }).click()
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Me\s*, 1 unread$/ }).waitFor()
      await openCentre(page, size, 1)
    } else await expect.poll(() => page.getByRole('banner').getByRole('button', { name: /^My account/ }).locator('.badge').getAttribute('data-badge')).toBe('1')

    // Read all: nothing unread is left, in the tab or anywhere else.
    await page.getByRole('button', { name: 'Mark all as read' }).click()
    await tabs.getByRole('tab', { name: 'Announcements', exact: true }).waitFor()
    await expect.poll(() => page.getByRole('button', { name: 'Mark all as read' }).isDisabled()).toBe(true)
    if (size === 'phone') {
      await page.getByRole('button', { name: 'Back to the lobby' }).click()
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Me', exact: true }).waitFor()
    } else await expect.poll(() => page.getByRole('banner').getByRole('button', { name: /^My account/ }).locator('.badge').count()).toBe(0)
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined()
    expect(errors).toEqual([])
  })

  it('a message sent while the centre is open arrives without a reload; its award is received once and the balance follows; then it is deleted', async () => {
    const player = await kit.player()
    await kit.control('message', { username: player.username, type: 1, title: 'Welcome', content: '<p>Hello</p>' })
    const { page, errors } = await kit.openLobby(size, 'home/game?site=001', { as: player })
    await expect.poll(() => headerBalance(page), { timeout: 15_000 }).toBe('0.00')
    await openCentre(page, size, 1)
    expect(new URL(page.url()).searchParams.get('noticeType')).toBe('1')
    const list = rows(page, size, 'Notices')
    await expect.poll(() => list.count()).toBe(1)

    // The hall sends a message with an award: the socket brings it, the list and the counts follow.
    await kit.control('message', { username: player.username, type: 1, title: 'A gift for you', content: '<p>Take it</p>', award: '7.5' })
    await expect.poll(() => list.count()).toBe(2)
    await page.getByRole('tablist', { name: 'Messages' }).getByRole('tab', { name: /^Notices\s*, 2 unread$/ }).waitFor()
    await page.getByRole('button', { name: 'Open A gift for you, unread' }).click()
    const dialog = page.getByRole('dialog', { name: 'A gift for you' })
    // A message whose award is still to receive cannot be deleted.
    expect(await dialog.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true)
    const receive = dialog.getByRole('button', { name: 'Receive' })
    await receive.dblclick()
    await dialog.getByRole('status').filter({ hasText: '7.5 received' }).waitFor()
    await expect.poll(() => headerBalance(page)).toBe('7.50')
    await expect.poll(() => receive.count()).toBe(0)
    // The player's first award received: the receive tips show once (tests/e2e/home.test.ts).
    const tips = page.getByRole('dialog', { name: 'Reward received' })
    await tips.getByRole('button', { name: 'Got it' }).click({ timeout: 15_000 })
    await expect.poll(() => tips.count()).toBe(0)
    // Received: it can go now.
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => list.count()).toBe(1)
    expect(await list.first().innerText()).toContain('Welcome')
    // The award was paid once: the hall's balance is the one shown.
    expect(await balanceOf(kit.hallUrl, player)).toBe(7.5)
    expect(errors).toEqual([])
  })
})

describe('marquee', () => {
  it('runs the site’s marquee items along the home page, and stands still for reduced motion', async () => {
    const text = `Marquee ${Date.now()}: weekend cashback doubled`
    await kit.control('message', { type: 3, title: 'Marquee', content: text })
    const { page, errors } = await kit.openLobby('desktop', 'home/game?site=001')
    const marquee = page.getByRole('marquee', { name: 'Site news' })
    await marquee.getByText(text).waitFor({ timeout: 15_000 })
    expect(await marquee.locator('.marquee__track').evaluate((el) => getComputedStyle(el).animationName)).toBe('marquee-run')
    await page.emulateMedia({ reducedMotion: 'reduce' })
    expect(await marquee.locator('.marquee__track').evaluate((el) => getComputedStyle(el).animationName)).toBe('none')
    expect(errors).toEqual([])
  })
})
