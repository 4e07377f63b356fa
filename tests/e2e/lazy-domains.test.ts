import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { bootDomains } from '../../actors/boot'
import { callHall, control as hallControl, player as asPlayer, visitor } from '../server/support'
import { useBrowser } from './support/browser'
import { replayLog } from './support/replay'
import type { TestPlayer } from './support/hall'

/**
 * Domains started when first needed (issue 41; docs/architecture.md, "Domains start when first
 * needed"): withdraw, savings and the event centre are not started at boot; opened as the first
 * screen after boot (a reload on their address, the player's session kept), each is imported,
 * started at its recorded domain.started, and works: its queries answer and its commands run.
 * The withdraw one replays identically in Node and is the golden log tests/replay/lazy-withdraw.ndjson
 * (LOBBY_RECORD_GOLDEN=1 rewrites it).
 */
const kit = useBrowser()

/** The domain starts the page's log holds, in order: domains.booted's list, then each domain.started. */
const starts = async (page: Page): Promise<{ booted: ReadonlyArray<string>; started: ReadonlyArray<string> }> => {
  const text = await page.evaluate(() => window.__lobby!.exportLog())
  const events = text.split('\n').filter((l) => l.trim() !== '').slice(1).map((l) => (JSON.parse(l) as { event: { type: string; domains?: string[]; domain?: string } }).event)
  return {
    booted: events.find((e) => e.type === 'domains.booted')?.domains ?? [],
    started: events.filter((e) => e.type === 'domain.started').map((e) => e.domain ?? ''),
  }
}

/** Binds a phone and sets a withdraw password through the hall's own calls (a bank card binds only then), as tests/e2e/withdraw.test.ts does. */
const secure = async (p: TestPlayer): Promise<void> => {
  const site = await visitor(kit.hallUrl, p.siteCode)
  const login = await callHall(kit.hallUrl, site, 'POST', '/home/login', { username: p.username, password: p.password })
  expect(login.envelope.code).toBe(1)
  const caller = asPlayer(p.siteCode, login.envelope.data)
  const phone = `556${String(Date.now()).slice(-7)}`
  expect((await callHall(kit.hallUrl, caller, 'POST', '/user/security/createsms', { phone })).envelope.code).toBe(1)
  const sent = await hallControl(kit.hallUrl, 'last-code', { username: p.username, siteCode: p.siteCode })
  expect((await callHall(kit.hallUrl, caller, 'POST', '/user/security/modifyphone', { phone, code: sent['code'] })).envelope.code).toBe(1)
  expect((await callHall(kit.hallUrl, caller, 'POST', '/user/security/modifywithdrawpass', { newPass: '123456' })).envelope.code).toBe(1)
}

const headerBalance = (page: Page): Promise<string> => page.getByRole('group', { name: 'Balance' }).locator('.balance__amount').innerText()

/** A signed-in player's lobby opened on `path` (its kept session): the first screen after boot. */
const firstScreen = async (path: string, balance: string, prepare: (p: TestPlayer) => Promise<void> = async () => undefined) => {
  const player = await kit.player({ balance })
  await prepare(player)
  const opened = await kit.openLobby('desktop', path, { as: player })
  await expect.poll(() => new URL(opened.page.url()).pathname, { timeout: 15_000 }).toBe(`/${path.split('?')[0]}`)
  return { ...opened, player }
}

describe('domains started when first needed', () => {
  it('boots without the lazy domains', async () => {
    const { page, errors } = await kit.openLobby('desktop', 'home/game?site=001')
    const log = await starts(page)
    expect(log.booted).toEqual(bootDomains.map((d) => d.name))
    for (const lazy of ['withdraw', 'yuebao', 'activities']) expect(log.booted).not.toContain(lazy)
    expect(log.started).not.toContain('withdraw')
    expect(log.started).not.toContain('activities')
    expect(errors).toEqual([])
  })

  it('opens withdraw as the first screen: the balance shows and a bank card binds', async () => {
    const { page, errors } = await firstScreen('home/withdraw?site=001', '500', secure)
    const panel = page.getByRole('tabpanel')
    await page.getByRole('tab', { name: 'Bank cards' }).click({ timeout: 15_000 })
    await panel.getByLabel('Card number').fill('4111 2222 3333 5555')
    await panel.getByLabel("Holder's real name").fill('ANA SILVA')
    await panel.getByRole('button', { name: 'Bind card' }).click()
    await expect.poll(() => panel.innerText(), { timeout: 15_000 }).toContain('**** 5555')
    await page.getByRole('tab', { name: 'Withdraw', exact: true }).click()
    await expect.poll(() => panel.innerText(), { timeout: 15_000 }).toContain('500.00')
    const log = await starts(page)
    expect(log.booted).not.toContain('withdraw')
    expect(log.started.filter((d) => d === 'withdraw')).toEqual(['withdraw'])
    // The golden log of a lazy start (tests/replay/lazy-withdraw.ndjson): replayed in Node, identical.
    const same = await replayLog('lazy-withdraw', await page.evaluate(() => window.__lobby!.exportLog()), 'lazy-withdraw')
    expect(same.out).toContain('IDENTICAL')
    expect(same.code).toBe(0)
    expect(errors).toEqual([])
  })

  it('opens savings as the first screen: the introduction shows and 100 is saved', async () => {
    const { page, errors } = await firstScreen('home/yuebao?site=001', '500')
    const intro = page.getByRole('dialog', { name: 'Savings' })
    await intro.waitFor({ timeout: 15_000 })
    expect(await intro.innerText()).toContain('7.3% a year')
    await intro.getByRole('button', { name: 'Got it' }).click()
    await intro.waitFor({ state: 'hidden' })
    const save = page.getByRole('form', { name: 'Save' })
    await save.getByRole('textbox', { name: 'Amount to save' }).fill('100')
    await save.getByRole('button', { name: 'Save', exact: true }).click()
    await save.getByRole('status').getByText('100.00 saved').waitFor({ timeout: 15_000 })
    await expect.poll(() => headerBalance(page)).toBe('400.00')
    await expect.poll(() => page.getByTestId('yuebao-principal').innerText()).toContain('100.00')
    const log = await starts(page)
    expect(log.booted).not.toContain('yuebao')
    expect(log.started.filter((d) => d === 'yuebao')).toEqual(['yuebao'])
    expect(errors).toEqual([])
  })

  it('opens the event centre as the first screen: the categories show and an activity opens', async () => {
    const { page, errors } = await firstScreen('home/event/index?site=001', '0')
    const tabs = page.getByRole('tablist', { name: 'Promotion categories' })
    await expect.poll(() => tabs.getByRole('tab').allInnerTexts(), { timeout: 15_000 }).toEqual(expect.arrayContaining(['Deposit & play', 'Every day', 'Friends']))
    await page.getByRole('tabpanel').getByRole('button', { name: /^Daily deposit bonus/ }).click()
    await page.getByRole('heading', { name: 'Daily deposit bonus' }).waitFor({ timeout: 15_000 })
    await page.getByText('Deposited in this period:').waitFor()
    const log = await starts(page)
    expect(log.booted).not.toContain('activities')
    expect(log.started.filter((d) => d === 'activities')).toEqual(['activities'])
    expect(errors).toEqual([])
  })
})
