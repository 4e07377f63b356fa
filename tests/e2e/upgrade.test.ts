import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'

/**
 * The upgrade prompt at phone and desktop sizes (spec §8: a new version detected, or a script
 * error 'Unexpected token <', shows the upgrade prompt; upgrading reloads; §7.3 /op.json): the hall
 * says a new build is out for the site (control app-version), the next version check (the page
 * shown again) offers the upgrade, and accepting reloads the page; a chunk that fails to parse
 * offers it at once, and 'Later' puts it off. Site 201's served version is this file's to change.
 */
const kit = useBrowser()
const SITE = '201'

/** A desktop visitor first meets the login popup (auto visitor login is off on the web): closed here. */
const closeLogin = async (page: Page): Promise<void> => {
  const login = page.locator('dialog.auth-modal')
  await login.waitFor({ timeout: 15_000 })
  await page.keyboard.press('Escape')
  await login.waitFor({ state: 'hidden' })
}

/** The page is shown again (the player came back to the tab): a version check is due. */
const shownAgain = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))

describe.each(['desktop', 'phone'] as const)('upgrade prompt at %s size', (size) => {
  it('offers the upgrade when the hall serves a new build, and upgrading reloads the page', async () => {
    try {
      const { page, errors } = await kit.openLobby(size, `home/game?site=${SITE}`)
      if (size === 'desktop') await closeLogin(page)
      await page.getByRole('main').waitFor({ timeout: 15_000 })
      // The same build: a check offers nothing.
      await shownAgain(page)
      await kit.control('app-version', { siteCode: SITE, version: '9.9.9' })
      await shownAgain(page)
      const prompt = page.getByRole('dialog', { name: 'A new version is ready' })
      await prompt.getByText('A new version of the lobby is available.', { exact: false }).waitFor({ timeout: 15_000 })
      await page.evaluate(() => {
        ;(window as unknown as { __beforeUpgrade?: number }).__beforeUpgrade = 1
      })
      await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Upgrade now' }).click()])
      await page.getByRole('main').waitFor({ timeout: 15_000 })
      expect(await page.evaluate(() => (window as unknown as { __beforeUpgrade?: number }).__beforeUpgrade)).toBeUndefined()
      expect(new URL(page.url()).pathname).toBe('/home/game')
      expect(errors).toEqual([])
    } finally {
      await kit.control('app-version', { siteCode: SITE, version: null })
    }
  })

  it("offers it when a chunk fails to parse ('Unexpected token <'), and Later puts it off", async () => {
    const { page, errors } = await kit.openLobby(size, `home/game?site=${SITE}`)
    if (size === 'desktop') await closeLogin(page)
    await page.getByRole('main').waitFor({ timeout: 15_000 })
    await page.evaluate(() => window.dispatchEvent(new ErrorEvent('error', { message: "Uncaught SyntaxError: Unexpected token '<'" })))
    const prompt = page.getByRole('dialog', { name: 'A new version is ready' })
    await prompt.getByText('Part of the lobby could not be loaded', { exact: false }).waitFor({ timeout: 15_000 })
    await prompt.getByRole('button', { name: 'Later' }).first().click()
    await prompt.waitFor({ state: 'hidden' })
    expect(errors).toEqual([])
  })
})
