import { assign, enqueueActions, setup } from 'xstate'
import type { EventOfType } from '../../schemas/events'
import {
  errorPageLocation,
  isErrorPage,
  isMineTab,
  isPrivate,
  opensToTrial,
  locationOf,
  resolveEntry,
  resolvePath,
  rootFrom,
  sameUrl,
  withoutMine,
  type NavLocation,
} from './nav.location'

/**
 * Navigation (spec §2 routes, private-route guard, Mine tab, root after logout; §4 first
 * navigation, link types, token expiry). The location is actor state, so a replayed log knows
 * the screen the player saw. Views ask by route name; the history runner reports the browser's
 * location and applies the moves this actor announces.
 *
 * States: idle (before the page starts), booting (entry location known, site initialising),
 * settling (site ready, the session not yet settled: the first page load is not complete, so a
 * private entry route that fails the guard goes to root once the session has its say; moves the
 * player makes meanwhile are handled as after it), running (after the first page load: a
 * refused private route stays and announces nav.guardBlocked), blocked (an error page of site
 * initialisation).
 *
 * Consumes: app.started, nav.locationChanged, nav.requested, site.ready, site.blocked,
 * session.loggedIn, session.loggedOut, session.authPromptNeeded.
 * Emits: nav.navigated, nav.guardBlocked.
 */

/** Who the player is, for the guard: unknown until the session says. Guests are not real. */
export type NavAuth = 'unknown' | 'visitor' | 'guest' | 'real'

export interface NavContext {
  readonly location: NavLocation | null
  /** The entry location (after link types and redirects): where a successful retry returns. */
  readonly entry: NavLocation | null
  readonly auth: NavAuth
}

type NavEvent =
  | EventOfType<'app.started'>
  | EventOfType<'nav.locationChanged'>
  | EventOfType<'nav.requested'>
  | EventOfType<'site.ready'>
  | EventOfType<'site.blocked'>
  | EventOfType<'session.loggedIn'>
  | EventOfType<'session.loggedOut'>
  | EventOfType<'session.authPromptNeeded'>

type Emitted = EventOfType<'nav.navigated'> | EventOfType<'nav.guardBlocked'>

/** What a request or a browser location comes to. */
export type Decision =
  | { readonly kind: 'ignore' }
  | { readonly kind: 'guard'; readonly name: string; readonly restore: boolean }
  | { readonly kind: 'go'; readonly location: NavLocation; readonly replace: boolean; readonly emit: boolean }

/** The nav.navigated notice for a location. */
const navigated = (l: NavLocation, replace: boolean): EventOfType<'nav.navigated'> => ({
  type: 'nav.navigated',
  name: l.name,
  path: l.path,
  search: l.search,
  replace,
})

const real = (c: NavContext): boolean => c.auth === 'real'

/** The guard of private routes: a real login, or a trial account on a route open to it. */
const refused = (c: NavContext, l: NavLocation): boolean => isPrivate(l) && !real(c) && !(c.auth === 'guest' && opensToTrial(l))

/**
 * Where the Mine tab may go: the game page with tabItem=mine needs a real login; anyone else is
 * sent to the game page with the home tab (spec §2 Mine tab).
 */
const mineChecked = (c: NavContext, l: NavLocation): NavLocation => (isMineTab(l) && !real(c) ? withoutMine(l) : l)

/** A view's request by name (after the first page load). */
export const decideRequest = (c: NavContext, e: EventOfType<'nav.requested'>): Decision => {
  const target = locationOf(e.name, e.params ?? {}, e.query ?? {})
  if (target === undefined) return { kind: 'ignore' }
  if (refused(c, target)) return { kind: 'guard', name: target.name, restore: false }
  const location = mineChecked(c, target)
  if (sameUrl(location, c.location)) return { kind: 'ignore' }
  return { kind: 'go', location, replace: e.replace ?? false, emit: true }
}

/**
 * The browser moved (back, forward, or the runner's report at start). The address bar already
 * shows it, so a move is announced only when the lobby corrects it (redirect, 404, guard).
 */
export const decideLocation = (c: NavContext, e: EventOfType<'nav.locationChanged'>): Decision => {
  if (c.location !== null && e.path === c.location.path && e.search === c.location.search) return { kind: 'ignore' }
  const { location: resolved, changed } = resolvePath(e.path, e.search)
  if (refused(c, resolved)) {
    // Stay; put the address bar back on the screen the player still sees.
    return { kind: 'guard', name: resolved.name, restore: c.location !== null }
  }
  const location = mineChecked(c, resolved)
  return { kind: 'go', location, replace: true, emit: changed || location !== resolved }
}

/** The first page load completes: a private entry route without a real login goes to root. */
const settled = (c: NavContext): NavLocation | null => {
  const l = c.location
  if (l === null) return null
  if (refused(c, l)) return rootFrom(l)
  const checked = mineChecked(c, l)
  return checked === l ? null : checked
}

const authOf = (e: EventOfType<'session.loggedIn'>): NavAuth => (e.real ? 'real' : 'guest')

export const navMachine = setup({
  types: {
    context: {} as NavContext,
    events: {} as NavEvent,
    emitted: {} as Emitted,
  },
  guards: {
    requestIgnored: ({ context, event }) => event.type === 'nav.requested' && decideRequest(context, event).kind === 'ignore',
    requestGuarded: ({ context, event }) => event.type === 'nav.requested' && decideRequest(context, event).kind === 'guard',
    locationIgnored: ({ context, event }) => event.type === 'nav.locationChanged' && decideLocation(context, event).kind === 'ignore',
    locationGuarded: ({ context, event }) => event.type === 'nav.locationChanged' && decideLocation(context, event).kind === 'guard',
    onErrorPage: ({ context }) => isErrorPage(context.location),
    entryUsable: ({ context }) => context.entry !== null && !isErrorPage(context.entry),
  },
  actions: {
    enter: enqueueActions(({ enqueue, event }) => {
      if (event.type !== 'app.started') return
      const { location, changed } = resolveEntry(event.url)
      enqueue.assign({ location, entry: location, auth: 'unknown' })
      if (changed) enqueue.emit(navigated(location, true))
    }),
    request: enqueueActions(({ context, enqueue, event }) => {
      if (event.type !== 'nav.requested') return
      const d = decideRequest(context, event)
      if (d.kind === 'go') {
        enqueue.assign({ location: d.location })
        enqueue.emit(navigated(d.location, d.replace))
      }
    }),
    /** Before the site is ready the guard waits for the first page load; only redirects apply. */
    followEntry: enqueueActions(({ enqueue, event }) => {
      if (event.type !== 'nav.locationChanged') return
      const { location, changed } = resolvePath(event.path, event.search)
      enqueue.assign({ location, entry: location })
      if (changed) enqueue.emit(navigated(location, true))
    }),
    follow: enqueueActions(({ context, enqueue, event }) => {
      if (event.type !== 'nav.locationChanged') return
      const d = decideLocation(context, event)
      if (d.kind !== 'go') return
      enqueue.assign({ location: d.location })
      if (d.emit) enqueue.emit(navigated(d.location, true))
    }),
    refuse: enqueueActions(({ context, enqueue, event }) => {
      const d =
        event.type === 'nav.requested' ? decideRequest(context, event) : event.type === 'nav.locationChanged' ? decideLocation(context, event) : null
      if (d?.kind !== 'guard') return
      enqueue.emit({ type: 'nav.guardBlocked', name: d.name })
      if (d.restore && context.location !== null) enqueue.emit(navigated(context.location, true))
    }),
    /**
     * The first page load is complete, or who the player is changed: a private route without a real
     * login goes to root, the Mine tab to the home tab.
     */
    settle: enqueueActions(({ context, enqueue }) => {
      const to = settled(context)
      if (to === null) return
      enqueue.assign({ location: to })
      enqueue.emit(navigated(to, true))
    }),
    recordAuth: assign(({ event }) =>
      event.type === 'session.loggedIn' ? { auth: authOf(event) } : event.type === 'session.loggedOut' || event.type === 'session.authPromptNeeded' ? { auth: 'visitor' as const } : {},
    ),
    /** Root after logout or token expiry (spec §2): the game page with the kept query keys only. */
    goRoot: enqueueActions(({ context, enqueue }, p: { replace: boolean }) => {
      const to = rootFrom(context.location)
      if (sameUrl(to, context.location)) return
      enqueue.assign({ location: to })
      enqueue.emit(navigated(to, p.replace))
    }),
    showBlocked: enqueueActions(({ context, enqueue, event }) => {
      if (event.type !== 'site.blocked') return
      const to = errorPageLocation(event.page)
      if (sameUrl(to, context.location)) return
      enqueue.assign({ location: to })
      enqueue.emit(navigated(to, true))
    }),
    returnToEntry: enqueueActions(({ context, enqueue }) => {
      const to = context.entry!
      if (sameUrl(to, context.location)) return
      enqueue.assign({ location: to })
      enqueue.emit(navigated(to, true))
    }),
  },
}).createMachine({
  id: 'nav',
  context: { location: null, entry: null, auth: 'unknown' },
  initial: 'idle',
  on: {
    'app.started': { target: '.booting', actions: 'enter' },
    'site.blocked': { target: '.blocked', actions: 'showBlocked' },
  },
  states: {
    idle: {},
    booting: {
      on: {
        'site.ready': [
          { guard: 'onErrorPage', target: 'settling', actions: { type: 'goRoot', params: { replace: true } } },
          { target: 'settling' },
        ],
        'nav.locationChanged': [{ guard: 'locationIgnored' }, { actions: 'followEntry' }],
        'session.loggedIn': { actions: 'recordAuth' },
        'session.loggedOut': { actions: 'recordAuth' },
        'session.authPromptNeeded': { actions: 'recordAuth' },
      },
    },
    settling: {
      on: {
        'session.loggedIn': { target: 'running', actions: ['recordAuth', 'settle'] },
        'session.authPromptNeeded': { target: 'running', actions: ['recordAuth', 'settle'] },
        'session.loggedOut': { target: 'running', actions: ['recordAuth', 'settle'] },
        // The player may move before the session has settled: handled as after the first page
        // load, while the entry location still waits for the session's word.
        'nav.requested': [{ guard: 'requestIgnored' }, { guard: 'requestGuarded', actions: 'refuse' }, { actions: 'request' }],
        'nav.locationChanged': [{ guard: 'locationIgnored' }, { guard: 'locationGuarded', actions: 'refuse' }, { actions: 'follow' }],
      },
    },
    running: {
      on: {
        'nav.requested': [{ guard: 'requestIgnored' }, { guard: 'requestGuarded', actions: 'refuse' }, { actions: 'request' }],
        'nav.locationChanged': [{ guard: 'locationIgnored' }, { guard: 'locationGuarded', actions: 'refuse' }, { actions: 'follow' }],
        // Who the player is changed: a screen they may no longer see (a private route, the Mine tab) is left.
        'session.loggedIn': { actions: ['recordAuth', 'settle'] },
        // A sign-out changes who the player is; a later auth prompt does not (it only opens a popup).
        'session.loggedOut': { actions: ['recordAuth', { type: 'goRoot', params: { replace: false } }] },
      },
    },
    blocked: {
      on: {
        'site.ready': [
          { guard: 'entryUsable', target: 'settling', actions: 'returnToEntry' },
          { target: 'settling', actions: { type: 'goRoot', params: { replace: true } } },
        ],
      },
    },
  },
})
