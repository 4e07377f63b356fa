import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { hallPlayers } from '../server/players'
import { playRound, visitor } from '../server/support'
import { useBrowser } from './support/browser'
import { balanceOf, lastCode } from './support/hall'

/**
 * The task centre at phone and desktop sizes (screens §2 global popup task, /home/event/task, the
 * system menu's task entry; calls §7.10): a fresh player's 'Bind your phone' is to do; its 'go'
 * opens the phone bind of the security centre; the bound phone completes it at the hall, and its
 * prize moves the header balance at once. A deposit and rounds played outside the lobby fill the
 * daily tasks: on a phone the menu's task entry carries the count and opens the task popup (site
 * 001's web layout has no system entries; tests/e2e/badges.test.ts checks them on 201), where the
 * betting task is full, receive-all takes the day's prizes and the vitality they add opens a box.
 * A guest choosing the task tab gets the registration. Each test has its own player.
 */
const kit = useBrowser()
const hallUrl = kit.hallUrl

const headerBalance = async (page: Page): Promise<number> => Number((await page.getByRole('group', { name: 'Balance' }).locator('.balance__amount').innerText()).replace(/,/g, ''))

const go = async (page: Page, name: 'eventTask' | 'game', path: string): Promise<void> => {
  await page.evaluate((n) => window.__lobby!.system.send({ type: 'nav.requested', name: n }), name)
  await expect.poll(() => new URL(page.url()).pathname).toBe(path)
}

/** A real deposit of 110 (107.8 after the 2% fee) and three winning rounds of 100 from outside the lobby. */
const outside = hallPlayers(() => hallUrl)
const depositAndBet = async (username: string, password: string): Promise<void> => {
  const me = await outside.signIn(username, password)
  await outside.deposit(me, '110')
  const site = await visitor(hallUrl, '001')
  for (let i = 0; i < 3; i += 1) await playRound(hallUrl, site, me.caller, me.data, '100', 'win')
}

describe.each(['desktop', 'phone'] as const)('task centre at %s size', (size) => {
  it("binding a phone completes its task; its prize moves the balance at once", async () => {
    const p = await kit.player()
    const { page, errors, shell } = await kit.openLobby(size, 'home/game?site=001', { as: p })
    await go(page, 'eventTask', '/home/event/task')
    const tasks = page.getByRole('list').filter({ has: page.getByRole('listitem', { name: 'Register an account' }) })
    const phone = tasks.getByRole('listitem', { name: 'Bind your phone' })
    await phone.getByText('To do').waitFor({ timeout: 15_000 })
    // The registration is done already: its prize waits, receive-all is enabled.
    await tasks.getByRole('listitem', { name: 'Register an account' }).getByText('Done').waitFor()
    expect(await page.getByRole('button', { name: 'Receive all' }).isDisabled()).toBe(false)

    // 'Go' opens the phone bind on the security centre.
    await phone.getByRole('button', { name: 'Go: Bind your phone' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home/security')
    const bind = shell.dialog('Bind your phone')
    await bind.waitFor({ state: 'visible', timeout: 15_000 })
    await bind.getByLabel('Phone number').fill(`5553${Date.now().toString().slice(-5)}${size === 'phone' ? 1 : 2}`)
    await bind.getByRole('button', { name: 'Send code' }).click()
    await bind.getByRole('status').filter({ hasText: 'Code sent' }).waitFor()
    await bind.getByLabel('Verification code').fill(await lastCode(hallUrl, p, 'phone'))
    await bind.getByRole('button', { name: 'Confirm' }).click()
    await bind.waitFor({ state: 'hidden' })

    // Back on the tasks: the hall says the phone task is done.
    await go(page, 'eventTask', '/home/event/task')
    await phone.getByText('Done').waitFor({ timeout: 15_000 })
    const before = await balanceOf(hallUrl, p)
    await expect.poll(() => headerBalance(page)).toBeCloseTo(before, 2)
    await phone.getByRole('button', { name: 'Receive: Bind your phone' }).click()
    await page.locator('.tasks').getByRole('status').filter({ hasText: /^Received 2/ }).waitFor()
    await expect.poll(() => headerBalance(page)).toBeCloseTo(before + 2, 2)
    await phone.getByText('Received', { exact: true }).waitFor()
    expect(await phone.getByRole('button').count()).toBe(0)
    expect(await balanceOf(hallUrl, p)).toBeCloseTo(before + 2, 2)

    // The receive records list the prize under today, as the task centre's.
    await page.evaluate(() => window.__lobby!.system.send({ type: 'nav.requested', name: 'receiveRecords' }))
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home/receive-records')
    await page.getByRole('combobox', { name: 'Source', exact: true }).selectOption({ label: 'Tasks' })
    const records = page.locator('section.records')
    const rows = size === 'desktop' ? records.getByRole('row').filter({ hasText: 'Tasks' }) : records.getByRole('listitem').filter({ hasText: 'Tasks' })
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1)
    expect(await rows.first().innerText()).toMatch(/(^|\D)2\.00(\D|$)/)
    expect(errors).toEqual([])
  })

  it('rounds fill the betting task; the menu entry opens the popup; receive-all and the vitality box pay at once', async () => {
    const p = await kit.player()
    await depositAndBet(p.username, p.password)
    const { page, errors, shell } = await kit.openLobby(size, 'home/game?site=001')
    await shell.login(p.username, p.password)
    // The rounds make the stand-in game the player's last one: its prompt comes first.
    const lastGame = shell.dialog('Continue your last game?')
    await lastGame.waitFor({ state: 'visible', timeout: 30_000 })
    await lastGame.getByRole('button', { name: 'Not now' }).click()
    await lastGame.waitFor({ state: 'hidden' })
    await shell.settle(p.username)
    if (size === 'phone') {
      // The drawer's task entry: registration, first deposit and the three daily tasks wait.
      await shell.header.getByRole('button', { name: 'Open menu' }).click()
      await page.getByRole('dialog', { name: 'Game categories' }).getByRole('button', { name: /^Tasks\s*, 5 unread$/ }).click({ timeout: 30_000 })
    } else {
      // Site 001's web layout (a rail of categories) has no system entries: the popup is asked for as the tab bar and the menus ask.
      await page.evaluate(() => window.__lobby!.system.send({ type: 'popup.openRequested', popup: 'task' }))
    }
    const popup = shell.dialog('Tasks')
    await popup.waitFor({ state: 'visible' })
    await popup.getByRole('button', { name: /^Daily tasks/ }).click()
    const bet = popup.getByRole('listitem', { name: 'Bet today' })
    await bet.getByText('Done').waitFor({ timeout: 15_000 })
    expect(await bet.getByRole('progressbar', { name: 'Progress: Bet today' }).getAttribute('value')).toBe('100')
    expect(await bet.locator('.tasks__figures').innerText()).toMatch(/300(\.00)? \/ 300(\.00)?/)
    // The rounds were played outside the lobby: the header learns the balance from the receipt's answer.
    const before = await balanceOf(hallUrl, p)
    await popup.getByRole('button', { name: 'Receive all' }).click()
    await popup.getByRole('status').filter({ hasText: /^Received 6/ }).waitFor()
    await expect.poll(() => headerBalance(page)).toBeCloseTo(before + 6, 2)
    await bet.getByText('Received', { exact: true }).waitFor()
    expect(await popup.getByRole('button', { name: 'Receive all' }).isDisabled()).toBe(true)
    // 100 vitality from the three prizes: every box opens; the first pays 1.
    await popup.getByText("Today's vitality: 100").waitFor()
    await popup.getByRole('listitem', { name: 'Box at 60 vitality' }).getByText('Ready to open').waitFor()
    await popup.getByRole('button', { name: 'Open the box at 30 vitality' }).click()
    await popup.getByRole('status').filter({ hasText: /^Received 1/ }).waitFor()
    await expect.poll(() => headerBalance(page)).toBeCloseTo(before + 7, 2)
    await popup.getByRole('listitem', { name: 'Box at 30 vitality' }).getByText('Opened').waitFor()
    expect(errors).toEqual([])
  })
})

describe('task centre for a guest', () => {
  it('a guest choosing the task tab gets the registration (phone)', async () => {
    const tab = (key: string, name: string, sort: number) => ({ key, name, icon: `/hall/static/icons/${key}.svg`, sort })
    await kit.patchSite('001', 'layout', { tabBar: { loggedOut: [tab('home', 'Home', 1), tab('task', 'Tasks', 2), tab('recharge', 'Deposit', 3), tab('register', 'Register', 4)], loggedIn: [] } })
    const { page, errors, shell } = await kit.openLobby('phone', 'home/game?site=001')
    // Site 001 signs a phone visitor in as a guest.
    await expect.poll(() => shell.loggedInEvents()).toEqual([expect.objectContaining({ mode: 'trymode', real: false })])
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Tasks', exact: true }).click()
    await shell.authDialog.waitFor({ state: 'visible' })
    await shell.authDialog.getByRole('tab', { name: 'Sign up', selected: true }).waitFor()
    expect(await page.getByRole('dialog', { name: 'Tasks' }).count()).toBe(0)
    expect(errors).toEqual([])
  })
})
