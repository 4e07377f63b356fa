import type { Condition } from '../../schemas/events'
import type { DateFilter, StateFilter } from '../../schemas/hall/calls/common'
import { accountDetails, betRecord, personalStatement, type MovementKind } from '../../schemas/hall/calls/records'
import { pagedActor, type PageQuery } from '../kit'

/**
 * Records and reports (screens §2 /home/records, /home/report with current: account details,
 * betting record, personal statement): three paged lists of a real player, each the kit's
 * paged-list actor over one of the hall's record calls (docs/hall-protocol.md, "Records and
 * reports"). Their condition is the date filter (and the state filter, or the movement kind); the
 * socket's notices of a credited deposit or a paid withdrawal ask the money lists again, and a
 * failed list tries again when the socket opens.
 */

/** The date filter of a condition (default today), with its custom days ('YYYY-MM-DD') when chosen. */
const dates = (c: Condition): { dateType: DateFilter; startDate?: string; endDate?: string } => {
  const dateType = (typeof c['dateType'] === 'number' ? c['dateType'] : 0) as DateFilter
  if (dateType !== -4) return { dateType }
  return {
    dateType,
    ...(typeof c['startDate'] === 'string' ? { startDate: c['startDate'] } : {}),
    ...(typeof c['endDate'] === 'string' ? { endDate: c['endDate'] } : {}),
  }
}

const page = (q: PageQuery) => ({ current: q.page, size: q.size, ...dates(q.condition) })

/** Socket notices after which the money lists are asked again. */
const MONEY_MOVED = ['realtime.payOrderSucceeded', 'realtime.withdrawOrderSucceeded'] as const

/** The betting record: the player's bets, with the state filter (and a game category). */
export const betRecordsActor = pagedActor({
  id: 'betrecords',
  call: betRecord,
  audience: 'real',
  request: (q) => ({
    ...page(q),
    ...(typeof q.condition['state'] === 'number' ? { state: q.condition['state'] as StateFilter } : {}),
    ...(typeof q.condition['gameCategoryId'] === 'number' ? { gameCategoryId: q.condition['gameCategoryId'] } : {}),
  }),
  read: (d) => ({ rows: d.page.records, total: d.page.total, summary: d.summary }),
  retryOn: ['socket.opened'],
})

/** The account details: the movements of the player's money, by kind. */
export const movementsActor = pagedActor({
  id: 'movements',
  call: accountDetails,
  audience: 'real',
  request: (q) => ({ ...page(q), ...(typeof q.condition['kind'] === 'string' ? { kind: q.condition['kind'] as MovementKind } : {}) }),
  read: (d) => ({ rows: d.records, total: d.total }),
  refetchOn: MONEY_MOVED,
  retryOn: ['socket.opened'],
})

/** The personal statement: the player's money by day. */
export const statementActor = pagedActor({
  id: 'statement',
  call: personalStatement,
  audience: 'real',
  request: page,
  read: (d) => ({ rows: d.page.records, total: d.page.total, summary: d.summary }),
  refetchOn: MONEY_MOVED,
  retryOn: ['socket.opened'],
})

export type { BetRecord, Movement, MovementKind, StatementDay } from '../../schemas/hall/calls/records'
