import {
  activeAnnouncement, activeCategory, activeGet, activeMyLogs, activeReceive, activeReceiveAll, customPageList, getByTemplate, quickList,
  type ActivityDetail, type ActivityReward, type ActivitySummary, type ActivityWinner, type CustomPage, type EventCategory,
} from '../../schemas/hall/calls/active'
import type { Received } from '../../schemas/hall/calls/common'
import { activeIsShow } from '../../schemas/hall/calls/site'
import { assign, setup } from 'xstate'
import type { LobbyEvent } from '../../schemas/events'
import { commandActor, pagedActor, queryActor, type QueryContext } from '../kit'

/**
 * The event centre (spec screens §2 /home/event/index and /home/event/detail/{template}/{eventId},
 * §3 event categories, §4 reward receive statuses, §8 a reward receive error shown once) over the
 * kit. Every outcome (progress, status, amount) is the hall's; the lobby only shows and asks.
 *
 * - `eventcats`, `eventmodules`, `eventpages` (queries, visitors too): the categories with their
 *   activities, which modules the site runs (is_show: the discount tab's routing) and the custom
 *   pages, read when the event centre opens and the categories again after a receipt.
 * - `eventdetail`, `eventwinners` (queries): an activity's detail and its winners, read when its page
 *   opens, the detail again after a receipt, a login change or a credited deposit.
 * - `eventlogs` (paged list, real players): the player's own records of the activity.
 * - `eventreceive`, `eventreceiveall` (commands, real players): receive one tier or every
 *   receivable one; the balance after it goes to the wallet, `activities.changed` to the rest.
 *   Only the first receive error, of either, opens the error modal until an activity's page opens
 *   again (spec §8).
 */
export const categoriesActor = queryActor({
  id: 'eventcats',
  call: activeCategory,
  audience: 'anyone',
  fetchOn: { 'activities.opened': true, 'activities.changed': true, 'realtime.payOrderSucceeded': true },
  payload: {},
  retryOn: ['socket.opened'],
  select: (d): ReadonlyArray<EventCategory> => [...d.list].sort((a, b) => a.sortNumber - b.sortNumber),
})

/**
 * The quick list (`eventquick`, visitors too), on a site whose hall profile says
 * `events: 'quickList'`: the activities running now, the red packets offered to the player (type
 * 7) and the discount codes (type 22), the event centre's first tab. Read when the event centre
 * opens there (`activities.opened` with quick) and again after a receipt, a credited deposit or a
 * red packet taken.
 */
/** The quick list's context: read yet (a payload) or not. */
type QuickContext = QueryContext<unknown, ReadonlyArray<ActivitySummary>>

export const quickListActor = queryActor({
  id: 'eventquick',
  call: quickList,
  audience: 'anyone',
  fetchOn: {
    'activities.opened': { when: (e) => e.quick === true },
    // Read again only where it was read (a quick-list site's event centre opened).
    'activities.changed': { when: (_e, c: QuickContext) => c.payload !== null },
    'realtime.payOrderSucceeded': { when: (_e, c: QuickContext) => c.payload !== null },
    // A packet taken: its activity leaves the list once no packet is left for the player.
    'redpackets.credited': { when: (_e, c: QuickContext) => c.payload !== null },
  },
  payload: {},
  retryOn: ['socket.opened'],
  select: (d): ReadonlyArray<ActivitySummary> => d.list,
})

/** How many activities of each category the device keeps (spec §9). */
export const CACHED_PER_CATEGORY = 10

/**
 * What the device keeps of the categories (spec §9: 10 items each): the first 10 activities of each,
 * without their red dots (a kept dot would be stale, and another player's). The storage runner
 * (src/effects/activities.ts) writes it from each answer of the categories.
 */
export const toCached = (list: ReadonlyArray<EventCategory>): ReadonlyArray<EventCategory> =>
  list.map((c) => ({ ...c, activeList: c.activeList.slice(0, CACHED_PER_CATEGORY).map((a) => ({ ...a, redDot: 0 as const })) }))

/**
 * The kept categories (`eventcatscache`), read when the event centre opens: the list shows them
 * until the hall answers (the categories query's data then wins).
 */
export const cachedCategoriesActor = {
  id: 'eventcatscache',
  machine: setup({ types: { context: {} as { readonly list: ReadonlyArray<EventCategory> }, events: {} as LobbyEvent } }).createMachine({
    id: 'eventcatscache',
    context: { list: [] },
    on: {
      'activities.cacheLoaded': {
        actions: assign(({ event }) => (event.type === 'activities.cacheLoaded' ? { list: [...event.list].sort((a, b) => a.sortNumber - b.sortNumber) } : {})),
      },
    },
  }),
  consumes: ['activities.cacheLoaded'],
  view: (s: { context: { readonly list: ReadonlyArray<EventCategory> } }): ReadonlyArray<EventCategory> => s.context.list,
} as const

export const modulesActor = queryActor({
  id: 'eventmodules',
  call: activeIsShow,
  audience: 'anyone',
  fetchOn: { 'activities.opened': true },
  payload: {},
})

export const customPagesActor = queryActor({
  id: 'eventpages',
  call: customPageList,
  audience: 'anyone',
  fetchOn: { 'activities.opened': true },
  payload: {},
  select: (d): ReadonlyArray<CustomPage> => [...d.list].sort((a, b) => a.sort - b.sort),
})

/** The detail query's context: the activity asked last, and its detail. */
type DetailContext = QueryContext<{ readonly activeId: number }, ActivityDetail>

export const detailActor = queryActor({
  id: 'eventdetail',
  call: activeGet,
  audience: 'anyone',
  fetchOn: {
    'activity.opened': { when: (e) => e.template === undefined, payload: (e) => ({ activeId: e.activeId }) },
    'activities.changed': { when: (e, c: DetailContext) => c.payload?.activeId === e.activeId },
    'session.loggedIn': { when: (_e, c: DetailContext) => c.payload !== null },
    'realtime.payOrderSucceeded': { when: (_e, c: DetailContext) => c.payload !== null },
  },
  payload: { activeId: 1 },
  retryOn: ['socket.opened'],
  // An event that does not exist (any more) is the detail page's own message (src/views/activities/EventPages.tsx).
  handles: ['unknown'],
  select: (d): ActivityDetail => d,
})

/** The by-template detail query's context: the template asked last, and its detail. */
type TemplateContext = QueryContext<{ readonly template: string }, ActivityDetail>

/**
 * An activity's detail by its template (`eventbytemplate`, `/active/getByTemplate`), on a site whose
 * hall profile says `events: 'quickList'`: read when its page opens naming the template, again as
 * the detail by id would be (a receipt of that activity, a login change, a credited deposit).
 */
export const templateDetailActor = queryActor({
  id: 'eventbytemplate',
  call: getByTemplate,
  audience: 'anyone',
  fetchOn: {
    'activity.opened': { when: (e) => e.template !== undefined, payload: (e) => ({ template: e.template ?? '' }) },
    'activities.changed': { when: (e, c: TemplateContext) => c.payload !== null && c.data?.activeId === e.activeId },
    'session.loggedIn': { when: (_e, c: TemplateContext) => c.payload !== null },
    'realtime.payOrderSucceeded': { when: (_e, c: TemplateContext) => c.payload !== null },
  },
  payload: { template: '' },
  retryOn: ['socket.opened'],
  handles: ['unknown'],
  select: (d): ActivityDetail => d,
})

/**
 * What a quick-list entry opens (issue 45: red packets and discount codes as event-centre
 * activities): a red-packet activity (7) the red-packet popup, the discount codes (22) the
 * discount-code popup, any other activity its page.
 */
export const quickEntryTarget = (a: Pick<ActivitySummary, 'type'>): 'redpackets' | 'discountCode' | 'page' =>
  a.type === 7 ? 'redpackets' : a.type === 22 ? 'discountCode' : 'page'

export const winnersActor = queryActor({
  id: 'eventwinners',
  call: activeAnnouncement,
  audience: 'anyone',
  fetchOn: { 'activity.opened': { payload: (e) => ({ activeId: e.activeId }) } },
  payload: { activeId: 1 },
  select: (d): ReadonlyArray<ActivityWinner> => d.list,
})

/** The activity a records condition names. */
const activeIdIn = (condition: { readonly [key: string]: unknown }): number => (typeof condition['activeId'] === 'number' ? condition['activeId'] : 1)

export const logsActor = pagedActor({
  id: 'eventlogs',
  call: activeMyLogs,
  audience: 'real',
  request: (q) => ({ activeId: activeIdIn(q.condition), page: q.page, size: q.size }),
  read: (d) => ({ rows: d.records, total: d.total }),
  reloadOn: ['activities.changed'],
  retryOn: ['socket.opened'],
})

/** The event centre's service codes (server/calls/activities.ts) shown beside the reward, not as a modal. */
const RECEIVE_INLINE = { notReceivable: 'error.notReceivable', received: 'error.received', expired: 'error.expired', trial: 'error.trial' } as const

/**
 * Receive and receive-all share one "first error only" rule (spec §8): after one error modal, no
 * other receive error of either shows until an activity's page opens again.
 */
const RECEIVE_GROUP = { name: 'eventreceive', resetOn: ['activity.opened'] } as const

const received = (r: Received, activeId: number) => [
  { type: 'wallet.balanceReported' as const, balance: r.game_gold, source: 'reward' as const },
  { type: 'activities.changed' as const, activeId, count: r.count },
]

export const receiveActor = commandActor({
  id: 'eventreceive',
  call: activeReceive,
  modal: ['unknown'],
  audience: 'real',
  select: (d): Received => d,
  announce: (r, p) => received(r, p.activeId),
  codes: RECEIVE_INLINE,
  errorGroup: RECEIVE_GROUP,
})

export const receiveAllActor = commandActor({
  id: 'eventreceiveall',
  call: activeReceiveAll,
  modal: ['unknown'],
  audience: 'real',
  select: (d): Received => d,
  announce: (r, p) => received(r, p.activeId),
  codes: RECEIVE_INLINE,
  errorGroup: RECEIVE_GROUP,
})

/** Whether any tier can be received now (spec §4: receive-all is enabled if any reward is receivable). */
export const anyReceivable = (rewards: ReadonlyArray<ActivityReward>): boolean => rewards.some((r) => r.status === 1)

/**
 * Where the discount tab goes (spec §2): the event centre while an activity runs; otherwise the
 * cashback page when only the rebate runs; otherwise the awards.
 */
export const discountRoute = (m: { readonly active: 0 | 1; readonly task: 0 | 1; readonly rebate: 0 | 1; readonly award: 0 | 1 }): 'eventIndex' | 'eventCashback' | 'eventAward' =>
  m.active === 1 ? 'eventIndex' : m.rebate === 1 && m.task === 0 && m.award === 0 ? 'eventCashback' : 'eventAward'

export type { ActivityDetail, ActivityReward, ActivitySummary, ActivityWinner, CustomPage, EventCategory }
