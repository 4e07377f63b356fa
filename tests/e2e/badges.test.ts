import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launch, newContext, watchErrors } from './support/browser'
import { ShellPage } from './support/shell.model'

/**
 * Badges on a phone (spec §2, §9): the recharge tab shows the site's highest charge rate to a
 * visitor; with 120 unread messages the Mine tab of the signed-in demo player shows 99+, and the
 * count is part of the tab's accessible name.
 */
const hallUrl = inject('hallUrl')

const control = async (name: string, body: unknown): Promise<Record<string, unknown>> => {
  const res = await fetch(`${hallUrl}/__control/${name}`, { method: 'POST', body: JSON.stringify(body) })
  return (await res.json()) as Record<string, unknown>
}

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await control('counters', { username: 'demo', unread_message: 0 })
  await browser.close()
})

describe('badges on a phone (site 001)', () => {
  it('the recharge tab shows the charge rate; the Mine tab shows 99+ for 120 unread', async () => {
    expect(await control('counters', { maxChargeRate: '10', username: 'demo', unread_message: 120 })).toMatchObject({ ok: true })
    const context = await newContext(browser, 'phone')
    const page = await context.newPage()
    const errors = watchErrors(page)
    const shell = new ShellPage(page, hallUrl)
    await page.goto(`${hallUrl}/home/game?site=001`)
    await page.getByRole('banner').waitFor({ timeout: 30_000 })
    const tabBar = page.getByRole('navigation', { name: 'Main' })
    await tabBar.getByRole('button', { name: /^Deposit\s*, \+10% bonus$/ }).waitFor({ timeout: 30_000 })
    expect(await tabBar.getByRole('button').allInnerTexts()).toEqual(['Home', 'Sports', 'Deposit', 'Sign up', 'Me'])
    await shell.login('demo', 'demo1234')
    const mine = tabBar.getByRole('button', { name: /^Me\s*, 99\+ unread$/ })
    await mine.waitFor({ timeout: 30_000 })
    expect(await mine.locator('.badge').getAttribute('data-badge')).toBe('99+')
    expect(errors).toEqual([])
    await context.close()
  })
})
