import { assign, enqueueActions, setup } from 'xstate'
import type { EventOfType, LobbyEvent } from '../../schemas/events'
import { payListV4, payPlatformListV3, payTypeV4, type PayChannel, type PayMethod, type PayPlatform } from '../../schemas/hall/calls/pay'
import { ask, isAnswerTo, requestIdOf, type QueryContext } from '../kit'

/**
 * The deposit methods with their channels (screens §2 the pay popup, calls §7.5), asked when the
 * pay popup opens, in the variant the site's hall profile names (HallProfile `payList`, issue 45):
 *
 * - `v3` (the default): one `/pay/payplatformlistV3` answers every method of every currency the
 *   site offers with its channels.
 * - `v4`: `/pay/payListV4` for each currency the site offers (site.ready's `currencies`, in the
 *   site's order) lists its methods, then `/pay/payTypeV4` for each method lists its channels;
 *   the actor puts them together as the V3 answer is, so the popup reads the same list.
 *
 * It behaves as the kit's query (actors/kit/query.ts) for signed-in players: states idle, loading,
 * ready, failed and the query's context, so views read it with `useQuery`; the newest opening wins
 * (older answers are dropped), a sign-out forgets, a failure keeps what was shown and is retried by
 * the popup's Try again (`query.refreshRequested` 'paychannels') or the socket reopening.
 *
 * Consumes: app.started, site.ready, session.loggedIn, session.loggedOut, popup.openRequested,
 *   socket.opened, query.refreshRequested, hall.responded, hall.failed.
 * Emits: hall.requested.
 */

export const PAY_CHANNELS_ID = 'paychannels'

/** One request of a V4 listing: the methods of a currency, or the channels of a method. */
export type V4Step = { readonly list: string } | { readonly method: PayMethod }

export interface PayChannelsContext extends QueryContext<Record<string, never>, ReadonlyArray<PayPlatform>> {
  /** The site's hall profile lists by payListV4 and payTypeV4 (from app.started). */
  readonly v4: boolean
  /** The currencies the site offers, in its order (from site.ready). */
  readonly currencies: ReadonlyArray<string>
  /** A V4 listing under way: the requests still to ask, oldest first, and what came so far. */
  readonly steps: ReadonlyArray<V4Step>
  readonly methods: ReadonlyArray<PayMethod>
  readonly channels: ReadonlyArray<PayChannel>
}

const initialContext: PayChannelsContext = {
  requestCount: 0,
  pendingId: null,
  signedIn: false,
  real: false,
  payload: null,
  data: null,
  error: null,
  v4: false,
  currencies: [],
  steps: [],
  methods: [],
  channels: [],
}

/** The V4 listing's first requests: the methods of each currency (none known: the player's, unnamed). */
export const firstSteps = (currencies: ReadonlyArray<string>): ReadonlyArray<V4Step> =>
  currencies.length === 0 ? [{ list: '' }] : currencies.map((list) => ({ list }))

/** The V4 answers put together as payplatformlistV3 answers: each method with its channels, methods without one left out. */
export const platformsOf = (methods: ReadonlyArray<PayMethod>, channels: ReadonlyArray<PayChannel>): ReadonlyArray<PayPlatform> =>
  methods
    .map((m) => ({ ...m, channels: channels.filter((c) => c.type === m.type && c.currency === m.currency) }))
    .filter((p) => p.channels.length > 0)

export const payChannelsMachine = setup({
  types: { context: {} as PayChannelsContext, events: {} as LobbyEvent, emitted: {} as EventOfType<'hall.requested'> },
  guards: {
    opensPay: ({ context, event }) => context.signedIn && event.type === 'popup.openRequested' && event.popup === 'pay',
    refreshOurs: ({ context, event }) => context.signedIn && event.type === 'query.refreshRequested' && event.query === PAY_CHANNELS_ID,
    signedIn: ({ context }) => context.signedIn,
    answered: ({ context, event }) => event.type === 'hall.responded' && isAnswerTo(context.pendingId, event),
    answeredV3: ({ context, event }) => !context.v4 && event.type === 'hall.responded' && isAnswerTo(context.pendingId, event),
    refused: ({ context, event }) => event.type === 'hall.failed' && isAnswerTo(context.pendingId, event),
    v4Done: ({ context }) => context.steps.length === 0,
  },
  actions: {
    takeProfile: assign(({ event }) => (event.type === 'app.started' ? { v4: event.site.hallProfile?.payList === 'v4' } : {})),
    takeCurrencies: assign(({ event }) => (event.type === 'site.ready' ? { currencies: event.currencies } : {})),
    signIn: assign(({ event }) => (event.type === 'session.loggedIn' ? { signedIn: true, real: event.real, data: null, error: null, payload: null } : {})),
    forget: assign({ signedIn: false, real: false, data: null, error: null, payload: null, pendingId: null, steps: [], methods: [], channels: [] }),
    /** The first request of a listing: V3's one call, or V4's first methods list. */
    start: enqueueActions(({ context, enqueue }) => {
      const requestCount = context.requestCount + 1
      const requestId = requestIdOf(PAY_CHANNELS_ID, requestCount)
      if (!context.v4) {
        enqueue.assign({ requestCount, pendingId: requestId, payload: {} })
        enqueue.emit(ask(payPlatformListV3, requestId, {}))
        return
      }
      const [first, ...rest] = firstSteps(context.currencies)
      enqueue.assign({ requestCount, pendingId: requestId, payload: {}, steps: rest, methods: [], channels: [] })
      enqueue.emit(askStep(first ?? { list: '' }, requestId))
    }),
    /** A V4 answer taken: its methods or channels kept, the methods' channel requests queued after the lists. */
    takeStep: assign(({ context, event }) => {
      if (event.type !== 'hall.responded') return {}
      if (event.call === payListV4.name) {
        const methods = (event.data as { list: ReadonlyArray<PayMethod> }).list
        return { methods: [...context.methods, ...methods], steps: [...context.steps, ...methods.map((method) => ({ method }))], pendingId: null }
      }
      return { channels: [...context.channels, ...(event.data as { list: ReadonlyArray<PayChannel> }).list], pendingId: null }
    }),
    next: enqueueActions(({ context, enqueue }) => {
      const [step, ...rest] = context.steps
      if (step === undefined) return
      const requestCount = context.requestCount + 1
      const requestId = requestIdOf(PAY_CHANNELS_ID, requestCount)
      enqueue.assign({ requestCount, pendingId: requestId, steps: rest })
      enqueue.emit(askStep(step, requestId))
    }),
    finishV4: assign(({ context }) => ({ data: platformsOf(context.methods, context.channels), error: null, pendingId: null, steps: [], methods: [], channels: [] })),
    takeV3: assign(({ event }) => (event.type === 'hall.responded' ? { data: (event.data as { list: ReadonlyArray<PayPlatform> }).list, error: null, pendingId: null } : {})),
    fail: assign(({ event }) => (event.type === 'hall.failed' ? { error: event.error, pendingId: null, steps: [], methods: [], channels: [] } : {})),
  },
}).createMachine({
  id: PAY_CHANNELS_ID,
  context: initialContext,
  initial: 'idle',
  on: {
    'app.started': { actions: 'takeProfile' },
    'site.ready': { actions: 'takeCurrencies' },
    'session.loggedIn': { actions: 'signIn' },
    'session.loggedOut': { target: '.idle', actions: 'forget' },
    'popup.openRequested': { guard: 'opensPay', target: '.loading', reenter: true, actions: 'start' },
    'query.refreshRequested': { guard: 'refreshOurs', target: '.loading', reenter: true, actions: 'start' },
  },
  states: {
    idle: {},
    loading: {
      on: {
        'hall.responded': [
          { guard: 'answeredV3', target: 'ready', actions: 'takeV3' },
          { guard: 'answered', target: 'collecting', actions: 'takeStep' },
        ],
        'hall.failed': { guard: 'refused', target: 'failed', actions: 'fail' },
      },
    },
    /** A V4 answer was taken: the next request, or the list put together. */
    collecting: {
      always: [
        { guard: 'v4Done', target: 'ready', actions: 'finishV4' },
        { target: 'loading', actions: 'next' },
      ],
    },
    ready: {},
    failed: {
      on: { 'socket.opened': { guard: 'signedIn', target: 'loading', actions: 'start' } },
    },
  },
})

const askStep = (step: V4Step, requestId: string): EventOfType<'hall.requested'> =>
  'list' in step
    ? ask(payListV4, requestId, step.list === '' ? {} : { payCurrency: step.list })
    : ask(payTypeV4, requestId, { type: step.method.type, payCurrency: step.method.currency })
