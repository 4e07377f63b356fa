import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'
import { seededGameName, visitGames, type GamesPage } from './support/games.model'

/**
 * Browsing the game lobby at phone (390×844) and desktop (1440×900) sizes against the reference
 * hall: search with its persisted history, the demo list of a guest and a demo launch, and
 * favourites added and removed, each persisted across a reload.
 */
const kit = useBrowser()
const hallUrl = kit.hallUrl

describe.each(['phone', 'desktop'] as const)('game browsing at %s size', (size) => {
  const phone = size === 'phone'

  /** The search history as stored in the lobby's IndexedDB (Dexie) prefs, row 'games'. */
  const storedHistory = (games: GamesPage): Promise<string[] | null> =>
    games.page.evaluate(
      () =>
        new Promise<string[] | null>((resolve, reject) => {
          const open = indexedDB.open('lobby')
          open.onerror = () => reject(open.error ?? new Error('the database did not open'))
          open.onsuccess = () => {
            const db = open.result
            const get = db.transaction('prefs').objectStore('prefs').get('games')
            get.onerror = () => reject(get.error ?? new Error('the games preferences were not read'))
            get.onsuccess = () => {
              db.close()
              const row = get.result as { value?: { history?: string[] } } | undefined
              resolve(row?.value?.history ?? null)
            }
          }
        }),
    )

  it('search: typing shows the matching games; a search joins the history, which survives a reload and can be cleared', async () => {
    const { games, errors } = await visitGames(kit, size)
    await games.chooseCategory('Search')
    await expect.poll(() => games.path()).toBe('/home/search')
    const name = seededGameName(3, 17)
    await games.searchBox.pressSequentially(name.slice(0, 6))
    // As you type: every result holds the text typed so far.
    await games.playButtons('Search results').first().waitFor()
    await games.searchBox.fill(name)
    await games.tile(name, 'Search results').waitFor()
    const labels = await games.playButtons('Search results').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))
    expect(labels.length).toBeGreaterThan(0)
    for (const l of labels) expect(l.toLowerCase()).toContain(name.toLowerCase())
    await games.searchBox.press('Enter')
    await games.searchHistory.getByRole('button', { name, exact: true }).waitFor()

    // A second search, then the history (newest first) survives a reload.
    const other = seededGameName(2, 5)
    await games.searchBox.fill(other)
    await games.searchBox.press('Enter')
    await games.tile(other, 'Search results').waitFor()
    const entries = () => games.searchHistory.getByRole('listitem').evaluateAll((els) => els.map((e) => e.textContent ?? ''))
    await expect.poll(entries).toEqual([other, name, 'Clear history'])
    await expect.poll(() => storedHistory(games)).toEqual([other, name])
    await games.page.reload()
    await games.waitReady()
    await games.loginPrompt()
    await expect.poll(entries).toEqual([other, name, 'Clear history'])

    // Choosing an entry searches it again.
    await games.searchHistory.getByRole('button', { name, exact: true }).click()
    await games.tile(name, 'Search results').waitFor()
    await expect.poll(() => games.searchBox.inputValue()).toBe(name)

    // Cleared, and still cleared after a reload.
    await games.searchHistory.getByRole('button', { name: 'Clear history' }).click()
    await games.searchHistory.waitFor({ state: 'detached' })
    await expect.poll(() => storedHistory(games)).toEqual([])
    await games.page.reload()
    await games.waitReady()
    await games.loginPrompt()
    await games.heading('Search games').waitFor()
    await expect.poll(() => games.searchHistory.count()).toBe(0)
    expect(errors).toEqual([])
  })

  it('demo: a guest opens the demo list, plays a demo game on the hall’s game page and returns to the demo list', async () => {
    // Phones become guest (trial) players; on desktop the visitor stays logged out: both play demo.
    const { games, errors } = await visitGames(kit, size)
    await games.chooseCategory('Demo')
    await expect.poll(() => new URL(games.page.url()).searchParams.get('gameCategoryId')).toBe('113')
    await expect.poll(() => games.count.innerText()).toMatch(/^[1-9][\d,]* games$/)
    const first = games.playButtons().first()
    const name = ((await first.getAttribute('aria-label')) ?? '').replace(/^Play /, '')
    expect(name).not.toBe('')
    await first.click()
    await expect.poll(() => games.path()).toBe('/home/embedded')
    const frame = games.gameFrame(name)
    await frame.getByText(/^Demo play/).waitFor()
    await frame.getByRole('heading', { name }).waitFor()
    await frame.getByRole('link', { name: 'Return to lobby' }).click()
    await expect.poll(() => games.path()).toBe('/home/game')
    await expect.poll(() => new URL(games.page.url()).searchParams.get('gameCategoryId')).toBe('113')
    // The demo list is back (the entry location loads it).
    await games.tile(name).waitFor()
    expect(errors).toEqual([])
  })

  it('demo is hidden for a logged-in player, and its address goes to hot', async () => {
    const player = await kit.player()
    const { games, errors } = await visitGames(kit, size, { as: player })
    await games.header.getByRole('group', { name: 'Balance' }).waitFor()
    const menu = await games.categoryMenu()
    await menu.getByRole('button', { name: 'Hot', exact: true }).waitFor()
    expect(await menu.getByRole('button', { name: 'Demo', exact: true }).count()).toBe(0)
    if (phone) await games.page.keyboard.press('Escape')
    await games.page.goto(`${hallUrl}/home/game?gameCategoryId=113`)
    await games.waitReady()
    await expect.poll(() => new URL(games.page.url()).searchParams.get('gameCategoryId')).toBe('0')
    await games.tile(seededGameName(1, 97)).waitFor()
    expect(errors).toEqual([])
  })

  it('favourites: a game added shows in the favourites list after a reload; removed, it is gone after a reload', async () => {
    // Site 201 (European-American layout): the favourites (collect) list is shown at every size.
    const player = await kit.player({ siteCode: '201' })
    const { games, errors } = await visitGames(kit, size, { path: 'home/game?site=201', as: player })
    await games.header.getByRole('group', { name: 'Balance' }).waitFor()
    const name = seededGameName(1, 97)
    const add = games.page.getByRole('button', { name: `Add ${name} to favourites`, exact: true })
    const remove = games.page.getByRole('button', { name: `Remove ${name} from favourites`, exact: true })
    await add.click()
    // Optimistic: marked at once; enabled again once the hall has stored it.
    await remove.waitFor()
    await expect.poll(() => remove.isEnabled()).toBe(true)
    expect(await remove.getAttribute('aria-pressed')).toBe('true')

    const openFavourites = async () => {
      await games.page.goto(`${hallUrl}/home/game?gameCategoryId=101&site=201`)
      await games.waitReady()
      await expect.poll(() => new URL(games.page.url()).searchParams.get('gameCategoryId')).toBe('101')
      await games.header.getByRole('group', { name: 'Balance' }).waitFor()
      await expect.poll(() => games.count.innerText()).toMatch(/^\d[\d,]* games?$/)
    }
    await openFavourites()
    await games.tile(name).waitFor()
    await expect.poll(() => remove.getAttribute('aria-pressed')).toBe('true')

    await remove.click()
    // Gone from the favourites list on screen once the hall answers.
    await games.tile(name).waitFor({ state: 'detached' })
    await openFavourites()
    await expect.poll(() => games.list().getByRole('button', { name: `Play ${name}`, exact: true }).count()).toBe(0)
    expect(errors).toEqual([])
  })
})
