import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { hallPlayers } from '../server/players'
import { playRound, visitor } from '../server/support'
import { useBrowser } from './support/browser'
import { balanceOf, control } from './support/hall'

/**
 * The VIP screen at phone and desktop sizes (screens §2 /home/vip; calls §7.11): a fresh player is
 * VIP 0 with the next level's promotion gift not receivable yet; a real deposit and real bets from
 * outside raise the level on screen; its promotion gift is received and the header balance moves
 * at once; receive-all takes the day, week and month bonuses, after which nothing is receivable.
 * A site that does not run VIP (vip_status closed) sends the player home from /home/vip. Each test
 * has its own player; the closed site (501) is one no other browser test opens.
 */
const kit = useBrowser()
const hallUrl = kit.hallUrl

const headerBalance = async (page: Page): Promise<number> => Number((await page.getByRole('group', { name: 'Balance' }).locator('.balance__amount').innerText()).replace(/,/g, ''))

/** A real deposit (110 counts 107.8 towards VIP: the 2% fee off) and five winning rounds of 100 from outside the lobby: VIP 1. */
const outside = hallPlayers(() => hallUrl)
const depositAndBet = async (username: string, password: string): Promise<void> => {
  const me = await outside.signIn(username, password)
  await outside.deposit(me, '110')
  const site = await visitor(hallUrl, '001')
  for (let i = 0; i < 5; i += 1) await playRound(hallUrl, site, me.caller, me.data, '100', 'win')
}

const go = async (page: Page, name: 'vip' | 'game' | 'records', path: string): Promise<void> => {
  await page.evaluate((n) => window.__lobby!.system.send({ type: 'nav.requested', name: n }), name)
  await expect.poll(() => new URL(page.url()).pathname).toBe(path)
}

describe.each(['desktop', 'phone'] as const)('VIP screen at %s size', (size) => {
  it('real deposits and bets raise the level; its promotion gift moves the balance at once; receive-all takes the bonuses', async () => {
    const p = await kit.player()
    const { page, errors } = await kit.openLobby(size, 'home/game?site=001', { as: p })
    await go(page, 'vip', '/home/vip')
    await page.getByRole('heading', { name: 'VIP 0', level: 2 }).waitFor({ timeout: 15_000 })
    await page.getByText('Next level: VIP 1 (both deposit and bet needed)').waitFor()
    await page.getByRole('listitem', { name: 'VIP 1 promotion gift' }).getByText('Not receivable yet').waitFor()
    expect(await page.getByRole('button', { name: 'Receive all' }).isDisabled()).toBe(true)
    await page.getByRole('table').getByRole('rowheader', { name: 'VIP 10' }).waitFor()
    await page.getByRole('heading', { name: 'Rules' }).waitFor()

    await depositAndBet(p.username, p.password)
    // Opening the screen again reads the player's VIP: the level rose.
    await go(page, 'game', '/home/game')
    await go(page, 'vip', '/home/vip')
    await page.getByRole('heading', { name: 'VIP 1', level: 2 }).waitFor({ timeout: 15_000 })
    await expect.poll(() => page.getByRole('progressbar', { name: 'Bet' }).getAttribute('value')).toBe('20')
    // The rounds were played outside the lobby: the header learns the balance from the receipt's answer.
    const before = await balanceOf(hallUrl, p)
    await page.getByRole('button', { name: 'Receive VIP 1 promotion gift' }).click()
    await page.getByRole('status').filter({ hasText: /^Received / }).waitFor()
    await expect.poll(() => headerBalance(page)).toBeCloseTo(before + 8, 2)
    await page.getByRole('listitem', { name: 'VIP 1 promotion gift' }).getByText('Received', { exact: true }).waitFor()
    expect(await page.getByRole('button', { name: 'Receive VIP 1 promotion gift' }).count()).toBe(0)

    // The day 1, week 5 and month 10 bonuses of VIP 1: receive-all takes them, once.
    await page.getByRole('button', { name: 'Receive Day bonus' }).waitFor()
    await page.getByRole('button', { name: 'Receive all' }).click()
    await expect.poll(() => headerBalance(page)).toBeCloseTo(before + 8 + 16, 2)
    await expect.poll(() => page.getByRole('button', { name: 'Receive all' }).isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: /^Receive (Day|Week|Month) bonus$/ }).count()).toBe(0)
    // The reward records: the gift and the three bonuses, today, as VIP rewards; nothing yesterday.
    await page.getByRole('button', { name: 'Reward records' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home/receive-records')
    await page.getByRole('combobox', { name: 'Source', exact: true }).selectOption({ label: 'VIP rewards' })
    const records = page.locator('section.records')
    const rows = size === 'desktop' ? records.getByRole('row').filter({ hasText: 'VIP rewards' }) : records.getByRole('listitem').filter({ hasText: 'VIP rewards' })
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(4)
    await expect.poll(() => records.locator('.records__summary dd').innerText()).toMatch(/(^|\D)24\.00$/)
    await page.getByRole('combobox', { name: 'Date', exact: true }).selectOption({ label: 'Yesterday' })
    await records.getByText('No rewards received in this period.').waitFor()
    expect(errors).toEqual([])
  })
})

describe('VIP screen on a site without VIP', () => {
  it('sends the player home when the site has vip_status closed', async () => {
    await control(hallUrl, 'site-document', { siteCode: '501', name: 'sysInfo', patch: { vip_status: 'close' } })
    try {
      const p = await kit.player({ siteCode: '501' })
      const { page, errors } = await kit.openLobby('phone', 'home/game?site=501', { as: p })
      await go(page, 'records', '/home/records')
      await page.evaluate(() => window.__lobby!.system.send({ type: 'nav.requested', name: 'vip' }))
      await expect.poll(() => new URL(page.url()).pathname).toBe('/home/game')
      expect(await page.getByRole('heading', { name: 'Levels and benefits' }).count()).toBe(0)
      expect(errors).toEqual([])
    } finally {
      await control(hallUrl, 'site-document', { siteCode: '501', name: 'sysInfo', patch: { vip_status: 'open' } })
    }
  })
})
