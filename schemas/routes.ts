/**
 * The route table of the lobby (spec §2), by name. Navigation always goes by route name: a path
 * string is refused (a developer-facing error), so a renamed path cannot leave a stale link.
 * `private` routes need a real login (guests do not count); `tabBar` says whether the mobile tab
 * bar shows (spec: most routes hide it).
 */
export interface RouteDef {
  readonly name: string
  /** wouter pattern, with `:param` segments. */
  readonly path: string
  readonly private: boolean
  readonly tabBar: boolean
  /** Query keys the route reads. */
  readonly query?: ReadonlyArray<string>
  /** A private route a trial account may open too (/home/setting: its username and password are set there, userOptResult 4). */
  readonly trial?: boolean
}

const r = (name: string, path: string, o: { private?: boolean; tabBar?: boolean; query?: ReadonlyArray<string>; trial?: boolean } = {}): RouteDef => ({
  name,
  path,
  private: o.private ?? false,
  tabBar: o.tabBar ?? false,
  ...(o.query === undefined ? {} : { query: o.query }),
  ...(o.trial === true ? { trial: true } : {}),
})

/** Every route of spec §2, in matching order. */
export const ROUTES = [
  r('game', '/home/game', { tabBar: true, query: ['gameCategoryId', 'tabItem', 'platformId'] }),
  r('subgame', '/home/subgame', { tabBar: true }),
  r('search', '/home/search'),
  r('embedded', '/home/embedded', { query: ['platformId', 'gameId', 'gameName', 'gameCategoryId'] }),
  r('eventIndex', '/home/event/index', { tabBar: true }),
  r('eventTask', '/home/event/task', { private: true }),
  r('eventCashback', '/home/event/cashback', { private: true }),
  r('eventAward', '/home/event/award', { private: true }),
  r('eventDetail', '/home/event/detail/:template/:eventId', { private: true }),
  r('promote', '/home/promote', { private: true }),
  r('proxyTransfer', '/home/proxyTransfer'),
  r('myTransferRecord', '/home/myTransferRecord'),
  r('pickUpRecord', '/home/pickUpRecord', { private: true }),
  r('yuebao', '/home/yuebao', { private: true }),
  r('centerWallet', '/home/center-wallet'),
  r('service', '/home/service', { tabBar: true }),
  r('vip', '/home/vip', { private: true }),
  r('withdraw', '/home/withdraw', { private: true }),
  r('withdrawDetails', '/home/withdraw/withdraw-details/:orderId', { private: true }),
  r('auditDetails', '/home/withdraw/audit-details/:id', { private: true }),
  r('notice', '/home/notice', { query: ['noticeType'] }),
  r('records', '/home/records', { private: true }),
  r('receiveRecords', '/home/receive-records'),
  r('setting', '/home/setting', { private: true, trial: true }),
  r('personal', '/home/personal', { private: true }),
  r('report', '/home/report', { private: true, query: ['current'] }),
  r('security', '/home/security', { private: true, query: ['current', 'from'] }),
  r('feedback', '/home/feedback'),
  r('about', '/home/about'),
  r('update', '/home/update', { private: true }),
  r('sports', '/home/sports', { tabBar: true }),
  r('auth', '/auth', { query: ['key'] }),
  r('error', '/error'),
  r('notFound', '/404'),
  r('promoteGame', '/promote-game'),
  r('page403', '/pages/403', { query: ['logId', 'payloadId', 'title'] }),
  r('page503', '/pages/503', { query: ['logId', 'payloadId', 'title'] }),
  r('page500', '/pages/500', { query: ['logId', 'payloadId', 'title'] }),
] as const satisfies ReadonlyArray<RouteDef>

/** A route name. */
export type RouteName = (typeof ROUTES)[number]['name']

/** Paths that redirect (spec §2): / and /home to /home/game, /home/event to /home/event/index. */
export const REDIRECTS: Readonly<Record<string, RouteName>> = {
  '/': 'game',
  '/home': 'game',
  '/home/event': 'eventIndex',
}

/** Query keys root keeps after logout or token expiry (spec §2). */
export const ROOT_KEPT_QUERY = [
  'id', 'cid', 'aid', 'afId', 'gtagId', 'gtmId', 'fb_dynamic_pixel', 'tiktokBaesCode',
  'kwaiPixelBaseCode', 'ks_px_test', 'pixel_id', 'click_id',
] as const

/** Link types of the entry URL's `linkType` query (spec §4). */
export const LinkType = { home: 2, testRegister: 3, register: 4, event: 5 } as const

const byName: ReadonlyMap<string, RouteDef> = new Map(ROUTES.map((route) => [route.name, route]))

/** The route with this name, or undefined. */
export const routeByName = (name: string): RouteDef | undefined => byName.get(name)

/** Builds a path from a route name and its params; throws on a missing param. */
export const pathOf = (name: RouteName, params: Readonly<Record<string, string>> = {}): string =>
  routeByName(name)!.path.replace(/:(\w+)/g, (_m, key: string) => {
    const v = params[key]
    if (v === undefined) throw new Error(`route '${name}' needs param '${key}'`)
    return encodeURIComponent(v)
  })

/** Each route's path as a pattern and its param names, compiled once. */
const compiled = ROUTES.map((route) => {
  const keys: string[] = []
  const pattern = new RegExp(
    '^' + route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_m, k: string) => (keys.push(k), '([^/]+)')) + '/?$',
  )
  return { name: route.name, pattern, keys }
})

/** Matches a path to a route: its name and params, or undefined (the caller sends it to 404). */
export const matchPath = (path: string): { name: RouteName; params: Record<string, string> } | undefined => {
  for (const { name, pattern, keys } of compiled) {
    const m = pattern.exec(path)
    if (m !== null) {
      const params: Record<string, string> = {}
      keys.forEach((k, i) => (params[k] = decodeURIComponent(m[i + 1]!)))
      return { name, params }
    }
  }
  return undefined
}
