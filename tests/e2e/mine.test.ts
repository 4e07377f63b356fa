import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launch, newContext, watchErrors } from './support/browser'
import { ShellPage } from './support/shell.model'

/**
 * The Mine page's VIP level and progress (screens §2; calls §7.11 vipInfo from the reference
 * hall's ladder) and the withdraw checks (§2): withdraw from the user card or the header needs a
 * bound phone, then a withdraw password, else the security page's tab; withdrawal management
 * checks only the password.
 */
const hallUrl = inject('hallUrl')

const control = async (name: string, body: unknown): Promise<Record<string, unknown>> => {
  const res = await fetch(`${hallUrl}/__control/${name}`, { method: 'POST', body: JSON.stringify(body) })
  const json = (await res.json()) as Record<string, unknown>
  if (!res.ok) throw new Error(`control ${name} answered ${res.status}: ${JSON.stringify(json)}`)
  return json
}

let n = 0
const newUsername = (): string => `mi${String(Date.now() % 1_000_000).padStart(6, '0')}${(n += 1)}`

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser.close()
})

const location = (page: Page): { path: string; current: string | null } => {
  const url = new URL(page.url())
  return { path: url.pathname, current: url.searchParams.get('current') }
}

/** A fresh player registered on site 001 at the given size, with the sign-in sequence done. */
const freshPlayer = async (size: 'phone' | 'desktop') => {
  const context = await newContext(browser, size)
  const page = await context.newPage()
  const errors = watchErrors(page)
  const shell = new ShellPage(page, hallUrl)
  await page.goto(`${hallUrl}/home/game?site=001`)
  await page.getByRole('banner').waitFor({ timeout: 30_000 })
  const username = newUsername()
  await shell.register(username, 'secret12')
  await expect.poll(async () => (await shell.loggedInEvents()).some((e) => e.real && e.username === username)).toBe(true)
  await expect.poll(() => shell.eventTypes(), { timeout: 30_000 }).toContain('postlogin.finished')
  // The sign-in sequence may have opened the site's frames (pop-ups): close what is open.
  const open = page.locator('dialog[open]')
  for (let left = await open.count(), tries = 0; left > 0 && tries < 8; left = await open.count(), tries++) {
    await page.keyboard.press('Escape')
    await page.waitForFunction((before) => document.querySelectorAll('dialog[open]').length < before, left, { timeout: 5_000 }).catch(() => undefined)
  }
  return { context, page, errors, shell, username }
}

describe('the Mine page on a phone', () => {
  it('shows the balance with its refresh, the VIP level and the progress to the next level from the hall', async () => {
    const { context, page, errors, username } = await freshPlayer('phone')
    // A completed deposit of 150: VIP 1 needs 100 deposited and 500 bet, so half-way (mean of 1 and 0).
    const credited = await control('credit', { username, amount: '150' })
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
    await context.close()
  })

  it('withdraw asks for the phone first; withdrawal management for the withdraw password', async () => {
    const { context, page, errors } = await freshPlayer('phone')
    const tabBar = page.getByRole('navigation', { name: 'Main' })
    await tabBar.getByRole('button', { name: /^Me\b/ }).click()
    const card = page.getByRole('region', { name: 'Your account' })
    await card.getByRole('button', { name: 'Withdraw', exact: true }).click()
    await expect.poll(() => location(page)).toEqual({ path: '/home/security', current: 'phone' })
    await page.goBack()
    await page.getByRole('navigation', { name: 'Account menu' }).getByRole('button', { name: 'Withdrawal management', exact: true }).click()
    await expect.poll(() => location(page)).toEqual({ path: '/home/security', current: 'withdrawPass' })
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('withdraw on the desktop header', () => {
  it('goes to the security page phone tab when no phone is bound; the personal menu to the withdraw-password tab', async () => {
    const { context, page, errors, shell } = await freshPlayer('desktop')
    await shell.header.getByRole('button', { name: 'Withdraw', exact: true }).click()
    await expect.poll(() => location(page)).toEqual({ path: '/home/security', current: 'phone' })
    await shell.header.getByRole('button', { name: /^My account/ }).click()
    await page.getByRole('button', { name: 'Withdrawal management', exact: true }).click()
    await expect.poll(() => location(page)).toEqual({ path: '/home/security', current: 'withdrawPass' })
    expect(errors).toEqual([])
    await context.close()
  })

  it('a phone bound after the sign-in counts at once: withdraw then asks for the withdraw password', async () => {
    const { context, page, errors, shell, username } = await freshPlayer('desktop')
    await control('player', { username, must_bind_item: 1 })
    await shell.logout(true)
    await shell.login(username, 'secret12')
    const bind = shell.dialog('Bind your phone')
    await bind.waitFor({ state: 'visible', timeout: 30_000 })
    await bind.getByLabel('Phone number').fill('5551239876')
    await bind.getByRole('button', { name: 'Send code' }).click()
    await bind.getByRole('status').filter({ hasText: 'Code sent' }).waitFor()
    const code = (await control('last-code', { username, purpose: 'phone' }))['code'] as string
    await bind.getByLabel('Verification code').fill(code)
    await bind.getByRole('button', { name: 'Confirm' }).click()
    await bind.waitFor({ state: 'hidden' })
    await expect.poll(() => shell.eventTypes(), { timeout: 30_000 }).toContain('postlogin.finished')
    const open = page.locator('dialog[open]')
    for (let left = await open.count(), tries = 0; left > 0 && tries < 8; left = await open.count(), tries++) {
      await page.keyboard.press('Escape')
      await page.waitForFunction((before) => document.querySelectorAll('dialog[open]').length < before, left, { timeout: 5_000 }).catch(() => undefined)
    }
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
    await context.close()
  })
})
