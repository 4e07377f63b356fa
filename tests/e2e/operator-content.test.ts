import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { migrate, openDb } from '../../server/db'
import { startHall, type RunningHall } from '../../server/hall'
import { seed } from '../../server/seed'
import { addAccount } from '../../server/support/accounts'
import { callHall, type Caller } from '../server/support'
import { launch, newContext, VIEWPORTS, watchErrors, type Size } from './support/browser'
import { lookAt } from './support/shots'
import { allViolations as axeViolations } from './support/axe'
import { ShellPage } from './support/shell.model'

/**
 * The operator's console, promotions and content and players, on a production hall
 * (docs/operations-players-content.md; issue 42): a marketing account turns an activity off and
 * publishes a notice and a marquee line; a player signed in in another browser context sees the
 * marquee line on the home page, the notice in the message centre and the activity gone from the
 * event centre, without a reload (the socket's notices). A finance account finds the player and
 * opens their page: balances beside the ledger, the actions with a reason. The console's views
 * are checked with axe at the size they are shown, and photographed for the docs.
 *
 * Its own hall (production mode, its own store, migrated and seeded as `npm start` does, the
 * accounts added as `npm run support-accounts` adds them; `diagnostics` on for the lobby's page
 * models) and its own player.
 */

const staticDir = inject('staticDir')

const MARKETING = { username: 'mkt.maria', password: 'mkt-maria-password-1' }
const FINANCE = { username: 'fin.fabio', password: 'fin-fabio-password-1' }
const PLAYER = { username: 'opscontent1', password: 'opscontent1pw' }
const ACTIVITY = 'Daily deposit bonus'
const NOTICE = 'Tournament weekend'
const LINE = 'Double points on every slot until Sunday'

let browser: Browser
let hall: RunningHall
let dataDir = ''

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lobby-operator-content-'))
  const db = await openDb(dataDir)
  try {
    await migrate(db)
    await seed(db, { demoPlayers: false })
    const by = { by: 'command:e2e', now: Date.now() }
    await addAccount(db, { ...MARKETING, role: 'marketing' }, by)
    await addAccount(db, { ...FINANCE, role: 'finance' }, by)
  } finally {
    await db.close()
  }
  hall = await startHall({ port: 0, dataDir, mode: 'production', staticDir, diagnostics: true, log: () => undefined })
  browser = await launch()
  const html = await (await fetch(`${hall.url}/`, { headers: { accept: 'text/html' } })).text()
  const site: Caller = { siteCode: '001', keyMaterial: /"siteKey":"([^"]+)"/.exec(html)?.[1] ?? '', token: '' }
  const reg = await callHall(hall.url, site, 'POST', '/home/register', PLAYER)
  expect(reg.envelope.code, reg.envelope.msg).toBe(1)
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await hall?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** A console page signed in as `who`, at a size. */
const consoleAs = async (who: { username: string; password: string }, size: Size): Promise<{ page: Page; errors: string[] }> => {
  const context = await newContext(browser, size)
  const page = await context.newPage()
  const errors = watchErrors(page)
  await page.goto(`${hall.url}/support`)
  const form = page.getByRole('form', { name: 'Sign in' })
  await form.getByLabel('Username').fill(who.username)
  await form.getByLabel('Password').fill(who.password)
  await form.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('navigation', { name: 'Console' }).waitFor()
  return { page, errors }
}

/** The console's look at its sign-in before there is one: Chromium logs the 401 as an error. */
const ME_BEFORE_SIGN_IN = /status of 401 \(Unauthorized\): http:\/\/[^/]+\/support\/api\/me$/

/** A console page's errors but the refusals the test itself asks for (Chromium logs every 4xx answer). */
const unexpected = (errors: ReadonlyArray<string>, expected: ReadonlyArray<RegExp>): string[] => errors.filter((e) => !expected.some((x) => x.test(e)))

const noSideways = async (page: Page, size: Size) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[size].width)

const go = (page: Page, name: string) => page.evaluate((n) => window.__lobby!.system.send({ type: 'nav.requested', name: n }), name)

describe('the operator console, content and players, on a production hall', () => {
  it('a marketing account turns an activity off and publishes a notice and a marquee line; a signed-in player sees each without a reload', async () => {
    // The player, on a phone, signed in: the activity is in the event centre.
    const playerContext = await newContext(browser, 'phone')
    const lobby = await playerContext.newPage()
    const lobbyErrors = watchErrors(lobby)
    const shell = new ShellPage(lobby, hall.url)
    await shell.open('home/game')
    await shell.waitReady()
    await shell.signIn(PLAYER)
    await lobby.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true))
    await go(lobby, 'eventIndex')
    await expect.poll(() => new URL(lobby.url()).pathname).toBe('/home/event/index')
    await lobby.getByRole('tabpanel').getByRole('button', { name: ACTIVITY }).waitFor({ timeout: 15_000 })
    await go(lobby, 'game')
    await expect.poll(() => new URL(lobby.url()).pathname).toBe('/home/game')

    // Marketing, on a desktop: Content is its one operator link.
    const m = await consoleAs(MARKETING, 'desktop')
    const nav = m.page.getByRole('navigation', { name: 'Console' })
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Sessions', 'Script errors', 'Content'])
    await nav.getByRole('link', { name: 'Content' }).click()
    await m.page.getByRole('heading', { name: 'Promotions and content' }).waitFor()
    const activities = m.page.getByRole('table', { name: 'Activities' })
    const row = activities.getByRole('row').filter({ hasText: ACTIVITY })
    await row.getByRole('button', { name: `Turn off ${ACTIVITY}` }).click()
    await expect.poll(() => m.page.getByRole('status').first().innerText()).toBe(`${ACTIVITY} is off.`)
    await row.getByRole('button', { name: `Turn on ${ACTIVITY}` }).waitFor()

    const write = m.page.getByRole('form', { name: 'New notice or marquee line' })
    await write.getByLabel('Kind').selectOption({ label: 'Notice' })
    await write.getByLabel('Title (not shown for a marquee line)').fill(NOTICE)
    await write.getByLabel('Text').fill('Play any slot from Friday to Sunday for the leaderboard.')
    await write.getByRole('button', { name: 'Publish' }).click()
    await expect.poll(() => m.page.getByRole('status').first().innerText()).toBe('Notice published.')
    await write.getByLabel('Kind').selectOption({ label: 'Marquee line' })
    await write.getByLabel('Text').fill(LINE)
    await write.getByRole('button', { name: 'Publish' }).click()
    await expect.poll(() => m.page.getByRole('status').first().innerText()).toBe('Marquee line published.')
    const written = m.page.getByRole('table', { name: 'Notices and marquee lines' })
    await expect.poll(() => written.getByRole('row').filter({ hasText: 'published' }).count()).toBe(2)
    expect(await axeViolations(m.page)).toEqual([])
    await noSideways(m.page, 'desktop')
    await m.page.evaluate(() => scrollTo(0, 0))
    await lookAt(m.page, `operator-content-desktop`)

    // The player, without a reload: the marquee line runs on the home page, the notice is in the
    // message centre, and the event centre lists the activity no more.
    await lobby.getByRole('marquee', { name: 'Site news' }).getByText(LINE).waitFor({ timeout: 15_000 })
    await go(lobby, 'notice')
    await expect.poll(() => new URL(lobby.url()).pathname).toBe('/home/notice')
    await lobby.getByRole('tab', { name: /^Notices/ }).click()
    await lobby.getByText(NOTICE).first().waitFor({ timeout: 15_000 })
    await go(lobby, 'eventIndex')
    await expect.poll(() => new URL(lobby.url()).pathname).toBe('/home/event/index')
    await lobby.getByRole('tabpanel').getByRole('button').first().waitFor({ timeout: 15_000 })
    expect(await lobby.getByRole('tabpanel').getByRole('button', { name: ACTIVITY }).count()).toBe(0)
    expect(await lobby.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true)
    expect(lobbyErrors).toEqual([])
    expect(unexpected(m.errors, [ME_BEFORE_SIGN_IN])).toEqual([])

    // The same console on a phone: one column, no sideways scrolling, axe clean.
    const phone = await consoleAs(MARKETING, 'phone')
    await phone.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Content' }).click()
    await phone.page.getByRole('table', { name: 'Activities' }).getByRole('row').filter({ hasText: ACTIVITY }).waitFor()
    expect(await axeViolations(phone.page)).toEqual([])
    await noSideways(phone.page, 'phone')
    await lookAt(phone.page, `operator-content-phone`)
    expect(unexpected(phone.errors, [ME_BEFORE_SIGN_IN])).toEqual([])
    await playerContext.close()
  }, 240_000)

  it("a finance account finds the player and opens their page: balances beside the ledger; an action needs a reason and is said", async () => {
    for (const size of ['desktop', 'phone'] as const) {
      const f = await consoleAs(FINANCE, size)
      const nav = f.page.getByRole('navigation', { name: 'Console' })
      expect(await nav.getByRole('link').allTextContents()).toEqual(['Sessions', 'Script errors', 'Withdrawals', 'Deposits', 'Players'])
      await nav.getByRole('link', { name: 'Players' }).click()
      const find = f.page.getByRole('form', { name: 'Find a player' })
      await find.getByLabel('Username, id, phone or e-mail').fill(PLAYER.username.toUpperCase())
      await find.getByRole('button', { name: 'Find' }).click()
      await f.page.getByRole('button', { name: `Open ${PLAYER.username}` }).click()
      await f.page.getByRole('heading', { name: new RegExp(`^${PLAYER.username}`) }).waitFor()
      const balances = f.page.getByRole('table', { name: 'Balances' })
      await expect.poll(() => balances.getByRole('row').filter({ hasText: 'USD' }).innerText()).toMatch(/equal$/)
      if (size === 'desktop') {
        // Without a reason the hall refuses, and the console says why in an alert.
        await f.page.getByRole('button', { name: 'End all sign-ins' }).click()
        await expect.poll(() => f.page.getByRole('alert').innerText()).toContain('say why')
        await f.page.getByLabel('Reason (kept in the audit trail)').fill('asked by the player: lost phone')
        await f.page.getByRole('button', { name: 'End all sign-ins' }).click()
        await expect.poll(() => f.page.getByRole('status').first().innerText()).toBe(`Every sign-in of ${PLAYER.username} ended.`)
      }
      expect(await axeViolations(f.page)).toEqual([])
      await noSideways(f.page, size)
      await lookAt(f.page, `operator-players-${size}`, { fullPage: size === 'phone' })
      expect(unexpected(f.errors, [ME_BEFORE_SIGN_IN, /status of 400 \(Bad Request\): http:\/\/[^/]+\/support\/api\/ops\/players\/\d+\/end-sign-ins$/])).toEqual([])
    }
  }, 180_000)
})
