import type { ComponentType, ReactNode } from 'react'
import type { Domain, PopupsOf, RoutesOf } from '../../../actors/domain'
import type { PopupId, PopupPropsOf } from '../../../schemas/events/popup'
import type { RouteName } from '../../../schemas/routes'

/**
 * A domain's screens: the page of each route and the view of each popup its module declares
 * (actors/<domain>/domain.ts). Each `src/views/<folder>/screens.tsx` exports its domains'
 * screens; the router and the popup host find them there (src/views/routing/registry.ts), so a
 * domain's screens are registered in its own folder. `defineScreens` holds a domain to every route
 * and popup it declares: one left out, or a popup view that reads props its popup does not
 * declare, does not compile.
 */

/** What the popup host gives the view of the popup in front. */
export interface PopupViewProps<P extends PopupId> {
  readonly popup: P
  /** The popup's props, decoded with its schema (schemas/events/popup.ts). */
  readonly props: PopupPropsOf<P>
  readonly open: boolean
  readonly showCloseButton: boolean
  readonly fullScreen: boolean
  /** Closes the popup; undefined when it may not be closed (the forced ones). */
  readonly onClose: (() => void) | undefined
}

/** A route's page: rendered with the route's name (pages shared by several routes tell them apart). */
export type PageRender<R extends RouteName> = (route: R) => ReactNode
/** A popup's view. */
export type PopupView<P extends PopupId> = ComponentType<PopupViewProps<P>>

type PagesOf<D extends Domain> = { readonly [R in RoutesOf<D>]: PageRender<R> }
type PopupViewsOf<D extends Domain> = { readonly [P in PopupsOf<D>]: PopupView<P> }

/** A domain's screens, as the registry keeps them. */
export interface Screens {
  readonly domain: string
  readonly pages: { readonly [R in RouteName]?: PageRender<R> }
  readonly popups: { readonly [P in PopupId]?: PopupView<P> }
}

/** Declares the screens of a domain: a page for each of its routes, a view for each of its popups. */
export const defineScreens = <D extends Domain>(
  domain: D,
  screens: ([RoutesOf<D>] extends [never] ? { readonly pages?: undefined } : { readonly pages: PagesOf<D> }) &
    ([PopupsOf<D>] extends [never] ? { readonly popups?: undefined } : { readonly popups: PopupViewsOf<D> }),
): Screens => ({
  domain: domain.name,
  // A page of a route R renders R; kept by name, each is only ever called with its own route.
  pages: (screens.pages ?? {}) as Screens['pages'],
  popups: screens.popups ?? {},
})
