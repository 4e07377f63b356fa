import { assign, enqueueActions, setup } from 'xstate'
import type { EventOfType } from '../../schemas/events'
import type { Game, GamePlatform } from '../../schemas/hall/calls/games'
import { asPage, asPlatforms } from '../games'

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
  readonly requestCount: number
  readonly platformsRequest: string | null
  readonly gamesRequest: string | null
  readonly platforms: ReadonlyArray<GamePlatform>
  /** The platform whose games are shown (its name, as the query takes it), or null. */
  readonly platform: string | null
  readonly games: ReadonlyArray<Game>
  readonly failed: boolean
}

export const initialSportsbook: SportsbookContext = {
  requestCount: 0, platformsRequest: null, gamesRequest: null, platforms: [], platform: null, games: [], failed: false,
}

/** The sports platform query for one platform's games (calls §7.8). */
const gamesQuery = (requestId: string, platformName: string): SportsbookEmitted => ({
  type: 'hall.requested', requestId, call: 'gameList', payload: { current: 1, categoryId: SPORTS_CATEGORY, platformName, pageSize: SPORTS_PAGE_SIZE },
})

const answers = (id: string | null, e: SportsbookEvent): boolean => (e.type === 'hall.responded' || e.type === 'hall.failed') && id !== null && e.requestId === id

export const sportsbookMachine = setup({
  types: { context: {} as SportsbookContext, events: {} as SportsbookEvent, emitted: {} as SportsbookEmitted },
  guards: {
    platformsAnswer: ({ context, event }) => answers(context.platformsRequest, event),
    gamesAnswer: ({ context, event }) => answers(context.gamesRequest, event),
  },
  actions: {
    askPlatforms: enqueueActions(({ context: c, enqueue }) => {
      const requestId = `sportsbook-${c.requestCount + 1}`
      enqueue.assign({ requestCount: c.requestCount + 1, platformsRequest: requestId, failed: false })
      enqueue.emit({ type: 'hall.requested', requestId, call: 'platformCategories', payload: { gameCategoryId: SPORTS_CATEGORY } })
    }),
    takePlatforms: enqueueActions(({ context: c, event, enqueue }) => {
      const platforms = event.type === 'hall.responded' ? (asPlatforms(event.data) ?? null) : null
      if (platforms === null) {
        enqueue.assign({ platformsRequest: null, failed: true })
        return
      }
      const own = platforms.filter((p) => p.gameCategoryId === SPORTS_CATEGORY)
      const platform = own.some((p) => p.platformName === c.platform) ? c.platform : (own[0]?.platformName ?? null)
      enqueue.assign({ platformsRequest: null, platforms: own, platform })
      if (platform === null) {
        enqueue.assign({ games: [] })
        return
      }
      const requestId = `sportsbook-${c.requestCount + 1}`
      enqueue.assign({ requestCount: c.requestCount + 1, gamesRequest: requestId })
      enqueue.emit(gamesQuery(requestId, platform))
    }),
    choose: enqueueActions(({ context: c, event, enqueue }) => {
      if (event.type !== 'games.sportsPlatformChosen') return
      const requestId = `sportsbook-${c.requestCount + 1}`
      enqueue.assign({ requestCount: c.requestCount + 1, gamesRequest: requestId, platform: event.platformName, games: [], failed: false })
      enqueue.emit(gamesQuery(requestId, event.platformName))
    }),
    takeGames: assign(({ event }) => {
      const page = event.type === 'hall.responded' ? asPage(event.data) : null
      return page === null ? { gamesRequest: null, failed: true } : { gamesRequest: null, games: page.records, failed: false }
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
