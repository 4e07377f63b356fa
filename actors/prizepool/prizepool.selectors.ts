import type { SnapshotFrom } from 'xstate'
import type { PrizeWinner, prizePoolMachine } from './prizepool.machine'

type PrizePoolSnapshot = SnapshotFrom<typeof prizePoolMachine>

/** The win amount (a decimal string), or null before it has come. */
export const selectPrizeAmount = (s: PrizePoolSnapshot): string | null => s.context.amount

/** The winners of the first page (at most 200), newest first. */
export const selectPrizeWinners = (s: PrizePoolSnapshot): ReadonlyArray<PrizeWinner> => s.context.winners

/** How many winners the hall has in all. */
export const selectPrizeWinnerTotal = (s: PrizePoolSnapshot): number => s.context.total

/** Both calls are in flight. */
export const selectPrizeLoading = (s: PrizePoolSnapshot): boolean => s.matches('loading')

/** A call of the last opening failed. */
export const selectPrizeFailed = (s: PrizePoolSnapshot): boolean => s.context.failed
