import { assign, enqueueActions, setup } from 'xstate'
import type { VipInfo } from '../../schemas/hall/calls/vip'
import { VIP_CALL, initialContext, type VipContext, type VipEmitted, type VipEvent } from './vip.logic'

/**
 * VIP level and progress (screens §2 Mine page; calls §7.11 vipInfo). A real login asks the hall
 * for them, and so do a credited deposit and a view that shows them opening (bets move the
 * progress); a trial login or a logout forgets them. One request at a time: a newer request
 * replaces the awaited one, and only its answer is taken. A failed call keeps what was shown.
 *
 * Consumes: session.loggedIn, session.loggedOut, realtime.payOrderSucceeded, vip.refreshRequested,
 *   hall.responded, hall.failed.
 * Emits: hall.requested.
 */
export const vipMachine = setup({
  types: { context: {} as VipContext, events: {} as VipEvent, emitted: {} as VipEmitted },
  guards: {
    real: ({ context }) => context.real,
    realLogin: ({ event }) => event.type === 'session.loggedIn' && event.real,
    ours: ({ context, event }) =>
      (event.type === 'hall.responded' || event.type === 'hall.failed') && context.pendingId !== null && event.requestId === context.pendingId,
  },
  actions: {
    fetch: enqueueActions(({ context, event, enqueue }) => {
      const requestCount = context.requestCount + 1
      const requestId = `vip-${requestCount}`
      enqueue.assign({
        requestCount,
        real: true,
        pendingId: requestId,
        // A new player's level is not the previous one's.
        ...(event.type === 'session.loggedIn' ? { info: null } : {}),
      })
      enqueue.emit({ type: 'hall.requested', requestId, call: VIP_CALL, payload: {} })
    }),
    forget: assign({ real: false, info: null, pendingId: null }),
    take: assign(({ event }) => (event.type === 'hall.responded' ? { info: event.data as VipInfo, pendingId: null } : { pendingId: null })),
  },
}).createMachine({
  id: 'vip',
  context: initialContext,
  on: {
    'session.loggedIn': [{ guard: 'realLogin', actions: 'fetch' }, { actions: 'forget' }],
    'session.loggedOut': { actions: 'forget' },
    'realtime.payOrderSucceeded': { guard: 'real', actions: 'fetch' },
    'vip.refreshRequested': { guard: 'real', actions: 'fetch' },
    'hall.responded': { guard: 'ours', actions: 'take' },
    'hall.failed': { guard: 'ours', actions: 'take' },
  },
})
