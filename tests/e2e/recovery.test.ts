import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launch } from './support/browser'
import { startHall, type RunningHall } from '../../server/hall'

/**
 * Recovery after an outage (issue: a list that failed while the hall was down stayed failed after
 * it came back). This file runs its own hall on a fixed data directory and port, so it can stop
 * and start it: a category opened while the hall is down fails with a 'Try again' button; once the
 * hall is back and the socket reconnects, the list loads by itself, caused by the reconnection.
 * The retry button works too, and a failed balance
 * refresh marks the balance as possibly out of date. Its own player, its own browser.
 */

const staticDir = inject('staticDir')
const dataDir = mkdtempSync(path.join(tmpdir(), 'lobby-recovery-'))
let hall: RunningHall
let port = 0
let browser: Browser

const start = async (): Promise<void> => {
  hall = await startHall({ port, dataDir, mode: 'test', staticDir })
  port = hall.port
}
const control = async (name: string, body: unknown): Promise<void> => {
  const res = await fetch(`${hall.url}/__control/${name}`, { method: 'POST', body: JSON.stringify(body) })
  if (!res.ok) throw new Error(`control ${name}: ${res.status} ${await res.text()}`)
}

beforeAll(async () => {
  await start()
  browser = await launch()
}, 120_000)
afterAll(async () => {
  await browser.close()
  await hall.close()
  rmSync(dataDir, { recursive: true, force: true })
})

interface Rec {
  readonly seq: number
  readonly cause?: number
  readonly source?: string
  readonly event: { readonly type: string; readonly [k: string]: unknown }
}
/** The page's event log (the hall is in test mode: window.__lobby is there). */
const records = async (page: Page): Promise<Rec[]> =>
  (await page.evaluate(() => window.__lobby!.exportLog()))
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => JSON.parse(l) as Rec)

const signUp = async (page: Page): Promise<void> => {
  // The lobby's own header (in #root), not the first screen the hall paints before it: the lobby
  // may open its sign-in popup as it takes over, so whether one is open is asked of the lobby.
  const header = page.locator('#root').getByRole('banner')
  const auth = page.getByRole('dialog', { name: /Log in|Sign up/ })
  await header.waitFor()
  if (!(await auth.isVisible())) await header.getByRole('button', { name: 'Sign up', exact: true }).click()
  await auth.getByRole('tab', { name: 'Sign up' }).click()
  await auth.getByLabel('Username').fill(`rec${Date.now().toString(36).slice(-7)}`)
  await auth.getByLabel('Password', { exact: true }).fill('secret12')
  await auth.getByLabel('Confirm password').fill('secret12')
  await auth.getByRole('button', { name: 'Create account' }).click()
  await auth.waitFor({ state: 'hidden' })
}

const socketOpens = async (page: Page): Promise<number> => (await records(page)).filter((r) => r.event.type === 'socket.opened').length
const menu = (page: Page) => page.getByRole('navigation', { name: 'Game categories' })
const listStatus = (page: Page) => page.locator('.game-list__count')
const failure = (page: Page) => page.getByRole('alert').filter({ hasText: 'The games could not be loaded' })

describe('after an outage', () => {
  it('a list that failed while the hall was down loads by itself when the socket reconnects', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' })
    const page = await context.newPage()
    await page.goto(`${hall.url}/`)
    await signUp(page)
    await expect.poll(() => socketOpens(page)).toBe(1)

    await hall.close()
    await menu(page).getByRole('button', { name: 'Slots', exact: true }).click()
    await failure(page).waitFor()
    await failure(page).getByRole('button', { name: 'Try again' }).waitFor()

    await start()

    await expect.poll(() => listStatus(page).textContent(), { timeout: 60_000 }).toMatch(/^[1-9][\d,.\s]* games$/)
    expect(await failure(page).count()).toBe(0)
    // By the reconnection itself: the list's request was caused by the socket's opening, not by a
    // click or a timer. (The line tester's retest on reconnection is in tests/model/lines.)
    const log = await records(page)
    const reopened = log.filter((r) => r.event.type === 'socket.opened').at(-1)
    expect(log.filter((r) => r.event.type === 'socket.opened')).toHaveLength(2)
    const caused = log.filter((r) => r.cause === reopened?.seq && r.event.type === 'hall.requested').map((r) => r.event['call'])
    expect(caused).toContain('gameList')
    await context.close()
  })

  it('the retry button loads a failed list again, and a failed balance refresh marks the balance', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' })
    const page = await context.newPage()
    await page.goto(`${hall.url}/`)
    await signUp(page)
    await expect.poll(() => socketOpens(page)).toBe(1)

    await control('force', { path: '/api/lobby/recentreport/game-list', code: 5000, msg: 'down for a moment' })
    await menu(page).getByRole('button', { name: 'Fishing', exact: true }).click()
    await failure(page).waitFor()
    await failure(page).getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => listStatus(page).textContent()).toMatch(/^[1-9][\d,.\s]* games$/)
    expect(await failure(page).count()).toBe(0)

    const balance = page.getByRole('banner').getByRole('group', { name: 'Balance' })
    const stale = balance.getByRole('img', { name: 'Balance may be out of date' })
    expect(await stale.count()).toBe(0)
    await control('force', { path: '/home/prize', code: 5000, msg: 'down for a moment' })
    await balance.getByRole('button', { name: 'Refresh balance' }).click()
    await stale.waitFor()
    await balance.getByRole('button', { name: 'Refresh balance' }).click()
    await stale.waitFor({ state: 'detached' })
    await context.close()
  })
})
