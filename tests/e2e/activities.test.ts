import { createHash } from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { depositSignText, type DepositOrder } from '../../schemas/hall/calls/pay'
import { callHall, player, visitor } from '../server/support'
import { useBrowser } from './support/browser'
import { control } from './support/hall'

/**
 * The event centre at phone and desktop sizes (screens §2 /home/event/index and the detail page;
 * calls §7.4): the categories and their activities; a deposit tier becomes receivable after a real
 * deposit and receiving it moves the header balance at once; receive-all takes the day's check-in,
 * which then cannot be taken again; an expired reward shows expired with nothing to receive; a
 * trial player asked to receive is asked to register. Each test has its own player and activity.
 */
const kit = useBrowser()
const hallUrl = kit.hallUrl
const DAY = 86_400_000

const headerBalance = async (page: Page): Promise<number> => Number((await page.getByRole('group', { name: 'Balance' }).locator('.balance__amount').innerText()).replace(/,/g, ''))

/** A real deposit from outside the lobby: the player's own session orders it, the provider page pays it (100 credits 108). */
const depositAs = async (username: string, password: string, amount: string): Promise<void> => {
  const site = await visitor(hallUrl, '001')
  const login = await callHall(hallUrl, site, 'POST', '/home/login', { username, password })
  expect(login.envelope.code).toBe(1)
  const me = player('001', login.envelope.data)
  const key = ((await control(hallUrl, 'site-config', { siteCode: '001' }))['config'] as { depositKey: string }).depositKey
  const request_id = `events-${username}-${amount}`
  const sign = createHash('md5').update(depositSignText({ channel_id: 101, amount, request_id }, key), 'utf8').digest('hex')
  const placed = await callHall(hallUrl, me, 'POST', '/pay/offlineOrderV3', { channel_id: 101, amount, request_id, sign })
  expect(placed.envelope.code, placed.envelope.msg).toBe(1)
  const order = placed.envelope.data as DepositOrder
  const paid = await fetch(`${hallUrl}${order.pay_url}`, { method: 'POST', body: new URLSearchParams({ outcome: 'paid' }) })
  expect(await paid.text()).toContain('Payment complete')
}

const openEvents = async (page: Page): Promise<void> => {
  await page.evaluate(() => window.__lobby!.system.send({ type: 'nav.requested', name: 'eventIndex' }))
  await expect.poll(() => new URL(page.url()).pathname).toBe('/home/event/index')
}

describe.each(['desktop', 'phone'] as const)('event centre at %s size', (size) => {
  it('lists the categories; a deposit tier received after a real deposit moves the balance at once; receive-all takes the check-in once', async () => {
    const p = await kit.player()
    const { page, errors, shell } = await kit.openLobby(size, 'home/game?site=001')
    await shell.signIn(p)
    await openEvents(page)
    const tabs = page.getByRole('tablist', { name: 'Promotion categories' })
    await expect.poll(() => tabs.getByRole('tab').allInnerTexts(), { timeout: 15_000 }).toEqual(expect.arrayContaining(['Deposit & play', 'Every day', 'Friends']))
    const panel = page.getByRole('tabpanel')
    await panel.getByRole('button', { name: 'Daily deposit bonus' }).waitFor()
    await panel.getByRole('button', { name: 'Weekly wager rewards' }).waitFor()

    await depositAs(p.username, p.password, '100')
    // The deposit's socket notice brings the balance; the card now says there is a reward.
    await page.getByRole('button', { name: 'Daily deposit bonus, reward to receive' }).click({ timeout: 20_000 })
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/home\/event\/detail\/deposit-daily\/\d+$/)
    await page.getByRole('heading', { name: 'Daily deposit bonus' }).waitFor()
    await page.getByText('Deposited in this period:').waitFor()
    const before = await headerBalance(page)
    await page.getByRole('button', { name: 'Receive Deposits from 50' }).click()
    await page.getByRole('status').filter({ hasText: 'Received' }).waitFor()
    await expect.poll(() => headerBalance(page)).toBeCloseTo(before + 5, 2)
    await expect.poll(() => page.getByRole('button', { name: 'Receive Deposits from 50' }).count()).toBe(0)
    await expect.poll(() => page.getByRole('button', { name: 'Receive all' }).isDisabled()).toBe(true)
    await page.getByRole('heading', { name: 'My records' }).waitFor()

    // The day's check-in: receive-all takes it, and it cannot be taken twice.
    await openEvents(page)
    await page.getByRole('tab', { name: /^Every day/ }).click()
    await page.getByRole('button', { name: 'Daily check-in, reward to receive' }).click()
    await page.getByRole('button', { name: 'Receive Day 1' }).waitFor()
    const beforeCheckIn = await headerBalance(page)
    await page.getByRole('button', { name: 'Receive all' }).click()
    await expect.poll(() => headerBalance(page)).toBeCloseTo(beforeCheckIn + 1, 2)
    await expect.poll(() => page.getByRole('button', { name: 'Receive all' }).isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Receive Day 1' }).count()).toBe(0)
    expect(errors).toEqual([])
  })

  it('an expired reward shows expired and offers nothing to receive', async () => {
    const p = await kit.player()
    const template = `expiring-${size}-${Date.now() % 100_000}`
    const activeId = (await kit.control('activity', {
      type: 10, template, title: `Short race ${size}`, period: 0, condition: 1, rewardMode: 0, distribution: 3, tiers: [['10', '3']],
      start: new Date(Date.now() - DAY).toISOString(),
    }))['activeId'] as number
    await depositAs(p.username, p.password, '20')
    // The window closes now, after the deposit: the reward reached in it was not received in time.
    expect(await kit.control('activity-end', { template, end: new Date().toISOString() })).toMatchObject({ ok: true })
    const { page, shell } = await kit.openLobby(size, 'home/game?site=001')
    await shell.signIn(p)
    await page.evaluate(({ template, activeId }) => window.__lobby!.system.send({ type: 'nav.requested', name: 'eventDetail', params: { template, eventId: String(activeId) } }), { template, activeId })
    await page.getByRole('heading', { name: `Short race ${size}` }).waitFor()
    await page.getByText('Expired', { exact: true }).waitFor()
    expect(await page.getByRole('button', { name: /^Receive Deposits/ }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Receive all' }).isDisabled()).toBe(true)
  })
})

describe('event centre for a trial player', () => {
  it('asks a trial player to sign up before an activity\'s rewards', async () => {
    const { page, shell } = await kit.openLobby('phone', 'home/game?site=001')
    await expect.poll(() => shell.loggedInEvents(), { timeout: 30_000 }).toEqual(expect.arrayContaining([expect.objectContaining({ real: false })]))
    await openEvents(page)
    await page.getByRole('tab', { name: /^Every day/ }).click()
    // An activity's page needs a real player (a private route): the trial player is asked to sign in or sign up, and stays on the list.
    await page.getByRole('button', { name: /^Daily check-in/ }).click()
    await shell.authDialog.waitFor({ state: 'visible' })
    await shell.authDialog.getByText('Log in to open this page.').waitFor()
    await shell.authDialog.getByRole('tab', { name: 'Sign up' }).click()
    await shell.authDialog.getByRole('tab', { name: 'Sign up', selected: true }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/home/event/index')
  })
})
