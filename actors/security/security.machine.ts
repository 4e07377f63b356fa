import { assign, enqueueActions, setup } from 'xstate'
import type { AuthInfo } from '../../schemas/hall/calls/security'
import type { NewcomerBenefit } from '../../schemas/hall/calls/task'
import { SECURITY_CALLS, initialContext, type SecurityCall, type SecurityContext, type SecurityEmitted, type SecurityEvent } from './security.logic'

/**
 * The player's account security (screens §2 /home/security; §4 after login): the active auth info
 * (which of phone, email, Google authenticator and withdraw password are bound) and the
 * reward-bind data (the newcomer benefits that reward binding). Both are fetched when the
 * post-login sequence asks for the refresh of a sign-in (items authInfo, rewardBind) and again
 * when an item was bound; a logout or a guest sign-in forgets them.
 *
 * Consumes: session.loggedIn, session.loggedOut, postlogin.refreshRequested, postlogin.bound,
 *   hall.responded, hall.failed.
 * Emits: hall.requested.
 */
export const securityMachine = setup({
  types: { context: {} as SecurityContext, events: {} as SecurityEvent, emitted: {} as SecurityEmitted },
  actions: {
    signIn: assign(({ event }) => ({ real: event.type === 'session.loggedIn' && event.real, authInfo: null, rewards: null, pending: {} })),
    signOut: assign({ real: false, authInfo: null, rewards: null, pending: {} }),
    fetch: enqueueActions(({ context, event, enqueue }) => {
      if (!context.real) return
      const wanted: SecurityCall[] = []
      if (event.type === 'postlogin.refreshRequested') {
        if (event.items.includes('authInfo')) wanted.push('authInfo')
        if (event.items.includes('rewardBind')) wanted.push('rewardBind')
      }
      if (event.type === 'postlogin.bound') wanted.push('authInfo', 'rewardBind')
      let count = context.requestCount
      let pending = { ...context.pending }
      for (const which of wanted) {
        count += 1
        const requestId = `security-${count}`
        pending = { ...pending, [requestId]: which }
        enqueue.emit({ type: 'hall.requested', requestId, call: SECURITY_CALLS[which], payload: {} })
      }
      enqueue.assign({ requestCount: count, pending })
    }),
    take: assign(({ context, event }) => {
      if (event.type !== 'hall.responded' && event.type !== 'hall.failed') return {}
      const which = context.pending[event.requestId]
      if (which === undefined) return {}
      const { [event.requestId]: _done, ...pending } = context.pending
      if (event.type === 'hall.failed') return { pending }
      return which === 'authInfo'
        ? { pending, authInfo: event.data as AuthInfo }
        : { pending, rewards: (event.data as { list: ReadonlyArray<NewcomerBenefit> }).list }
    }),
  },
}).createMachine({
  id: 'security',
  context: initialContext,
  on: {
    'session.loggedIn': { actions: 'signIn' },
    'session.loggedOut': { actions: 'signOut' },
    'postlogin.refreshRequested': { actions: 'fetch' },
    'postlogin.bound': { actions: 'fetch' },
    'hall.responded': { actions: 'take' },
    'hall.failed': { actions: 'take' },
  },
})
