import { describe, expect, it } from 'vitest'
import type { AnyEventObject, SnapshotFrom } from 'xstate'
import { launchMachine, type LaunchEvent } from '../../actors/games'
import { modelHarness } from './harness'

/**
 * The launch actor on every path the sample events generate (it has no delays: the machine is its
 * own model): the location followed, the prize balance a sign-in fetches (its game_gold to the
 * wallet, a named last game to the continue-last-game actor), the refusal while it is fetched,
 * demo and formal launches, the game address, the service codes of spec §8 (registration, the
 * phone verification of the game phone actor, the bank card), and where it stands for the wallet.
 */
type Snap = SnapshotFrom<typeof launchMachine>

const ready = { type: 'site.ready', siteCode: '001', language: 'en_US', currency: 'CNY', languages: ['en_US'], currencies: ['CNY'], systemToken: '', autoVisitorLogin: true, device: 'desktop' } as LaunchEvent
const embedded = (q: string): LaunchEvent => ({ type: 'nav.navigated', name: 'embedded', path: '/home/embedded', search: q, replace: false })
const login = (real: boolean): LaunchEvent => ({ type: 'session.loggedIn', mode: real ? 'normal' : 'trymode', username: real ? 'demo' : 'guest1', accountType: 0, real, mustChangePassword: false })
const LAST = { gameName: 'A', gameId: '1', platfromId: 13, categoryId: 3 }
/** The site is ready, and its hall profile launches by loginv2 (the hall's address announced with it). */
const readyV2 = { ...ready, launchV2Base: 'http://h/hall' } as LaunchEvent

const events = (s: Snap): LaunchEvent[] => {
  const c = s.context
  // Before the site is ready only the location matters: kept as the entry, opened once ready.
  if (s.value === 'idle') {
    return c.requests.count === 0 && c.entry === null
      ? [
          ready,
          readyV2,
          // A formal game (waits for a sign-in) and a demo one (opens at once).
          { type: 'nav.locationChanged', path: '/home/embedded', search: '?gameId=130001&platformId=14&gameCategoryId=3&gameName=B' },
          { type: 'nav.locationChanged', path: '/home/embedded', search: '?gameId=130009&platformId=13&gameCategoryId=3&gameName=A' },
          { type: 'nav.navigated', name: 'game', path: '/home/game', search: '', replace: false },
        ]
      : [ready]
  }
  const out: LaunchEvent[] = [ready]
  if (c.requests.count <= 2) {
    out.push(embedded('?gameId=130009&platformId=13&gameCategoryId=3&gameName=A'))
    out.push({ type: 'nav.navigated', name: 'game', path: '/home/game', search: '', replace: false })
    // The browser's own location: the entry location (kept until the site is ready), back and forward.
    out.push({ type: 'nav.locationChanged', path: '/home/embedded', search: '?gameId=130001&platformId=14&gameCategoryId=3&gameName=B' })
    out.push({ type: 'nav.locationChanged', path: '/home/game', search: '?gameCategoryId=3' })
    out.push(login(true))
    if (c.requests.count === 0) out.push(login(false), embedded('?gameId=0&platformId=13'))
    out.push({ type: 'games.launchRetried' })
  }
  out.push({ type: 'session.loggedOut', reason: 'logout' })
  // The phone verified: the launch is retried (a new request), so offered while the counter is small.
  if (c.requests.count <= 3) out.push({ type: 'games.phoneVerified' })
  if (c.requests.awaiting.prize !== undefined) {
    out.push({ type: 'hall.responded', requestId: c.requests.awaiting.prize, call: 'prize', data: { game_gold: '100.00', lastgameinfo: LAST } })
    out.push({ type: 'hall.responded', requestId: c.requests.awaiting.prize, call: 'prize', data: { game_gold: '-1', lastgameinfo: null } })
    out.push({ type: 'hall.failed', requestId: c.requests.awaiting.prize, call: 'prize', error: { _tag: 'Network', message: 'x' } as never })
  }
  if (c.requests.awaiting.launch !== undefined) {
    if (c.launchCall === 'loginv2') out.push({ type: 'hall.responded', requestId: c.requests.awaiting.launch, call: 'gameLoginV2', data: { game_url: '/games/play?gameId=130009&try=demo', direction: 1 } })
    else {
      out.push({ type: 'hall.responded', requestId: c.requests.awaiting.launch, call: 'gameLogin', data: { socket_url: [{ url: '/games/play', gameid: 130009 }] } })
      out.push({ type: 'hall.responded', requestId: c.requests.awaiting.launch, call: 'gameLogin', data: { socket_url: [] } })
    }
    for (const code of c.requests.count <= 3 ? [3004, 210103, 41020, 3002, 3003, 9999] : [3004, 3002]) out.push({ type: 'hall.failed', requestId: c.requests.awaiting.launch, call: 'gameLogin', error: { _tag: 'ServiceCode', code, msg: 'm' } })
  }
  out.push({ type: 'games.addressBuilt', launchId: c.launchId, url: 'http://h/games/play?x' })
  out.push({ type: 'hall.responded', requestId: 'launch-999', call: 'gameLogin', data: null })
  return out
}

const serializeState = (m: unknown): string => {
  const x = m as Snap
  const c = x.context
  // Request ids and the launch id are derived from the counters, so the counters stay; the rest is abstracted.
  return JSON.stringify([x.value, c.launchCall, c.entry?.search ?? null, c.requests.count, c.launchId, c.requests.awaiting.prize !== undefined, c.requests.awaiting.launch !== undefined, c.real, c.signedIn, c.url !== null, c.play, c.error?.code ?? null])
}

const ofType = (events: ReadonlyArray<AnyEventObject>, type: string) => events.filter((e) => e.type === type)

/** Where the game region stands, as the wallet must hear it. */
const playOf = (s: Snap): 'lobby' | 'opening' | 'playing' =>
  s.matches('idle') || s.matches({ running: { game: 'lobby' } }) ? 'lobby' : s.matches({ running: { game: 'playing' } }) ? 'playing' : 'opening'

describe('launch model', () => {
  const harness = modelHarness({
    name: 'launch',
    machine: launchMachine,
    events: events,
    serializeState,
    check: ({ real, event, emitted, emittedSoFar }) => {
      // The wallet hears every change of where the launch stands, and only changes.
      const plays = ofType(emittedSoFar, 'games.playStateChanged')
      expect(plays.at(-1)?.['state'] ?? 'lobby').toBe(playOf(real))
      expect(real.context.play).toBe(playOf(real))
      plays.forEach((p, i) => expect(p['state']).not.toBe(i === 0 ? 'lobby' : plays[i - 1]!['state']))
      // The prize answer's game_gold goes to the wallet; a named last game, for a real player, to the continue-last-game actor.
      const reports = ofType(emitted, 'wallet.balanceReported')
      const prizeAnswer = event?.type === 'hall.responded' && event.call === 'prize'
      if (!prizeAnswer) expect(reports).toEqual([])
      for (const r of reports) expect(r).toEqual({ type: 'wallet.balanceReported', balance: (event as { data: { game_gold: string } }).data.game_gold, source: 'prize' })
      for (const f of ofType(emitted, 'games.lastGameFound')) expect([f, real.context.real]).toEqual([{ type: 'games.lastGameFound', lastGame: LAST }, true])
      // 3002 asks the game phone actor; leaving the phone verification otherwise than verified abandons it.
      if (ofType(emitted, 'games.phoneNeeded').length > 0) expect(real.matches({ running: { game: 'awaitingPhone' } })).toBe(true)
      if (ofType(emitted, 'games.phoneAbandoned').length > 0) expect(event?.type).not.toBe('games.phoneVerified')
    },
    limits: { paths: 8000, simplePaths: 20, traversal: 300_000 },
  })

  it('a site whose hall launches by loginv2 asks gameLoginV2 and opens its address as it is, against the hall', () => {
    const { real, emitted } = harness.runEvents([
      readyV2, embedded('?gameId=130009&platformId=13&gameCategoryId=3&gameName=A'),
      { type: 'hall.responded', requestId: 'launch-1', call: 'gameLoginV2', data: { game_url: '/games/play?gameId=130009&try=demo', direction: 1 } },
    ] as never)
    expect(emitted.filter((e) => e.type === 'hall.requested').map((e) => String(e['call']))).toEqual(['gameLoginV2'])
    expect(ofType(emitted, 'games.addressRequested')).toEqual([])
    expect(real.matches({ running: { game: 'playing' } })).toBe(true)
    expect(real.context.url).toBe('http://h/games/play?gameId=130009&try=demo')
    // Any other site keeps the first launch call.
    const other = harness.runEvents([ready, embedded('?gameId=130009&platformId=13&gameCategoryId=3&gameName=A')] as never)
    expect(other.emitted.filter((e) => e.type === 'hall.requested').map((e) => String(e['call']))).toEqual(['gameLogin'])
  })

  it('follows the model on every generated path and covers every state, transition and branch', () => {
    const report = harness.run()
    expect(report.states.uncovered).toEqual([])
    expect(report.transitions.uncovered).toEqual([])
    expect(report.branches.uncovered).toEqual([])
  })

  it('3002: the phone asked for; once verified the launch is retried, leaving first abandons it', () => {
    const failed = (id: string, code: number): LaunchEvent => ({ type: 'hall.failed', requestId: id, call: 'gameLogin', error: { _tag: 'ServiceCode', code, msg: 'm' } })
    const start = [ready, login(true), { type: 'hall.responded', requestId: 'launch-1', call: 'prize', data: { game_gold: '5.00', lastgameinfo: null } }, embedded('?gameId=30001&platformId=31&gameCategoryId=3&gameName=A'), failed('launch-2', 3002)] as LaunchEvent[]
    const { real, emitted } = harness.runEvents([...start, { type: 'games.phoneVerified' }] as never)
    expect(emitted.filter((e) => e.type === 'hall.requested').map((e) => String(e['call']))).toEqual(['prize', 'gameLogin', 'gameLogin'])
    expect(ofType(emitted, 'games.phoneNeeded')).toHaveLength(1)
    expect(ofType(emitted, 'games.phoneAbandoned')).toEqual([])
    expect(real.matches({ running: { game: 'launching' } })).toBe(true)
    const left = harness.runEvents([...start, { type: 'nav.navigated', name: 'game', path: '/home/game', search: '', replace: false }] as never)
    expect(ofType(left.emitted, 'games.phoneAbandoned')).toHaveLength(1)
  })

  it('tells the wallet where it stands: opening, playing, back in the lobby', () => {
    const { emitted } = harness.runEvents([
      ready, embedded('?gameId=130009&platformId=13&gameCategoryId=3&gameName=A'),
      { type: 'hall.responded', requestId: 'launch-1', call: 'gameLogin', data: { socket_url: [{ url: '/games/play', gameid: 130009 }] } },
      { type: 'games.addressBuilt', launchId: 1, url: 'http://h/games/play?x' },
      { type: 'nav.navigated', name: 'game', path: '/home/game', search: '', replace: false },
    ] as never)
    expect(ofType(emitted, 'games.playStateChanged').map((e) => e['state'])).toEqual(['opening', 'playing', 'lobby'])
  })
})
