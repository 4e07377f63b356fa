import type { ActorSpec } from '../spec'
import { prizePoolMachine } from './prizepool.machine'

/**
 * The prize-pool actor: the win amount and the winner list (size 200, current 1), asked each time
 * the prize pool is opened.
 */
export const prizePoolActor = {
  id: 'prizepool',
  machine: prizePoolMachine,
  consumes: ['games.prizePoolOpened', 'hall.responded', 'hall.failed'],
} as const satisfies ActorSpec

export { prizePoolMachine, initialPrizePool, WINNER_PAGE, PRIZE_CALLS } from './prizepool.machine'
export type { PrizePoolContext, PrizePoolEvent, PrizePoolEmitted, PrizeWinner } from './prizepool.machine'
export * from './prizepool.selectors'
