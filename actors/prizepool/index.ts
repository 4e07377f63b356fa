import { prizePoolWinAmount, prizePoolWinnerList, type PrizeWinner } from '../../schemas/hall/calls/games'
import { queryActor } from '../kit'

/**
 * The prize pool (calls §7.8: /api/lobby/prize-pool/win-amount and winner-list {size 200,
 * current 1}; §9 winner list size 200): two queries, each asked whenever the prize pool opens.
 * The view shows each part as it comes and says so when one failed.
 */

/** The winner list's page (spec §7.8, §9). */
export const WINNER_PAGE = { size: 200, current: 1 } as const

/** The win amount (a decimal string). */
export const prizeAmountActor = queryActor({
  id: 'prizeamount',
  call: prizePoolWinAmount,
  audience: 'anyone',
  fetchOn: { 'games.prizePoolOpened': true },
  payload: {},
  select: (d) => d.amount,
})

/** The winners of the first page (at most 200) and how many there are in all. */
export const prizeWinnersActor = queryActor({
  id: 'prizewinners',
  call: prizePoolWinnerList,
  audience: 'anyone',
  fetchOn: { 'games.prizePoolOpened': true },
  payload: { ...WINNER_PAGE },
  select: (d): { readonly winners: ReadonlyArray<PrizeWinner>; readonly total: number } => ({ winners: d.records.slice(0, WINNER_PAGE.size), total: d.total }),
})

export type { PrizeWinner }
