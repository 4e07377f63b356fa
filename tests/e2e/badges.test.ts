import { describe, expect, it } from 'vitest'
import { callHall, player as playerCaller, visitor } from '../server/support'
import { useBrowser, type Size } from './support/browser'

/**
 * Badges on a phone (spec §2, §9): the recharge tab shows the site's highest charge rate (seeded
 * 10%) to a visitor; with 120 unread messages the Mine tab of a signed-in player shows 99+, and the
 * count is part of the tab's accessible name. At phone and desktop sizes on the European-American
 * site 201: the header's recharge button carries the rate; the system menu shows task and award
 * with their counts while rebate, at 0, is hidden; the personal-centre menu and its message centre
 * carry the unread count; the discount tab carries the reward amount. Each test has a player of its
 * own with its own counters.
 */
const kit = useBrowser()

const tab = (key: string, name: string, sort: number) => ({ key, name, icon: `/hall/static/icons/${key}.svg`, sort })
/** Site 201's tab bar with the discount tab for a signed-in player (an operator's layout list), put back after each test. */
const DISCOUNT_TABS = {
  loggedOut: [tab('home', 'Home', 1), tab('event', 'Discount', 2), tab('recharge', 'Deposit', 3), tab('login', 'Login', 4), tab('register', 'Register', 5)],
  loggedIn: [tab('home', 'Home', 1), tab('event', 'Discount', 2), tab('recharge', 'Deposit', 3), tab('vip', 'VIP', 4), tab('mine', 'Mine', 5)],
}

/** A new player of site 201 with these counters and unread notices, signed in at a size on the discount-tab layout. */
const signedInOn201 = async (size: Size, counters: Record<string, unknown>, unread = 0, checkedIn = false) => {
  const player = await kit.player({ siteCode: '201' })
  if (checkedIn) {
    // The day's check-in received from outside the lobby: no award waits.
    const me = playerCaller('201', (await callHall(kit.hallUrl, await visitor(kit.hallUrl, '201'), 'POST', '/home/login', { username: player.username, password: player.password, clientType: 5 })).envelope.data)
    const checkIn = (await callHall(kit.hallUrl, me, 'POST', '/active/getByTemplate', { template: 'check-in' })).envelope.data as { activeId: number }
    expect((await callHall(kit.hallUrl, me, 'POST', '/active/receiveall', { activeId: checkIn.activeId, requestDeviceType: 3 })).envelope.code).toBe(1)
  }
  await kit.control('counters', { siteCode: '201', username: player.username, ...counters })
  if (unread > 0) await kit.control('message', { siteCode: '201', username: player.username, type: 1, title: 'Notice', content: 'n', count: unread })
  await kit.patchSite('201', 'layout', { tabBar: DISCOUNT_TABS })
  const opened = await kit.openLobby(size, 'home/game?site=201', { as: player })
  return opened
}

/**
 * An award counter of 1 (3.5) and no rebate (and 5 unread notices). The award entry counts the
 * counter and what the award page lists: site 201's daily check-in (1) waits for a new player, so
 * 2 awards of 4.5. The task count is the task centre's: a new player's registration prize waits.
 */
const COUNTERS = { return_count: 0, reward_count: 1, reward_amount: '3.5' }

describe('badges on a phone (site 001)', () => {
  it('the recharge tab shows the charge rate; the Mine tab shows 99+ for 120 unread', async () => {
    const player = await kit.player()
    await kit.control('message', { username: player.username, type: 1, title: 'Notice', content: 'n', count: 120 })
    const { page, errors, shell } = await kit.openLobby('phone', 'home/game?site=001')
    const tabBar = page.getByRole('navigation', { name: 'Main' })
    await tabBar.getByRole('button', { name: /^Deposit\s*, \+10% bonus$/ }).waitFor({ timeout: 30_000 })
    expect(await tabBar.getByRole('button').allInnerTexts()).toEqual(['Home', 'Sports', 'Deposit', 'Sign up', 'Me'])
    await shell.login(player.username, player.password)
    const mine = tabBar.getByRole('button', { name: /^Me\s*, 99\+ unread$/ })
    await mine.waitFor({ timeout: 30_000 })
    expect(await mine.locator('.badge').getAttribute('data-badge')).toBe('99+')
    expect(errors).toEqual([])
  })
})

describe('badges of the header, menus and tabs (site 201, European-American)', () => {
  it('at desktop size: the recharge button, the system menu, the personal-centre menu', async () => {
    const { page, errors, shell } = await signedInOn201('desktop', COUNTERS, 5)
    const recharge = shell.header.getByRole('button', { name: /^Deposit\s*, \+10% bonus$/ })
    await recharge.waitFor({ timeout: 30_000 })
    expect(await recharge.locator('.badge').getAttribute('data-badge')).toBe('+10%')
    // The open panel's system entries: task and award with their counts, no rebate at 0 (spec §2).
    const more = page.getByRole('list', { name: 'More' })
    await more.getByRole('button', { name: /^Tasks\s*, 1 unread$/ }).waitFor({ timeout: 30_000 })
    await more.getByRole('button', { name: /^Rewards\s*, 2 unread$/ }).waitFor()
    expect(await more.getByRole('button', { name: /^Rebate/ }).count()).toBe(0)
    // The personal-centre menu: the unread count on its trigger and on the message centre.
    const personal = shell.header.getByRole('button', { name: /^My account/ })
    await expect.poll(() => personal.locator('.badge').getAttribute('data-badge')).toBe('5')
    await personal.click()
    await page.getByRole('button', { name: /^Messages\s*, 5 unread$/ }).waitFor()
    expect(errors).toEqual([])
  })

  it('at phone size: the recharge button, the discount and Mine tabs, the drawer system menu', async () => {
    const { page, errors, shell } = await signedInOn201('phone', COUNTERS, 5)
    await shell.header.getByRole('button', { name: 'Deposit, +10% bonus', exact: true }).waitFor({ timeout: 30_000 })
    const tabBar = page.getByRole('navigation', { name: 'Main' })
    await expect.poll(() => tabBar.getByRole('button').allInnerTexts()).toEqual(['Home', 'Discount', 'Deposit', 'VIP', 'Me'])
    // The discount tab's reward amount (spec §2: a red dot or the reward), the Mine tab's unread count.
    await tabBar.getByRole('button', { name: /^Discount\s*, 4\.5$/ }).waitFor({ timeout: 30_000 })
    await tabBar.getByRole('button', { name: /^Me\s*, 5 unread$/ }).waitFor()
    await shell.header.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.getByRole('dialog', { name: 'Game categories' })
    await drawer.getByRole('button', { name: /^Tasks\s*, 1 unread$/ }).waitFor()
    await drawer.getByRole('button', { name: /^Rewards\s*, 2 unread$/ }).waitFor()
    expect(await drawer.getByRole('button', { name: /^Rebate/ }).count()).toBe(0)
    expect(errors).toEqual([])
  })

  it('a red dot on the discount tab when only a rebate waits', async () => {
    const { page, errors } = await signedInOn201('phone', { return_count: 1, return_amount: '2' }, 0, true)
    const discount = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Discount\s*, new$/ })
    await discount.waitFor({ timeout: 30_000 })
    expect(await discount.locator('.badge--dot').count()).toBe(1)
    expect(errors).toEqual([])
  })
})
