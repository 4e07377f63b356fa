import type { ActorSpec } from '../spec'
import { securityMachine } from './security.machine'

/**
 * The security actor: the player's active auth info (phone, email, Google authenticator,
 * withdraw password bound or not) and reward-bind data, refetched at every sign-in (the
 * post-login sequence's refresh) and after a bind; the security page reads them.
 */
export const securityActor = {
  id: 'security',
  machine: securityMachine,
  consumes: ['session.loggedIn', 'session.loggedOut', 'postlogin.refreshRequested', 'postlogin.bound', 'hall.responded', 'hall.failed'],
} as const satisfies ActorSpec

export { securityMachine } from './security.machine'
export { SECURITY_CALLS, SECURITY_ITEMS, REWARD_KIND, isBound, initialContext as securityInitialContext } from './security.logic'
export type { SecurityContext, SecurityEvent, SecurityEmitted } from './security.logic'
export * from './security.selectors'
