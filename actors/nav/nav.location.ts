import { LinkType, REDIRECTS, ROOT_KEPT_QUERY, matchPath, pathOf, routeByName, type RouteName } from '../../schemas/routes'

/**
 * Locations and the pure rules that turn a browser location or a request by name into one
 * (spec §2 route table, redirects, root; §4 first navigation and link types). No I/O: `URL` and
 * `URLSearchParams` only parse text.
 */

/** Where the lobby is: a route of schemas/routes.ts with its params and query, and its URL parts. */
export interface NavLocation {
  readonly name: RouteName
  readonly params: Readonly<Record<string, string>>
  readonly query: Readonly<Record<string, string>>
  readonly path: string
  /** '' or '?a=1&b=2'. */
  readonly search: string
}

/** A location and whether its URL differs from the one it was resolved from (then it replaces it). */
export interface Resolved {
  readonly location: NavLocation
  readonly changed: boolean
}

/** The query of a search string ('?a=1' or 'a=1'); the last value of a repeated key wins. */
export const parseQuery = (search: string): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [k, v] of new URLSearchParams(search)) out[k] = v
  return out
}

/** The search string of a query ('' when empty), keys in the given order. */
export const searchOf = (query: Readonly<Record<string, string>>): string => {
  const text = new URLSearchParams(Object.entries(query)).toString()
  return text === '' ? '' : `?${text}`
}

/** A location of a route by name; undefined when the name is unknown, looks like a path, or a param is missing. */
export const locationOf = (
  name: string,
  params: Readonly<Record<string, string>> = {},
  query: Readonly<Record<string, string>> = {},
): NavLocation | undefined => {
  if (name.includes('/') || routeByName(name) === undefined) return undefined
  const routeName = name
  let path: string
  try {
    path = pathOf(routeName, params)
  } catch {
    return undefined
  }
  // Only the params the pattern names are kept, so the location equals its own re-resolution.
  const matched = matchPath(path)
  return { name: routeName, params: matched?.params ?? {}, query: { ...query }, path, search: searchOf(query) }
}

/** Strips one trailing slash (but not from '/'). */
const normalise = (path: string): string => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path)

/** The location of a browser path and search: redirects (spec §2), else its route, else the 404 page. */
export const resolvePath = (path: string, search: string): Resolved => {
  const query = parseQuery(search)
  const clean = normalise(path)
  const redirect = REDIRECTS[clean]
  let location: NavLocation
  if (redirect !== undefined) location = locationOf(redirect, {}, query)!
  else {
    const match = matchPath(clean)
    location = match === undefined ? locationOf('notFound')! : locationOf(match.name, match.params, query)!
  }
  return { location, changed: location.path !== path || location.search !== canonicalSearch(search) }
}

/** '' for an empty search, else the search with its leading '?'. */
const canonicalSearch = (search: string): string => (search === '' || search === '?' ? '' : search.startsWith('?') ? search : `?${search}`)

/**
 * The entry location (spec §4 first navigation, §2): both `id` and `cid` go to the error page;
 * link type test-register forces the game page with the demo category; link type event goes
 * to the event index; otherwise the path as the browser has it.
 */
export const resolveEntry = (url: string): Resolved => {
  const parsed = new URL(url, 'http://lobby.invalid')
  const query = normalise(parsed.pathname) === '/' ? rootQuery(parseQuery(parsed.search)) : parseQuery(parsed.search)
  const browser = resolvePath(parsed.pathname, searchOf(query))
  const forced = (location: NavLocation): Resolved => ({
    location,
    changed: location.path !== parsed.pathname || location.search !== canonicalSearch(parsed.search),
  })
  if (nonEmpty(query['id']) && nonEmpty(query['cid'])) return forced(locationOf('error')!)
  const linkType = Number(query['linkType'])
  if (linkType === LinkType.testRegister) return forced(locationOf('game', {}, { ...query, gameCategoryId: DEMO_CATEGORY })!)
  if (linkType === LinkType.event) return forced(locationOf('eventIndex', {}, query)!)
  return forced(browser.location)
}

/**
 * Query keys root keeps besides the promotion keys of spec §2 (ROOT_KEPT_QUERY): the entry rules
 * that read the root address elsewhere in the spec (the link type of §4, saveUrlUuid of §2, the
 * installed app's pwal=0 of §2) and the reference hall's site choice (?site=, dev and test).
 */
export const ROOT_ENTRY_QUERY: ReadonlyArray<string> = ['linkType', 'saveUrlUuid', 'pwal', 'site']

/** The query of an entry at root: only the kept keys, in their order in the address; any other is dropped from the address. */
export const rootQuery = (query: Readonly<Record<string, string>>): Record<string, string> => {
  const keep = new Set<string>([...ROOT_KEPT_QUERY, ...ROOT_ENTRY_QUERY])
  return Object.fromEntries(Object.entries(query).filter(([k]) => keep.has(k)))
}

const nonEmpty = (v: string | undefined): boolean => v !== undefined && v !== ''

/** The demo game category (spec §2 game category menu: demo 113). */
export const DEMO_CATEGORY = '113'

/** Root ('/', shown as the game page) keeping only the query keys spec §2 names. */
export const rootFrom = (from: NavLocation | null): NavLocation => {
  const kept: Record<string, string> = {}
  for (const key of ROOT_KEPT_QUERY) {
    const v = from?.query[key]
    if (v !== undefined) kept[key] = v
  }
  return locationOf('game', {}, kept)!
}

/** The game page with the Mine tab (spec §2: home route with tabItem=mine). */
export const isMineTab = (l: NavLocation | null): boolean => l?.name === 'game' && l.query['tabItem'] === 'mine'

/** The game page with the home tab: the Mine location without its tabItem. */
export const withoutMine = (l: NavLocation): NavLocation => {
  const { tabItem: _tab, ...rest } = l.query
  return locationOf('game', {}, rest)!
}

/** A private route (spec §2): needs a real login. */
export const isPrivate = (l: NavLocation | null): boolean => l !== null && routeByName(l.name)?.private === true

/** A private route a trial account may open too (the route's `trial` flag: /home/setting). */
export const opensToTrial = (l: NavLocation | null): boolean => l !== null && routeByName(l.name)?.trial === true

/** The error pages site initialisation ends on. */
export const ERROR_PAGES: Readonly<Record<string, RouteName>> = {
  '/pages/500': 'page500',
  '/pages/503': 'page503',
  '/pages/403': 'page403',
}

/**
 * The location an error page of site initialisation shows (the 500 page for a page it does not
 * know), made once per page: a blocked site asks for it again on every failed retry.
 */
const errorLocations: Readonly<Record<string, NavLocation>> = Object.fromEntries(
  Object.entries(ERROR_PAGES).map(([page, name]) => [page, locationOf(name)!]),
)
export const errorPageLocation = (page: string): NavLocation => (Object.hasOwn(errorLocations, page) ? errorLocations[page]! : errorLocations['/pages/500']!)

/** Whether the location is one of the site's error pages. */
export const isErrorPage = (l: NavLocation | null): boolean =>
  l !== null && Object.values(ERROR_PAGES).includes(l.name)

/** Same URL: path and search. */
export const sameUrl = (a: NavLocation | null, b: NavLocation | null): boolean =>
  a !== null && b !== null && a.path === b.path && a.search === b.search
