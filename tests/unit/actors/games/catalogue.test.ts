import { describe, expect, it } from 'vitest'
import { SimulatedClock, createActor } from 'xstate'
import {
  CACHED_LISTS, CATEGORY, catalogueMachine, SEARCH_DEBOUNCE_MS, effectiveCategory, selectFavorites, selectGames, selectListCached, selectRedirect,
  selectSearchHistory,
  type CatalogueEmitted, type CatalogueEvent,
} from '../../../../actors/games'

const ready: CatalogueEvent = { type: 'site.ready', siteCode: '001', language: 'en_US', currency: 'CNY', languages: ['en_US'], currencies: ['CNY'], systemToken: '', autoVisitorLogin: true, device: 'desktop' }
const skin = (value: number): CatalogueEvent => ({ ...ready, skin: value })
const login = (real: boolean): CatalogueEvent => ({ type: 'session.loggedIn', mode: 'normal', username: 'demo', accountType: real ? 0 : 1, real, mustChangePassword: false })
const navigated = (name: string, search = ''): CatalogueEvent => ({ type: 'nav.navigated', name, path: `/home/${name}`, search, replace: false })
const browserAt = (path: string, search = ''): CatalogueEvent => ({ type: 'nav.locationChanged', path, search })
const game = (gameId: number) => ({ gameId, gameName: `G${gameId}`, gameCategoryId: 3, platformId: 13, direction: 1, url: '/a.svg', demo: true })
const pageOf = (...ids: number[]) => ({ records: ids.map(game), total: ids.length, current: 1, size: 20 })

type Requested = Extract<CatalogueEmitted, { type: 'hall.requested' }>

const start = () => {
  const clock = new SimulatedClock()
  const actor = createActor(catalogueMachine, { clock })
  const emitted: CatalogueEmitted[] = []
  actor.on('*', (e) => void emitted.push(e))
  actor.start()
  const requests = (): Requested[] => emitted.filter((e): e is Requested => e.type === 'hall.requested')
  const last = (call: string): Requested => {
    const r = requests().filter((q) => q.call === call).at(-1)
    if (r === undefined) throw new Error(`no ${call} request`)
    return r
  }
  const answer = (r: Requested, data: unknown) => actor.send({ type: 'hall.responded', requestId: r.requestId, call: r.call, data })
  return { actor, emitted, requests, last, answer, clock }
}

describe('games catalogue: the location', () => {
  it('loads the list of the entry location the browser reports before the site is ready', () => {
    const { actor, last, answer } = start()
    actor.send(browserAt('/home/subgame', '?gameCategoryId=3&platformId=14'))
    actor.send(ready)
    const list = last('gameList')
    expect(list.payload).toEqual({ gameCategoryId: 3, platformId: 14, current: 1, size: 20 })
    answer(list, pageOf(1, 2))
    expect(selectGames(actor.getSnapshot()).map((g) => g.gameId)).toEqual([1, 2])
  })

  it('follows back and forward (the browser moves, the navigation actor does not announce it)', () => {
    const { actor, last } = start()
    actor.send(ready)
    actor.send(navigated('subgame', '?gameCategoryId=2&platformId=2999'))
    expect(last('gameList').payload).toMatchObject({ gameCategoryId: 2 })
    actor.send(browserAt('/home/game', '?gameCategoryId=0'))
    expect(actor.getSnapshot().context.route).toBe('game')
    expect(last('hotList').payload).toEqual({ current: 1, size: 20 })
  })

  it('a browser location on a private route leaves the list where it was', () => {
    const { actor } = start()
    actor.send(ready)
    actor.send(navigated('subgame', '?gameCategoryId=2'))
    actor.send(browserAt('/home/promote'))
    expect(actor.getSnapshot().context.route).toBe('subgame')
  })
})

describe('games catalogue: search', () => {
  it('on the search page entered by address, typing asks the hall for the games whose name holds the text', () => {
    const { actor, last, answer, requests, clock } = start()
    actor.send(browserAt('/home/search'))
    actor.send(ready)
    expect(requests().filter((r) => r.call === 'gameList')).toEqual([])
    actor.send({ type: 'games.searchTyped', text: 'Drag' })
    clock.increment(SEARCH_DEBOUNCE_MS)
    actor.send({ type: 'games.searchTyped', text: 'Dragon' })
    clock.increment(SEARCH_DEBOUNCE_MS)
    const req = last('gameList')
    expect(req.payload).toEqual({ gameName: 'Dragon', current: 1, size: 20 })
    // An answer to the earlier keystroke is stale and ignored.
    const stale = requests().filter((r) => r.call === 'gameList').at(-2)!
    answer(stale, pageOf(9))
    expect(selectGames(actor.getSnapshot())).toEqual([])
    answer(req, pageOf(7))
    expect(selectGames(actor.getSnapshot()).map((g) => g.gameId)).toEqual([7])
  })

  it('asks the hall once typing pauses: letters typed quickly are one request; Enter asks at once', () => {
    const { actor, requests, clock } = start()
    actor.send(ready)
    actor.send(navigated('search'))
    const searches = () => requests().filter((r) => r.call === 'gameList').map((r) => r.payload)
    for (const text of ['D', 'Dr', 'Dra']) {
      actor.send({ type: 'games.searchTyped', text })
      clock.increment(SEARCH_DEBOUNCE_MS - 1)
    }
    expect(actor.getSnapshot().context.searchText).toBe('Dra')
    expect(searches()).toEqual([])
    clock.increment(1)
    expect(searches()).toEqual([{ gameName: 'Dra', current: 1, size: 20 }])
    actor.send({ type: 'games.searchTyped', text: 'Drag' })
    actor.send({ type: 'games.searchSubmitted', text: 'Drag' })
    expect(searches().at(-1)).toEqual({ gameName: 'Drag', current: 1, size: 20 })
    // The pause after the submitted text asks nothing more.
    clock.increment(SEARCH_DEBOUNCE_MS)
    expect(searches()).toHaveLength(2)
  })

  it('a submitted search joins the stored history (newest first, no duplicates); clearing empties it', () => {
    const { actor, emitted } = start()
    actor.send({ type: 'games.storeLoaded', history: ['ice'], favorites: [] })
    actor.send(ready)
    actor.send(navigated('search'))
    actor.send({ type: 'games.searchSubmitted', text: ' Dragon ' })
    actor.send({ type: 'games.searchSubmitted', text: 'ICE' })
    expect(selectSearchHistory(actor.getSnapshot())).toEqual(['ICE', 'Dragon'])
    expect(emitted.filter((e) => e.type === 'games.storeChanged').at(-1)).toEqual({ type: 'games.storeChanged', history: ['ICE', 'Dragon'], favorites: [] })
    actor.send({ type: 'games.searchHistoryCleared' })
    expect(selectSearchHistory(actor.getSnapshot())).toEqual([])
    expect(emitted.at(-1)).toEqual({ type: 'games.storeChanged', history: [], favorites: [] })
  })
})

describe('games catalogue: demo', () => {
  it('a guest (trial player) on the demo category gets the demo list', () => {
    const { actor, last } = start()
    actor.send(browserAt('/home/game', '?gameCategoryId=113'))
    actor.send(ready)
    actor.send(login(false))
    expect(actor.getSnapshot().context.category).toBe(CATEGORY.demo)
    expect(last('gameList').payload).toEqual({ demo: '1', current: 1, size: 20 })
    expect(selectRedirect(actor.getSnapshot())).toBeNull()
  })

  it('a logged-in player on the demo category is sent to hot', () => {
    const { actor, last } = start()
    actor.send(ready)
    actor.send(login(true))
    actor.send(navigated('game', '?gameCategoryId=113'))
    expect(actor.getSnapshot().context.category).toBe(CATEGORY.hot)
    expect(last('hotList')).toBeDefined()
    expect(selectRedirect(actor.getSnapshot())).toBe(CATEGORY.hot)
  })
})

describe('games catalogue: favourites', () => {
  const signedIn = () => {
    const t = start()
    t.actor.send(skin(2))
    t.actor.send(login(true))
    t.answer(t.last('favoriteListAllV2'), [{ game_id: 5, cate_id: 13, category_id: 3 }])
    return t
  }

  it('adds optimistically under id, removes under delid, and takes the hall’s list as the answer', () => {
    const { actor, last, answer, emitted } = signedIn()
    actor.send({ type: 'games.favoriteToggled', gameId: 7, platformId: 13, categoryId: 3 })
    expect(selectFavorites(actor.getSnapshot()).map((f) => f.game_id)).toEqual([7, 5])
    expect(last('addFavorite').payload).toEqual({ id: [{ game_id: 7, cate_id: 13, category_id: 3 }] })
    expect(emitted).toContainEqual({ type: 'games.storeChanged', history: [], favorites: [{ game_id: 7, cate_id: 13, category_id: 3 }, { game_id: 5, cate_id: 13, category_id: 3 }] })
    // Another change waits for the answer.
    actor.send({ type: 'games.favoriteToggled', gameId: 5, platformId: 13, categoryId: 3 })
    expect(emitted.filter((e) => e.type === 'hall.requested' && e.call === 'addFavorite')).toHaveLength(1)
    answer(last('addFavorite'), [{ game_id: 7, cate_id: 13, category_id: 3 }, { game_id: 5, cate_id: 13, category_id: 3 }])
    actor.send({ type: 'games.favoriteToggled', gameId: 5, platformId: 13, categoryId: 3 })
    expect(last('addFavorite').payload).toEqual({ delid: [{ game_id: 5, cate_id: 13, category_id: 3 }] })
    expect(selectFavorites(actor.getSnapshot()).map((f) => f.game_id)).toEqual([7])
  })

  it('rolls back to the favourites before the change when /home/addfavorite fails, and warns', () => {
    const { actor, last, emitted } = signedIn()
    actor.send({ type: 'games.favoriteToggled', gameId: 7, platformId: 13, categoryId: 3 })
    const req = last('addFavorite')
    actor.send({ type: 'hall.failed', requestId: req.requestId, call: 'addFavorite', error: { _tag: 'ServiceCode', code: 1050, msg: 'no such game' } })
    expect(selectFavorites(actor.getSnapshot())).toEqual([{ game_id: 5, cate_id: 13, category_id: 3 }])
    expect(emitted.at(-2)).toEqual({ type: 'games.storeChanged', history: [], favorites: [{ game_id: 5, cate_id: 13, category_id: 3 }] })
    expect(emitted.at(-1)).toEqual({ type: 'games.warned', message: 'games.favoriteFailed' })
    // A removal that fails puts the game back.
    actor.send({ type: 'games.favoriteToggled', gameId: 5, platformId: 13, categoryId: 3 })
    expect(selectFavorites(actor.getSnapshot())).toEqual([])
    actor.send({ type: 'hall.failed', requestId: last('addFavorite').requestId, call: 'addFavorite', error: { _tag: 'Network', message: 'down' } as never })
    expect(selectFavorites(actor.getSnapshot())).toEqual([{ game_id: 5, cate_id: 13, category_id: 3 }])
  })

  it('a failed sign-in list of favourites keeps the stored ones without a warning', () => {
    const { actor, last, emitted } = start()
    actor.send({ type: 'games.storeLoaded', history: [], favorites: [{ game_id: 5, cate_id: 13, category_id: 3 }] })
    actor.send(ready)
    actor.send(login(true))
    const req = last('favoriteListAllV2')
    actor.send({ type: 'hall.failed', requestId: req.requestId, call: req.call, error: { _tag: 'Network', message: 'down' } as never })
    expect(selectFavorites(actor.getSnapshot())).toEqual([{ game_id: 5, cate_id: 13, category_id: 3 }])
    expect(emitted.filter((e) => e.type === 'games.warned')).toEqual([])
  })

  it('logging out forgets the favourites, in the stored cache too', () => {
    const { actor, emitted } = signedIn()
    actor.send({ type: 'session.loggedOut', reason: 'logout' })
    expect(selectFavorites(actor.getSnapshot())).toEqual([])
    expect(emitted).toContainEqual({ type: 'games.storeChanged', history: [], favorites: [] })
  })

  it('the favourites list entered by address loads once signed in, and again after a change', () => {
    const { actor, last, answer, requests } = start()
    actor.send(browserAt('/home/subgame', '?gameCategoryId=101'))
    actor.send(skin(2))
    expect(requests().filter((r) => r.call === 'favoriteListV2')).toEqual([])
    actor.send(login(true))
    expect(last('favoriteListV2').payload).toEqual({ current: 1, size: 20 })
    answer(last('favoriteListV2'), pageOf(5))
    answer(last('favoriteListAllV2'), [{ game_id: 5, cate_id: 13, category_id: 3 }])
    actor.send({ type: 'games.favoriteToggled', gameId: 5, platformId: 13, categoryId: 3 })
    answer(last('addFavorite'), [])
    expect(requests().filter((r) => r.call === 'favoriteListV2').length).toBeGreaterThanOrEqual(2)
    answer(last('favoriteListV2'), { records: [], total: 0, current: 1, size: 20 })
    expect(selectGames(actor.getSnapshot())).toEqual([])
  })
})

describe('games catalogue: home redirects (spec §4)', () => {
  it('demo with a logged-in player, or an unknown category, goes to hot', () => {
    expect(effectiveCategory(CATEGORY.demo, { real: true, skin: 1 })).toBe(CATEGORY.hot)
    expect(effectiveCategory(CATEGORY.demo, { real: false, skin: 1 })).toBe(CATEGORY.demo)
    expect(effectiveCategory(77, { real: false, skin: 2 })).toBe(CATEGORY.hot)
    expect(effectiveCategory(Number.NaN, { real: false, skin: 2 })).toBe(CATEGORY.hot)
    expect(effectiveCategory(CATEGORY.electronic, { real: true, skin: 1 })).toBe(CATEGORY.electronic)
  })

  it('recent and collect go to hot on every layout but European-American', () => {
    for (const layout of [1, 3, 4]) {
      expect(effectiveCategory(CATEGORY.recent, { real: true, skin: layout })).toBe(CATEGORY.hot)
      expect(effectiveCategory(CATEGORY.collect, { real: true, skin: layout })).toBe(CATEGORY.hot)
    }
    expect(effectiveCategory(CATEGORY.recent, { real: true, skin: 2 })).toBe(CATEGORY.recent)
    expect(effectiveCategory(CATEGORY.collect, { real: true, skin: 2 })).toBe(CATEGORY.collect)
  })

  it('the home page redirects an unknown category, and collect once the layout is known not to be European-American', () => {
    const { actor } = start()
    actor.send(ready)
    actor.send(navigated('game', '?gameCategoryId=abc'))
    expect(selectRedirect(actor.getSnapshot())).toBe(CATEGORY.hot)
    actor.send(skin(2))
    actor.send(navigated('game', '?gameCategoryId=101'))
    expect(selectRedirect(actor.getSnapshot())).toBeNull()
    actor.send(skin(1))
    expect(selectRedirect(actor.getSnapshot())).toBe(CATEGORY.hot)
    expect(actor.getSnapshot().context.category).toBe(CATEGORY.hot)
  })
})

describe('games catalogue: the refresh of a sign-in', () => {
  const refresh: CatalogueEvent = { type: 'postlogin.refreshRequested', items: ['redDot', 'authInfo', 'notices', 'gameCategories', 'rewardBind'] }

  it("fetches the shown category's platforms again, not the list", () => {
    const { actor, requests } = start()
    actor.send(ready)
    actor.send(navigated('subgame', '?gameCategoryId=3'))
    actor.send(login(true))
    const before = requests().length
    actor.send(refresh)
    expect(requests().slice(before).map((r) => [r.call, r.payload])).toEqual([['platformCategories', { gameCategoryId: 3 }]])
  })

  it('asks nothing on a list without platforms (hot) or when the refresh does not name the game categories', () => {
    const { actor, requests } = start()
    actor.send(ready)
    actor.send(navigated('game', '?gameCategoryId=0'))
    const before = requests().length
    actor.send(refresh)
    expect(requests().length).toBe(before)
    actor.send(navigated('subgame', '?gameCategoryId=3'))
    const after = requests().length
    actor.send({ type: 'postlogin.refreshRequested', items: ['redDot'] })
    expect(requests().length).toBe(after)
  })
})

describe('games catalogue: a list whose call failed', () => {
  const fail = (actor: ReturnType<typeof start>['actor'], r: Requested) =>
    actor.send({ type: 'hall.failed', requestId: r.requestId, call: r.call, error: { _tag: 'Network', message: 'Failed to fetch' } })

  it('loads again by itself when the socket (re)connects, and at the player\'s word', () => {
    const { actor, last, answer, requests } = start()
    actor.send(ready)
    actor.send(navigated('game', '?gameCategoryId=3'))
    const first = last('gameList')
    fail(actor, first)
    expect(actor.getSnapshot().context.listFailed).toBe(true)

    actor.send({ type: 'socket.opened', connection: 2 })

    const again = last('gameList')
    expect(again.requestId).not.toBe(first.requestId)
    expect(again.payload).toEqual(first.payload)
    expect(actor.getSnapshot().context.listFailed).toBe(false)
    fail(actor, again)
    actor.send({ type: 'games.listRetried' })
    answer(last('gameList'), pageOf(1, 2))
    expect(selectGames(actor.getSnapshot()).map((g) => g.gameId)).toEqual([1, 2])
    // Nothing failed: the socket coming back asks for nothing.
    const before = requests().length
    actor.send({ type: 'socket.opened', connection: 3 })
    actor.send({ type: 'games.listRetried' })
    expect(requests().length).toBe(before)
  })

  it('loads again when the player shows the same list again (the category clicked again)', () => {
    const { actor, last } = start()
    actor.send(ready)
    actor.send(navigated('game', '?gameCategoryId=3'))
    const first = last('gameList')
    fail(actor, first)
    actor.send(navigated('game', '?gameCategoryId=3'))
    expect(last('gameList').requestId).not.toBe(first.requestId)
  })

  it('asks again for a later page that failed, keeping the games already loaded', () => {
    const { actor, last, answer } = start()
    actor.send(ready)
    actor.send(navigated('game', '?gameCategoryId=3'))
    answer(last('gameList'), { ...pageOf(1, 2), total: 40 })
    actor.send({ type: 'games.moreRequested' })
    const second = last('gameList')
    expect(second.payload).toMatchObject({ current: 2 })
    fail(actor, second)

    actor.send({ type: 'socket.opened', connection: 2 })

    expect(last('gameList').payload).toMatchObject({ current: 2 })
    expect(last('gameList').requestId).not.toBe(second.requestId)
    expect(selectGames(actor.getSnapshot()).map((g) => g.gameId)).toEqual([1, 2])
  })
})

describe('games catalogue: lists read before (issue 41)', () => {
  const fail = (actor: ReturnType<typeof start>['actor'], r: Requested) =>
    actor.send({ type: 'hall.failed', requestId: r.requestId, call: r.call, error: { _tag: 'Network', message: 'Failed to fetch' } })
  const named = (gameId: number, gameName: string) => ({ ...game(gameId), gameName })

  it('a category shown again is held at once from the cache, asked for again, and replaced by the answer', () => {
    const { actor, last, answer, requests } = start()
    actor.send(ready)
    actor.send(navigated('game', '?gameCategoryId=3'))
    answer(last('gameList'), pageOf(1, 2))
    actor.send(navigated('game', '?gameCategoryId=2'))
    answer(last('gameList'), pageOf(5))
    const lists = () => requests().filter((r) => r.call === 'gameList').length
    const asked = lists()

    actor.send(navigated('game', '?gameCategoryId=3'))

    expect(lists()).toBe(asked + 1)
    expect(last('gameList').payload).toMatchObject({ gameCategoryId: 3, current: 1 })
    expect(selectGames(actor.getSnapshot()).map((g) => g.gameId)).toEqual([1, 2])
    expect(selectListCached(actor.getSnapshot())).toBe(true)
    // No next page of a cached list before its first page is answered again.
    actor.send({ type: 'games.moreRequested' })
    expect(lists()).toBe(asked + 1)

    answer(last('gameList'), pageOf(1, 3))

    expect(selectGames(actor.getSnapshot()).map((g) => g.gameId)).toEqual([1, 3])
    expect(selectListCached(actor.getSnapshot())).toBe(false)
  })

  it('a cached list whose first page fails is asked for from page 1 again', () => {
    const { actor, last, answer } = start()
    actor.send(ready)
    actor.send(navigated('game', '?gameCategoryId=3'))
    answer(last('gameList'), { ...pageOf(1, 2), total: 40 })
    actor.send({ type: 'games.moreRequested' })
    answer(last('gameList'), { ...pageOf(3, 4), current: 2, total: 40 })
    actor.send(navigated('game', '?gameCategoryId=2'))
    actor.send(navigated('game', '?gameCategoryId=3'))
    expect(selectGames(actor.getSnapshot()).map((g) => g.gameId)).toEqual([1, 2, 3, 4])
    fail(actor, last('gameList'))

    actor.send({ type: 'games.listRetried' })

    expect(last('gameList').payload).toMatchObject({ gameCategoryId: 3, current: 1 })
    expect(selectGames(actor.getSnapshot()).map((g) => g.gameId)).toEqual([1, 2, 3, 4])
  })

  it('a search shows the games read whose name holds the text until the hall answers', () => {
    const { actor, last, answer, clock } = start()
    actor.send(ready)
    actor.send(navigated('game', '?gameCategoryId=3'))
    answer(last('gameList'), { records: [named(1, 'Dragon Gold'), named(2, 'Royal Fish'), named(3, 'Red DRAGON')], total: 3, current: 1, size: 20 })
    actor.send(navigated('search'))
    actor.send({ type: 'games.searchTyped', text: 'dragon' })
    clock.increment(SEARCH_DEBOUNCE_MS)

    expect(last('gameList').payload).toEqual({ gameName: 'dragon', current: 1, size: 20 })
    expect(selectGames(actor.getSnapshot()).map((g) => g.gameId)).toEqual([1, 3])
    expect(selectListCached(actor.getSnapshot())).toBe(true)

    answer(last('gameList'), { records: [named(3, 'Red DRAGON'), named(9, 'Dragon Sea'), named(1, 'Dragon Gold')], total: 3, current: 1, size: 20 })
    expect(selectGames(actor.getSnapshot()).map((g) => g.gameId)).toEqual([3, 9, 1])
  })

  it('forgets the lists read at a sign-in and a sign-out (a visitor’s lists are not the player’s)', () => {
    const { actor, last, answer } = start()
    actor.send(ready)
    actor.send(navigated('game', '?gameCategoryId=3'))
    answer(last('gameList'), pageOf(1, 2))
    actor.send(login(true))
    expect(actor.getSnapshot().context.cache).toEqual([])
    answer(last('gameList'), pageOf(4))
    actor.send({ type: 'session.loggedOut', reason: 'logout' })
    expect(actor.getSnapshot().context.cache).toEqual([])
  })

  it('keeps at most CACHED_LISTS lists, the most recently shown first', () => {
    const { actor, last, answer } = start()
    actor.send(ready)
    for (let p = 1; p <= CACHED_LISTS + 2; p++) {
      actor.send(navigated('game', `?gameCategoryId=3&platformId=${p}`))
      answer(last('gameList'), pageOf(p))
    }
    const cache = actor.getSnapshot().context.cache
    expect(cache.length).toBe(CACHED_LISTS)
    expect(cache[0]!.key).toEqual({ kind: 'category', category: 3, platform: CACHED_LISTS + 2 })
  })
})
