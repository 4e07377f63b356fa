import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { SPORTS_PAGE_SIZE, selectSportsGames, selectSportsPlatform, sportsbookMachine, type SportsbookEmitted, type SportsbookEvent } from '../../actors/sportsbook'
import { modelHarness } from './harness'

/**
 * The sports page's actor on every path the sample events generate: opening asks for the sports
 * platforms, their answer asks for the first platform's games with the sports platform query
 * (current 1, categoryId 5, platformName, pageSize 10); choosing a platform asks for its games;
 * only the newest request's answer counts.
 */
type Snap = SnapshotFrom<typeof sportsbookMachine>
const platforms = [{ platformId: 136, platformName: 'Sportsbook 136', gameCategoryId: 5, total: 30 }, { platformId: 51, platformName: 'Sport 51', gameCategoryId: 5, total: 9 }]
const game = (gameId: number) => ({ gameId, gameName: `G${gameId}`, gameCategoryId: 5, platformId: 136, direction: 1, url: '/a.svg', demo: false })

const events = (s: Snap): SportsbookEvent[] => {
  const c = s.context
  const out: SportsbookEvent[] = []
  if (c.requests.count < 3) out.push({ type: 'games.sportsOpened' }, { type: 'games.sportsPlatformChosen', platformName: 'Sport 51' })
  const platformsRequest = c.requests.awaiting.platforms ?? null
  const gamesRequest = c.requests.awaiting.games ?? null
  if (platformsRequest !== null) {
    out.push({ type: 'hall.responded', requestId: platformsRequest, call: 'platformCategories', data: platforms })
    out.push({ type: 'hall.responded', requestId: platformsRequest, call: 'platformCategories', data: [] })
    out.push({ type: 'hall.failed', requestId: platformsRequest, call: 'platformCategories', error: { _tag: 'Network', message: 'down' } as never })
  }
  if (gamesRequest !== null) {
    out.push({ type: 'hall.responded', requestId: gamesRequest, call: 'gameList', data: { records: [game(150007)], total: 1, current: 1, size: 10 } })
    out.push({ type: 'hall.failed', requestId: gamesRequest, call: 'gameList', error: { _tag: 'Network', message: 'down' } as never })
  }
  out.push({ type: 'hall.responded', requestId: 'sportsbook-1', call: 'gameList', data: { records: [game(1)], total: 1, current: 1, size: 10 } })
  return out
}

describe('sportsbook model', () => {
  it('covers every state, transition and branch', () => {
    const report = modelHarness({
      name: 'sportsbook', machine: sportsbookMachine, model: sportsbookMachine, events: events,
      serializeState: (s) => { const c = s.context; return JSON.stringify([c.requests, c.platform, c.games.length, c.failed, c.platforms.length]) },
      check: ({ emitted }) => {
        for (const e of emitted.filter((x) => x['call'] === 'gameList')) expect(e['payload']).toMatchObject({ current: 1, categoryId: 5, pageSize: SPORTS_PAGE_SIZE })
      },
    }).run()
    expect(report.states.uncovered).toEqual([])
    expect(report.transitions.uncovered).toEqual([])
    expect(report.branches.uncovered).toEqual([])
  })

  it("opening asks for the platforms, then the first one's games; a stale answer is ignored", () => {
    const actor = createActor(sportsbookMachine)
    const asked: SportsbookEmitted[] = []
    actor.on('hall.requested', (e) => void asked.push(e))
    actor.start()
    actor.send({ type: 'games.sportsOpened' })
    expect(asked.at(-1)).toMatchObject({ call: 'platformCategories', payload: { gameCategoryId: 5 } })
    actor.send({ type: 'hall.responded', requestId: asked.at(-1)!.requestId, call: 'platformCategories', data: platforms })
    expect(asked.at(-1)).toMatchObject({ call: 'gameList', payload: { current: 1, categoryId: 5, platformName: 'Sportsbook 136', pageSize: 10 } })
    const first = asked.at(-1)!.requestId
    actor.send({ type: 'games.sportsPlatformChosen', platformName: 'Sport 51' })
    expect(selectSportsPlatform(actor.getSnapshot())).toBe('Sport 51')
    actor.send({ type: 'hall.responded', requestId: first, call: 'gameList', data: { records: [game(9)], total: 1, current: 1, size: 10 } })
    expect(selectSportsGames(actor.getSnapshot())).toEqual([])
    actor.send({ type: 'hall.responded', requestId: asked.at(-1)!.requestId, call: 'gameList', data: { records: [game(7)], total: 1, current: 1, size: 10 } })
    expect(selectSportsGames(actor.getSnapshot()).map((g) => g.gameId)).toEqual([7])
  })
})
