/**
 * Game launch by /gameapi/loginv2 (issue 45): on a site whose hall profile says `launch: 'loginv2'`
 * (injected with the site configuration), the lobby launches with loginv2 and opens the address
 * the hall finished as it is; the game plays for the signed-in player. The profile is put back
 * after the test (kit.patchSite), so the other files of this hall launch with /gameapi/login.
 */
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'
import { seededGameName, visitGames } from './support/games.model'

const kit = useBrowser()

describe('a site whose hall launches by loginv2', () => {
  it('launches a game with loginv2 and opens the finished address', async () => {
    await kit.patchSite('001', 'site', { hallProfile: { launch: 'loginv2' } })
    const game = seededGameName(3, 1)
    const player = await kit.player()
    const { games, errors } = await visitGames(kit, 'desktop', { as: player })
    const launches: string[] = []
    games.page.on('request', (r) => {
      const path = new URL(r.url()).pathname
      if (/\/gameapi\/login(v2)?$/.test(path)) launches.push(path.slice(path.indexOf('/gameapi')))
    })
    await games.chooseCategory('Slots')
    await games.tile(game).click()
    const frame = games.gameFrame(game)
    await frame.getByText('Playing for real').waitFor()
    await frame.getByText(player.username).waitFor()
    expect(launches).toEqual(['/gameapi/loginv2'])
    expect(games.path()).toBe('/home/embedded')
    const src = await games.page.locator(`iframe[title="Game: ${game}"]`).getAttribute('src')
    expect(new URL(src ?? '', kit.hallUrl).pathname).toBe('/games/play')
    expect(errors).toEqual([])
  }, 120_000)
})
