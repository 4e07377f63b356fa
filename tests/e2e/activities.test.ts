import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { hallPlayers } from '../server/players'
import { seriousViolations } from './support/axe'
import { useBrowser } from './support/browser'

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
const outside = hallPlayers(() => hallUrl)
const depositAs = async (username: string, password: string, amount: string): Promise<void> => outside.deposit(await outside.signIn(username, password), amount)

/** An activity's detail as the player's own session reads it at the hall: its id and its tiers. */
const detailAs = async (username: string, password: string, template: string) => {
  const d = (await outside.ok((await outside.signIn(username, password)).caller, '/active/getByTemplate', { template })) as { activeId: number; rewards: Array<{ receiveId: number }> }
  return d
}

const openEvents = async (page: Page): Promise<void> => {
  await page.evaluate(() => window.__lobby!.system.send({ type: 'nav.requested', name: 'eventIndex' }))
  await expect.poll(() => new URL(page.url()).pathname).toBe('/home/event/index')
}

describe.each(['desktop', 'phone'] as const)('event centre at %s size', (size) => {
  it('lists the categories; after a real deposit receive-all takes both tiers reached in one call and the balance moves at once; the check-in is received once', async () => {
    const p = await kit.player()
    const { page, errors, shell } = await kit.openLobby(size, 'home/game?site=001', { as: p })
    await openEvents(page)
    const tabs = page.getByRole('tablist', { name: 'Promotion categories' })
    await expect.poll(() => tabs.getByRole('tab').allInnerTexts(), { timeout: 15_000 }).toEqual(expect.arrayContaining(['Deposit & play', 'Every day', 'Friends']))
    const panel = page.getByRole('tabpanel')
    await panel.getByRole('button', { name: 'Daily deposit bonus' }).waitFor()
    await panel.getByRole('button', { name: 'Weekly wager rewards' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])

    await depositAs(p.username, p.password, '250')
    // The deposit's socket notice brings the balance; the card now says there is a reward.
    await page.getByRole('button', { name: /^Daily deposit bonus .*, Reward to receive$/ }).click({ timeout: 20_000 })
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/home\/event\/detail\/deposit-daily\/\d+$/)
    await page.getByRole('heading', { name: 'Daily deposit bonus' }).waitFor()
    await page.getByText('Deposited in this period:').waitFor()
    // 250 deposited (the bonus not counted): the tiers from 50 and from 200 can be received, the one from 1000 not yet.
    await page.getByRole('button', { name: 'Receive Deposits from 50' }).waitFor()
    await page.getByRole('button', { name: 'Receive Deposits from 200' }).waitFor()
    expect(await page.getByRole('button', { name: 'Receive Deposits from 1000' }).count()).toBe(0)
    const before = await headerBalance(page)
    await page.getByRole('button', { name: 'Receive all' }).click()
    await page.getByRole('status').filter({ hasText: /^Received / }).waitFor()
    await expect.poll(() => headerBalance(page)).toBeCloseTo(before + 30, 2)
    await expect.poll(() => page.getByRole('button', { name: /^Receive Deposits from/ }).count()).toBe(0)
    await expect.poll(() => page.getByRole('button', { name: 'Receive all' }).isDisabled()).toBe(true)
    await page.getByRole('heading', { name: 'My records' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    const asked = (await shell.events<{ type: string; call?: string }>()).filter((e) => e.type === 'hall.requested').map((e) => e.call)
    expect([asked.filter((c) => c === 'activeReceiveAll').length, asked.filter((c) => c === 'activeReceive').length]).toEqual([1, 0])

    // The day's check-in, received on its own, cannot be received twice.
    await openEvents(page)
    await page.getByRole('tab', { name: /^Every day/ }).click()
    await page.getByRole('button', { name: /^Daily check-in .*, Reward to receive$/ }).click()
    const beforeCheckIn = await headerBalance(page)
    await page.getByRole('button', { name: 'Receive Day 1' }).click()
    await expect.poll(() => headerBalance(page)).toBeCloseTo(beforeCheckIn + 1, 2)
    await expect.poll(() => page.getByRole('button', { name: 'Receive Day 1' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Receive all' }).isDisabled()).toBe(true)
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
    const { page } = await kit.openLobby(size, 'home/game?site=001', { as: p })
    await page.evaluate(({ template, activeId }) => window.__lobby!.system.send({ type: 'nav.requested', name: 'eventDetail', params: { template, eventId: String(activeId) } }), { template, activeId })
    await page.getByRole('heading', { name: `Short race ${size}` }).waitFor()
    await page.getByText('Expired', { exact: true }).waitFor()
    expect(await page.getByRole('button', { name: /^Receive Deposits/ }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Receive all' }).isDisabled()).toBe(true)
  })
})

describe.each(['desktop', 'phone'] as const)('event centre cards and tiers at %s size', (size) => {
  it('a card says its activity ended; a tier shows its level and until when it may be received; the operator’s decisions show Paid out and Rejected', async () => {
    const p = await kit.player()
    const tag = `${size}-${Date.now() % 100_000}`
    // An activity whose window closes after the deposit, its rewards receivable 48 hours more (self-collect with expiry).
    await kit.control('activity', {
      type: 10, template: `late-${tag}`, title: `Late race ${tag}`, period: 0, condition: 1, rewardMode: 0, distribution: 3, receiveHours: 48,
      tiers: [['10', '3']], start: new Date(Date.now() - DAY).toISOString(),
    })
    // An activity distributed by hand: the operator pays one tier and rejects the other.
    const manualId = (await kit.control('activity', {
      type: 10, template: `manual-${tag}`, title: `Reviewed race ${tag}`, period: 0, condition: 1, rewardMode: 0, distribution: 5, tiers: [['10', '4'], ['30', '9']],
    }))['activeId'] as number
    await depositAs(p.username, p.password, '50')
    expect(await kit.control('activity-end', { template: `late-${tag}`, end: new Date().toISOString() })).toMatchObject({ ok: true })
    const { page, errors } = await kit.openLobby(size, 'home/game?site=001', { as: p })
    const [first, second] = (await detailAs(p.username, p.password, `manual-${tag}`)).rewards.map((r) => r.receiveId) as [number, number]
    expect(await kit.control('activity-manual-pay', { username: p.username, activeId: manualId, receiveId: first })).toMatchObject({ ok: true, outcome: 'paid' })
    expect(await kit.control('activity-manual-reject', { username: p.username, activeId: manualId, receiveId: second })).toMatchObject({ ok: true, outcome: 'rejected' })

    await openEvents(page)
    const panel = page.getByRole('tabpanel')
    await panel.getByRole('button', { name: new RegExp(`^Reviewed race ${tag} Running · One-off`) }).waitFor({ timeout: 15_000 })
    await panel.getByRole('button', { name: new RegExp(`^Late race ${tag} Ended · One-off`) }).click()
    await page.getByRole('heading', { name: `Late race ${tag}` }).waitFor()
    await page.getByRole('button', { name: 'Receive Deposits from 10' }).waitFor()
    await expect.poll(() => page.locator('.event__expiry').allInnerTexts()).toEqual([expect.stringMatching(/^Receive by \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)])
    expect(await seriousViolations(page)).toEqual([])

    const open = (template: string, activeId: number) =>
      page.evaluate(({ template, activeId }) => window.__lobby!.system.send({ type: 'nav.requested', name: 'eventDetail', params: { template, eventId: String(activeId) } }), { template, activeId })
    await open(`manual-${tag}`, manualId)
    await page.getByRole('heading', { name: `Reviewed race ${tag}` }).waitFor()
    await expect.poll(() => page.locator('.event__tier .event__status').allInnerTexts()).toEqual(['Paid out', 'Rejected'])
    expect(await page.getByRole('button', { name: 'Receive all' }).isDisabled()).toBe(true)

    await open('deposit-daily', (await detailAs(p.username, p.password, 'deposit-daily')).activeId)
    await page.getByRole('heading', { name: 'Daily deposit bonus' }).waitFor()
    await expect.poll(() => page.locator('.event__tier .event__level').allInnerTexts()).toEqual(['Silver', 'Gold', 'Diamond'])
    expect(errors).toEqual([])
  })
})

describe.each(['phone', 'desktop'] as const)('event centre for a trial player at %s size', (size) => {
  it('asks a trial player to register before an activity\'s rewards', async () => {
    // A desktop visitor becomes a trial player only where the site says so (site 001 says no by
    // default): this test says yes for its own page and puts it back.
    if (size === 'desktop') await kit.patchSite('001', 'sysInfo', { auto_visitor_login_web: 'open' })
    try {
      const { page, shell, errors } = await kit.openLobby(size, 'home/game?site=001')
      await expect.poll(() => shell.loggedInEvents(), { timeout: 30_000 }).toEqual(expect.arrayContaining([expect.objectContaining({ real: false })]))
      await openEvents(page)
      await page.getByRole('tab', { name: /^Every day/ }).click()
      // An activity's page is a real player's: the trial player is asked to register, and stays on the list.
      await page.getByRole('button', { name: /^Daily check-in/ }).click()
      await shell.authDialog.getByRole('tab', { name: 'Sign up', selected: true }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/home/event/index')
      expect(errors).toEqual([])
    } finally {
      if (size === 'desktop') await kit.patchSite('001', 'sysInfo', { auto_visitor_login_web: 'close' })
    }
  })
})

describe('the discount tab (site 501, an operator layout with it)', () => {
  const tab = (key: string, name: string, sort: number) => ({ key, name, icon: `/hall/static/icons/${key}.svg`, sort })
  const TABS = {
    loggedOut: [tab('home', 'Home', 1), tab('event', 'Discount', 2), tab('recharge', 'Deposit', 3), tab('login', 'Login', 4), tab('register', 'Register', 5)],
    loggedIn: [tab('home', 'Home', 1), tab('event', 'Discount', 2), tab('recharge', 'Deposit', 3), tab('vip', 'VIP', 4), tab('mine', 'Mine', 5)],
  }
  const SEEDED = ['deposit-daily', 'wager-weekly', 'rescue', 'check-in', 'weekend-tournament', 'invite', 'proxy']

  it('goes to the event centre while an activity runs, to the awards when none does, and to the cashback when only the rebate runs', async () => {
    await kit.patchSite('501', 'layout', { tabBar: TABS })
    const p = await kit.player({ siteCode: '501' })
    const { page, errors } = await kit.openLobby('phone', 'home/game?site=501', { as: p })
    const discount = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Discount/ })
    await discount.click({ timeout: 30_000 })
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home/event/index')
    await page.getByRole('tablist', { name: 'Promotion categories' }).waitFor()
    // The operator ends every activity of the site: the tab leads to the awards (the rebate is not the only module running).
    const ended = new Date().toISOString()
    try {
      for (const template of SEEDED) expect(await kit.control('activity-end', { siteCode: '501', template, end: ended })).toMatchObject({ ok: true })
      await page.getByRole('button', { name: 'Back to the lobby' }).click()
      await discount.click()
      await expect.poll(() => new URL(page.url()).pathname).toBe('/home/event/award')
      // Only the rebate module running: the tab leads to the cashback page.
      expect(await kit.control('activity-modules', { siteCode: '501', task: false, rebate: true, award: false })).toMatchObject({ ok: true })
      await page.getByRole('button', { name: 'Back to the lobby' }).click()
      await discount.click()
      await expect.poll(() => new URL(page.url()).pathname).toBe('/home/event/cashback')
    } finally {
      await kit.control('activity-modules', { siteCode: '501', task: true, rebate: true, award: true })
      for (const template of SEEDED) await kit.control('activity-end', { siteCode: '501', template, end: '2030-12-31T00:00:00Z' })
    }
    expect(errors).toEqual([])
  })
})
