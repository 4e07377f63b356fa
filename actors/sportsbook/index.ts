import type { SnapshotFrom } from 'xstate'
import { isAwaiting } from '../kit'
import type { ActorSpec } from '../spec'
import { sportsbookMachine } from './sportsbook.machine'

/** The sports page's platforms and games (the sports platform query of calls §7.8). */
export const sportsbookActor = {
  id: 'sportsbook',
  machine: sportsbookMachine,
  consumes: ['games.sportsOpened', 'games.sportsPlatformChosen', 'hall.responded', 'hall.failed'],
} as const satisfies ActorSpec

export { sportsbookMachine, initialSportsbook, SPORTS_CATEGORY, SPORTS_PAGE_SIZE } from './sportsbook.machine'
export type { SportsbookContext, SportsbookEvent, SportsbookEmitted } from './sportsbook.machine'

type SportsbookSnapshot = SnapshotFrom<typeof sportsbookMachine>
export const selectSportsPlatforms = (s: SportsbookSnapshot) => s.context.platforms
export const selectSportsPlatform = (s: SportsbookSnapshot): string | null => s.context.platform
export const selectSportsGames = (s: SportsbookSnapshot) => s.context.games
export const selectSportsGamesLoading = (s: SportsbookSnapshot): boolean => isAwaiting(s.context.requests, 'platforms') || isAwaiting(s.context.requests, 'games')
export const selectSportsGamesFailed = (s: SportsbookSnapshot): boolean => s.context.failed
