import { assign, enqueueActions, setup } from 'xstate'
import type { EventOfType } from '../../schemas/events'
import { addFavorite, favoriteListAllV2, type FavoriteRef, type GamePlatform } from '../../schemas/hall/calls/games'
import { platformCategories } from '../../schemas/hall/calls/site'
import { answers, isAwaiting, noRequests, request, settle, type Requests } from '../kit'
import { routeByName } from '../../schemas/routes'
import { resolvePath } from '../nav'
import {
  APP_CATEGORIES, CATEGORY, allPlatformsOf, asFavorites, asPage, asPlatforms, categoryOfQuery, effectiveCategory, hasMore,
  askPage, cacheList, fromCache, mergePage, pushHistory, sameKey, toggleFavorite,
  type CataloguePurpose, type GameList, type ListKey,
} from './games.logic'

/**
 * The game catalogue (screens §2 category menu, §3 game store, §4 game category on home; calls
 * §7.8 and the recent-report GETs): follows the location (`nav.navigated`) and loads the list it
 * shows, 20 games a page (hot, demo, recent, collect, a category's platform, or a search), the
 * platforms of a category for the sub-game list, the favourites (optimistic; rolled back when
 * /home/addfavorite fails) and the search history. The persisted store arrives as
 * `games.storeLoaded`; every change to it is announced as `games.storeChanged`.
 *
 * The location comes from the navigation actor's moves (`nav.navigated`) and from the browser's
 * own (`nav.locationChanged`: the entry location at start, back and forward), which the
 * navigation actor does not announce again.
 *
 * A list (a category, a search) or a page whose call failed is asked for again when the player
 * says so (`games.listRetried`, the list's 'Try again'), when the player shows that list again
 * (the category clicked again, the search submitted again), and by itself when the realtime
 * socket (re)connects (`socket.opened`: the hall is reachable
 * again after an outage).
 *
 * Consumes: site.ready, hall.responded, hall.failed, nav.navigated, nav.locationChanged, session.loggedIn,
 *   session.loggedOut, games.storeLoaded, games.searchTyped, games.searchSubmitted,
 *   games.searchHistoryCleared, games.moreRequested, games.listRetried, games.favoriteToggled,
 *   postlogin.refreshRequested (a sign-in: the game categories shown, a category's platforms, are
 *   fetched again), socket.opened.
 * Emits: hall.requested, games.storeChanged, games.warned.
 */

export type CatalogueEvent =
  | EventOfType<'site.ready'>
  | EventOfType<'hall.responded'>
  | EventOfType<'hall.failed'>
  | EventOfType<'nav.navigated'>
  | EventOfType<'nav.locationChanged'>
  | EventOfType<'session.loggedIn'>
  | EventOfType<'session.loggedOut'>
  | EventOfType<'games.storeLoaded'>
  | EventOfType<'games.searchTyped'>
  | EventOfType<'games.searchSubmitted'>
  | EventOfType<'games.searchHistoryCleared'>
  | EventOfType<'games.moreRequested'>
  | EventOfType<'games.listRetried'>
  | EventOfType<'games.favoriteToggled'>
  | EventOfType<'postlogin.refreshRequested'>
  | EventOfType<'socket.opened'>
  /** Internal: the search box has been still for SEARCH_DEBOUNCE_MS (a delayed raise, never on the bus). */
  | { readonly type: 'games.searchDue' }

/**
 * Search as you type asks the hall once the player pauses this long (ms): a word typed at speed
 * is one request, not one per letter (spec silent; docs/decisions.md). Enter searches at once.
 */
export const SEARCH_DEBOUNCE_MS = 300
const SEARCH_TIMER = 'searchDue'

export type CatalogueEmitted = EventOfType<'hall.requested'> | EventOfType<'games.storeChanged'> | EventOfType<'games.warned'>

export interface CatalogueContext {
  /** The page, platforms and favourites requests in flight: the kit's bookkeeping. */
  readonly requests: Requests<CataloguePurpose>
  /** skinTypeValue of site info (the layout). */
  readonly skin: number
  readonly real: boolean
  readonly signedIn: boolean
  /** The route shown ('game', 'subgame', 'search', or another), the category asked and the one shown. */
  readonly route: string
  readonly askedCategory: number
  readonly category: number
  readonly platform: number
  readonly list: GameList | null
  readonly listFailed: boolean
  /**
   * Lists already read (CACHED_LISTS, the most recently shown first): a list shown again is drawn
   * from here at once while its first page is asked for again, and replaced by the answer.
   */
  readonly cache: ReadonlyArray<GameList>
  /** The list held came from the cache: its first page has not been answered since. */
  readonly listCached: boolean
  readonly platforms: ReadonlyArray<GamePlatform>
  readonly searchText: string
  /** Typed text waits for the typing pause before the hall is asked. */
  readonly searchPending: boolean
  readonly history: ReadonlyArray<string>
  readonly favorites: ReadonlyArray<FavoriteRef>
  /** The favourites to go back to when the change in flight fails. */
  readonly favoritesBefore: ReadonlyArray<FavoriteRef>
}

export const initialCatalogue: CatalogueContext = {
  requests: noRequests, skin: 1, real: false, signedIn: false, route: '', askedCategory: 0, category: 0, platform: allPlatformsOf(0),
  list: null, listFailed: false, cache: [], listCached: false, platforms: [], searchText: '', searchPending: false, history: [],
  favorites: [], favoritesBefore: [],
}

const queryOf = (search: string): Record<string, string> => Object.fromEntries(new URLSearchParams(search))

/**
 * The route and search a location event puts on screen, or null when it is not followed: a
 * browser location resolves as the navigation actor resolves it (redirects, 404); a private route
 * (which the navigation actor may refuse, keeping the screen) shows no game list, so the list
 * held stays as it is.
 */
const shownBy = (e: CatalogueEvent): { name: string; search: string } | null => {
  if (e.type === 'nav.navigated') return { name: e.name, search: e.search }
  if (e.type !== 'nav.locationChanged') return null
  const { location } = resolvePath(e.path, e.search)
  return routeByName(location.name)?.private === true ? null : { name: location.name, search: location.search }
}

/** The list a location shows, or null (no list on this route, or an empty search). */
const keyOf = (c: CatalogueContext): ListKey | null => {
  if (c.route === 'search') return c.searchText.trim() === '' ? null : { kind: 'search', text: c.searchText.trim() }
  if (c.route !== 'game' && c.route !== 'subgame') return null
  if (APP_CATEGORIES.includes(c.category)) return null
  if ((c.category === CATEGORY.recent || c.category === CATEGORY.collect) && !c.signedIn) return null
  return { kind: 'category', category: c.category, platform: c.platform }
}

/** Whether a category's list comes with its platforms (the sub-game list's tabs). */
const hasPlatforms = (category: number): boolean =>
  category !== CATEGORY.hot && category !== CATEGORY.demo && category !== CATEGORY.recent && category !== CATEGORY.collect

const store = (c: Pick<CatalogueContext, 'history' | 'favorites'>): CatalogueEmitted => ({
  type: 'games.storeChanged', history: [...c.history], favorites: [...c.favorites],
})

export const catalogueMachine = setup({
  types: { context: {} as CatalogueContext, events: {} as CatalogueEvent, emitted: {} as CatalogueEmitted },
  guards: {
    listAnswer: ({ context, event }) => event.type === 'hall.responded' && answers(context.requests, 'list', event),
    listFailure: ({ context, event }) => event.type === 'hall.failed' && answers(context.requests, 'list', event),
    platformsAnswer: ({ context, event }) => event.type === 'hall.responded' && answers(context.requests, 'platforms', event),
    favoriteAnswer: ({ context, event }) => event.type === 'hall.responded' && answers(context.requests, 'favorite', event),
    favoriteFailure: ({ context, event }) => event.type === 'hall.failed' && answers(context.requests, 'favorite', event),
    canFavorite: ({ context }) => context.signedIn && !isAwaiting(context.requests, 'favorite'),
    canLoadMore: ({ context }) => context.list !== null && !context.listCached && !isAwaiting(context.requests, 'list') && hasMore(context.list),
    /** The first page of the list on screen failed (a cached list's too): the list is loaded again from page 1. */
    firstPageFailed: ({ context }) => context.listFailed && !isAwaiting(context.requests, 'list') && ((context.list?.current ?? 0) === 0 || context.listCached),
    /** A later page failed: that page is asked for again, the games already loaded stay. */
    laterPageFailed: ({ context }) => context.listFailed && !isAwaiting(context.requests, 'list') && (context.list?.current ?? 0) > 0 && !context.listCached,
  },
  actions: {
    takeSkin: assign(({ event }) => {
      return event.type === 'site.ready' && event.skin !== undefined ? { skin: event.skin } : {}
    }),
    takeStore: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'games.storeLoaded') return
      enqueue.assign({ history: event.history, favorites: context.signedIn ? context.favorites : event.favorites })
    }),
    signIn: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'session.loggedIn') return
      const asked = request('games', context.requests, 'favorite', favoriteListAllV2, {})
      // The lists read before were a visitor's (recent, favourites, demo): none is shown again.
      enqueue.assign({ real: event.real, signedIn: true, requests: asked.requests, favoritesBefore: context.favorites, cache: [] })
      enqueue.emit(asked.notice)
    }),
    /** The favourites were the player's: the stored cache forgets them too, so a visitor's list shows no stars. */
    signOut: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ real: false, signedIn: false, favorites: [], requests: settle(context.requests, 'favorite'), favoritesBefore: [], cache: [] })
      if (context.favorites.length > 0) enqueue.emit(store({ history: context.history, favorites: [] }))
    }),
    follow: assign(({ context, event }) => {
      const shown = shownBy(event)
      if (shown === null) return {}
      const q = queryOf(shown.search)
      const asked = categoryOfQuery(q['gameCategoryId'])
      const route = shown.name
      if (route === 'search') return { route, askedCategory: CATEGORY.search, category: CATEGORY.search }
      const category = effectiveCategory(asked, { real: context.real, skin: context.skin })
      const platform = q['platformId'] !== undefined && /^\d+$/.test(q['platformId']) && category === asked ? Number(q['platformId']) : allPlatformsOf(category)
      return { route, askedCategory: Number.isNaN(asked) ? -1 : asked, category, platform }
    }),
    recheck: assign(({ context }) => {
      const category = effectiveCategory(context.askedCategory, { real: context.real, skin: context.skin })
      return category === context.category ? {} : { category, platform: allPlatformsOf(category) }
    }),
    warnApp: enqueueActions(({ context, event, enqueue }) => {
      if ((event.type === 'nav.navigated' || event.type === 'nav.locationChanged') && APP_CATEGORIES.includes(context.category)) enqueue.emit({ type: 'games.warned', message: 'games.clubNeedsApp' })
    }),
    /**
     * Loads page 1 of the list the location shows when it is another list than the one held; a
     * list read before is held at once from the cache meanwhile (the answer replaces it).
     */
    load: enqueueActions(({ context: c, enqueue }) => {
      const key = keyOf(c)
      if (key === null) {
        if (c.list !== null || isAwaiting(c.requests, 'list')) enqueue.assign({ list: null, requests: settle(c.requests, 'list'), listFailed: false, listCached: false })
        return
      }
      if (c.list !== null && sameKey(c.list.key, key)) return
      const page = askPage(c.requests, key, 1)
      enqueue.emit(page.notice)
      let requests = page.requests
      const wantsPlatforms = key.kind === 'category' && !(c.platforms[0]?.gameCategoryId === key.category) && hasPlatforms(key.category)
      if (wantsPlatforms) {
        const platforms = request('games', requests, 'platforms', platformCategories, { gameCategoryId: key.category })
        enqueue.emit(platforms.notice)
        requests = platforms.requests
      }
      const cached = fromCache(c.cache, key)
      enqueue.assign({ requests, list: cached ?? { key, games: [], total: 0, current: 0 }, listFailed: false, listCached: cached !== null })
    }),
    reload: assign({ list: null, listCached: false }),
    /** The player shows a list again (a category clicked again, a search submitted again): a failed one is loaded afresh. */
    forgetFailed: assign(({ context }) => (context.listFailed && !isAwaiting(context.requests, 'list') ? { list: null, listCached: false } : {})),
    /** A sign-in's refresh: the platforms of the category shown are fetched again. */
    refreshCategories: enqueueActions(({ context: c, event, enqueue }) => {
      if (event.type !== 'postlogin.refreshRequested' || !event.items.includes('gameCategories')) return
      const key = keyOf(c)
      if (key === null || key.kind !== 'category' || !hasPlatforms(key.category)) return
      const asked = request('games', c.requests, 'platforms', platformCategories, { gameCategoryId: key.category })
      enqueue.assign({ requests: asked.requests })
      enqueue.emit(asked.notice)
    }),
    more: enqueueActions(({ context: c, enqueue }) => {
      if (c.list === null) return
      const asked = askPage(c.requests, c.list.key, c.list.current + 1)
      enqueue.assign({ requests: asked.requests, listFailed: false })
      enqueue.emit(asked.notice)
    }),
    takePage: assign(({ context, event }) => {
      const page = event.type === 'hall.responded' ? asPage(event.data) : null
      const requests = settle(context.requests, 'list')
      if (page === null || context.list === null) return { requests, listFailed: true }
      const list = mergePage(context.list, page)
      return { list, requests, listCached: false, cache: cacheList(context.cache, list) }
    }),
    failPage: assign(({ context }) => ({ requests: settle(context.requests, 'list'), listFailed: true })),
    takePlatforms: assign(({ context, event }) => ({
      platforms: event.type === 'hall.responded' ? (asPlatforms(event.data) ?? []) : [],
      requests: settle(context.requests, 'platforms'),
    })),
    /** Keeps the text at once (the box shows it) and asks the hall once typing pauses. */
    type: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'games.searchTyped') return
      enqueue.assign({ searchText: event.text, searchPending: true })
      enqueue.cancel(SEARCH_TIMER)
      enqueue.raise({ type: 'games.searchDue' }, { id: SEARCH_TIMER, delay: SEARCH_DEBOUNCE_MS })
    }),
    cancelSearchDue: enqueueActions(({ enqueue }) => {
      enqueue.cancel(SEARCH_TIMER)
      enqueue.assign({ searchPending: false })
    }),
    submit: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'games.searchSubmitted') return
      const history = pushHistory(context.history, event.text)
      enqueue.assign({ searchText: event.text, history })
      if (history !== context.history) enqueue.emit(store({ history, favorites: context.favorites }))
    }),
    clearHistory: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ history: [] })
      enqueue.emit(store({ history: [], favorites: context.favorites }))
    }),
    toggle: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'games.favoriteToggled') return
      const ref = { game_id: event.gameId, cate_id: event.platformId, category_id: event.categoryId }
      const { favorites, added } = toggleFavorite(context.favorites, ref)
      const asked = request('games', context.requests, 'favorite', addFavorite, added ? { id: [ref] } : { delid: [ref] })
      enqueue.assign({ requests: asked.requests, favorites, favoritesBefore: context.favorites })
      enqueue.emit(asked.notice)
      enqueue.emit(store({ history: context.history, favorites }))
    }),
    takeFavorites: enqueueActions(({ context, event, enqueue }) => {
      const favorites = event.type === 'hall.responded' ? asFavorites(event.data) : null
      enqueue.assign({ requests: settle(context.requests, 'favorite'), favoritesBefore: [], ...(favorites === null ? {} : { favorites }) })
      if (favorites !== null) enqueue.emit(store({ history: context.history, favorites }))
      // A collect list on screen or cached is stale once the favourites changed.
      const isCollect = (l: GameList) => l.key.kind === 'category' && l.key.category === CATEGORY.collect
      if (context.cache.some(isCollect)) enqueue.assign({ cache: context.cache.filter((l) => !isCollect(l)) })
      if (context.list?.key.kind === 'category' && context.list.key.category === CATEGORY.collect) enqueue.assign({ list: null, listCached: false })
    }),
    rollBack: enqueueActions(({ context, event, enqueue }) => {
      enqueue.assign({ favorites: context.favoritesBefore, favoritesBefore: [], requests: settle(context.requests, 'favorite') })
      enqueue.emit(store({ history: context.history, favorites: context.favoritesBefore }))
      // Only a change the player made is worth a warning; the sign-in's list of favourites is not.
      if (event.type === 'hall.failed' && event.call === 'addFavorite') enqueue.emit({ type: 'games.warned', message: 'games.favoriteFailed' })
    }),
  },
}).createMachine({
  id: 'games',
  context: initialCatalogue,
  initial: 'idle',
  on: {
    'games.storeLoaded': { actions: 'takeStore' },
  },
  states: {
    idle: {
      // The entry location may be announced before the site is ready: follow it, and load the
      // list on screen as soon as the site is.
      on: {
        'nav.navigated': { actions: 'follow' },
        'nav.locationChanged': { actions: 'follow' },
        'site.ready': { target: 'ready', actions: ['takeSkin', 'load'] },
      },
    },
    ready: {
      on: {
        'hall.responded': [
          { guard: 'listAnswer', actions: 'takePage' },
          { guard: 'platformsAnswer', actions: 'takePlatforms' },
          { guard: 'favoriteAnswer', actions: ['takeFavorites', 'load'] },
        ],
        // The site started again (a retry after an error page): its skin may have changed.
        'site.ready': { actions: ['takeSkin', 'recheck', 'load'] },
        'hall.failed': [
          { guard: 'listFailure', actions: 'failPage' },
          { guard: 'favoriteFailure', actions: 'rollBack' },
        ],
        'nav.navigated': { actions: ['follow', 'warnApp', 'forgetFailed', 'load'] },
        'nav.locationChanged': { actions: ['follow', 'warnApp', 'forgetFailed', 'load'] },
        'session.loggedIn': { actions: ['signIn', 'recheck', 'reload', 'load'] },
        'session.loggedOut': { actions: ['signOut', 'recheck', 'reload', 'load'] },
        'postlogin.refreshRequested': { actions: 'refreshCategories' },
        'games.searchTyped': { actions: 'type' },
        'games.searchDue': { actions: ['cancelSearchDue', 'load'] },
        'games.searchSubmitted': { actions: ['cancelSearchDue', 'submit', 'forgetFailed', 'load'] },
        'games.searchHistoryCleared': { actions: 'clearHistory' },
        'games.moreRequested': { guard: 'canLoadMore', actions: 'more' },
        // A failed list or page, again: at the player's word, or by itself once the socket is
        // (re)connected (the hall answers again after an outage).
        'games.listRetried': [
          { guard: 'firstPageFailed', actions: ['reload', 'load'] },
          { guard: 'laterPageFailed', actions: 'more' },
        ],
        'socket.opened': [
          { guard: 'firstPageFailed', actions: ['reload', 'load'] },
          { guard: 'laterPageFailed', actions: 'more' },
        ],
        'games.favoriteToggled': { guard: 'canFavorite', actions: 'toggle' },
      },
    },
  },
})
