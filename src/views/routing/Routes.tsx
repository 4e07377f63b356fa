import { useCallback, type ReactNode } from 'react'
import { Route, Router, Switch, type BaseLocationHook } from 'wouter'
import { ROUTES, type RouteName } from '../../../schemas/routes'
import { NotFoundPage } from '../pages/StatusPages'
import { assertRouteName, useNavPath, useNavSearch } from './nav-hooks'
import { LazyViews } from './lazy-view'
import { pageOf } from './registry'

/**
 * Rendering routes with wouter, the navigation actor as the source of truth.
 *
 * wouter's `Router` takes a location hook; ours reads the path from the nav actor's selectors
 * instead of from `window.location`, and its search hook reads the actor's search. So what is on
 * screen is always the actor's location (a replayed log shows the screen the player saw), and
 * the address bar follows it through the history runner. wouter's own navigate (`<Link>`,
 * `useLocation()[1]`, `<Redirect>`) would navigate by path, which the lobby forbids (spec §2:
 * navigation by route name): it throws. Views navigate with `useNavigate()` by route name.
 */
const useActorLocation: BaseLocationHook = () => {
  const path = useNavPath()
  const refuse = useCallback((to: string): never => {
    assertRouteName(to)
    throw new Error(`navigate by route name with useNavigate(), not with wouter ('${to}')`)
  }, [])
  return [path, refuse]
}
const useActorSearch = (): string => useNavSearch()

/** The wouter router over the nav actor. */
export const NavRouter = ({ children }: { children: ReactNode }) => (
  <Router hook={useActorLocation} searchHook={useActorSearch}>
    {children}
  </Router>
)

/**
 * The page of a route: the one its domain's screens give it (src/views/<folder>/screens.tsx, found
 * by the registry). Every route of the spec has its page (tests/unit/routes-screens.test.ts); a
 * name without one would be a page that does not exist.
 */
const pageElement = (name: RouteName): ReactNode => pageOf(name)?.(name) ?? <NotFoundPage />

/**
 * Routes that show one page: a switch from one to the other keeps that page mounted instead of
 * building it again (a category switch between a list and a sub-game list keeps the lobby's
 * marquee, banners, footer and prize pool, and paints only what changed). Their paths have no
 * parameters.
 */
const SAME_PAGE: ReadonlyArray<readonly [RouteName, ...RouteName[]]> = [['game', 'subgame']]

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Each page's route element: its route's path, or for routes sharing a page every one of their paths (as wouter matches a path: any case, an optional trailing slash). */
const ROUTE_ELEMENTS: ReadonlyArray<{ readonly name: RouteName; readonly path: string | RegExp }> = ROUTES.flatMap((route): Array<{ readonly name: RouteName; readonly path: string | RegExp }> => {
  const group = SAME_PAGE.find((names) => names.includes(route.name))
  if (group === undefined) return [{ name: route.name, path: route.path }]
  if (group[0] !== route.name) return []
  const paths = group.map((name) => ROUTES.find((r) => r.name === name)!.path)
  if (paths.some((p) => p.includes(':'))) throw new Error(`routes sharing a page match their paths literally; ${group.join(', ')} has a parameter`)
  return [{ name: route.name, path: new RegExp(`^(?:${paths.map(escapeRegExp).join('|')})/?$`, 'i') }]
})

/** Every route of schemas/routes.ts, matched by wouter against the actor's path. */
export const Routes = () => (
  <LazyViews>
    <Switch>
      {ROUTE_ELEMENTS.map((route) => (
        <Route key={route.name} path={route.path}>
          {pageElement(route.name)}
        </Route>
      ))}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  </LazyViews>
)
