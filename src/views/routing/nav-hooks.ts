import { useCallback } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { navMachine } from '../../../actors/nav'
import {
  selectAuth,
  selectCurrentTab,
  selectNavPhase,
  selectParams,
  selectPath,
  selectQuery,
  selectRouteName,
  selectSearch,
  selectShowsTabBar,
} from '../../../actors/nav'
import { routeByName, type RouteName } from '../../../schemas/routes'
import { useActor, useSend } from '../../system-react'

/** Typed hooks over the navigation actor's selectors. Views never read its context directly. */
type NavRef = ActorRefFrom<typeof navMachine>
const useNavSelector = <T,>(selector: (s: ReturnType<NavRef['getSnapshot']>) => T): T => useActor('nav', selector)

export const useRouteName = () => useNavSelector(selectRouteName)
export const useRouteParams = () => useNavSelector(selectParams)
export const useRouteQuery = () => useNavSelector(selectQuery)
export const useNavPath = () => useNavSelector(selectPath)
export const useNavSearch = () => useNavSelector(selectSearch)
export const useShowsTabBar = () => useNavSelector(selectShowsTabBar)
export const useCurrentTab = () => useNavSelector(selectCurrentTab)
export const useNavPhase = () => useNavSelector(selectNavPhase)
export const useNavAuth = () => useNavSelector(selectAuth)

/** Where a view asks to go: a route name, with its params and query. */
export interface NavTarget {
  readonly params?: Readonly<Record<string, string>>
  readonly query?: Readonly<Record<string, string>>
  readonly replace?: boolean
}

/**
 * Checks a route name before it is sent. Navigation goes by route name (spec §2): a path or an
 * unknown name is a programming error, so development builds throw; the navigation actor
 * ignores such a request anyway.
 */
export const assertRouteName = (name: string): void => {
  if (name.includes('/') || routeByName(name) === undefined) {
    throw new Error(`navigation goes by route name (schemas/routes.ts); '${name}' is ${name.includes('/') ? 'a path' : 'not a route name'}`)
  }
}

/** Sends `nav.requested` for a route name. */
export const useNavigate = (): ((name: RouteName, target?: NavTarget) => void) => {
  const send = useSend()
  return useCallback(
    (name: RouteName, target: NavTarget = {}) => {
      if (import.meta.env.DEV) assertRouteName(name)
      send({
        type: 'nav.requested',
        name,
        ...(target.params === undefined ? {} : { params: { ...target.params } }),
        ...(target.query === undefined ? {} : { query: { ...target.query } }),
        ...(target.replace === undefined ? {} : { replace: target.replace }),
      })
    },
    [send],
  )
}
