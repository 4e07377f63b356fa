import { createElement, use, type ReactNode } from 'react'
import { lazyDomains } from '../../../actors/boot'
import type { PopupId } from '../../../schemas/events/popup'
import type { RouteName } from '../../../schemas/routes'
import { allRunning, type DomainStarter } from '../../bus/domains'
import { useSystem } from '../../system-react'
import type { PageRender, PopupView, PopupViewProps, Screens } from './screens'

/**
 * Every domain's screens, found in `src/views/<folder>/screens.tsx` (each export a `defineScreens`
 * value). Vite imports those of the boot domains with the page (a glob is static imports); each
 * holds only lazy views, so the pages and popups themselves still load when first shown. A domain
 * started when first needed (actors/boot.ts) has its screens in `src/views/<its name>/screens.tsx`,
 * imported with its module when one of its routes or popups is first shown: the page or popup of
 * the registry asks the system to start the domain, then shows its screen
 * (docs/architecture.md, "Domains start when first needed"). tests/unit/routes-screens.test.ts
 * checks that every route and popup has exactly one screen; tests/unit/replay/lazy-domains.test.ts
 * that the lazy folders below are the lazy domains.
 */
type ScreensModule = Readonly<Record<string, Screens>>
const modules = import.meta.glob<ScreensModule>(
  ['../*/screens.tsx', '!../withdraw/screens.tsx', '!../yuebao/screens.tsx', '!../activities/screens.tsx', '!../promote/screens.tsx', '!../tasks/screens.tsx', '!../records/screens.tsx'],
  { eager: true },
)
/** The screens of the domains started when first needed, each its own chunk with its domain's module. */
export const LAZY_SCREENS = import.meta.glob<ScreensModule>([
  '../withdraw/screens.tsx',
  '../yuebao/screens.tsx',
  '../activities/screens.tsx',
  '../promote/screens.tsx',
  '../tasks/screens.tsx',
  '../records/screens.tsx',
])

/** The screens of every boot domain, in no particular order. */
export const SCREENS: ReadonlyArray<Screens> = Object.values(modules).flatMap((m) => Object.values(m))

/** A lazy domain's screens, once its module is imported and its actors run; one promise per system and domain (a failed one is forgotten, so "Try again" imports afresh). */
const loads = new WeakMap<DomainStarter, Map<string, Promise<Screens>>>()
const screensOf = (starter: DomainStarter, domain: string): Promise<Screens> => {
  const mine = loads.get(starter) ?? new Map<string, Promise<Screens>>()
  loads.set(starter, mine)
  const known = mine.get(domain)
  if (known !== undefined) return known
  const importScreens = LAZY_SCREENS[`../${domain}/screens.tsx`]
  if (importScreens === undefined) throw new Error(`the lazy domain ${domain} has no src/views/${domain}/screens.tsx`)
  const p = Promise.all([importScreens(), starter.ensure(domain)]).then(([m]) => {
    const screens = Object.values(m).find((s) => s.domain === domain)
    if (screens === undefined) throw new Error(`src/views/${domain}/screens.tsx has no screens of its domain`)
    return screens
  })
  mine.set(domain, p)
  p.catch(() => mine.delete(domain))
  return p
}

/** A lazy domain started (its actors running), one promise per system and domain (a failed one forgotten, to be asked again). */
const starts = new WeakMap<DomainStarter, Map<string, Promise<void>>>()
const startOf = (starter: DomainStarter, domain: string): Promise<void> => {
  const mine = starts.get(starter) ?? new Map<string, Promise<void>>()
  starts.set(starter, mine)
  const known = mine.get(domain)
  if (known !== undefined) return known
  const p = starter.ensure(domain)
  mine.set(domain, p)
  p.catch(() => mine.delete(domain))
  return p
}

/**
 * Shows its children once a domain's actors run, starting it first if it is one started when
 * first needed (for a view outside the domain's routes and popups that needs it); waits in the
 * nearest Suspense boundary (a LazyViews), which shows a failure with "Try again".
 */
export const DomainStarted = ({ domain, children }: { readonly domain: string; readonly children: ReactNode }) => {
  const starter = useSystem().domains ?? allRunning
  if (!starter.running(domain)) use(startOf(starter, domain))
  return children
}

/** A lazy domain's page: waits (in the route's Suspense boundary) for its domain, then shows the page. */
const LazyDomainPage = ({ domain, route }: { readonly domain: string; readonly route: RouteName }) => {
  const screens = use(screensOf(useSystem().domains ?? allRunning, domain))
  return (screens.pages[route] as PageRender<RouteName>)(route)
}

/** A lazy domain's popup: waits for its domain, then shows the popup's view. */
const lazyDomainPopup = (domain: string): PopupView<PopupId> => {
  const View = (props: PopupViewProps<PopupId>) => {
    const screens = use(screensOf(useSystem().domains ?? allRunning, domain))
    const Popup = screens.popups[props.popup] as PopupView<PopupId>
    return createElement(Popup, props)
  }
  View.displayName = `LazyDomainPopup(${domain})`
  return View
}

const pages = new Map<string, PageRender<RouteName>>()
const popups = new Map<string, PopupView<PopupId>>()
for (const s of SCREENS) {
  for (const [name, page] of Object.entries(s.pages)) {
    if (pages.has(name)) throw new Error(`route '${name}' has two pages (domain ${s.domain})`)
    pages.set(name, page as PageRender<RouteName>)
  }
  for (const [id, view] of Object.entries(s.popups)) {
    if (popups.has(id)) throw new Error(`popup '${id}' has two views (domain ${s.domain})`)
    popups.set(id, view as PopupView<PopupId>)
  }
}
for (const d of lazyDomains) {
  for (const route of d.routes) {
    if (pages.has(route)) throw new Error(`route '${route}' has two pages (domain ${d.name})`)
    pages.set(route, (r) => createElement(LazyDomainPage, { domain: d.name, route: r }))
  }
  const view = d.popups.length === 0 ? null : lazyDomainPopup(d.name)
  for (const popup of d.popups) {
    if (popups.has(popup)) throw new Error(`popup '${popup}' has two views (domain ${d.name})`)
    popups.set(popup, view!)
  }
}

/** The page of a route, or undefined for a route no domain shows. */
export const pageOf = <R extends RouteName>(name: R): PageRender<R> | undefined => pages.get(name)

/** The view of a popup, or undefined for a popup no domain shows. */
export const popupViewOf = <P extends PopupId>(popup: P): PopupView<P> | undefined => popups.get(popup) as PopupView<P> | undefined
