import type { Locator, Page } from 'playwright-core'
import { afterEach, describe, expect, it } from 'vitest'
import { hallPlayers } from '../server/players'
import { seriousViolations } from './support/axe'
import { useBrowser } from './support/browser'
import type { ShellPage } from './support/shell.model'

/**
 * The event centre's daily check-in on the hall's clock, and the activity menu entry, at phone and
 * desktop sizes (screens §2 /home/event/detail and the system menu; calls §7.4 receive):
 * - a check-in moves the balance at once and is refused a second time the same day; the control
 *   `clock` moves the hall a day ahead (docs/testing.md, "The hall's clock"), and after a reload
 *   the check-in is there again, is received, and the streak says day 2;
 * - the system menu's promotions entry shows while the player has an activity with a reward to
 *   receive (its count), leads to the event centre, and is gone once nothing waits.
 * Each test has its own player; the clock is put back after every test.
 */
const kit = useBrowser()
const hallUrl = kit.hallUrl
const DAY = 86_400_000

afterEach(async () => {
  // The kit's `reset` puts the clock back too; said here as well, for the reader.
  await kit.control('clock', { offsetMs: 0 })
})

const headerBalance = async (page: Page): Promise<number> => Number((await page.getByRole('group', { name: 'Balance' }).locator('.balance__amount').innerText()).replace(/,/g, ''))

const outside = hallPlayers(() => hallUrl)

/** Moves the hall's clock to the next noon of site 001 (UTC), so no day boundary falls inside a step. */
const toNoon = async (): Promise<void> => {
  const now = Date.now()
  const noon = Math.floor(now / DAY) * DAY + DAY / 2
  await kit.control('clock', { offsetMs: noon > now ? noon - now : noon + DAY - now })
}

const openEvents = async (page: Page): Promise<void> => {
  await page.evaluate(() => window.__lobby!.system.send({ type: 'nav.requested', name: 'eventIndex' }))
  await expect.poll(() => new URL(page.url()).pathname).toBe('/home/event/index')
}

const streak = (page: Page): Promise<string> => page.locator('.event__progress').filter({ hasText: /^Check-in streak \(days\):/ }).innerText()

describe.each(['desktop', 'phone'] as const)('the daily check-in on the hall’s clock at %s size', (size) => {
  it('is received once a day: refused again the same day, there again the next day, the streak at day 2', async () => {
    await toNoon()
    const p = await kit.player()
    const { page, errors, shell } = await kit.openLobby(size, 'home/game?site=001', { as: p })
    await openEvents(page)
    await page.getByRole('tab', { name: /^Every day/ }).click()
    await page.getByRole('button', { name: /^Daily check-in .*, Reward to receive$/ }).click({ timeout: 15_000 })
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/home\/event\/detail\/check-in\/\d+$/)
    await page.getByRole('heading', { name: 'Daily check-in' }).waitFor()
    await expect.poll(() => streak(page)).toBe('Check-in streak (days): 0')
    const before = await headerBalance(page)
    await page.getByRole('button', { name: 'Receive Day 1' }).click()
    await expect.poll(() => headerBalance(page)).toBeCloseTo(before + 1, 2)
    await expect.poll(() => streak(page)).toBe('Check-in streak (days): 1')
    // The same day: nothing to receive on the page, and the hall refuses a second check-in.
    expect(await page.getByRole('button', { name: /^Receive Day/ }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Receive all' }).isDisabled()).toBe(true)
    const me = await outside.signIn(p.username, p.password)
    const { activeId } = (await outside.ok(me.caller, '/active/getByTemplate', { template: 'check-in' })) as { activeId: number }
    expect((await outside.post(me.caller, '/active/receiveall', { activeId, requestDeviceType: 3 })).envelope.code).toBe(1501)
    await expect.poll(() => headerBalance(page)).toBeCloseTo(before + 1, 2)

    // The next day on the hall's clock: the page read again offers day 2.
    expect(await kit.control('clock', { advanceMs: DAY })).toMatchObject({ ok: true })
    await page.reload()
    await shell.waitReady()
    await page.getByRole('heading', { name: 'Daily check-in' }).waitFor({ timeout: 20_000 })
    const tiers = page.locator('.event__tier')
    await expect.poll(() => tiers.locator('.event__status').allInnerTexts(), { timeout: 20_000 }).toEqual(['Received', 'Ready to receive', 'Not started', 'Not started', 'Not started', 'Not started', 'Not started'])
    await expect.poll(() => streak(page)).toBe('Check-in streak (days): 1')
    const second = await headerBalance(page)
    await page.getByRole('button', { name: 'Receive Day 2' }).click()
    await expect.poll(() => headerBalance(page)).toBeCloseTo(second + 1, 2)
    await expect.poll(() => streak(page)).toBe('Check-in streak (days): 2')
    await expect.poll(() => tiers.locator('.event__status').allInnerTexts()).toEqual(['Received', 'Received', 'Not started', 'Not started', 'Not started', 'Not started', 'Not started'])
    expect(await page.getByRole('button', { name: /^Receive Day/ }).count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    expect(errors).toEqual([])
  })
})

/** The system menu's list: in the drawer at phone size (site 001), the open panel at desktop size (site 201, European-American). */
const systemMenu = async (size: 'phone' | 'desktop', page: Page, shell: ShellPage): Promise<Locator> => {
  if (size === 'desktop') return page.getByRole('list', { name: 'More' })
  await shell.header.getByRole('button', { name: 'Open menu' }).click()
  return page.getByRole('dialog', { name: 'Game categories' }).getByRole('list', { name: 'More' })
}

describe.each([['phone', '001'], ['desktop', '201']] as const)('the activity menu entry at %s size (site %s)', (size, siteCode) => {
  it('shows with its count while an activity has a reward to receive, leads to the event centre, and is gone once nothing waits', async () => {
    const p = await kit.player({ siteCode })
    const { page, errors, shell } = await kit.openLobby(size, `home/game?site=${siteCode}`, { as: p })
    // A new player has the day's check-in to receive: one activity.
    const menu = await systemMenu(size, page, shell)
    const entry = menu.getByRole('button', { name: /^Promotions/ })
    await menu.getByRole('button', { name: /^Promotions\s*, 1 unread$/ }).waitFor({ timeout: 30_000 })
    await entry.click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home/event/index')
    await page.getByRole('tablist', { name: 'Promotion categories' }).waitFor()

    // The check-in received: no activity has anything left to receive, and the entry is gone.
    await page.getByRole('tab', { name: /^Every day/ }).click()
    await page.getByRole('button', { name: /^Daily check-in .*, Reward to receive$/ }).click({ timeout: 15_000 })
    const before = await headerBalance(page)
    await page.getByRole('button', { name: 'Receive Day 1' }).click()
    await expect.poll(() => headerBalance(page)).toBeCloseTo(before + 1, 2)
    await page.getByRole('button', { name: 'Back to the lobby' }).click()
    if (size === 'desktop') {
      await expect.poll(() => entry.count(), { timeout: 20_000 }).toBe(0)
      // The rest of the menu is still there.
      await menu.getByRole('button', { name: /^Rewards/ }).waitFor()
    } else {
      // The drawer read again shows the menu without it.
      await expect.poll(async () => {
        const again = await systemMenu(size, page, shell)
        await again.getByRole('button', { name: /^Rewards/ }).waitFor()
        const n = await again.getByRole('button', { name: /^Promotions/ }).count()
        await page.keyboard.press('Escape')
        await page.getByRole('dialog', { name: 'Game categories' }).waitFor({ state: 'hidden' })
        return n
      }, { timeout: 20_000 }).toBe(0)
    }
    expect(errors).toEqual([])
  })
})
