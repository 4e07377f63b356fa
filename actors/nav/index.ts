import type { ActorSpec } from '../spec'
import { navMachine } from './nav.machine'

/**
 * The navigation actor: holds the location (route name, params, query) as state, applies the
 * route table's redirects, the entry link types, the private-route guard and the Mine tab rule,
 * and announces each move as `nav.navigated` for the history runner (and `nav.guardBlocked`
 * when a private route is refused after the first page load).
 */
export const navActor = {
  id: 'nav',
  machine: navMachine,
  consumes: [
    'app.started',
    'nav.locationChanged',
    'nav.requested',
    'site.ready',
    'site.blocked',
    'session.loggedIn',
    'session.loggedOut',
    'session.authPromptNeeded',
  ],
} as const satisfies ActorSpec

export { navMachine, decideRequest, decideLocation } from './nav.machine'
export type { NavContext, NavAuth, Decision } from './nav.machine'
export { locationOf, resolvePath, resolveEntry, rootFrom, parseQuery, searchOf, DEMO_CATEGORY } from './nav.location'
export type { NavLocation } from './nav.location'
export * from './nav.selectors'
