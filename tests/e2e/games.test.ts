import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'
import { seededGameName, visitGames } from './support/games.model'
import { callHall, player as playerCaller, visitor } from '../server/support'
import { balanceOf, type TestPlayer } from './support/hall'

/**
 * The game lobby at phone (390×844) and desktop (1440×900) sizes against the reference hall:
 * category navigation, and a formal launch whose round on the hall's game page moves the real
 * balance the lobby shows on return.
 */
const kit = useBrowser()

/** The game /home/prize names as the player's last one (asked from outside the lobby, at the end of a test). */
const lastGameOf = async (p: TestPlayer): Promise<unknown> => {
  const login = await callHall(kit.hallUrl, await visitor(kit.hallUrl, p.siteCode), 'POST', '/home/login', { username: p.username, password: p.password })
  const prize = await callHall(kit.hallUrl, playerCaller(p.siteCode, login.envelope.data), 'POST', '/home/prize', {})
  return (prize.envelope.data as { lastgameinfo: unknown }).lastgameinfo
}

describe.each(['phone', 'desktop'] as const)('game lobby at %s size', (size) => {

  /** A fresh visitor on site 001: a guest on phones; on desktop the login popup, closed. */
  const open = () => visitGames(kit, size)

  /** A player of its own with 1,000 to play with, signed in. */
  const signedIn = async () => {
    const player = await kit.player({ balance: '1000' })
    const { games } = await visitGames(kit, size, { as: player })
    await games.header.getByRole('group', { name: 'Balance' }).waitFor()
    return { games, player }
  }

  it('category navigation: each entry shows its category, its first games in the seed order, on the home page kept as it was', async () => {
    const { games, errors } = await open()
    // The list categories (game) and the others (subgame) are one page: switching keeps it, its
    // banners and footer as they were, and does not ask for them again.
    await games.page.locator('section.lobby').evaluate((el) => el.setAttribute('data-kept', 'yes'))
    const banners: string[] = []
    games.page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('/message/banner/index')) banners.push(r.url())
    })
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
    expect(await games.page.locator('section.lobby[data-kept="yes"]').count()).toBe(1)
    expect(banners).toEqual([])
    expect(errors).toEqual([])
  })

  it('a formal launch: the round moves the real balance, which the lobby shows on return through the way back of the game page, without loading again', async () => {
    const { games, player } = await signedIn()
    const before = await balanceOf(kit.hallUrl, player)
    expect(before).toBe(1000)
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
    expect(await balanceOf(kit.hallUrl, player)).toBeCloseTo(after, 2)
    // The game's own way back closes the game in the running lobby: no new page load (a mark left
    // on the page survives), and the wallet brings the balance back from the hall.
    await games.page.evaluate(() => Object.assign(window, { __stayed: 'yes' }))
    const refreshes = async () => (await games.events()).filter((e) => e.type === 'hall.requested' && e.call === 'refreshGold').length
    const refreshedBefore = await refreshes()
    await frame.getByRole('link', { name: 'Return to lobby' }).click()
    await expect.poll(() => games.path()).toBe('/home/game')
    await expect.poll(() => games.headerBalance()).toBeCloseTo(after, 2)
    expect(await refreshes()).toBeGreaterThan(refreshedBefore)
    expect(await games.page.evaluate(() => (window as unknown as { __stayed?: string }).__stayed)).toBe('yes')
    expect(await games.page.locator('iframe').count()).toBe(0)
    // The game was left through its own way back: it is no longer offered to continue.
    expect(await lastGameOf(player)).toBeNull()
  })
})
