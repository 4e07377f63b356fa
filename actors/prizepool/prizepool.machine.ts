import { assign, enqueueActions, setup } from 'xstate'
import type { EventOfType } from '../../schemas/events'

/**
 * The prize pool (calls §7.8: /api/lobby/prize-pool/win-amount and winner-list {size 200,
 * current 1}; §9 winner list size 200). Opening the prize pool asks for both: the win amount and
 * the first page of 200 winners. It is `loading` until both have answered, then `shown` (with
 * what came; a failed call leaves its part empty and says so). Opening it again asks again;
 * an answer to an older opening is ignored.
 *
 * Consumes: games.prizePoolOpened, hall.responded, hall.failed.
 * Emits: hall.requested.
 */

export type PrizePoolEvent = EventOfType<'games.prizePoolOpened'> | EventOfType<'hall.responded'> | EventOfType<'hall.failed'>
export type PrizePoolEmitted = EventOfType<'hall.requested'>

/** The winner list's page (spec §7.8, §9). */
export const WINNER_PAGE = { size: 200, current: 1 } as const
export const PRIZE_CALLS = { amount: 'prizePoolWinAmount', winners: 'prizePoolWinnerList' } as const

/** A winner as the hall lists it. */
export interface PrizeWinner {
  readonly username: string
  readonly gameName: string
  readonly amount: string
}

export interface PrizePoolContext {
  readonly requestCount: number
  readonly amountRequest: string | null
  readonly winnersRequest: string | null
  /** The win amount (a decimal string), or null before an answer. */
  readonly amount: string | null
  readonly winners: ReadonlyArray<PrizeWinner>
  readonly total: number
  /** A call of the last opening failed. */
  readonly failed: boolean
}

export const initialPrizePool: PrizePoolContext = { requestCount: 0, amountRequest: null, winnersRequest: null, amount: null, winners: [], total: 0, failed: false }

const isWinner = (w: unknown): w is PrizeWinner =>
  typeof w === 'object' && w !== null && typeof (w as PrizeWinner).username === 'string' && typeof (w as PrizeWinner).gameName === 'string' && typeof (w as PrizeWinner).amount === 'string'

const answers = (id: string | null, e: PrizePoolEvent): boolean => (e.type === 'hall.responded' || e.type === 'hall.failed') && id !== null && e.requestId === id

export const prizePoolMachine = setup({
  types: { context: {} as PrizePoolContext, events: {} as PrizePoolEvent, emitted: {} as PrizePoolEmitted },
  guards: {
    amountAnswer: ({ context, event }) => answers(context.amountRequest, event),
    winnersAnswer: ({ context, event }) => answers(context.winnersRequest, event),
    settled: ({ context }) => context.amountRequest === null && context.winnersRequest === null,
  },
  actions: {
    ask: enqueueActions(({ context: c, enqueue }) => {
      const amountRequest = `prizepool-${c.requestCount + 1}`
      const winnersRequest = `prizepool-${c.requestCount + 2}`
      enqueue.assign({ requestCount: c.requestCount + 2, amountRequest, winnersRequest, failed: false })
      enqueue.emit({ type: 'hall.requested', requestId: amountRequest, call: PRIZE_CALLS.amount, payload: {} })
      enqueue.emit({ type: 'hall.requested', requestId: winnersRequest, call: PRIZE_CALLS.winners, payload: { ...WINNER_PAGE } })
    }),
    takeAmount: assign(({ event }) => {
      if (event.type !== 'hall.responded') return { amountRequest: null, failed: true }
      const amount = (event.data as { amount?: unknown } | null)?.amount
      return typeof amount === 'string' ? { amountRequest: null, amount } : { amountRequest: null, failed: true }
    }),
    takeWinners: assign(({ event }) => {
      if (event.type !== 'hall.responded') return { winnersRequest: null, failed: true }
      const d = event.data as { records?: unknown; total?: unknown } | null
      const records = Array.isArray(d?.records) ? d.records.filter(isWinner) : null
      if (records === null) return { winnersRequest: null, failed: true }
      return { winnersRequest: null, winners: records.slice(0, WINNER_PAGE.size), total: typeof d?.total === 'number' ? d.total : records.length }
    }),
  },
}).createMachine({
  id: 'prizepool',
  context: initialPrizePool,
  initial: 'closed',
  on: { 'games.prizePoolOpened': { target: '.loading', actions: 'ask' } },
  states: {
    closed: {},
    loading: {
      always: { guard: 'settled', target: 'shown' },
      on: {
        'hall.responded': [{ guard: 'amountAnswer', actions: 'takeAmount' }, { guard: 'winnersAnswer', actions: 'takeWinners' }],
        'hall.failed': [{ guard: 'amountAnswer', actions: 'takeAmount' }, { guard: 'winnersAnswer', actions: 'takeWinners' }],
      },
    },
    shown: {},
  },
})
