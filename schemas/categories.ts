/**
 * The game category menu (spec §2), shared by the lobby and the hall, which paints it in the home
 * page's first screen before the lobby starts.
 */

/** The icons of the category entries (names of src/ui/icon-paths.ts). */
export type CategoryIcon = 'fire' | 'search' | 'clock' | 'star' | 'play' | 'club' | 'friends' | 'cards' | 'fish' | 'slot' | 'live' | 'trophy' | 'rooster' | 'ticket' | 'cube'

/** One entry of the game category menu (spec §2): its category id, label key and icon. */
export interface CategoryEntry {
  readonly id: number
  /** Key in the shell namespace: `category.<key>`. */
  readonly key: string
  readonly icon: CategoryIcon
}

/** The game category menu of spec §2, in its order. */
export const CATEGORIES: ReadonlyArray<CategoryEntry> = [
  { id: 0, key: 'hot', icon: 'fire' },
  { id: 99, key: 'search', icon: 'search' },
  { id: 100, key: 'recent', icon: 'clock' },
  { id: 101, key: 'collect', icon: 'star' },
  { id: 113, key: 'demo', icon: 'play' },
  { id: 9, key: 'club', icon: 'club' },
  { id: 10, key: 'clubFriend', icon: 'friends' },
  { id: 1, key: 'chess', icon: 'cards' },
  { id: 2, key: 'fish', icon: 'fish' },
  { id: 3, key: 'electronic', icon: 'slot' },
  { id: 4, key: 'real', icon: 'live' },
  { id: 5, key: 'sports', icon: 'trophy' },
  { id: 6, key: 'cockfighting', icon: 'rooster' },
  { id: 8, key: 'lottery', icon: 'ticket' },
  { id: 11, key: 'blockchain', icon: 'cube' },
]

/** Category ids of the menu entries spec §2 names. */
export const CATEGORY = { hot: 0, search: 99, recent: 100, collect: 101, demo: 113 } as const

/**
 * The entries shown (spec §2): demo is hidden once logged in (a real login: demo is for guests
 * and visitors, spec §6); recent and collect are hidden on desktop web except in the
 * European-American layout.
 */
export const visibleCategories = (o: {
  readonly real: boolean
  readonly desktop: boolean
  readonly recentCollectOnDesktop?: boolean
}): ReadonlyArray<CategoryEntry> =>
  CATEGORIES.filter(
    (c) =>
      !(c.id === CATEGORY.demo && o.real) &&
      !(o.desktop && o.recentCollectOnDesktop !== true && (c.id === CATEGORY.recent || c.id === CATEGORY.collect)),
  )

/** The categories that go to the game list in every layout (spec §2); the others go to the sub-game list. */
const LIST_CATEGORIES: ReadonlyArray<number> = [CATEGORY.hot, CATEGORY.demo, CATEGORY.collect, CATEGORY.recent]

/** The category suffix of a default platform id (spec §2, §9: category id followed by 999). */
export const PLATFORM_SUFFIX = '999'

/**
 * Where a category entry goes (spec §2): search to the search page; hot, demo, collect and recent
 * (every category on cyan-blue) to the game list; the others to the sub-game list with the
 * category's default platform.
 */
export const categoryTarget = (
  id: number,
  allToList: boolean,
): { readonly name: 'game' | 'subgame' | 'search'; readonly query: Readonly<Record<string, string>> } => {
  if (id === CATEGORY.search) return { name: 'search', query: {} }
  if (allToList || LIST_CATEGORIES.includes(id)) return { name: 'game', query: { gameCategoryId: String(id) } }
  return { name: 'subgame', query: { gameCategoryId: String(id), platformId: `${id}${PLATFORM_SUFFIX}` } }
}
