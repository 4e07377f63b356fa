import { assign, enqueueActions, setup } from 'xstate'
import type { EventOfType, LobbyEvent, LobbyEventType } from '../../schemas/events'
import type { ActorRequestOf, CodeNameOf, HallCall, RequestOf, ResponseOf } from '../../schemas/hall/call'
import type { CodeHandling } from './codes'
import type { HallError } from '../../schemas/hall/errors'
import type { ActorSpec } from '../spec'
import { ask, isAnswerTo, requestIdOf } from './hall'

/**
 * The query factory: one lifecycle for server data, configured per use (after TanStack Query's
 * query core). A query asks one hall call when one of its named events comes; the newest request
 * wins (an older answer is dropped); it forgets its data when the player signs out; it can be
 * limited to signed-in or real players (a guest's login forgets it); a failure keeps what was
 * shown, marks the query failed, and is retried by the view (`query.refreshRequested`) or by the
 * events named in `retryOn` (the socket reconnecting).
 *
 * States: idle (nothing asked, or forgotten), loading, ready, failed. A domain writes only its
 * configuration: the call, the events that fetch and their payloads, and how the answer becomes
 * its data.
 */

/** Who a query serves: anyone (the site's data), a signed-in player or guest, or real players only. */
export type Audience = 'anyone' | 'signedIn' | 'real'

/** A query's status, for views. */
export type QueryStatus = 'idle' | 'loading' | 'ready' | 'failed'

export interface QueryContext<Req, T> {
  readonly requestCount: number
  /** The request whose answer is awaited; other answers are dropped. */
  readonly pendingId: string | null
  /** Someone is signed in (a player or a guest). */
  readonly signedIn: boolean
  /** A real player is signed in (guests and visitors are not). */
  readonly real: boolean
  /** The payload of the last request, asked again by a refresh or a retry. */
  readonly payload: Req | null
  readonly data: T | null
  readonly error: HallError | null
}

/** When an event fetches and with what payload. */
export interface Trigger<Req, T, K extends LobbyEventType> {
  /** Whether this event fetches (default: always, for the query's audience). */
  readonly when?: (event: EventOfType<K>, context: QueryContext<Req, T>) => boolean
  /** The payload for this event (default: the query's `payload`). */
  readonly payload?: (event: EventOfType<K>, context: QueryContext<Req, T>) => Req
}

export interface QueryConfig<C extends HallCall, T, K extends LobbyEventType> {
  /** The actor id; request ids are `<id>-<n>`. */
  readonly id: string
  readonly call: C
  readonly audience: Audience
  /** The events that fetch: `true` for the default payload, or a trigger. */
  readonly fetchOn: { readonly [P in K]: true | Trigger<RequestOf<C>, T, P> }
  /** The payload of a fetch whose trigger names none (and of a refresh before any request). */
  readonly payload: RequestOf<C>
  /** Events that fetch again while the query is failed (e.g. `socket.connected`). */
  readonly retryOn?: ReadonlyArray<LobbyEventType>
  /** Events that forget the data besides the sign-out (default none). */
  readonly forgetOn?: ReadonlyArray<LobbyEventType>
  /** The query's data from the call's answer (and the data shown before it). */
  /** The data kept from an answer (and the data kept before); by default the answer's data as it is. */
  readonly select?: (data: ResponseOf<C>, previous: T | null) => T
  /** Notices announced when data arrives (what other domains need of it). */
  readonly announce?: (data: T) => ReadonlyArray<LobbyEvent>
  /**
   * The call's service codes the query's view words itself (an unknown event's page); the others
   * show as the query's failure with the hall's message (tests/unit/kit/codes.test.ts).
   */
  readonly handles?: ReadonlyArray<CodeNameOf<C>>
}

type Ctx = QueryContext<unknown, unknown>
type AnyTrigger = true | Trigger<unknown, unknown, LobbyEventType>

const SIGN_EVENTS: ReadonlyArray<LobbyEventType> = ['session.loggedIn', 'session.loggedOut']
const ANSWERS: ReadonlyArray<LobbyEventType> = ['hall.responded', 'hall.failed']
const REFRESH: LobbyEventType = 'query.refreshRequested'

const initialContext: Ctx = { requestCount: 0, pendingId: null, signedIn: false, real: false, payload: null, data: null, error: null }

/** The machine of a query; `queryActor` wraps it into the spec the system starts. */
export const createQueryMachine = <C extends HallCall, T = ResponseOf<C>, K extends LobbyEventType = LobbyEventType>(config: QueryConfig<C, T, K>) => {
  const triggers = config.fetchOn as unknown as Readonly<Record<string, AnyTrigger>>
  const forgetOn = config.forgetOn ?? []
  const retryOn = config.retryOn ?? []
  const triggerOf = (type: string): AnyTrigger | undefined => triggers[type]

  /** Whether the signed-in state after this event is one the query serves. */
  const serves = (c: Ctx, e: LobbyEvent): boolean => {
    const signedIn = e.type === 'session.loggedIn' ? true : e.type === 'session.loggedOut' ? false : c.signedIn
    const real = e.type === 'session.loggedIn' ? e.real : e.type === 'session.loggedOut' ? false : c.real
    return config.audience === 'anyone' || (config.audience === 'signedIn' ? signedIn : real)
  }

  const machine = setup({
    types: { context: {} as Ctx, events: {} as LobbyEvent, emitted: {} as LobbyEvent },
    guards: {
      /** The event is one of the query's triggers, its condition holds, and the player is one the query serves. */
      fetches: ({ context, event }) => {
        const t = triggerOf(event.type)
        if (t === undefined || !serves(context, event)) return false
        return t === true || t.when === undefined || t.when(event, context)
      },
      /** A sign-in of someone the query does not serve (a guest, for a real-players query). */
      unserved: ({ context, event }) => !serves(context, event),
      /** A retry event while failed, for a player the query serves. */
      retries: ({ context, event }) => serves(context, event),
      refreshOurs: ({ context, event }) => event.type === REFRESH && event.query === config.id && serves(context, event),
      answered: ({ context, event }) => event.type === 'hall.responded' && isAnswerTo(context.pendingId, event),
      refused: ({ context, event }) => event.type === 'hall.failed' && isAnswerTo(context.pendingId, event),
    },
    actions: {
      // A sign-in is someone else's data: a player's query forgets what it showed before.
      track: assign(({ event }) =>
        event.type === 'session.loggedIn'
          ? { signedIn: true, real: event.real, ...(config.audience === 'anyone' ? {} : { data: null, error: null, payload: null }) }
          : event.type === 'session.loggedOut'
            ? { signedIn: false, real: false }
            : {},
      ),
      fetch: enqueueActions(({ context, event, enqueue }) => {
        const t = triggerOf(event.type)
        const payload = t !== undefined && t !== true && t.payload !== undefined ? t.payload(event, context) : (context.payload ?? config.payload)
        const requestCount = context.requestCount + 1
        const requestId = requestIdOf(config.id, requestCount)
        enqueue.assign({ requestCount, pendingId: requestId, payload })
        enqueue.emit(ask(config.call, requestId, payload as ActorRequestOf<C>))
      }),
      take: enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== 'hall.responded') return
        const answer = event.data as ResponseOf<C>
        const data = config.select === undefined ? (answer as T) : config.select(answer, context.data as T | null)
        enqueue.assign({ data, pendingId: null, error: null })
        for (const notice of config.announce?.(data) ?? []) enqueue.emit(notice)
      }),
      fail: assign(({ event }) => (event.type === 'hall.failed' ? { error: event.error, pendingId: null } : {})),
      forget: assign({ data: null, pendingId: null, error: null, payload: null }),
    },
  })

  // Root handlers: the sign-in events first (track who is signed in, forget for those not
  // served, fetch when they are triggers), then every trigger, the refresh and the forgets.
  const fetch = { guard: 'fetches', target: '.loading', reenter: true, actions: ['track', 'fetch'] } as const
  const on: Record<string, unknown> = {}
  // Only branches that can be taken: a guest's sign-in is unserved only for a player's query,
  // a sign-out fetches only for a site query, and a sign-in falls through only past a condition.
  const players = config.audience !== 'anyone'
  const signIn = triggerOf('session.loggedIn')
  on['session.loggedIn'] = [
    ...(players ? [{ guard: 'unserved', target: '.idle', actions: ['track', 'forget'] }] : []),
    ...(signIn !== undefined ? [fetch] : []),
    ...(signIn === undefined || (signIn !== true && signIn.when !== undefined) ? [{ actions: 'track' }] : []),
  ]
  const signOut = triggerOf('session.loggedOut')
  const signOutForgets = { target: '.idle', actions: ['track', 'forget'] }
  on['session.loggedOut'] = players
    ? signOutForgets
    : [
        ...(signOut !== undefined ? [fetch] : []),
        ...(signOut === undefined || (signOut !== true && signOut.when !== undefined)
          ? [forgetOn.includes('session.loggedOut') ? signOutForgets : { actions: 'track' }]
          : []),
      ]
  for (const type of Object.keys(triggers)) {
    if (SIGN_EVENTS.includes(type as LobbyEventType)) continue
    on[type] = forgetOn.includes(type as LobbyEventType) ? [fetch, { target: '.idle', actions: 'forget' }] : fetch
  }
  for (const type of forgetOn) if (on[type] === undefined) on[type] = { target: '.idle', actions: 'forget' }
  on[REFRESH] = { guard: 'refreshOurs', target: '.loading', reenter: true, actions: 'fetch' }

  const failedOn: Record<string, unknown> = {}
  for (const type of retryOn) if (on[type] === undefined) failedOn[type] = { guard: 'retries', target: 'loading', actions: 'fetch' }

  return machine.createMachine({
    id: config.id,
    context: initialContext,
    initial: 'idle',
    on: on as never,
    states: {
      idle: {},
      loading: {
        on: {
          'hall.responded': { guard: 'answered', target: 'ready', actions: 'take' },
          'hall.failed': { guard: 'refused', target: 'failed', actions: 'fail' },
        },
      },
      ready: {},
      failed: { on: failedOn as never },
    },
  })
}

/**
 * A query actor's spec: its machine and the events it consumes (its triggers, retries, forgets,
 * the sign-in events, the refresh intent and its answers).
 */
export const queryActor = <const Id extends string, C extends HallCall, T = ResponseOf<C>, K extends LobbyEventType = LobbyEventType>(config: QueryConfig<C, T, K> & { readonly id: Id }) => {
  const machine = createQueryMachine(config)
  const consumes = [...new Set<string>([...SIGN_EVENTS, ...Object.keys(config.fetchOn), ...(config.retryOn ?? []), ...(config.forgetOn ?? []), REFRESH, ...ANSWERS])]
  /** The query's view model, typed by its data. */
  const view = (snapshot: { value: unknown; context: Ctx }): QueryView<T> => queryView<T>(snapshot)
  const handles: ReadonlyArray<CodeHandling> = [{ call: config.call.name, codes: config.handles ?? [], by: config.id }]
  return { id: config.id, machine, consumes, view, handles } as const satisfies ActorSpec & { view: unknown }
}

/** What a query's view reads. */
export interface QueryView<T> {
  readonly status: QueryStatus
  readonly data: T | null
  readonly error: HallError | null
}

/** A query's snapshot as views read it (typed by the query's data). */
export const queryView = <T>(snapshot: { value: unknown; context: QueryContext<unknown, unknown> }): QueryView<T> => ({
  status: snapshot.value as QueryStatus,
  data: snapshot.context.data as T | null,
  error: snapshot.context.error,
})
