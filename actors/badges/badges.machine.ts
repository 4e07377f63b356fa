import { assign, enqueueActions, setup } from 'xstate'
import type { RedDot } from '../../schemas/hall/calls/active'
import { BADGE_CALLS, initialContext, type BadgeCall, type BadgesContext, type BadgesEmitted, type BadgesEvent, type UnreadCounts } from './badges.logic'

/**
 * Badges (screens §2 tab bar, header and menus; §3 red dots and unread counts; §9 cap 99+).
 * When the site is ready and at every login change it asks for the site's highest charge rate
 * (visitors too); for a real player also the red dots and the unread counts (at a sign-in, when
 * the post-login sequence asks for the refresh: items redDot and notices), which a logout
 * clears. An activity change the socket reports refreshes the red dots; a credited deposit
 * refreshes the unread counts (the hall may have sent a message about it).
 *
 * Consumes: site.ready, session.loggedIn, session.loggedOut, hall.responded, hall.failed,
 *   realtime.activeDetailsReceived, realtime.payOrderSucceeded, postlogin.refreshRequested.
 * Emits: hall.requested.
 */
export const badgesMachine = setup({
  types: { context: {} as BadgesContext, events: {} as BadgesEvent, emitted: {} as BadgesEmitted },
  actions: {
    fetch: enqueueActions(({ context, event, enqueue }) => {
      let real = context.real
      if (event.type === 'session.loggedIn') real = event.real
      if (event.type === 'session.loggedOut') real = false
      const wanted: BadgeCall[] = []
      if (event.type === 'site.ready' || event.type === 'session.loggedIn' || event.type === 'session.loggedOut') wanted.push('rate')
      // A sign-in's red dots and unread counts come with the refresh the post-login sequence asks for.
      const refresh = event.type === 'postlogin.refreshRequested' ? event.items : []
      if (real && (refresh.includes('redDot') || event.type === 'site.ready' || event.type === 'realtime.activeDetailsReceived')) wanted.push('redDot')
      if (real && (refresh.includes('notices') || event.type === 'site.ready' || event.type === 'realtime.payOrderSucceeded')) wanted.push('unread')
      const loginChanged = event.type === 'session.loggedIn' || event.type === 'session.loggedOut'
      // A login change forgets the answers still due for the previous player; the rate stays due.
      let pending: Record<string, BadgeCall> = loginChanged
        ? Object.fromEntries(Object.entries(context.pending).filter(([, c]) => c === 'rate'))
        : { ...context.pending }
      let count = context.requestCount
      const requests: Array<{ requestId: string; call: string }> = []
      for (const which of wanted) {
        count += 1
        const requestId = `badges-${count}`
        pending = { ...pending, [requestId]: which }
        requests.push({ requestId, call: BADGE_CALLS[which] })
      }
      enqueue.assign({
        requestCount: count,
        real,
        pending,
        ...(loginChanged && !real ? { redDot: null, unread: null } : {}),
        ...(loginChanged && real && event.type === 'session.loggedIn' ? { redDot: null, unread: null } : {}),
      })
      for (const r of requests) enqueue.emit({ type: 'hall.requested', requestId: r.requestId, call: r.call, payload: {} })
    }),
    take: assign(({ context, event }) => {
      if (event.type !== 'hall.responded' && event.type !== 'hall.failed') return {}
      const which = context.pending[event.requestId]
      if (which === undefined) return {}
      const { [event.requestId]: _done, ...pending } = context.pending
      if (event.type === 'hall.failed') return { pending }
      switch (which) {
        case 'rate':
          return { pending, chargeRate: (event.data as { charge_rate: string }).charge_rate }
        case 'redDot':
          return { pending, redDot: event.data as RedDot }
        case 'unread':
          return { pending, unread: event.data as UnreadCounts }
      }
    }),
  },
}).createMachine({
  id: 'badges',
  context: initialContext,
  on: {
    'site.ready': { actions: 'fetch' },
    'session.loggedIn': { actions: 'fetch' },
    'session.loggedOut': { actions: 'fetch' },
    'realtime.activeDetailsReceived': { actions: 'fetch' },
    'realtime.payOrderSucceeded': { actions: 'fetch' },
    'postlogin.refreshRequested': { actions: 'fetch' },
    'hall.responded': { actions: 'take' },
    'hall.failed': { actions: 'take' },
  },
})
