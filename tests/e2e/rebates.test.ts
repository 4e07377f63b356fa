import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { hallPlayers } from '../server/players'
import { playRound, visitor } from '../server/support'
import { useBrowser } from './support/browser'
import { seriousViolations } from './support/axe'
import { balanceOf } from './support/hall'

/**
 * Cashback, awards and receive records at phone and desktop sizes (screens §2
 * /home/event/cashback, /home/event/award, /home/receive-records; docs/hall-protocol.md
 * "Rebates, awards and receive records"): real rounds played from outside fill the rebate (the
 * system menu's rebate entry carries its count on a phone); receiving it moves the header balance
 * at once; the receipt is in the receive records under today and not under yesterday, and the
 * awards list what waits. A guest gets the registration popup from the rebate and award entries.
 * Each test has its own player.
 */
const kit = useBrowser()
const hallUrl = kit.hallUrl

const headerBalance = async (page: Page): Promise<number> => Number((await page.getByRole('group', { name: 'Balance' }).locator('.balance__amount').innerText()).replace(/,/g, ''))

/** A real deposit of 100 and rounds in two categories from outside the lobby: 23.56 of slots (0.8 %: 0.18), 45.67 of live casino (0.7 %: 0.31); then a deposit of 10. */
const outside = hallPlayers(() => hallUrl)
const depositAndPlay = async (username: string, password: string): Promise<void> => {
  const me = await outside.signIn(username, password)
  await outside.deposit(me, '100')
  const site = await visitor(hallUrl, '001')
  for (const bet of ['12.34', '7.89', '3.33']) await playRound(hallUrl, site, me.caller, me.data, bet, 'lose')
  await playRound(hallUrl, site, me.caller, me.data, '45.67', 'lose', { gameid: 140007, platfromid: 68 })
  // Another deposit: its socket notice reads the red dots again in the open lobby.
  await outside.deposit(me, '10')
}

const go = async (page: Page, name: 'eventCashback' | 'eventAward', path: string): Promise<void> => {
  await page.evaluate((n) => window.__lobby!.system.send({ type: 'nav.requested', name: n }), name)
  await expect.poll(() => new URL(page.url()).pathname).toBe(path)
}

describe.each(['desktop', 'phone'] as const)('cashback at %s size', (size) => {
  it('played rounds fill the rebate; receiving it moves the balance at once; the receipt is in the receive records under today', async () => {
    const p = await kit.player()
    const { page, errors, shell } = await kit.openLobby(size, 'home/game?site=001', { as: p })
    // The rounds are played once signed in (a game played before asks to continue it at the sign-in).
    await depositAndPlay(p.username, p.password)
    if (size === 'phone') {
      // The system menu's rebate entry with its return-gold count: two categories give some.
      await shell.header.getByRole('button', { name: 'Open menu' }).click()
      const drawer = page.getByRole('dialog', { name: 'Game categories' })
      await drawer.getByRole('list', { name: 'More' }).getByRole('button', { name: /^Rebate\s*, 2 unread$/ }).click({ timeout: 30_000 })
      await expect.poll(() => new URL(page.url()).pathname).toBe('/home/event/cashback')
    } else {
      await go(page, 'eventAward', '/home/event/award')
      // The awards list the rebate waiting, with a way to it.
      const award = page.getByRole('listitem', { name: 'Cashback' })
      await award.getByText('0.49').waitFor({ timeout: 15_000 })
      await award.getByRole('button', { name: 'Go to Cashback' }).click()
      await expect.poll(() => new URL(page.url()).pathname).toBe('/home/event/cashback')
    }
    const slots = page.getByRole('row', { name: /^Slots/ })
    await slots.waitFor({ timeout: 15_000 })
    expect(await slots.getByRole('cell').allInnerTexts()).toEqual(['23.56', '0.8%', '0.18'])
    expect(await page.getByRole('row', { name: /^Live casino/ }).getByRole('cell').allInnerTexts()).toEqual(['45.67', '0.7%', '0.31'])
    await page.locator('.rebates__total').getByText('0.49').waitFor()
    expect(await seriousViolations(page)).toEqual([])

    const before = await balanceOf(hallUrl, p)
    await expect.poll(() => headerBalance(page), { timeout: 15_000 }).toBeCloseTo(before, 2)
    await page.getByRole('button', { name: 'Receive', exact: true }).click()
    await page.getByRole('status').filter({ hasText: /^Received 0\.49$/ }).waitFor()
    await expect.poll(() => headerBalance(page)).toBeCloseTo(before + 0.49, 2)
    expect(await balanceOf(hallUrl, p)).toBeCloseTo(before + 0.49, 2)
    await expect.poll(() => page.getByRole('button', { name: 'Receive', exact: true }).isDisabled()).toBe(true)
    await expect.poll(() => slots.getByRole('cell').allInnerTexts()).toEqual(['0.00', '0.8%', '0.00'])

    // The receive records: today holds the receipt, yesterday nothing.
    await page.getByRole('button', { name: 'Receive records' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home/receive-records')
    const records = page.locator('section.records')
    const row = size === 'desktop' ? records.getByRole('row', { name: /Cashback/ }) : records.getByRole('listitem').filter({ hasText: 'Cashback' })
    await row.getByText('0.49').waitFor({ timeout: 15_000 })
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('combobox', { name: 'Date', exact: true }).selectOption({ label: 'Yesterday' })
    await records.getByText('No rewards received in this period.').waitFor()
    expect(await row.count()).toBe(0)
    await page.getByRole('combobox', { name: 'Date', exact: true }).selectOption({ label: 'Last 7 days' })
    await row.getByText('0.49').waitFor()
    await page.getByRole('combobox', { name: 'Source', exact: true }).selectOption({ label: 'VIP rewards' })
    await records.getByText('No rewards received in this period.').waitFor()
    expect(errors).toEqual([])
  })
})

describe('the rebate and award entries for a guest', () => {
  it('at phone size: the drawer\'s rebate and award entries ask a guest to register', async () => {
    const { page, errors, shell } = await kit.openLobby('phone', 'home/game?site=001')
    await expect.poll(() => shell.loggedInEvents(), { timeout: 30_000 }).toEqual(expect.arrayContaining([expect.objectContaining({ real: false })]))
    for (const name of ['Rebate', 'Rewards']) {
      await shell.header.getByRole('button', { name: 'Open menu' }).click()
      const drawer = page.getByRole('dialog', { name: 'Game categories' })
      await drawer.getByRole('list', { name: 'More' }).getByRole('button', { name, exact: true }).click({ timeout: 15_000 })
      await shell.authDialog.getByRole('tab', { name: 'Sign up', selected: true }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/home/game')
      await page.keyboard.press('Escape')
      await shell.authDialog.waitFor({ state: 'hidden' })
    }
    expect(errors).toEqual([])
  })

  it('at desktop size (site 201, the open panel): the rebate and award entries ask a guest to register', async () => {
    await kit.patchSite('201', 'sysInfo', { auto_visitor_login_web: 'open' })
    const { page, errors, shell } = await kit.openLobby('desktop', 'home/game?site=201')
    await expect.poll(() => shell.loggedInEvents(), { timeout: 30_000 }).toEqual(expect.arrayContaining([expect.objectContaining({ real: false })]))
    const more = page.getByRole('list', { name: 'More' })
    for (const name of ['Rebate', 'Rewards']) {
      await more.getByRole('button', { name, exact: true }).click({ timeout: 15_000 })
      await shell.authDialog.getByRole('tab', { name: 'Sign up', selected: true }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/home/game')
      await page.keyboard.press('Escape')
      await shell.authDialog.waitFor({ state: 'hidden' })
    }
    expect(errors).toEqual([])
  })
})
