import type { SnapshotFrom } from 'xstate'
import { routeByName, type RouteName } from '../../schemas/routes'
import { isMineTab, isPrivate } from './nav.location'
import type { NavAuth, navMachine } from './nav.machine'

type NavSnapshot = SnapshotFrom<typeof navMachine>

const EMPTY: Readonly<Record<string, string>> = Object.freeze({})

/** The current route's name, or null before the page has started. */
export const selectRouteName = (s: NavSnapshot): RouteName | null => s.context.location?.name ?? null

/** The current route's path params (`:template`, `:eventId`, ...). */
export const selectParams = (s: NavSnapshot): Readonly<Record<string, string>> => s.context.location?.params ?? EMPTY

/** The current query, as a record. */
export const selectQuery = (s: NavSnapshot): Readonly<Record<string, string>> => s.context.location?.query ?? EMPTY

/** The current path ('/home/game'); '/' before the page has started. */
export const selectPath = (s: NavSnapshot): string => s.context.location?.path ?? '/'

/** The current search ('' or '?a=1'). */
export const selectSearch = (s: NavSnapshot): string => s.context.location?.search ?? ''

/** Whether the mobile tab bar shows on the current route (spec §2: most routes hide it). */
export const selectShowsTabBar = (s: NavSnapshot): boolean => {
  const name = s.context.location?.name
  return name !== undefined && routeByName(name)?.tabBar === true
}

/** The mobile tab bar's entries (spec §2 tab bar). */
export type NavTab = 'home' | 'sport' | 'recharge' | 'register' | 'service' | 'mine'

/** The tab of the current location, or null when no tab stands for it. */
export const selectCurrentTab = (s: NavSnapshot): NavTab | null => {
  const l = s.context.location
  if (l === null) return null
  if (isMineTab(l)) return 'mine'
  switch (l.name) {
    case 'game':
    case 'subgame':
      return 'home'
    case 'sports':
      return 'sport'
    case 'service':
      return 'service'
    default:
      return null
  }
}

/**
 * What the page shows: 'booting' before the site is ready, 'blocked' on an error page of site
 * initialisation, 'pending' while a private route waits for the first page load to settle
 * the guard, 'ready' otherwise.
 */
export const selectNavPhase = (s: NavSnapshot): 'booting' | 'blocked' | 'pending' | 'ready' => {
  if (s.matches('idle') || s.matches('booting')) return 'booting'
  if (s.matches('blocked')) return 'blocked'
  if (s.matches('settling') && (isPrivate(s.context.location) || isMineTab(s.context.location))) return 'pending'
  return 'ready'
}

/** Who the player is as far as navigation knows (from the session's notices): for the tab bar and the guard's UI. */
export const selectAuth = (s: NavSnapshot): NavAuth => s.context.auth
