import { assign, enqueueActions, setup } from 'xstate'
import type { Condition, EventOfType, LobbyEvent, LobbyEventType } from '../../schemas/events'
import type { ActorRequestOf, HallCall, RequestOf, ResponseOf } from '../../schemas/hall/call'
import type { HallError } from '../../schemas/hall/errors'
import type { ActorSpec } from '../spec'
import { ask, isAnswerTo, requestIdOf } from './hall'
import type { Audience } from './query'

/**
 * The paged-list factory: spec screens §4 "Table" and §9, once for every record screen.
 *
 * - A condition, page or size change queries; while a query is loading the change is kept and
 *   queried when the answer lands (one follow-up, so the last change is never lost; the spec's
 *   "skipped if loading", docs/decisions.md).
 * - A condition change goes back to page 1.
 * - On mobile the next page is appended when the list is scrolled past 95%, locked 200 ms.
 * - Page size 10 on the web and 15 on mobile by default; the player may choose 10 to 50.
 * - Go to page: the view takes digits only and sends the number on Enter; the list clamps it to
 *   1..ceil(total/size).
 *
 * A domain writes only its call, how the page, size and condition become the call's request, and
 * how the answer becomes rows and a total.
 */

/** Page size on the web and on mobile (spec §9), and the sizes the player may choose. */
export const PAGE_SIZE = { web: 10, mobile: 15 } as const
export const PAGE_SIZES: ReadonlyArray<number> = [10, 20, 30, 40, 50]
/** How long the mobile next-page load stays locked (spec §4). */
export const NEXT_PAGE_LOCK_MS = 200

/** A paged list's status, for views. */
export type ListStatus = 'idle' | 'loading' | 'ready' | 'failed'

export interface PagedContext<Row> {
  readonly requestCount: number
  readonly pendingId: string | null
  readonly signedIn: boolean
  readonly real: boolean
  readonly device: 'desktop' | 'mobile'
  readonly condition: Condition
  readonly page: number
  /** null: the device's default. */
  readonly chosenSize: number | null
  readonly rows: ReadonlyArray<Row>
  readonly total: number
  /** What the answer says besides the rows (the totals of a record list), or null. */
  readonly summary: unknown
  /** The awaited answer appends to the rows (mobile next page). */
  readonly appending: boolean
  /** A change came while loading: query again when the answer lands. */
  readonly dirty: boolean
  /** The mobile next page was asked for less than 200 ms ago. */
  readonly locked: boolean
  /** An answer came since the list opened: the total is known and a page can be clamped to it. */
  readonly known: boolean
  readonly error: HallError | null
}

/** The page, its size and the condition, as the call's request is made from them. */
export interface PageQuery {
  readonly condition: Condition
  readonly page: number
  readonly size: number
}

export interface PagedConfig<C extends HallCall, Row> {
  /** The actor id (views address it with `list: id`); request ids are `<id>-<n>`. */
  readonly id: string
  readonly call: C
  readonly audience: Audience
  /** The call's request for a page. */
  readonly request: (query: PageQuery) => RequestOf<C>
  /** The rows of an answer, how many there are in all, and what else it says (its totals). */
  readonly read: (data: ResponseOf<C>) => { readonly rows: ReadonlyArray<Row>; readonly total: number; readonly summary?: unknown }
  /** Events that query the list again from its first page while it is open (a socket notice that a record changed). */
  readonly refetchOn?: ReadonlyArray<LobbyEventType>
  /** Events that query again while the list is failed (the socket opening again). */
  readonly retryOn?: ReadonlyArray<LobbyEventType>
  /**
   * Events that ask for the page shown again (the player changed its rows: read or deleted one);
   * a phone's list, which appends pages, starts again from its first. Taken while loading too: the
   * page is asked again when the answer lands.
   */
  readonly reloadOn?: ReadonlyArray<LobbyEventType>
  /** A page size the spec fixes for this list (notices 5, spec §9): the player chooses none. */
  readonly pageSize?: number
}

/** The page size in force. */
export const sizeOf = (c: { readonly device: 'desktop' | 'mobile'; readonly chosenSize: number | null }): number =>
  c.chosenSize ?? (c.device === 'mobile' ? PAGE_SIZE.mobile : PAGE_SIZE.web)

/** How many pages there are (at least 1). */
export const pageCount = (total: number, size: number): number => Math.max(1, Math.ceil(Math.max(0, total) / size))

/** A page the player asked for, clamped to 1..ceil(total/size) (spec §4 go-to-page); NaN goes to 1. */
export const clampPage = (page: number, total: number, size: number): number =>
  Number.isFinite(page) ? Math.min(pageCount(total, size), Math.max(1, Math.trunc(page))) : 1

/** A size the player asked for, as one of the offered sizes (the nearest). */
export const clampSize = (size: number): number =>
  PAGE_SIZES.reduce((best, s) => (Math.abs(s - size) < Math.abs(best - size) ? s : best), PAGE_SIZE.web)

type Ctx = PagedContext<unknown>

const initialContext: Ctx = {
  requestCount: 0, pendingId: null, signedIn: false, real: false, device: 'desktop', condition: {}, page: 1, chosenSize: null,
  rows: [], total: 0, summary: null, appending: false, dirty: false, locked: false, known: false, error: null,
}

const INTENTS = ['list.opened', 'list.conditionChanged', 'list.pageChosen', 'list.sizeChosen', 'list.nextRequested', 'list.retryRequested'] as const
type Intent = EventOfType<(typeof INTENTS)[number]>
/** Internal: the next-page lock ran out (a delayed raise on the actor clock, never on the bus). */
export type ListUnlocked = { readonly type: 'list.unlocked' }
const UNLOCK_TIMER = 'nextPageLock'

/** The machine of a paged list; `pagedActor` wraps it into the spec the system starts. */
export const createPagedMachine = <C extends HallCall, Row>(config: PagedConfig<C, Row>) => {
  const initial: Ctx = config.pageSize === undefined ? initialContext : { ...initialContext, chosenSize: config.pageSize }
  const serves = (c: Ctx): boolean => config.audience === 'anyone' || (config.audience === 'signedIn' ? c.signedIn : c.real)
  const ours = (e: LobbyEvent | ListUnlocked): e is Intent => (INTENTS as ReadonlyArray<string>).includes(e.type) && (e as Intent).list === config.id

  const machine = setup({
    types: { context: {} as Ctx, events: {} as LobbyEvent | ListUnlocked, emitted: {} as LobbyEvent },
    guards: {
      /** An intent of this list, for a player the list serves. */
      mine: ({ context, event }) => ours(event) && serves(context),
      /** The mobile next page: more rows to come and nothing loading. */
      hasMore: ({ context: c, event }) => ours(event) && serves(c) && c.device === 'mobile' && !c.locked && c.rows.length < c.total,
      serving: ({ context }) => serves(context),
      /** A guest's sign-in, for a real players' list. */
      unserved: ({ event }) => event.type === 'session.loggedIn' && !event.real,
      answered: ({ context, event }) => event.type === 'hall.responded' && isAnswerTo(context.pendingId, event),
      refused: ({ context, event }) => event.type === 'hall.failed' && isAnswerTo(context.pendingId, event),
      dirty: ({ context }) => context.dirty,
      /** An intent of this list while the player is not one it serves (kept until they sign in). */
      early: ({ context, event }) => ours(event) && !serves(context),
      /** A sign-in that the list serves, after it was opened for nobody it served. */
      opensNow: ({ context, event }) => context.dirty && event.type === 'session.loggedIn' && (config.audience !== 'real' || event.real),
    },
    actions: {
      track: assign(({ event }) =>
        event.type === 'session.loggedIn' ? { signedIn: true, real: event.real } : event.type === 'session.loggedOut' ? { signedIn: false, real: false } : {},
      ),
      takeDevice: assign(({ context: c, event }) => {
        if (event.type !== 'site.ready') return {}
        const size = sizeOf({ device: event.device, chosenSize: c.chosenSize })
        return { device: event.device, page: c.known ? clampPage(c.page, c.total, size) : c.page }
      }),
      /** Applies an intent to the page, size and condition. */
      apply: assign(({ context: c, event: e }) => {
        switch (e.type) {
          case 'list.opened':
            return { condition: e.condition, page: 1, known: false }
          case 'list.conditionChanged':
            return { condition: e.condition, page: 1 }
          case 'list.pageChosen':
            return { page: c.known ? clampPage(e.page, c.total, sizeOf(c)) : clampPage(e.page, Number.MAX_SAFE_INTEGER, 1) }
          case 'list.sizeChosen': {
            const chosenSize = clampSize(e.size)
            return { chosenSize, page: c.known ? clampPage(c.page, c.total, chosenSize) : c.page }
          }
          case 'list.nextRequested':
            return { page: c.page + 1 }
          default:
            return {}
        }
      }),
      /** A refetch starts again from the first page. */
      restart: assign({ page: 1 }),
      /** A reload asks for the page shown; a phone's appended list starts again from the first. */
      reload: assign(({ context: c }) => (c.device === 'mobile' ? { page: 1 } : {})),
      markDirty: assign({ dirty: true }),
      lock: enqueueActions(({ enqueue }) => {
        enqueue.assign({ locked: true })
        enqueue.raise({ type: 'list.unlocked' }, { id: UNLOCK_TIMER, delay: NEXT_PAGE_LOCK_MS })
      }),
      unlock: assign({ locked: false }),
      query: enqueueActions(({ context: c, event, enqueue }) => {
        const requestCount = c.requestCount + 1
        const requestId = requestIdOf(config.id, requestCount)
        const appending = event.type === 'list.nextRequested'
        // A page chosen before the total was known is clamped once it is.
        const page = c.known && !appending ? clampPage(c.page, c.total, sizeOf(c)) : c.page
        enqueue.assign({ requestCount, pendingId: requestId, appending, dirty: false, page })
        enqueue.emit(ask(config.call, requestId, config.request({ condition: c.condition, page, size: sizeOf(c) }) as ActorRequestOf<C>))
      }),
      take: assign(({ context: c, event }) => {
        if (event.type !== 'hall.responded') return {}
        const { rows, total, summary = null } = config.read(event.data as ResponseOf<C>)
        const taken = { rows: c.appending ? [...c.rows, ...rows] : rows, total, summary, pendingId: null, error: null, appending: false, known: true }
        // Past the last page (records went away meanwhile): show the last page, asked at once; a
        // mobile list whose next page is gone starts again from the first.
        const last = pageCount(total, sizeOf(c))
        if (c.page <= last) return taken
        if (c.appending) return { ...taken, rows: [], page: 1, dirty: true }
        return { ...taken, page: last, dirty: total > 0 || c.dirty }
      }),
      fail: assign(({ context: c, event }) =>
        // A failed next page stays on the page the rows reach, so scrolling asks for it again.
        event.type === 'hall.failed' ? { error: event.error, pendingId: null, page: c.appending ? c.page - 1 : c.page, appending: false } : {},
      ),
      forget: assign(({ context: c }) => ({ ...initial, requestCount: c.requestCount, device: c.device, chosenSize: c.chosenSize, locked: c.locked })),
    },
  })

  const refetchOn: Record<string, unknown> = {}
  for (const type of config.refetchOn ?? []) refetchOn[type] = { guard: 'serving', target: 'loading', actions: ['restart', 'query'] }
  const retryOn: Record<string, unknown> = {}
  for (const type of config.retryOn ?? []) retryOn[type] = { guard: 'serving', target: 'loading', actions: 'query' }
  const reloadOn: Record<string, unknown> = {}
  const reloadLater: Record<string, unknown> = {}
  for (const type of config.reloadOn ?? []) {
    reloadOn[type] = { guard: 'serving', target: 'loading', actions: ['reload', 'query'] }
    reloadLater[type] = { guard: 'serving', actions: ['reload', 'markDirty'] }
  }
  const change = { guard: 'mine', target: 'loading', actions: ['apply', 'query'] } as const
  // A list whose size the spec fixes takes no size change at all.
  const sizeChange = config.pageSize === undefined ? { 'list.sizeChosen': change } : {}
  const changes = {
    'list.opened': change,
    'list.conditionChanged': change,
    'list.pageChosen': change,
    ...sizeChange,
    'list.retryRequested': change,
  }

  return machine.createMachine({
    id: config.id,
    context: initial,
    initial: 'idle',
    on: {
      'site.ready': { actions: 'takeDevice' },
      'session.loggedIn':
        config.audience === 'real' ? [{ guard: 'unserved', target: '.idle', actions: ['track', 'forget'] }, { actions: 'track' }] : { actions: 'track' },
      'session.loggedOut': config.audience === 'anyone' ? { actions: 'track' } : { target: '.idle', actions: ['track', 'forget'] },
      'list.unlocked': { actions: 'unlock' },
    },
    states: {
      idle: {
        on: {
          // Opened before the player signed in: the condition is kept, and asked at the sign-in.
          'list.opened': [change, { guard: 'early', actions: ['apply', 'markDirty'] }],
          'session.loggedIn': { guard: 'opensNow', target: 'loading', actions: ['track', 'query'] },
        },
      },
      loading: {
        on: {
          'list.opened': { guard: 'mine', actions: ['apply', 'markDirty'] },
          'list.conditionChanged': { guard: 'mine', actions: ['apply', 'markDirty'] },
          'list.pageChosen': { guard: 'mine', actions: ['apply', 'markDirty'] },
          ...(config.pageSize === undefined ? { 'list.sizeChosen': { guard: 'mine', actions: ['apply', 'markDirty'] } } : {}),
          ...(reloadLater as object),
          'hall.responded': { guard: 'answered', target: 'follow', actions: 'take' },
          'hall.failed': { guard: 'refused', target: 'failed', actions: 'fail' },
        },
      },
      /** The answer landed: query the change that came meanwhile, if any. */
      follow: {
        always: [{ guard: 'dirty', target: 'loading', actions: 'query' }, { target: 'ready' }],
      },
      ready: {
        on: {
          ...changes,
          'list.nextRequested': { guard: 'hasMore', target: 'loading', actions: ['apply', 'query', 'lock'] },
          ...(refetchOn as object),
          ...(reloadOn as object),
        },
      },
      failed: {
        on: {
          ...changes,
          ...(retryOn as object),
          ...(refetchOn as object),
          ...(reloadOn as object),
        },
      },
    },
  })
}

/** A paged list's spec: its machine and the events it consumes. */
export const pagedActor = <const Id extends string, C extends HallCall, Row, Summary = null>(
  config: PagedConfig<C, Row> & { readonly id: Id; readonly read: (data: ResponseOf<C>) => { readonly rows: ReadonlyArray<Row>; readonly total: number; readonly summary?: Summary } },
) => {
  const machine = createPagedMachine(config)
  const consumes = [
    ...new Set<string>(['site.ready', 'session.loggedIn', 'session.loggedOut', ...INTENTS, ...(config.refetchOn ?? []), ...(config.retryOn ?? []), ...(config.reloadOn ?? []), 'hall.responded', 'hall.failed']),
  ]
  /** The list's view model, typed by its rows (src/ui/paged binds it to the table and the infinite list). */
  const sizes = config.pageSize === undefined ? PAGE_SIZES : [config.pageSize]
  const view = (snapshot: { value: unknown; context: Ctx }): ListView<Row, Summary> => listView<Row, Summary>(snapshot, sizes)
  return { id: config.id, machine, consumes, view } as const satisfies ActorSpec & { view: unknown }
}

/** What a paged list's view reads. */
export interface ListView<Row, Summary = null> {
  readonly status: ListStatus
  readonly rows: ReadonlyArray<Row>
  readonly total: number
  readonly page: number
  readonly size: number
  readonly sizes: ReadonlyArray<number>
  readonly condition: Condition
  readonly hasMore: boolean
  readonly error: HallError | null
  /** What the last answer said besides the rows (its totals), or null. */
  readonly summary: Summary | null
}

/** A paged list's snapshot as views read it. */
export const listView = <Row, Summary = null>(snapshot: { value: unknown; context: Ctx }, sizes: ReadonlyArray<number> = PAGE_SIZES): ListView<Row, Summary> => {
  const c = snapshot.context
  const value = snapshot.value as string
  return {
    status: value === 'follow' ? 'loading' : (value as ListStatus),
    rows: c.rows as ReadonlyArray<Row>,
    total: c.total,
    page: c.page,
    size: sizeOf(c),
    sizes,
    condition: c.condition,
    hasMore: c.rows.length < c.total,
    error: c.error,
    summary: c.summary as Summary | null,
  }
}
