import type { LobbyEvent } from '../../schemas/events'
import {
  yuebaoIndex, yuebaoProfitCount, yuebaoProfitRecord, yuebaoReceive, yuebaoSaveGold, yuebaoTakeoutGold,
  type YuebaoBalances, type YuebaoIndex,
} from '../../schemas/hall/calls/yuebao'
import { commandActor, pagedActor, queryActor } from '../kit'

/**
 * Savings, yuebao (spec screens §2 header entry, system menu entry with the year-rate badge, the
 * user card's yuebao, /home/yuebao; §3 yuebao entity; calls §7.7): the kit's query, paged-list
 * and command actors over the savings calls.
 *
 * - `yuebao` (query): the savings page's figures, read at a real player's sign-in (for the header
 *   entry and the menu badge) and when the page opens (`yuebao.opened`, the read that may answer
 *   the introduction, once), and again after every movement. It reports the principal and the
 *   site's terms to the wallet; the page opens the introduction when a read of its own answers
 *   isPop 1 (the hall answers it once).
 * - `yuebaoprofit` (query): today's figures (yesterday's interest, the total received, the
 *   interest not received), on the page's opening and after every movement.
 * - `yuebaorecords` (paged list): the records under the spec's filter, read again after a movement.
 * - `yuebaosave`, `yuebaoTakeoutGold`, `yuebaoreceive` (commands): each movement answers the balances
 *   after it, which go to the wallet (`wallet.balanceReported` as a transfer, `wallet.savingsReported`)
 *   and, as `yuebao.moved`, to the figures and the records.
 */

/** The savings record filter (spec: all 0, transfer-in 1, transfer-out 2, check 3, receive record / profit 5). */
export const YUEBAO_FILTERS = [0, 1, 2, 3, 5] as const
export type YuebaoFilter = (typeof YUEBAO_FILTERS)[number]

/** What the wallet learns from the savings page's answer. */
const indexNotices = (d: YuebaoIndex): ReadonlyArray<LobbyEvent> => [
  { type: 'wallet.savingsReported', principal: d.principal, terms: { open: d.switchStatus === 'open', yearRate: d.yearRate } },
]

export const yuebaoActor = queryActor({
  id: 'yuebao',
  call: yuebaoIndex,
  audience: 'real',
  fetchOn: {
    'session.loggedIn': true,
    'yuebao.opened': { payload: () => ({ page: 1 as const }) },
    'yuebao.moved': { payload: () => ({}) },
  },
  payload: {},
  retryOn: ['socket.opened'],
  announce: indexNotices,
})

export const yuebaoProfitActor = queryActor({
  id: 'yuebaoprofit',
  call: yuebaoProfitCount,
  audience: 'real',
  fetchOn: { 'yuebao.opened': true, 'yuebao.moved': true },
  payload: {},
  retryOn: ['socket.opened'],
})

export const yuebaoRecordsActor = pagedActor({
  id: 'yuebaorecords',
  call: yuebaoProfitRecord,
  audience: 'real',
  request: (q) => ({
    current: q.page,
    size: q.size,
    type: (YUEBAO_FILTERS as ReadonlyArray<unknown>).includes(q.condition['type']) ? (q.condition['type'] as YuebaoFilter) : 0,
  }),
  read: (d) => ({ rows: d.records, total: d.total }),
  refetchOn: ['yuebao.moved'],
  retryOn: ['socket.opened'],
})

/** The service codes a savings form shows under its amount (server/calls/yuebao.ts), by message key. */
const INLINE = { closed: 'error.closed', belowMinimum: 'error.belowMinimum', walletShort: 'error.walletShort', principalShort: 'error.principalShort' } as const

/** What a movement's balances tell the wallet and the savings figures. */
const moved = (kind: 'save' | 'takeout' | 'receive') => (b: YuebaoBalances): ReadonlyArray<LobbyEvent> => [
  { type: 'wallet.balanceReported', balance: b.gameGold, source: 'transfer' },
  { type: 'wallet.savingsReported', principal: b.principal },
  { type: 'yuebao.moved', kind, amount: b.amount },
]

export const yuebaoSaveActor = commandActor({
  id: 'yuebaosave',
  call: yuebaoSaveGold,
  modal: ['requestReused'],
  audience: 'real',
  select: (b) => b,
  announce: moved('save'),
  codes: INLINE,
})

export const yuebaoTakeoutActor = commandActor({
  id: 'yuebaoTakeoutGold',
  call: yuebaoTakeoutGold,
  modal: ['requestReused'],
  audience: 'real',
  select: (b) => b,
  announce: moved('takeout'),
  codes: INLINE,
})

export const yuebaoReceiveActor = commandActor({
  id: 'yuebaoreceive',
  call: yuebaoReceive,
  modal: ['requestReused'],
  audience: 'real',
  select: (b) => b,
  announce: moved('receive'),
})

export type { YuebaoBalances, YuebaoIndex, YuebaoRecord } from '../../schemas/hall/calls/yuebao'
