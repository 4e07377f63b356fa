import { useCallback, type ReactNode } from 'react'
import { Route, Router, Switch, type BaseLocationHook } from 'wouter'
import { ROUTES, type RouteName } from '../../../schemas/routes'
import { GamePage } from '../pages/GamePage'
import { BlockedPage, LinkErrorPage, NotFoundPage } from '../pages/StatusPages'
import { assertRouteName, useNavPath, useNavSearch } from './nav-hooks'
import { LazyViews, lazyNamed } from './lazy-view'

// Every page but the game page (the first route) and the status pages is its own chunk, loaded when
// it is first shown (src/views/routing/lazy-view.tsx).
const EmbeddedPage = lazyNamed(() => import('../game/EmbeddedPage'), 'EmbeddedPage')
const SearchPage = lazyNamed(() => import('../game/SearchPage'), 'SearchPage')
const SportsPage = lazyNamed(() => import('../game/SportsPage'), 'SportsPage')
const SecurityCentre = lazyNamed(() => import('../account/SecurityCentre'), 'SecurityCentre')
const PersonalPage = lazyNamed(() => import('../account/Personal'), 'PersonalPage')
const SettingPage = lazyNamed(() => import('../account/Setting'), 'SettingPage')
const RecordsPage = lazyNamed(() => import('../records/RecordPages'), 'RecordsPage')
const ReportPage = lazyNamed(() => import('../records/RecordPages'), 'ReportPage')
const YuebaoPage = lazyNamed(() => import('../yuebao/YuebaoPage'), 'YuebaoPage')
const VipPage = lazyNamed(() => import('../vip/VipPage'), 'VipPage')
const WithdrawPage = lazyNamed(() => import('../withdraw/WithdrawPage'), 'WithdrawPage')
const AuditDetailsPage = lazyNamed(() => import('../withdraw/WithdrawDetails'), 'AuditDetailsPage')
const WithdrawDetailsPage = lazyNamed(() => import('../withdraw/WithdrawDetails'), 'WithdrawDetailsPage')
const CenterWalletPage = lazyNamed(() => import('../centerwallet/CenterWalletPage'), 'CenterWalletPage')
const NoticePage = lazyNamed(() => import('../messages/NoticePage'), 'NoticePage')
const ServicePage = lazyNamed(() => import('../service/ServicePage'), 'ServicePage')
const EventDetailPage = lazyNamed(() => import('../activities/EventPages'), 'EventDetailPage')
const EventIndexPage = lazyNamed(() => import('../activities/EventPages'), 'EventIndexPage')
const FeedbackPage = lazyNamed(() => import('../feedback/FeedbackPage'), 'FeedbackPage')
const AboutPage = lazyNamed(() => import('../about/AboutPages'), 'AboutPage')
const UpdatePage = lazyNamed(() => import('../about/AboutPages'), 'UpdatePage')
const AwardPage = lazyNamed(() => import('../rebates/AwardPage'), 'AwardPage')
const CashbackPage = lazyNamed(() => import('../rebates/CashbackPage'), 'CashbackPage')
const ReceiveRecordsPage = lazyNamed(() => import('../rebates/ReceiveRecordsPage'), 'ReceiveRecordsPage')
const TaskPage = lazyNamed(() => import('../tasks/TaskCentre'), 'TaskPage')
const AuthPage = lazyNamed(() => import('../auth/AuthPage'), 'AuthPage')
const PromoteGamePage = lazyNamed(() => import('../promotion/PromoteGamePage'), 'PromoteGamePage')
const PromotePage = lazyNamed(() => import('../promote/PromotePage'), 'PromotePage')
const ProxyTransferPage = lazyNamed(() => import('../promote/ProxyTransferPage'), 'ProxyTransferPage')
const TransferRecordsPage = lazyNamed(() => import('../promote/TransferRecordsPage'), 'TransferRecordsPage')

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

/** The page of each route. */
const pageOf = (name: RouteName): ReactNode => {
  switch (name) {
    case 'game':
    case 'subgame':
      return <GamePage />
    case 'search':
      return <SearchPage />
    case 'embedded':
      return <EmbeddedPage />
    case 'sports':
      return <SportsPage />
    case 'security':
      return <SecurityCentre />
    case 'records':
      return <RecordsPage />
    case 'report':
      return <ReportPage />
    case 'yuebao':
      return <YuebaoPage />
    case 'vip':
      return <VipPage />
    case 'withdraw':
      return <WithdrawPage />
    case 'withdrawDetails':
      return <WithdrawDetailsPage />
    case 'auditDetails':
      return <AuditDetailsPage />
    case 'centerWallet':
      return <CenterWalletPage />
    case 'notice':
      return <NoticePage />
    case 'service':
      return <ServicePage />
    case 'eventIndex':
      return <EventIndexPage />
    case 'eventDetail':
      return <EventDetailPage />
    case 'eventCashback':
      return <CashbackPage />
    case 'eventAward':
      return <AwardPage />
    case 'receiveRecords':
    case 'pickUpRecord':
      return <ReceiveRecordsPage title={name} />
    case 'eventTask':
      return <TaskPage />
    case 'notFound':
      return <NotFoundPage />
    case 'error':
      return <LinkErrorPage />
    case 'page403':
    case 'page503':
    case 'page500':
      return <BlockedPage page={name} />
    case 'feedback':
      return <FeedbackPage />
    case 'about':
      return <AboutPage />
    case 'update':
      return <UpdatePage />
    case 'setting':
      return <SettingPage />
    case 'personal':
      return <PersonalPage />
    case 'promoteGame':
      return <PromoteGamePage />
    case 'auth':
      return <AuthPage />
    case 'promote':
      return <PromotePage />
    case 'proxyTransfer':
      return <ProxyTransferPage />
    case 'myTransferRecord':
      return <TransferRecordsPage />
    // Every route of the spec has its screen (tests/unit/routes-screens.test.ts); a name without
    // one would be a page that does not exist.
    default:
      return <NotFoundPage />
  }
}

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
          {pageOf(route.name)}
        </Route>
      ))}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  </LazyViews>
)
