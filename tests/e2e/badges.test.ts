import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launch, newContext, watchErrors } from './support/browser'
import { ShellPage } from './support/shell.model'

/**
 * Badges on a phone (spec §2, §9): the recharge tab shows the site's highest charge rate to a
 * visitor; with 120 unread messages the Mine tab of the signed-in demo player shows 99+, and the
 * count is part of the tab's accessible name. At phone and desktop sizes on the European-American
 * site 201: the header's recharge button carries the rate; the system menu shows task and award
 * with their counts while rebate, at 0, is hidden; the personal-centre menu and its message centre
 * carry the unread count; the discount tab carries the reward amount.
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
  await control('counters', { siteCode: '201', username: 'demo', unread_message: 0, task_count: 0, reward_count: 0, reward_amount: '0' })
  await control('site-document', { siteCode: '201', name: 'layout', patch: { tabBar: SITE_201_TABS } })
  await browser.close()
})

const tab = (key: string, name: string, sort: number) => ({ key, name, icon: `/hall/static/icons/${key}.svg`, sort })
/** Site 201's seeded tab bar, put back after the test. */
const SITE_201_TABS = {
  loggedOut: [tab('home', 'Home', 1), tab('event', 'Discount', 2), tab('recharge', 'Deposit', 3), tab('login', 'Login', 4), tab('register', 'Register', 5)],
  loggedIn: [tab('home', 'Home', 1), tab('task', 'Task', 2), tab('recharge', 'Deposit', 3), tab('vip', 'VIP', 4), tab('mine', 'Mine', 5)],
}
/** Site 201's tab bar with the discount tab for a signed-in player (an operator's layout list). */
const DISCOUNT_TABS = { ...SITE_201_TABS, loggedIn: [tab('home', 'Home', 1), tab('event', 'Discount', 2), tab('recharge', 'Deposit', 3), tab('vip', 'VIP', 4), tab('mine', 'Mine', 5)] }

/** Signs the demo player of site 201 in at a size, with counters set: 5 unread, 2 tasks, 1 award of 3.5, no rebate. */
const demoOn201 = async (size: 'phone' | 'desktop') => {
  expect(await control('counters', { siteCode: '201', maxChargeRate: '10', username: 'demo', unread_message: 5, task_count: 2, return_count: 0, reward_count: 1, reward_amount: '3.5' })).toMatchObject({ ok: true })
  expect(await control('site-document', { siteCode: '201', name: 'layout', patch: { tabBar: DISCOUNT_TABS } })).toMatchObject({ ok: true })
  const context = await newContext(browser, size)
  const page = await context.newPage()
  const errors = watchErrors(page)
  const shell = new ShellPage(page, hallUrl)
  await page.goto(`${hallUrl}/home/game?site=201`)
  await page.getByRole('banner').waitFor({ timeout: 30_000 })
  await shell.login('demo', 'demo1234')
  await expect.poll(() => shell.eventTypes(), { timeout: 30_000 }).toContain('postlogin.finished')
  // The sign-in sequence may have opened the site's frames (pop-ups): close what is open.
  const open = page.locator('dialog[open]')
  for (let left = await open.count(), tries = 0; left > 0 && tries < 8; left = await open.count(), tries++) {
    await page.keyboard.press('Escape')
    await page.waitForFunction((before) => document.querySelectorAll('dialog[open]').length < before, left, { timeout: 5_000 }).catch(() => undefined)
  }
  return { context, page, errors, shell }
}

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

describe('badges of the header, menus and tabs (site 201, European-American)', () => {
  it('at desktop size: the recharge button, the system menu, the personal-centre menu', async () => {
    const { context, page, errors, shell } = await demoOn201('desktop')
    const recharge = shell.header.getByRole('button', { name: /^Deposit\s*, \+10% bonus$/ })
    await recharge.waitFor({ timeout: 30_000 })
    expect(await recharge.locator('.badge').getAttribute('data-badge')).toBe('+10%')
    // The open panel's system entries: task and award with their counts, no rebate at 0 (spec §2).
    const more = page.getByRole('list', { name: 'More' })
    await more.getByRole('button', { name: /^Tasks\s*, 2 unread$/ }).waitFor({ timeout: 30_000 })
    await more.getByRole('button', { name: /^Rewards\s*, 1 unread$/ }).waitFor()
    expect(await more.getByRole('button', { name: /^Rebate/ }).count()).toBe(0)
    // The personal-centre menu: the unread count on its trigger and on the message centre.
    const personal = shell.header.getByRole('button', { name: /^My account/ })
    await expect.poll(() => personal.locator('.badge').getAttribute('data-badge')).toBe('5')
    await personal.click()
    await page.getByRole('button', { name: /^Messages\s*, 5 unread$/ }).waitFor()
    expect(errors).toEqual([])
    await context.close()
  })

  it('at phone size: the recharge button, the discount and Mine tabs, the drawer system menu', async () => {
    const { context, page, errors, shell } = await demoOn201('phone')
    await shell.header.getByRole('button', { name: 'Deposit, +10% bonus', exact: true }).waitFor({ timeout: 30_000 })
    const tabBar = page.getByRole('navigation', { name: 'Main' })
    await expect.poll(() => tabBar.getByRole('button').allInnerTexts()).toEqual(['Home', 'Discount', 'Deposit', 'VIP', 'Me'])
    // The discount tab's reward amount (spec §2: a red dot or the reward), the Mine tab's unread count.
    await tabBar.getByRole('button', { name: /^Discount\s*, 3\.5$/ }).waitFor({ timeout: 30_000 })
    await tabBar.getByRole('button', { name: /^Me\s*, 5 unread$/ }).waitFor()
    await shell.header.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.getByRole('dialog', { name: 'Game categories' })
    await drawer.getByRole('button', { name: /^Tasks\s*, 2 unread$/ }).waitFor()
    await drawer.getByRole('button', { name: /^Rewards\s*, 1 unread$/ }).waitFor()
    expect(await drawer.getByRole('button', { name: /^Rebate/ }).count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })

  it('a red dot on the discount tab when only a rebate waits', async () => {
    expect(await control('counters', { siteCode: '201', username: 'demo', reward_count: 0, reward_amount: '0', task_count: 0, return_count: 1, return_amount: '2' })).toMatchObject({ ok: true })
    expect(await control('site-document', { siteCode: '201', name: 'layout', patch: { tabBar: DISCOUNT_TABS } })).toMatchObject({ ok: true })
    const context = await newContext(browser, 'phone')
    const page = await context.newPage()
    const shell = new ShellPage(page, hallUrl)
    await page.goto(`${hallUrl}/home/game?site=201`)
    await page.getByRole('banner').waitFor({ timeout: 30_000 })
    await shell.login('demo', 'demo1234')
    const discount = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Discount\s*, new$/ })
    await discount.waitFor({ timeout: 30_000 })
    expect(await discount.locator('.badge--dot').count()).toBe(1)
    await control('counters', { siteCode: '201', username: 'demo', return_count: 0, return_amount: '0' })
    await context.close()
  })
})
