import type { Condition } from '../../schemas/events'
import type { Received } from '../../schemas/hall/calls/common'
import type { DateFilter } from '../../schemas/hall/calls/common'
import {
  pendingAwards, rebateIndex, rebateReceive, receiveRecords,
  type PendingAward, type RebateCategory, type RebateInfo, type ReceiveRecord, type ReceiveSource,
} from '../../schemas/hall/calls/rewards-own'
import { commandActor, pagedActor, queryActor } from '../kit'

/**
 * Rebates (cashback), awards and receive records (screens §2 /home/event/cashback,
 * /home/event/award, /home/receive-records, /home/pickUpRecord) over the kit. Every amount is the
 * hall's (docs/hall-protocol.md "Rebates, awards and receive records"); the lobby only shows and
 * asks. Nothing is asked at boot: each screen asks when it opens.
 *
 * - `rebate` (query, real players): the return gold per game category, read when the cashback
 *   screen opens and again after a receipt.
 * - `rebatereceive` (command, real players): receives every category's return gold; the balance
 *   after it goes to the wallet, `rebate.received` to the rest. Its refusals (closed, nothing to
 *   receive, trial) are shown beside the button; only the first of a burst opens the error modal.
 * - `awards` (query, real players): what the player can receive now from every source, read when
 *   the awards screen opens and again after a rebate receipt.
 * - `receiverecords` (paged list, real players): what the player received, from every source,
 *   with the date filter and the source; a rebate or VIP receipt asks it from the first page.
 */
export const rebateActor = queryActor({
  id: 'rebate',
  call: rebateIndex,
  audience: 'real',
  fetchOn: { 'rebate.opened': true, 'rebate.received': true },
  payload: {},
  select: (d): RebateInfo => d,
})

/** The rebate's service codes (server/calls/rebates.ts) shown beside the button, not as a modal. */
const RECEIVE_INLINE = { closed: 'error.closed', nothing: 'error.nothing', trial: 'error.trial' } as const

export const rebateReceiveActor = commandActor({
  id: 'rebatereceive',
  call: rebateReceive,
  audience: 'real',
  select: (d): Received => d,
  announce: (r) => [
    { type: 'wallet.balanceReported' as const, balance: r.game_gold, source: 'reward' as const },
    { type: 'rebate.received' as const, count: r.count },
  ],
  codes: RECEIVE_INLINE,
  firstErrorOnly: true,
})

export const awardsActor = queryActor({
  id: 'awards',
  call: pendingAwards,
  audience: 'real',
  fetchOn: { 'awards.opened': true, 'rebate.received': true },
  payload: {},
  select: (d): { readonly list: ReadonlyArray<PendingAward>; readonly total: string; readonly currency: string } => d,
})

/** The date filter of a condition (default today), with its custom days when chosen. */
const dates = (c: Condition): { dateType: DateFilter; startDate?: string; endDate?: string } => {
  const dateType = (typeof c['dateType'] === 'number' ? c['dateType'] : 0) as DateFilter
  if (dateType !== -4) return { dateType }
  return {
    dateType,
    ...(typeof c['startDate'] === 'string' ? { startDate: c['startDate'] } : {}),
    ...(typeof c['endDate'] === 'string' ? { endDate: c['endDate'] } : {}),
  }
}

/** The sources the receive records filter by ('all' or one). */
export const RECEIVE_SOURCES = ['all', 'activity', 'vip', 'rebate', 'redpacket', 'message', 'task', 'newcomer', 'discount', 'other'] as const
export type ReceiveSourceFilter = (typeof RECEIVE_SOURCES)[number]
const isSource = (v: unknown): v is ReceiveSourceFilter => typeof v === 'string' && (RECEIVE_SOURCES as ReadonlyArray<string>).includes(v)

export const receiveRecordsActor = pagedActor({
  id: 'receiverecords',
  call: receiveRecords,
  audience: 'real',
  request: (q) => ({ current: q.page, size: q.size, ...dates(q.condition), ...(isSource(q.condition['source']) ? { source: q.condition['source'] } : {}) }),
  read: (d) => ({ rows: d.page.records, total: d.page.total, summary: d.summary }),
  refetchOn: ['rebate.received', 'vip.received', 'activities.changed', 'messages.changed'],
  retryOn: ['socket.opened'],
})

/** Whether the rebate has anything to receive now. */
export const anyReturnGold = (info: RebateInfo): boolean => info.list.some((c) => Number(c.amount) > 0)

export type { PendingAward, RebateCategory, RebateInfo, ReceiveRecord, ReceiveSource }
