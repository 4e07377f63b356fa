import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousViolations } from './support/axe'
import { useBrowser } from './support/browser'
import { lookAt } from './support/shots'

/**
 * Savings (yuebao) at phone and desktop sizes (screens §2 header entry, system menu, /home/yuebao;
 * calls §7.7): a player saves 100 from a balance of 500, the hall's savings move on three days,
 * the interest shows and is received, the principal is taken out; the header balance follows each
 * step without a reload, and the records show each movement under the right filter. Site 001
 * pays 7.3 % a year (the default terms): 100 earns 0.02 a day.
 */
const kit = useBrowser()
/** The header's balance, as shown. */
const headerBalance = (page: Page): Promise<string> => page.getByRole('group', { name: 'Balance' }).locator('.balance__amount').innerText()

/** The rows (desktop) or cards (phone) of the savings records. */
const recordRows = (page: Page, desktop: boolean): Locator =>
  desktop ? page.getByRole('table', { name: 'Savings records' }).locator('tbody tr') : page.getByRole('list', { name: 'Savings records' }).getByRole('listitem')

describe.each(['desktop', 'phone'] as const)('savings at %s size', (size) => {
  it('saves 100, accrues three days of interest, receives it and takes the principal out, with the balance and records following', async () => {
    const desktop = size === 'desktop'
    const player = await kit.player({ balance: '500' })
    const { page, errors, shell } = await kit.openLobby(size, 'home/game?site=001', { as: player })
    await expect.poll(() => headerBalance(page), { timeout: 15_000 }).toBe('500.00')

    // The entry (the switch is on): in the header on the web; on a phone in the drawer's system
    // menu, with the year-rate badge.
    if (desktop) await shell.header.getByRole('button', { name: /^Savings/ }).click()
    else {
      expect(await shell.header.getByRole('button', { name: /^Savings/ }).count()).toBe(0)
      await shell.header.getByRole('button', { name: 'Open menu' }).click()
      const drawer = page.getByRole('dialog', { name: 'Game categories' })
      const entry = drawer.getByRole('list', { name: 'More' }).getByRole('button', { name: /^Savings/ })
      await entry.waitFor({ timeout: 15_000 })
      expect(await entry.locator('.badge').getAttribute('data-badge')).toBe('7.3%')
      await entry.click()
      await drawer.waitFor({ state: 'hidden' })
    }
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home/yuebao')

    // The introduction pops up the first time, once.
    const intro = page.getByRole('dialog', { name: 'Savings' })
    await intro.waitFor({ timeout: 15_000 })
    expect(await intro.innerText()).toContain('7.3% a year')
    await intro.getByRole('button', { name: 'Got it' }).click()
    await intro.waitFor({ state: 'hidden' })

    // Save 100: the wallet's balance and the savings follow.
    const save = page.getByRole('form', { name: 'Save' })
    // The money-input rules refuse a third decimal as it is typed.
    await save.getByRole('textbox', { name: 'Amount to save' }).pressSequentially('100.005')
    expect(await save.getByRole('textbox', { name: 'Amount to save' }).inputValue()).toBe('100.00')
    await save.getByRole('textbox', { name: 'Amount to save' }).fill('600')
    await save.getByRole('button', { name: 'Save', exact: true }).click()
    await save.getByText('The amount must be at most').waitFor()
    await save.getByRole('textbox', { name: 'Amount to save' }).fill('100')
    await save.getByRole('button', { name: 'Save', exact: true }).click()
    await save.getByRole('status').getByText('100.00 saved').waitFor({ timeout: 15_000 })
    await expect.poll(() => headerBalance(page)).toBe('400.00')
    await expect.poll(() => page.getByTestId('yuebao-principal').innerText()).toContain('100.00')
    expect(await save.getByRole('textbox', { name: 'Amount to save' }).inputValue()).toBe('')

    // Three days pass at the hall: 3 × 0.02 of interest to receive.
    expect(await kit.control('savings-days', { username: player.username, days: 3 })).toMatchObject({ ok: true, curIncome: '0.06' })
    await page.getByRole('button', { name: 'Refresh savings' }).click()
    await expect.poll(() => page.getByTestId('yuebao-unclaimed').innerText(), { timeout: 15_000 }).toContain('0.06')
    await page.getByRole('button', { name: 'Receive interest' }).click()
    await page.getByText('0.06 interest received').waitFor({ timeout: 15_000 })
    await expect.poll(() => headerBalance(page)).toBe('400.06')
    await expect.poll(() => page.getByTestId('yuebao-total').innerText()).toContain('0.06')
    await expect.poll(() => page.getByTestId('yuebao-unclaimed').innerText()).toContain('0.00')

    // Take the principal out.
    const takeout = page.getByRole('form', { name: 'Take out' })
    await takeout.getByRole('textbox', { name: 'Amount to take out' }).fill('100')
    await takeout.getByRole('button', { name: 'Take out', exact: true }).click()
    await takeout.getByRole('status').getByText('100.00 taken out').waitFor({ timeout: 15_000 })
    await expect.poll(() => headerBalance(page)).toBe('500.06')
    await expect.poll(() => page.getByTestId('yuebao-principal').innerText()).toContain('0.00')

    // The records, newest first, under each filter.
    const rows = recordRows(page, desktop)
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3)
    const filter = page.getByLabel('Record type')
    const only = async (label: string, text: string) => {
      await filter.selectOption({ label })
      await expect.poll(async () => (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ')), { timeout: 15_000 }).toEqual([expect.stringContaining(text)])
    }
    await only('Transfer in', 'Transfer in')
    await only('Transfer out', 'Capital taken out')
    await only('Interest received', '0.06')
    await filter.selectOption({ label: 'Interest taken out' })
    await page.getByText('No savings records for this filter').waitFor()
    await filter.selectOption({ label: 'All' })
    await expect.poll(async () => (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' '))).toEqual([
      expect.stringContaining('Capital taken out'),
      expect.stringContaining('Interest received'),
      expect.stringContaining('Transfer in'),
    ])

    // The introduction was once: opening the page again reads the figures and pops nothing up.
    const indexAnswers = async () =>
      (await shell.events()).filter((e) => e.type === 'hall.responded' && (e as { call?: string }).call === 'yuebaoIndex') as unknown as Array<{ data: { isPop: number } }>
    const indexReads = async () => (await indexAnswers()).length
    const reads = await indexReads()
    expect((await indexAnswers()).map((a) => a.data.isPop).filter((p) => p === 1)).toHaveLength(1)
    await page.getByRole('button', { name: 'Back to the lobby' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home/game')
    await page.evaluate(() => window.__lobby!.system.send({ type: 'nav.requested', name: 'yuebao' }))
    await expect.poll(indexReads, { timeout: 15_000 }).toBe(reads + 1)
    expect((await indexAnswers()).at(-1)?.data.isPop).toBe(0)
    await page.getByRole('heading', { name: 'Savings', level: 1 }).waitFor()
    expect(await page.getByRole('dialog').count()).toBe(0)

    expect(await seriousViolations(page)).toEqual([])
    await lookAt(page, `yuebao-${size}`, { fullPage: true })
    await lookAt(shell.header, `yuebao-header-${size}`)
    // Every header control stays on screen with the savings entry beside them.
    const width = page.viewportSize()?.width ?? 0
    for (const button of await shell.header.getByRole('button').all()) {
      const box = await button.boundingBox()
      expect(box !== null && box.x >= 0 && box.x + box.width <= width).toBe(true)
    }
    expect(errors).toEqual([])
  })
})
