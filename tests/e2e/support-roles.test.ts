import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { migrate, openDb } from '../../server/db'
import { startHall, type RunningHall } from '../../server/hall'
import { addAccount } from '../../server/support/accounts'
import { callHall, player, type Caller } from '../server/support'
import { uploadLog } from '../server/uploads'
import { launch, newContext, VIEWPORTS, watchErrors } from './support/browser'
import { allViolations as axeViolations } from './support/axe'

/**
 * The support console in production, with roles: an agent (on a phone) finds a player's session
 * and opens it; a lead (on a desktop) sees that in the audit trail and manages accounts; the agent
 * can neither open the audit trail nor manage accounts, in the console or through the API. Every
 * view is checked with axe at the size it is used. Its own hall (production mode, its own store),
 * accounts, player and upload: nothing shared with other browser tests but the build.
 */

const staticDir = inject('staticDir')
const golden = readFileSync(path.resolve(import.meta.dirname, '../replay/session-flow.ndjson'), 'utf8')
/** The player the golden log registered (whatever name it was recorded with), replaced by this file's player. */
const goldenPlayer = /"type":"session\.registerSubmitted","username":"([^"]+)"/.exec(golden)?.[1] ?? ''

const LEAD = { username: 'lead.e2e', password: 'lead-e2e-password' }
const AGENT = { username: 'agent.e2e', password: 'agent-e2e-password' }
const PLAYER = { username: 'roleplayer1', password: 'roleplayer1pw' }

let browser: Browser
let hall: RunningHall
let dataDir = ''
let reference = ''
let playerId = ''


beforeAll(async () => {
  // The accounts, made on the store before the hall opens it (as the support-accounts command does).
  dataDir = mkdtempSync(path.join(tmpdir(), 'lobby-support-roles-'))
  const db = await openDb(dataDir)
  try {
    await migrate(db)
    const by = { by: 'command:e2e', now: Date.now() }
    await addAccount(db, { ...LEAD, role: 'lead' }, by)
    await addAccount(db, { ...AGENT, role: 'agent' }, by)
  } finally {
    await db.close()
  }
  hall = await startHall({ port: 0, dataDir, mode: 'production', staticDir })
  browser = await launch()

  // The player: registered on site 001 (its key is in the page, as for any visitor), then sends
  // diagnostics of a session in which they signed in.
  const html = await (await fetch(`${hall.url}/`, { headers: { accept: 'text/html' } })).text()
  const siteKey = /"siteKey":"([^"]+)"/.exec(html)?.[1] ?? ''
  expect(siteKey).not.toBe('')
  const site: Caller = { siteCode: '001', keyMaterial: siteKey, token: '' }
  const reg = await callHall(hall.url, site, 'POST', '/home/register', PLAYER)
  expect(reg.envelope.code).toBe(1)
  playerId = (reg.envelope.data as { userIdx: string }).userIdx
  expect(goldenPlayer).not.toBe('')
  reference = await uploadLog(hall.url, player('001', reg.envelope.data), golden.replaceAll(goldenPlayer, PLAYER.username))
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await hall?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Signs in to the console and waits for its navigation. */
const signIn = async (page: Page, who: { username: string; password: string }): Promise<void> => {
  await page.goto(`${hall.url}/support`)
  const form = page.getByRole('form', { name: 'Sign in' })
  await form.getByLabel('Username').fill(who.username)
  await form.getByLabel('Password').fill(who.password)
  await form.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('navigation', { name: 'Console' }).waitFor()
}

describe('support roles in the console', () => {
  it('an agent on a phone finds and opens a player session and forks it; the audit trail and accounts are not theirs', async () => {
    const context = await newContext(browser, 'phone')
    const page = await context.newPage()
    const errors = watchErrors(page)
    await page.goto(`${hall.url}/support`)
    await page.getByRole('form', { name: 'Sign in' }).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await signIn(page, AGENT)

    // The console says how long sessions are kept; only the agent's own links are offered.
    await expect.poll(() => page.getByText('Sessions are kept for 30 days').count()).toBe(1)
    const nav = page.getByRole('navigation', { name: 'Console' })
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Sessions', 'Script errors'])

    // Searches by the player's id, and opens the session.
    const search = page.getByRole('search', { name: 'Search sessions' })
    await search.getByLabel('Player id', { exact: true }).fill(playerId)
    await search.getByRole('button', { name: 'Search' }).click()
    const rows = page.getByRole('table', { name: 'Sessions' }).getByRole('row').filter({ hasText: reference })
    await expect.poll(() => rows.count()).toBe(1)
    expect(await rows.textContent()).toContain(PLAYER.username)
    // At phone width each row is a card as wide as the screen: nothing to scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width)
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: `Open ${reference}` }).click()
    await page.getByRole('listbox', { name: 'Records' }).waitFor()
    expect(new URL(page.url()).pathname).toBe(`/support/sessions/${reference}`)
    expect(await axeViolations(page)).toEqual([])

    // Forks the timeline at a record: the hall records it first.
    await page.getByRole('listbox', { name: 'Records' }).getByRole('option').nth(4).click()
    await page.getByRole('button', { name: 'Fork here (live)' }).click()
    await page.getByText(/^Forked at seq 5: the screen is live against this hall/).waitFor()
    await page.getByRole('button', { name: 'Back to replay' }).click()

    // The audit trail and the accounts: refused by the hall, and the console says why.
    await page.goto(`${hall.url}/support/audit`)
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Only a support lead can read the audit trail')
    expect(await page.getByRole('table', { name: 'Audit entries' }).count()).toBe(0)
    await page.goto(`${hall.url}/support/accounts`)
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Only a support lead can manage accounts')
    expect(await page.getByRole('table', { name: 'Accounts' }).count()).toBe(0)
    const refused = await page.evaluate(async () => {
      // With the sign-in's CSRF token, as the console sends it: the role is what refuses.
      const { csrf } = (await fetch('/support/api/me').then((r) => r.json())) as { csrf: string }
      const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body: JSON.stringify(body) }).then((r) => r.status)
      return [
        await fetch('/support/api/audit').then((r) => r.status),
        await fetch('/support/api/accounts').then((r) => r.status),
        await post('/support/api/accounts', { username: 'made.by.agent', role: 'lead' }),
        await post('/support/api/accounts/lead.e2e/disable', {}),
      ]
    })
    expect(refused).toEqual([403, 403, 403, 403])
    await context.close()
    // The console's own sign-in check (401 before signing in) and the refusals above are the only failed requests.
    expect(errors.filter((e) => !e.includes('401') && !e.includes('403'))).toEqual([])
  })

  it('a lead on a desktop sees the agent opening and forking that session in the audit trail, and manages accounts', async () => {
    const context = await newContext(browser, 'desktop')
    const page = await context.newPage()
    const errors = watchErrors(page)
    await signIn(page, LEAD)
    const nav = page.getByRole('navigation', { name: 'Console' })
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Sessions', 'Script errors', 'Audit trail', 'Accounts'])

    // The audit trail, filtered by the agent: the session opened, with the player it concerns.
    await nav.getByRole('link', { name: 'Audit trail' }).click()
    const filters = page.getByRole('search', { name: 'Filter the audit trail' })
    await filters.getByLabel('Account').fill(AGENT.username)
    await filters.getByRole('button', { name: 'Filter' }).click()
    const entries = page.getByRole('table', { name: 'Audit entries' })
    const opened = entries.getByRole('row').filter({ hasText: 'Opened session' })
    // Wait for the filtered answer, not the unfiltered list still shown: every entry is the agent's.
    const bodyRows = entries.locator('tbody tr')
    await expect.poll(async () => (await bodyRows.allTextContents()).every((r) => r.includes(AGENT.username)) && (await opened.count()) === 1).toBe(true)
    const text = (await opened.textContent()) ?? ''
    expect(text).toContain(AGENT.username)
    expect(text).toContain(reference)
    expect(text).toContain(`id ${playerId}`)
    expect(await entries.getByRole('row').filter({ hasText: 'Searched sessions' }).count()).toBe(2)
    expect(await entries.getByRole('row').filter({ hasText: 'Forked timeline' }).textContent()).toContain(`${reference}`)
    expect(await entries.getByRole('row').filter({ hasText: 'Forked timeline' }).textContent()).toContain('at seq 5')
    expect(await axeViolations(page)).toEqual([])

    // By player: the same session view; by a day with nothing, nothing.
    await filters.getByLabel('Account').fill('')
    await filters.getByLabel('Player (id or username)').fill(PLAYER.username)
    await filters.getByRole('button', { name: 'Filter' }).click()
    // The player's entries replace the agent's (which hold the agent's own sign-in): wait for both facts at once.
    const signedIn = entries.getByRole('row').filter({ hasText: 'Signed in' })
    await expect.poll(async () => [await opened.count(), await signedIn.count()]).toEqual([1, 0])
    await filters.getByLabel('From (UTC day)').fill('2001-01-01')
    await filters.getByLabel('To (UTC day)').fill('2001-01-02')
    await filters.getByRole('button', { name: 'Filter' }).click()
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'No entry matches.' }).count()).toBe(1)

    // The audit trail is also readable on a phone.
    await page.setViewportSize(VIEWPORTS.phone)
    await filters.getByLabel('From (UTC day)').fill('')
    await filters.getByLabel('To (UTC day)').fill('')
    await filters.getByRole('button', { name: 'Filter' }).click()
    await expect.poll(() => entries.getByRole('row').filter({ hasText: 'Opened session' }).count()).toBe(1)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width)
    expect(await axeViolations(page)).toEqual([])
    await page.setViewportSize(VIEWPORTS.desktop)

    // Accounts: add an agent (its password shown once), then disable it.
    await nav.getByRole('link', { name: 'Accounts' }).click()
    const add = page.getByRole('form', { name: 'Add an account' })
    await add.getByLabel('Username').fill('agent.two')
    await add.getByRole('button', { name: 'Add account' }).click()
    await expect.poll(() => page.getByText(/Password for agent\.two \(shown once/).count()).toBe(1)
    const accounts = page.getByRole('table', { name: 'Accounts' })
    await expect.poll(() => accounts.getByRole('row').filter({ hasText: 'agent.two' }).count()).toBe(1)
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Disable agent.two' }).click()
    await expect.poll(() => accounts.getByRole('row').filter({ hasText: 'agent.two' }).textContent()).toContain('disabled')
    await page.setViewportSize(VIEWPORTS.phone)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width)
    expect(await axeViolations(page)).toEqual([])
    await context.close()
    expect(errors.filter((e) => !e.includes('401'))).toEqual([])
  })
})
