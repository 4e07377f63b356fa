import type { PopupId } from '../../../schemas/events/popup'
import type { RouteName } from '../../../schemas/routes'
import type { PageRender, PopupView, Screens } from './screens'

/**
 * Every domain's screens, found in `src/views/<folder>/screens.tsx` (each export a `defineScreens`
 * value). Vite imports them with the page (a glob is static imports); each holds only lazy views,
 * so the pages and popups themselves still load when first shown. tests/unit/routes-screens.test.ts
 * checks that every route and popup of the boot list's domains has exactly one screen.
 */
const modules = import.meta.glob<Readonly<Record<string, Screens>>>('../*/screens.tsx', { eager: true })

/** The screens of every domain, in no particular order. */
export const SCREENS: ReadonlyArray<Screens> = Object.values(modules).flatMap((m) => Object.values(m))

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

/** The page of a route, or undefined for a route no domain shows. */
export const pageOf = <R extends RouteName>(name: R): PageRender<R> | undefined => pages.get(name)

/** The view of a popup, or undefined for a popup no domain shows. */
export const popupViewOf = <P extends PopupId>(popup: P): PopupView<P> | undefined => popups.get(popup) as PopupView<P> | undefined
