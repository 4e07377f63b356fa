import { assign, enqueueActions, setup } from 'xstate'
import type { EventOfType } from '../../schemas/events'
import type { Game, GamePlatform } from '../../schemas/hall/calls/games'
import { gameList, platformCategories } from '../../schemas/hall/calls/site'
import { asPage, asPlatforms } from '../games'
import { answers, noRequests, request, settle, type Requests } from '../kit'

/**
 * The sports page's games (calls §7.8: a sports platform query uses current 1, categoryId 5,
 * platformName, pageSize 10). Opening the page (`games.sportsOpened`) asks for the sports
 * platforms (platform-categories of category 5); the first one's games are then asked for, and
 * choosing another platform (`games.sportsPlatformChosen`) asks for its games. Only the newest
 * request's answer is taken.
 *
 * Consumes: games.sportsOpened, games.sportsPlatformChosen, hall.responded, hall.failed.
 * Emits: hall.requested.
 */
export type SportsbookEvent =
  | EventOfType<'games.sportsOpened'>
  | EventOfType<'games.sportsPlatformChosen'>
  | EventOfType<'hall.responded'>
  | EventOfType<'hall.failed'>

export type SportsbookEmitted = EventOfType<'hall.requested'>

/** The sports category and the size of its platform query (calls §7.8). */
export const SPORTS_CATEGORY = 5
export const SPORTS_PAGE_SIZE = 10

export interface SportsbookContext {
  /** The platforms and the shown platform's games, each awaited by its newest request. */
  readonly requests: Requests<'platforms' | 'games'>
  readonly platforms: ReadonlyArray<GamePlatform>
  /** The platform whose games are shown (its name, as the query takes it), or null. */
  readonly platform: string | null
  readonly games: ReadonlyArray<Game>
  readonly failed: boolean
}

export const initialSportsbook: SportsbookContext = {
  requests: noRequests, platforms: [], platform: null, games: [], failed: false,
}

/** The sports platform query for one platform's games (calls §7.8). */
const gamesQuery = (c: SportsbookContext, platformName: string) =>
  request('sportsbook', c.requests, 'games', gameList, { current: 1, categoryId: SPORTS_CATEGORY, platformName, pageSize: SPORTS_PAGE_SIZE })

export const sportsbookMachine = setup({
  types: { context: {} as SportsbookContext, events: {} as SportsbookEvent, emitted: {} as SportsbookEmitted },
  guards: {
    platformsAnswer: ({ context, event }) => answers(context.requests, 'platforms', event),
    gamesAnswer: ({ context, event }) => answers(context.requests, 'games', event),
  },
  actions: {
    askPlatforms: enqueueActions(({ context: c, enqueue }) => {
      const asked = request('sportsbook', c.requests, 'platforms', platformCategories, { gameCategoryId: SPORTS_CATEGORY })
      enqueue.assign({ requests: asked.requests, failed: false })
      enqueue.emit(asked.notice)
    }),
    takePlatforms: enqueueActions(({ context: c, event, enqueue }) => {
      const platforms = event.type === 'hall.responded' ? (asPlatforms(event.data) ?? null) : null
      const requests = settle(c.requests, 'platforms')
      if (platforms === null) {
        enqueue.assign({ requests, failed: true })
        return
      }
      const own = platforms.filter((p) => p.gameCategoryId === SPORTS_CATEGORY)
      const platform = own.some((p) => p.platformName === c.platform) ? c.platform : (own[0]?.platformName ?? null)
      if (platform === null) {
        enqueue.assign({ requests, platforms: own, platform, games: [] })
        return
      }
      const asked = gamesQuery({ ...c, requests }, platform)
      enqueue.assign({ requests: asked.requests, platforms: own, platform })
      enqueue.emit(asked.notice)
    }),
    choose: enqueueActions(({ context: c, event, enqueue }) => {
      if (event.type !== 'games.sportsPlatformChosen') return
      const asked = gamesQuery(c, event.platformName)
      enqueue.assign({ requests: asked.requests, platform: event.platformName, games: [], failed: false })
      enqueue.emit(asked.notice)
    }),
    takeGames: assign(({ context: c, event }) => {
      const page = event.type === 'hall.responded' ? asPage(event.data) : null
      const requests = settle(c.requests, 'games')
      return page === null ? { requests, failed: true } : { requests, games: page.records, failed: false }
    }),
  },
}).createMachine({
  id: 'sportsbook',
  context: initialSportsbook,
  on: {
    'games.sportsOpened': { actions: 'askPlatforms' },
    'games.sportsPlatformChosen': { actions: 'choose' },
    'hall.responded': [{ guard: 'platformsAnswer', actions: 'takePlatforms' }, { guard: 'gamesAnswer', actions: 'takeGames' }],
    'hall.failed': [{ guard: 'platformsAnswer', actions: 'takePlatforms' }, { guard: 'gamesAnswer', actions: 'takeGames' }],
  },
})
