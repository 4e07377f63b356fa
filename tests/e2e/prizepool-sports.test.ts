import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'
import { seededGameName, visitGames } from './support/games.model'

/**
 * At phone and desktop sizes: the prize pool on the home page, from the hall's tables (migration
 * 068): the win amount, and the winners (the first page of 200, newest first) behind a button;
 * and the sports wallet header on /home/sports (provider 136): the balance with refresh, 'Money in
 * game' in the header while the player's money is in a sports game, and the money brought back
 * when the lobby is opened again without leaving the game in it (RefreshGold at sign-in).
 */
const kit = useBrowser()

describe.each(['phone', 'desktop'] as const)('prize pool at %s size', (size) => {

  const open = () => visitGames(kit, size)

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

  it("sports wallet: the provider-136 balance with refresh; 'Money in game' in a sports game; money left in a game comes back at the next sign-in", async () => {
    const player = await kit.player({ balance: '25' })
    const { username } = player
    const { games, errors } = await visitGames(kit, size, { as: player })
    const sports = async () => {
      await games.open('home/sports?site=001')
      await games.waitReady()
      await games.heading('Sports').waitFor()
      return games.page.getByRole('group', { name: 'Sports wallet' })
    }
    let wallet = await sports()
    const balance = () => wallet.getByRole('status', { name: 'Sports wallet balance' }).innerText()
    await expect.poll(balance).toBe('25.00')
    // The sports platforms, and the chosen one's games by the sports platform query (at most 10).
    const sportsGames = games.page.getByRole('list', { name: 'Game list' }).getByRole('button', { name: /^Play / })
    await sportsGames.first().waitFor()
    expect(await sportsGames.count()).toBeLessThanOrEqual(10)
    const platforms = games.page.getByRole('navigation', { name: 'Platforms' }).getByRole('button')
    await expect.poll(() => platforms.first().getAttribute('aria-current')).toBe('page')
    const firstGame = await sportsGames.first().getAttribute('aria-label')
    await platforms.nth(1).click()
    await expect.poll(() => platforms.nth(1).getAttribute('aria-current')).toBe('page')
    await expect.poll(() => sportsGames.first().getAttribute('aria-label')).not.toBe(firstGame)
    await sportsGames.first().waitFor()
    // Its refresh asks the hall again.
    await kit.control('credit', { username, amount: '10' })
    await wallet.getByRole('button', { name: 'Refresh the sports wallet' }).click()
    await expect.poll(balance).toBe('35.00')

    // A sports game (provider 136) takes the money in: the header says so, and the hall's wallet
    // answers the in-game marker.
    const game = seededGameName(5, 7)
    const embedded = `home/embedded?site=001&platformId=136&gameId=150007&gameCategoryId=5&gameName=${encodeURIComponent(game)}`
    await games.open(embedded)
    await games.gameFrame(game).getByText('Playing for real').waitFor()
    await expect.poll(() => games.header.getByRole('group', { name: 'Balance' }).locator('.balance__amount').innerText()).toBe('Money in game')
    // Left by a reload elsewhere (a closed tab, the game's own exit link): the sign-in's prize
    // balance says the money is in a game, the lobby brings it back, and the wallet shows it.
    wallet = await sports()
    await expect.poll(balance).toBe('35.00')
    await expect.poll(() => games.headerBalance()).toBe(35)

    // Back from the game by the lobby's own button (RefreshGold brings the money back): the balance again. The sign-in at
    // the reload names this game as the last one: the continue-last-game confirm, declined.
    await games.open(embedded)
    const confirm = games.dialog('Continue your last game?')
    await confirm.waitFor()
    await confirm.getByRole('button', { name: 'Not now' }).click()
    await confirm.waitFor({ state: 'hidden' })
    await games.gameFrame(game).getByText('Playing for real').waitFor()
    await games.page.getByRole('button', { name: 'Back to lobby' }).click()
    await expect.poll(() => games.path()).toBe('/home/game')
    await expect.poll(() => games.headerBalance()).toBe(35)
    wallet = await sports()
    await expect.poll(balance).toBe('35.00')
    expect(errors).toEqual([])
  })
})
