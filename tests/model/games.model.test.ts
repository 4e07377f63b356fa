import { describe, expect, it } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import { catalogueMachine, SEARCH_DEBOUNCE_MS, type CatalogueEvent } from '../../actors/games'
import { modelHarness } from './harness'

type CatSnap = SnapshotFrom<typeof catalogueMachine>
const ready: CatalogueEvent = { type: 'site.ready', siteCode: '001', language: 'en_US', currency: 'CNY', languages: ['en_US'], currencies: ['CNY'], systemToken: '', autoVisitorLogin: true, device: 'desktop' }
const nav = (name: string, search: string): CatalogueEvent => ({ type: 'nav.navigated', name, path: `/home/${name}`, search, replace: false })
const page = (current: number, total: number) => ({
  records: Array.from({ length: 2 }, (_, i) => ({ gameId: current * 10 + i, gameName: `G${i}`, gameCategoryId: 3, platformId: 13, direction: 1, url: '/a.svg', demo: true })),
  total, current, size: 20,
})

const catalogueEvents = (s: CatSnap): CatalogueEvent[] => {
  const c = s.context
  const out: CatalogueEvent[] = [ready]
  if (c.requests.count === 0 && c.history.length === 0) out.push({ type: 'games.storeLoaded', history: ['x'], favorites: [] })
  if (c.requests.count === 0) out.push({ type: 'hall.responded', requestId: 'site-1', call: 'getSiteInfo', data: { skinTypeValue: c.skin === 2 ? 1 : 2 } })
  if (c.searchText === '' && c.requests.count <= 1) out.push({ type: 'games.searchTyped', text: 'dragon' })
  // The typing pause: on the real actor the clock moves on (see drive).
  if (c.searchPending) out.push({ type: 'games.searchDue' })
  if (c.requests.count <= 2) {
    out.push(nav('game', c.category === 3 ? '?gameCategoryId=9' : '?gameCategoryId=3'))
    // The browser's own moves (entry, back, forward) are followed too.
    if (c.route !== 'search') out.push({ type: 'nav.locationChanged', path: '/home/search', search: '' })
    if (!c.signedIn) out.push({ type: 'session.loggedIn', mode: 'normal', username: 'demo', accountType: 0, real: true, mustChangePassword: false })
    if (c.signedIn) out.push({ type: 'postlogin.refreshRequested', items: ['redDot', 'authInfo', 'notices', 'gameCategories', 'rewardBind'] })
    if (c.signedIn) out.push({ type: 'games.favoriteToggled', gameId: 130009, platformId: 13, categoryId: 3 })
    out.push({ type: 'games.moreRequested' })
  }
  if (c.signedIn && c.requests.count <= 2) out.push({ type: 'session.loggedOut', reason: 'logout' })
  // (A submit makes a request when the list failed: offered while few were made, so the state space stays finite.)
  if (c.history.length === 0 && c.requests.count <= 3) out.push({ type: 'games.searchSubmitted', text: 'dragon' })
  else out.push({ type: 'games.searchHistoryCleared' })
  if (c.requests.awaiting.list !== undefined) {
    out.push({ type: 'hall.responded', requestId: c.requests.awaiting.list, call: 'gameList', data: page((c.list?.current ?? 0) + 1, 30) })
    out.push({ type: 'hall.failed', requestId: c.requests.awaiting.list, call: 'gameList', error: { _tag: 'Network', message: 'down' } as never })
  }
  if (c.requests.awaiting.platforms !== undefined) out.push({ type: 'hall.responded', requestId: c.requests.awaiting.platforms, call: 'platformCategories', data: [{ platformId: 13, platformName: 'P', gameCategoryId: 3, total: 9 }] })
  if (c.requests.awaiting.favorite !== undefined) {
    out.push({ type: 'hall.responded', requestId: c.requests.awaiting.favorite, call: 'addFavorite', data: [{ game_id: 1, cate_id: 13, category_id: 3 }] })
    out.push({ type: 'hall.failed', requestId: c.requests.awaiting.favorite, call: 'addFavorite', error: { _tag: 'ServiceCode', code: 5000, msg: 'no' } })
  }
  out.push({ type: 'hall.responded', requestId: 'stale-1', call: 'gameList', data: page(1, 1) })
  // A failed list or page again: at the player's word, or when the socket (re)connects; ignored otherwise.
  // (Offered while few requests were made, as each retry makes one: the state space stays finite.)
  if (c.requests.count <= 4) out.push({ type: 'games.listRetried' }, { type: 'socket.opened', connection: 2 })
  return out
}

describe('games model', () => {
  it('the catalogue follows its model on every generated path', () => {
    const report = modelHarness({ name: 'games', machine: catalogueMachine, events: catalogueEvents,
      drive: (e, { actor, clock }) => (e.type === 'games.searchDue' ? clock.increment(SEARCH_DEBOUNCE_MS) : actor.send(e)),
      serializeState: (m: unknown) => { const x = m as CatSnap; const c = x.context; return JSON.stringify([x.value, c.requests.count, c.searchPending, c.requests.awaiting.list ?? null, c.requests.awaiting.platforms ?? null, c.requests.awaiting.favorite ?? null, c.route, c.category, c.signedIn, c.real, c.history.length, c.favorites.length, c.list?.current ?? -1, c.listFailed, c.skin]) },
      limits: { paths: 6000, simplePaths: 20, traversal: 100_000 } }).run()
    expect(report.states.uncovered).toEqual([])
    expect(report.transitions.uncovered).toEqual([])
    expect(report.branches.uncovered).toEqual([])
  })
})
