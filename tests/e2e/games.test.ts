import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { control, launch, newContext, watchErrors } from './support/browser'
import { GamesPage, hallBalance, seededGameName } from './support/games.model'

/**
 * The game lobby at phone (390×844) and desktop (1440×900) sizes against the reference hall:
 * category navigation, and a formal launch whose round on the hall's game page moves the real
 * balance the lobby shows on return.
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
  // A round (or a test) leaves demo a last game: other files' sign-ins as demo must not get the continue confirm.
  await control(hallUrl, 'player', { username: 'demo', last_game: null })
  await context?.close()
  context = undefined
})

describe.each(['phone', 'desktop'] as const)('game lobby at %s size', (size) => {
  const phone = size === 'phone'

  /** A fresh visitor on site 001: a guest on phones; on desktop the login popup, closed unless `keepPopup`. */
  const open = async (keepPopup = false): Promise<{ games: GamesPage; errors: string[] }> => {
    context = await newContext(browser, size)
    const games = new GamesPage(await context.newPage(), hallUrl, phone)
    const errors = watchErrors(games.page)
    await games.open('home/game?site=001')
    await games.waitReady()
    if (!phone) {
      await games.authDialog.waitFor()
      if (!keepPopup) {
        await games.page.keyboard.press('Escape')
        await games.authDialog.waitFor({ state: 'hidden' })
      }
    }
    return { games, errors }
  }

  const signedIn = async (): Promise<GamesPage> => {
    const { games } = await open(true)
    // No last game to continue (a round at the other size sets one): no confirm over the lobby.
    await control(hallUrl, 'player', { username: 'demo', last_game: null })
    await games.login('demo', 'demo1234')
    await games.header.getByRole('group', { name: 'Balance' }).waitFor()
    return games
  }

  it('category navigation: each entry shows its category, its first games in the seed order', async () => {
    const { games, errors } = await open()
    for (const [name, category] of [['Slots', 3], ['Fishing', 2], ['Card games', 1], ['Lottery', 8]] as const) {
      await games.chooseCategory(name)
      await expect.poll(() => new URL(games.page.url()).searchParams.get('gameCategoryId')).toBe(String(category))
      await games.tile(seededGameName(category, 1)).waitFor()
      await expect.poll(() => games.playButtons().first().getAttribute('aria-label')).toBe(`Play ${seededGameName(category, 1)}`)
      await expect.poll(() => games.count.innerText()).toMatch(/^1,?080 games$/)
    }
    // Hot: the hottest first (every 97th game of a block, the first of the first block on top).
    await games.chooseCategory('Hot')
    await games.tile(seededGameName(1, 97)).waitFor()
    expect(errors).toEqual([])
  })

  it('a formal launch: the round moves the real balance, which the lobby shows on return', async () => {
    const games = await signedIn()
    const before = await hallBalance(hallUrl, 'demo')
    await expect.poll(() => games.headerBalance()).toBe(before)
    await games.chooseCategory('Slots')
    const name = seededGameName(3, 1)
    await games.tile(name).click()
    const frame = games.gameFrame(name)
    await frame.getByText('Playing for real').waitFor()
    expect(await games.frameBalance(name)).toBe(before)
    await frame.getByLabel('Bet').fill('10')
    await frame.getByRole('button', { name: 'Spin' }).click()
    const result = await frame.getByRole('status').filter({ hasText: /You (won|lost)/ }).innerText()
    const after = await games.frameBalance(name)
    expect(after).toBeCloseTo(result.startsWith('You won') ? before + 10 : before - 10, 2)
    expect(await hallBalance(hallUrl, 'demo')).toBeCloseTo(after, 2)
    await frame.getByRole('link', { name: 'Return to lobby' }).click()
    await expect.poll(() => games.path()).toBe('/home/game')
    await expect.poll(() => games.headerBalance()).toBeCloseTo(after, 2)
  })

})
