import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser, type Size } from './support/browser'
import { lastCode, type PlayerOptions } from './support/hall'

/**
 * The Mine page's VIP level and progress (screens §2; calls §7.11 vipInfo from the reference
 * hall's ladder) and the withdraw checks (§2): withdraw from the user card or the header needs a
 * bound phone, then a withdraw password, else the security page's tab; withdrawal management
 * checks only the password.
 */
const kit = useBrowser()

const location = (page: Page): { path: string; current: string | null } => {
  const url = new URL(page.url())
  return { path: url.pathname, current: url.searchParams.get('current') }
}

/** A player of its own on site 001, signed in at the given size. */
const signedIn = async (size: Size, options: PlayerOptions = {}) => {
  const player = await kit.player(options)
  const opened = await kit.openLobby(size, 'home/game?site=001', { as: player })
  return { ...opened, player }
}

describe('the Mine page on a phone', () => {
  it('shows the balance with its refresh, the VIP level and the progress to the next level from the hall', async () => {
    const { page, errors, player } = await signedIn('phone')
    // A completed deposit of 150: VIP 1 needs 100 deposited and 500 bet, so half-way (mean of 1 and 0).
    const credited = await kit.control('credit', { username: player.username, amount: '150' })
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Me\b/ }).click()
    const card = page.getByRole('region', { name: 'Your account' })
    // The balance is the wallet's: the refresh button reads it from the hall.
    const money = Number(credited['balance']).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    await card.getByRole('button', { name: 'Refresh the balance' }).click()
    await expect.poll(() => card.locator('.mine-card__balance strong').innerText()).toBe(money)
    await card.getByText('VIP 0', { exact: true }).waitFor({ timeout: 30_000 })
    const nav = page.getByRole('navigation', { name: 'Account menu' })
    const bar = nav.getByRole('progressbar', { name: 'VIP progress' })
    await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe('50')
    await nav.getByText('50% to VIP 1', { exact: true }).waitFor()
    expect(await bar.locator('.mine-vip__fill').evaluate((el) => (el as HTMLElement).style.width)).toBe('50%')
    expect(errors).toEqual([])
  })

  it('withdraw asks for the phone first; withdrawal management for the withdraw password', async () => {
    const { page, errors } = await signedIn('phone')
    const tabBar = page.getByRole('navigation', { name: 'Main' })
    await tabBar.getByRole('button', { name: /^Me\b/ }).click()
    const card = page.getByRole('region', { name: 'Your account' })
    await card.getByRole('button', { name: 'Withdraw', exact: true }).click()
    await expect.poll(() => location(page)).toEqual({ path: '/home/security', current: 'phone' })
    await page.goBack()
    await page.getByRole('navigation', { name: 'Account menu' }).getByRole('button', { name: 'Withdrawal management', exact: true }).click()
    await expect.poll(() => location(page)).toEqual({ path: '/home/security', current: 'withdrawPass' })
    expect(errors).toEqual([])
  })
})

describe('withdraw on the desktop header', () => {
  it('goes to the security page phone tab when no phone is bound; the personal menu to the withdraw-password tab', async () => {
    const { page, errors, shell } = await signedIn('desktop')
    await shell.header.getByRole('button', { name: 'Withdraw', exact: true }).click()
    await expect.poll(() => location(page)).toEqual({ path: '/home/security', current: 'phone' })
    await shell.header.getByRole('button', { name: /^My account/ }).click()
    await page.getByRole('button', { name: 'Withdrawal management', exact: true }).click()
    await expect.poll(() => location(page)).toEqual({ path: '/home/security', current: 'withdrawPass' })
    expect(errors).toEqual([])
  })

  it('a phone bound after the sign-in counts at once: withdraw then asks for the withdraw password', async () => {
    // A player who must bind one item: the sign-in opens the phone bind.
    const player = await kit.player({ must_bind_item: 1 })
    const { page, errors, shell } = await kit.openLobby('desktop', 'home/game?site=001')
    await shell.login(player.username, player.password)
    const bind = shell.dialog('Bind your phone')
    await bind.waitFor({ state: 'visible', timeout: 30_000 })
    await bind.getByLabel('Phone number').fill('5551239876')
    await bind.getByRole('button', { name: 'Send code' }).click()
    await bind.getByRole('status').filter({ hasText: 'Code sent' }).waitFor()
    await bind.getByLabel('Verification code').fill(await lastCode(kit.hallUrl, player, 'phone'))
    await bind.getByRole('button', { name: 'Confirm' }).click()
    await bind.waitFor({ state: 'hidden' })
    await shell.settle(player.username)
    // No reload: the login's user info still says no phone; the auth info refetched after the bind says bound.
    const refetched = async (): Promise<boolean> => {
      const events = (await shell.exportLog()).trim().split('\n').slice(1).map((l) => (JSON.parse(l) as { event: { type: string; call?: string } }).event)
      const bound = events.findIndex((e) => e.type === 'postlogin.bound')
      return bound >= 0 && events.slice(bound).some((e) => e.type === 'hall.responded' && e.call === 'actionVerify')
    }
    await expect.poll(refetched, { timeout: 30_000 }).toBe(true)
    await shell.header.getByRole('button', { name: 'Withdraw', exact: true }).click()
    await expect.poll(() => location(page)).toEqual({ path: '/home/security', current: 'withdrawPass' })
    expect(errors).toEqual([])
  })
})
