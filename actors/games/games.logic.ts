/**
 * The game store's pure rules (screens §2 category menu, §3 game store, §4 game category on
 * home): category ids, which list a category shows, the home redirects, list keys and merging a
 * page, the search history and the favourites.
 */
import type { FavoriteRef, Game, GamePage, GamePlatform } from '../../schemas/hall/calls/games'
import { GAME_PAGE_SIZE, favoriteListV2, recentListV2 } from '../../schemas/hall/calls/games'
import { gameList, hotList } from '../../schemas/hall/calls/site'
import type { ActorRequestOf, HallCall } from '../../schemas/hall/call'
import { request, type Asked, type Requests } from '../kit'

/** The category ids of the menu (spec §2). */
export const CATEGORY = {
  hot: 0, search: 99, recent: 100, collect: 101, demo: 113, club: 9, clubFriend: 10, chess: 1, fish: 2,
  electronic: 3, real: 4, sports: 5, cockfighting: 6, lottery: 8, blockchain: 11,
} as const

/** Every category id the menu knows. */
export const KNOWN_CATEGORIES: ReadonlyArray<number> = Object.values(CATEGORY)

/** Categories with their own lists (not a platform's games). */
export const LIST_CATEGORIES: ReadonlyArray<number> = [CATEGORY.hot, CATEGORY.demo, CATEGORY.collect, CATEGORY.recent]

/** Club and club friend need the app (spec §2, §6). */
export const APP_CATEGORIES: ReadonlyArray<number> = [CATEGORY.club, CATEGORY.clubFriend]

/** The European-American layout value of skinTypeValue (schemas SkinType). */
export const EUROPEAN_AMERICAN = 2
/** The cyan-blue layout: every category goes to the game list. */
export const CYAN_BLUE = 4

/** The search history keeps this many entries, newest first. */
export const HISTORY_LIMIT = 10

/** The default platform of a category: its id followed by 999 (spec §2, §9). */
export const allPlatformsOf = (category: number): number => Number(`${category}999`)

/** Whether a category goes to the game list (else the sub-game list; spec §2). */
export const goesToGameList = (category: number, skin: number): boolean => skin === CYAN_BLUE || LIST_CATEGORIES.includes(category)

/**
 * The category home actually shows (spec §4): demo with a logged-in player, or an unknown
 * category, is hot; recent and collect are hot on layouts other than European-American.
 */
export const effectiveCategory = (asked: number, o: { real: boolean; skin: number }): number => {
  if (!KNOWN_CATEGORIES.includes(asked)) return CATEGORY.hot
  if (asked === CATEGORY.demo && o.real) return CATEGORY.hot
  if ((asked === CATEGORY.recent || asked === CATEGORY.collect) && o.skin !== EUROPEAN_AMERICAN) return CATEGORY.hot
  return asked
}

/** Parses a category id from a query value; NaN (unknown) for anything else. */
export const categoryOfQuery = (v: string | undefined): number => (v === undefined || v === '' ? CATEGORY.hot : /^\d+$/.test(v) ? Number(v) : Number.NaN)

/** What a list shows: a category (and platform), or a search. */
export type ListKey =
  | { readonly kind: 'category'; readonly category: number; readonly platform: number }
  | { readonly kind: 'search'; readonly text: string }

/** The same list? */
export const sameKey = (a: ListKey | null, b: ListKey | null): boolean => JSON.stringify(a) === JSON.stringify(b)

/** The hall call and payload of one page of a list. */
export const askPage = (requests: Requests<CataloguePurpose>, key: ListKey, current: number): Asked<CataloguePurpose> => {
  const page = { current, size: GAME_PAGE_SIZE }
  const ask = <C extends HallCall>(call: C, payload: ActorRequestOf<C>): Asked<CataloguePurpose> => request('games', requests, 'list', call, payload)
  if (key.kind === 'search') return ask(gameList, { gameName: key.text, ...page })
  switch (key.category) {
    case CATEGORY.hot:
      return ask(hotList, page)
    case CATEGORY.demo:
      return ask(gameList, { demo: '1', ...page })
    case CATEGORY.recent:
      return ask(recentListV2, page)
    case CATEGORY.collect:
      return ask(favoriteListV2, page)
    default:
      return ask(gameList, { gameCategoryId: key.category, platformId: key.platform, ...page })
  }
}

/** What the catalogue awaits: a page of the list shown, the platforms of its category, the favourites (a change or the sign-in's list). */
export type CataloguePurpose = 'list' | 'platforms' | 'favorite'

/** A list as loaded so far. */
export interface GameList {
  readonly key: ListKey
  readonly games: ReadonlyArray<Game>
  readonly total: number
  /** The last page loaded (0: none yet). */
  readonly current: number
}

/** Adds a page to a list (page 1 replaces; a page already there is ignored). */
export const mergePage = (list: GameList, page: GamePage): GameList =>
  page.current <= list.current
    ? page.current === 1
      ? { ...list, games: page.records, total: page.total, current: 1 }
      : list
    : { ...list, games: [...list.games, ...page.records], total: page.total, current: page.current }

/**
 * Lists already read, kept so a category (or a search) shown again is drawn at once from what the
 * lobby has while its first page is asked for again (issue 41): at most this many lists, the most
 * recently shown first, each with the games loaded so far up to CACHED_GAMES.
 */
export const CACHED_LISTS = 12
export const CACHED_GAMES = 100

/** The cached list of a key, or null. */
export const cachedList = (cache: ReadonlyArray<GameList>, key: ListKey): GameList | null => cache.find((l) => sameKey(l.key, key)) ?? null

/** The cache with a list put first (in place of the same key's), the oldest beyond CACHED_LISTS dropped; an empty list is not kept. */
export const cacheList = (cache: ReadonlyArray<GameList>, list: GameList): ReadonlyArray<GameList> => {
  const rest = cache.filter((l) => !sameKey(l.key, list.key))
  if (list.current === 0 || list.games.length === 0) return rest.length === cache.length ? cache : rest
  const kept = list.games.length > CACHED_GAMES ? { ...list, games: list.games.slice(0, CACHED_GAMES), current: Math.ceil(CACHED_GAMES / GAME_PAGE_SIZE) } : list
  return [kept, ...rest].slice(0, CACHED_LISTS)
}

/**
 * What the cache holds for a key: the list read before under that key; for a search read under
 * no other, the cached games whose name holds the text (case-insensitive, as the hall matches),
 * at most a page of them, each once; null when it holds nothing for it. Shown until the hall answers.
 */
export const fromCache = (cache: ReadonlyArray<GameList>, key: ListKey): GameList | null => {
  const same = cachedList(cache, key)
  if (same !== null || key.kind !== 'search') return same
  const text = key.text.toLowerCase()
  const seen = new Set<number>()
  const games: Game[] = []
  for (const l of cache) {
    for (const g of l.games) {
      if (games.length === GAME_PAGE_SIZE) break
      if (!seen.has(g.gameId) && g.gameName.toLowerCase().includes(text)) {
        seen.add(g.gameId)
        games.push(g)
      }
    }
  }
  return games.length === 0 ? null : { key, games, total: games.length, current: 1 }
}

/** Whether a list has more pages to load. */
export const hasMore = (list: GameList): boolean => list.games.length < list.total

/** The search history after a search (trimmed, deduplicated, newest first, at most 10). */
export const pushHistory = (history: ReadonlyArray<string>, text: string): ReadonlyArray<string> => {
  const t = text.trim()
  if (t === '') return history
  return [t, ...history.filter((h) => h.toLowerCase() !== t.toLowerCase())].slice(0, HISTORY_LIMIT)
}

/** The favourites with a game added or removed. */
export const toggleFavorite = (favs: ReadonlyArray<FavoriteRef>, ref: FavoriteRef): { favorites: ReadonlyArray<FavoriteRef>; added: boolean } =>
  favs.some((f) => f.game_id === ref.game_id)
    ? { favorites: favs.filter((f) => f.game_id !== ref.game_id), added: false }
    : { favorites: [ref, ...favs], added: true }

/** A decoded answer of one of the list calls, or null when its shape is not a page. */
export const asPage = (data: unknown): GamePage | null => {
  const d = data as Partial<GamePage> | null
  return d !== null && typeof d === 'object' && Array.isArray(d.records) && typeof d.total === 'number' && typeof d.current === 'number'
    ? (d as GamePage)
    : null
}

/** Decoded platforms, or null. */
export const asPlatforms = (data: unknown): ReadonlyArray<GamePlatform> | null => (Array.isArray(data) ? (data as ReadonlyArray<GamePlatform>) : null)

/** Decoded favourite references, or null. */
export const asFavorites = (data: unknown): ReadonlyArray<FavoriteRef> | null => (Array.isArray(data) ? (data as ReadonlyArray<FavoriteRef>) : null)
