import type { FrameLocator, Locator, Page } from 'playwright-core'
import type { BrowserKit, Size } from './browser'
import type { TestPlayer } from './hall'
import { timed } from './profile'
import { ShellPage } from './shell.model'

/**
 * Page model of the game lobby (categories, game list, search, favourites, the embedded game and
 * the hall's game page inside it), by role and accessible name.
 */
export class GamesPage extends ShellPage {
  constructor(page: Page, hallUrl: string, readonly phone: boolean) {
    super(page, hallUrl)
  }

  /**
   * The login popup a desktop visitor gets at boot (auto visitor login is off for the web; phones
   * become guests instead): waited for, then closed unless `keep`. Nothing on phones.
   */
  async loginPrompt(keep: 'close' | 'keep' = 'close'): Promise<void> {
    if (this.phone) return
    await this.authDialog.waitFor()
    if (keep === 'keep') return
    await this.page.keyboard.press('Escape')
    await this.authDialog.waitFor({ state: 'hidden' })
  }

  /** Where the category entries are: the side menu on desktop, the drawer on phones (opened on demand). */
  async categoryMenu(): Promise<Locator> {
    if (!this.phone) return this.page.getByRole('navigation', { name: 'Game categories' }).first()
    const drawer = this.page.getByRole('dialog', { name: 'Game categories' })
    if (!(await drawer.isVisible())) await this.header.getByRole('button', { name: 'Open menu' }).click()
    await drawer.waitFor()
    return drawer
  }

  /** Chooses a category entry of the menu by its name. */
  async chooseCategory(name: string): Promise<void> {
    const menu = await this.categoryMenu()
    await menu.getByRole('button', { name, exact: true }).click()
    // The desktop rail expands under the pointer and would cover the list: move off it.
    if (!this.phone) await this.page.mouse.move(1000, 600)
  }

  /** The virtualized game list (or the search results). */
  list(name: 'Game list' | 'Search results' = 'Game list'): Locator {
    return this.page.getByRole('region', { name })
  }

  /** The play buttons of the tiles in view, in order. */
  playButtons(name: 'Game list' | 'Search results' = 'Game list'): Locator {
    return this.list(name).getByRole('button', { name: /^Play / })
  }

  tile(game: string, list: 'Game list' | 'Search results' = 'Game list'): Locator {
    return this.list(list).getByRole('button', { name: `Play ${game}`, exact: true })
  }

  star(game: string): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^(Add ${game} to|Remove ${game} from) favourites$`) })
  }

  /** The count line of the list ('1,080 games'). */
  get count(): Locator {
    return this.page.locator('.game-list__count')
  }

  get searchBox(): Locator {
    return this.page.getByRole('searchbox', { name: 'Game name' })
  }

  get searchHistory(): Locator {
    return this.page.getByRole('navigation', { name: 'Search history' })
  }

  /** The embedded game page's frame (the hall's game page). */
  gameFrame(game: string): FrameLocator {
    return this.page.frameLocator(`iframe[title="Game: ${game}"]`)
  }

  /** The header balance as a number (logged-in players). */
  async headerBalance(): Promise<number> {
    const text = await this.header.getByRole('group', { name: 'Balance' }).locator('.balance__amount').innerText()
    return Number(text.replace(/,/g, ''))
  }

  /** The balance shown by the hall's game page. */
  async frameBalance(game: string): Promise<number> {
    return Number((await this.gameFrame(game).getByLabel('Game balance').innerText()).replace(/,/g, ''))
  }
}

const PREFIX = ['Lucky', 'Mega', 'Dragon', 'Fortune', 'Royal', 'Wild', 'Golden', 'Mystic', 'Super', 'Crazy', 'Magic', 'Jungle', 'Ocean', 'Fire', 'Ice', 'Star']
const SUFFIX = ['Tiger', 'Gems', 'Fruits', 'Poker', 'Roulette', 'Baccarat', 'Blackjack', 'Fishing', 'Kingdom', 'Treasure', 'Rush', 'Bingo', 'Derby', 'Rooster', 'Token', 'Moon']
/** The seeded catalogue's block number of each category (server/migrations/030_games.sql). */
const BLOCK: Readonly<Record<number, number>> = { 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 8: 7, 9: 8, 10: 9, 11: 10 }

/** The seeded name of the i-th game (1-based) of a category, as the hall's seed writes it. */
export const seededGameName = (category: number, i: number): string => {
  const n = BLOCK[category]!
  return `${PREFIX[(i * 7 + n) % 16]} ${SUFFIX[(i * 11 + n * 3) % 16]} ${i}`
}

/**
 * A visitor on the game lobby at `path` at a size, on a page of its own (a guest on phones); on
 * desktop the boot's login popup is closed, or kept open for a sign-in with `prompt: 'keep'`.
 * With `as`, the player instead, signed in without the form (a kept session, `kit.openLobby`):
 * no login popup opens then.
 */
export const visitGames = async (
  kit: BrowserKit,
  size: Size,
  { path = 'home/game?site=001', prompt = 'close', as }: { readonly path?: string; readonly prompt?: 'close' | 'keep'; readonly as?: Pick<TestPlayer, 'username' | 'password' | 'siteCode'> } = {},
): Promise<{ games: GamesPage; errors: string[] }> => {
  if (as !== undefined) {
    const { page, errors } = await kit.openLobby(size, path, { as })
    return { games: new GamesPage(page, kit.hallUrl, size === 'phone'), errors }
  }
  const { page, errors } = await kit.open(size)
  const games = new GamesPage(page, kit.hallUrl, size === 'phone')
  await timed('boot the lobby', async () => {
    await games.open(path)
    await games.waitReady()
  })
  await games.loginPrompt(prompt)
  return { games, errors }
}
