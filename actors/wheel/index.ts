import type { Received } from '../../schemas/hall/calls/common'
import { extractAllWord, extractWord, groupWord, luckyIntegralList, turntableTaskList, type WheelTask } from '../../schemas/hall/calls/active'
import { turntableDraw, turntableInfo, wordCollection, type WheelDraw, type WheelInfo, type WordCollection } from '../../schemas/hall/calls/wheel-own'
import { commandActor, pagedActor, queryActor, type QueryContext } from '../kit'

/**
 * Lucky wheels (activity types LuckyWheel 2, LuckyWheelNew 20) and word collection (Collection 18)
 * on the event centre's detail page, over the kit. Every outcome is the hall's: the spins and
 * draws a player has, the prize a spin wins (its place on the wheel), the words drawn; the lobby
 * only shows and asks. A spin's answer (hall.responded) is the fact the wheel's animation lands
 * on, so a replayed log shows the same spin.
 *
 * - `wheelinfo` (query, visitors too): the wheel's prizes, spins, points and winners, read when its
 *   page opens (`wheel.opened` kind wheel) and again after a spin, a sign-in or a credited deposit.
 * - `wheeltasks` (query, real players): the tasks that earn spins (turntableTaskList), likewise;
 *   also the word collection's (its chances come from tasks too).
 * - `wheelpoints` (paged list, real players): the points record (luckyIntegralList).
 * - `wheelspin` (command, real players): spends a spin; the balance after it goes to the wallet,
 *   `wheel.changed` to the rest.
 * - `words` (query, real players), `wordextract`, `wordextractall`, `wordexchange` (commands): the
 *   collection, drawing one word or every draw left, exchanging a full set (its balance to the wallet).
 */
type InfoContext = QueryContext<{ readonly activeId: number }, WheelInfo>
type TasksContext = QueryContext<{ readonly activeId: number }, TasksView>
type WordsContext = QueryContext<{ readonly activeId: number }, WordCollection>

/** The tasks of a wheel or collection and the chances left. */
export interface TasksView {
  readonly list: ReadonlyArray<WheelTask>
  readonly spins: number
}

export const wheelInfoActor = queryActor({
  id: 'wheelinfo',
  call: turntableInfo,
  audience: 'anyone',
  fetchOn: {
    'wheel.opened': { when: (e) => e.kind === 'wheel', payload: (e) => ({ activeId: e.activeId }) },
    'wheel.changed': { when: (e, c: InfoContext) => c.payload?.activeId === e.activeId },
    'session.loggedIn': { when: (_e, c: InfoContext) => c.payload !== null },
    'realtime.payOrderSucceeded': { when: (_e, c: InfoContext) => c.payload !== null },
  },
  payload: { activeId: 1 },
  retryOn: ['socket.opened'],
  select: (d): WheelInfo => d,
})

export const wheelTasksActor = queryActor({
  id: 'wheeltasks',
  call: turntableTaskList,
  audience: 'real',
  fetchOn: {
    'wheel.opened': { payload: (e) => ({ activeId: e.activeId }) },
    'wheel.changed': { when: (e, c: TasksContext) => c.payload?.activeId === e.activeId },
    'session.loggedIn': { when: (_e, c: TasksContext) => c.payload !== null },
    'realtime.payOrderSucceeded': { when: (_e, c: TasksContext) => c.payload !== null },
  },
  payload: { activeId: 1 },
  retryOn: ['socket.opened'],
  select: (d): TasksView => d,
})

/** The activity a points condition names. */
const activeIdIn = (condition: { readonly [key: string]: unknown }): number => (typeof condition['activeId'] === 'number' ? condition['activeId'] : 1)

export const pointsActor = pagedActor({
  id: 'wheelpoints',
  call: luckyIntegralList,
  audience: 'real',
  request: (q) => ({ activeId: activeIdIn(q.condition), page: q.page, size: q.size }),
  read: (d) => ({ rows: d.records, total: d.total }),
  reloadOn: ['wheel.changed'],
  retryOn: ['socket.opened'],
})

/** The wheel's service codes (server/play/wheel.ts) shown beside the wheel, not as a modal. */
const PLAY_INLINE = { noSpins: 'error.noSpins', noChances: 'error.noChances', incomplete: 'error.incomplete', trial: 'error.trial', notRunning: 'error.notRunning' } as const

export const spinActor = commandActor({
  id: 'wheelspin',
  call: turntableDraw,
  modal: ['unknown'],
  audience: 'real',
  select: (d): WheelDraw => d,
  announce: (r, p) => [
    { type: 'wallet.balanceReported' as const, balance: r.game_gold, source: 'reward' as const },
    { type: 'wheel.changed' as const, activeId: p.activeId },
  ],
  codes: PLAY_INLINE,
  firstErrorOnly: true,
})

export const wordsActor = queryActor({
  id: 'words',
  call: wordCollection,
  audience: 'real',
  fetchOn: {
    'wheel.opened': { when: (e) => e.kind === 'words', payload: (e) => ({ activeId: e.activeId }) },
    'wheel.changed': { when: (e, c: WordsContext) => c.payload?.activeId === e.activeId },
    'session.loggedIn': { when: (_e, c: WordsContext) => c.payload !== null },
    'realtime.payOrderSucceeded': { when: (_e, c: WordsContext) => c.payload !== null },
  },
  payload: { activeId: 1 },
  retryOn: ['socket.opened'],
  select: (d): WordCollection => d,
})

export const extractActor = commandActor({
  id: 'wordextract',
  call: extractWord,
  modal: ['unknown'],
  audience: 'real',
  select: (d) => ({ cards: [d.card], chances: d.chances }),
  announce: (_r, p) => [{ type: 'wheel.changed' as const, activeId: p.activeId }],
  codes: PLAY_INLINE,
  firstErrorOnly: true,
})

export const extractAllActor = commandActor({
  id: 'wordextractall',
  call: extractAllWord,
  modal: ['unknown'],
  audience: 'real',
  announce: (_r, p) => [{ type: 'wheel.changed' as const, activeId: p.activeId }],
  codes: PLAY_INLINE,
  firstErrorOnly: true,
})

export const exchangeActor = commandActor({
  id: 'wordexchange',
  call: groupWord,
  modal: ['unknown'],
  audience: 'real',
  select: (d): Received => d,
  announce: (r, p) => [
    { type: 'wallet.balanceReported' as const, balance: r.game_gold, source: 'reward' as const },
    { type: 'wheel.changed' as const, activeId: p.activeId },
  ],
  codes: PLAY_INLINE,
  firstErrorOnly: true,
})

export type { WheelDraw, WheelInfo, WheelTask, WordCollection }
