import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { control, launch, newContext, watchErrors } from './support/browser'
import { GamesPage, seededGameName } from './support/games.model'

/**
 * The prize pool on the home page at phone and desktop sizes, from the hall's tables (migration
 * 068): the win amount, and the winners (the first page of 200, newest first) behind a button.
 */
const hallUrl = inject('hallUrl')
let browser: Browser
let context: BrowserContext | undefined

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser.close()
})
afterEach(async () => {
  await control(hallUrl, 'reset', {})
  await context?.close()
  context = undefined
})

describe.each(['phone', 'desktop'] as const)('prize pool at %s size', (size) => {
  const phone = size === 'phone'

  const open = async (): Promise<{ games: GamesPage; errors: string[] }> => {
    context = await newContext(browser, size)
    const games = new GamesPage(await context.newPage(), hallUrl, phone)
    const errors = watchErrors(games.page)
    await games.open('home/game?site=001')
    await games.waitReady()
    if (!phone) {
      await games.authDialog.waitFor()
      await games.page.keyboard.press('Escape')
      await games.authDialog.waitFor({ state: 'hidden' })
    }
    return { games, errors }
  }

  it('shows the win amount, and the 200 newest winners on asking', async () => {
    const { games, errors } = await open()
    const pool = games.page.getByRole('region', { name: 'Prize pool' })
    await expect.poll(() => pool.getByRole('status', { name: 'Prize pool win amount' }).innerText()).toBe('128,888.88')
    const show = pool.getByRole('button', { name: 'Show winners (240)' })
    await expect.poll(() => show.getAttribute('aria-expanded')).toBe('false')
    await show.click()
    const table = pool.getByRole('table', { name: 'Prize pool winners' })
    await table.waitFor()
    // A header row and the first page of 200 (of 240).
    expect(await table.getByRole('row').count()).toBe(201)
    const first = table.getByRole('row').nth(1).getByRole('cell')
    expect(await first.allInnerTexts()).toEqual(['pl***037', seededGameName(2, 1), '129.19'])
    await pool.getByRole('button', { name: 'Hide winners' }).click()
    await table.waitFor({ state: 'detached' })
    // Only on the Hot list.
    await games.chooseCategory('Slots')
    await pool.waitFor({ state: 'detached' })
    expect(errors).toEqual([])
  })
})
