import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'
import { ShellPage } from './support/shell.model'

/**
 * Banners and the Mine page (spec §2): the download banner's close is remembered across reloads
 * (Dexie prefs), the add-to-home-screen tip shows its guide and is suppressed by pwal=0 or by
 * 'Don't show again', and the Mine page shows the user card and the nav card for a player.
 */
const kit = useBrowser()

const open = async (page: Page, query = ''): Promise<void> => {
  await page.goto(`${kit.hallUrl}/home/game?site=001${query}`)
  // The lobby's own header (the hall's first screen paints one before the lobby starts).
  await page.locator('#root').getByRole('banner').waitFor({ timeout: 30_000 })
}

const downloadBanner = (page: Page) => page.getByRole('complementary', { name: 'Download the app' })
const installTip = (page: Page) => page.getByRole('complementary', { name: 'Add to home screen' })

describe('banners on a phone (site 001)', () => {
  it('the download banner closed stays closed after a reload', async () => {
    const { page, errors } = await kit.open('phone')
    await open(page)
    await downloadBanner(page).getByRole('button', { name: 'Close the banner' }).click()
    await downloadBanner(page).waitFor({ state: 'detached' })
    await page.reload()
    await page.locator('#root').getByRole('banner').waitFor({ timeout: 30_000 })
    // The install tip shows once the kept flags are read: by then the banner would show if it could.
    await installTip(page).waitFor()
    expect(await downloadBanner(page).count()).toBe(0)
    expect(errors).toEqual([])
  })

  it('the install tip opens its guide; pwal=0 suppresses it, and so does "Don\'t show again" after a reload', async () => {
    const { page, errors } = await kit.open('phone')
    const shell = new ShellPage(page, kit.hallUrl)
    await open(page, '&pwal=0')
    // The kept flags are read when the download banner shows; one install invitation at a time: the tip waits while it shows.
    await downloadBanner(page).waitFor()
    expect(await installTip(page).count()).toBe(0)
    // The banner closed gives the tip its turn; pwal=0 keeps it away (in the same commit that removes the banner).
    await downloadBanner(page).getByRole('button', { name: 'Close the banner' }).click()
    await downloadBanner(page).waitFor({ state: 'detached' })
    expect(await installTip(page).count()).toBe(0)

    await open(page)
    const tip = installTip(page)
    await tip.getByText('Add Lobby to your home screen for one-tap access').waitFor()
    // Headless Chromium offers no install prompt here, so the add button opens the guide.
    await tip.getByRole('button', { name: 'Add', exact: true }).click()
    const guide = page.getByRole('dialog', { name: 'Add to Home Screen' })
    await guide.getByText('Open the browser\'s menu').waitFor()
    await guide.getByRole('button', { name: 'Got it' }).click()
    await guide.waitFor({ state: 'hidden' })
    await tip.getByRole('button', { name: "Don't show again" }).click()
    await tip.waitFor({ state: 'detached' })
    await page.reload()
    await page.locator('#root').getByRole('banner').waitFor({ timeout: 30_000 })
    // The kept flags read and the browser known: the tip would show by now (the banner stays closed).
    await expect.poll(() => shell.eventTypes(), { timeout: 30_000 }).toEqual(expect.arrayContaining(['banners.flagsLoaded', 'pwa.environment']))
    expect(await downloadBanner(page).count()).toBe(0)
    expect(await installTip(page).count()).toBe(0)
    expect(errors).toEqual([])
  })
})

describe('the install tip on the web (site 001)', () => {
  it('comes when the browser offers to install, as a card in the corner over the page that moves nothing', async () => {
    const { page, errors } = await kit.open('desktop')
    await open(page)
    // On the web the login popup opens at boot on site 001.
    const login = page.getByRole('dialog').first()
    await login.waitFor()
    await page.keyboard.press('Escape')
    await login.waitFor({ state: 'hidden' })
    await page.locator('.game-tile').first().waitFor({ timeout: 30_000 })
    const categories = page.locator('#root').getByRole('heading', { name: 'Categories' })
    const before = await categories.boundingBox()
    expect(await installTip(page).count()).toBe(0)

    // The browser offers to install (its event, as Chromium sends it to an installable page).
    await page.evaluate(`(() => {
      const offer = new Event('beforeinstallprompt', { cancelable: true })
      offer.prompt = () => Promise.resolve()
      offer.userChoice = Promise.resolve({ outcome: 'dismissed', platform: 'web' })
      window.dispatchEvent(offer)
    })()`)
    const tip = installTip(page)
    await tip.getByText('Add Lobby to your home screen for one-tap access').waitFor()
    expect(await categories.boundingBox()).toEqual(before)
    const box = (await tip.boundingBox())!
    const viewport = page.viewportSize()!
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width)
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height)
    expect(box.x).toBeGreaterThan(viewport.width / 2)
    expect(box.y).toBeGreaterThan(viewport.height / 2)
    await tip.getByRole('button', { name: 'Close the home-screen tip' }).click()
    await tip.waitFor({ state: 'detached' })
    expect(await categories.boundingBox()).toEqual(before)
    expect(errors).toEqual([])
  })
})

describe('the Mine page', () => {
  it('shows the user card and the nav card for a player', async () => {
    const player = await kit.player()
    const { page, errors, shell } = await kit.openLobby('desktop', 'home/game?site=001')
    // On the web the login popup opens at boot on site 001.
    await shell.authDialog.waitFor()
    await shell.signIn(player)
    await open(page, '&tabItem=mine')
    const card = page.getByRole('region', { name: 'Your account' })
    await card.getByText(player.username, { exact: true }).waitFor({ timeout: 30_000 })
    await card.getByRole('button', { name: 'Copy the username' }).waitFor()
    await card.getByRole('button', { name: 'Refresh the balance' }).click()
    for (const name of ['Deposit', 'Withdraw', 'Central wallet', 'Savings']) await card.getByRole('button', { name, exact: true }).waitFor()
    const nav = page.getByRole('navigation', { name: 'Account menu' })
    await nav.getByRole('button', { name: /Earn R\$75/ }).waitFor()
    for (const name of ['Account details', 'Betting record', 'Personal statement', 'Withdrawal management']) {
      await nav.getByRole('button', { name, exact: true }).waitFor()
    }
    await nav.getByRole('progressbar', { name: 'VIP progress' }).waitFor()
    await nav.getByRole('button', { name: 'Betting record', exact: true }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home/report')
    expect(new URL(page.url()).searchParams.get('current')).toBe('1')
    expect(errors).toEqual([])
  })
})
