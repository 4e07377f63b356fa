import type { EventDef } from '../schemas/event'
import type { PopupId } from '../schemas/events/popup'
import type { RouteName } from '../schemas/routes'
import type { ActorSpec } from './spec'

/**
 * A domain of the lobby as one module: everything the bus, the actor host, the router, the popup
 * host and the i18n loader need to know of it, reachable from one value (docs/architecture.md,
 * "How a domain is registered"). Each domain's module is `actors/<domain>/domain.ts`; the boot
 * list `actors/domains.ts` names the domains the lobby starts, one line each. A module holds only
 * data (actor specs, event definitions, names), no views and no I/O, so it can be imported on its
 * own, after boot too: its screens live in `src/views/<domain>/screens.tsx`, keyed by the names
 * declared here.
 */
export interface Domain<
  N extends string = string,
  A extends ReadonlyArray<ActorSpec> = ReadonlyArray<ActorSpec>,
  R extends RouteName = RouteName,
  P extends PopupId = PopupId,
> {
  /** The domain's name (its folder under actors/). */
  readonly name: N
  /** Its actors, in start order. */
  readonly actors: A
  /** The bus events it declares (schemas/events/<domain>.ts): the bus validates them, the recorder redacts with them. */
  readonly events: ReadonlyArray<EventDef>
  /** The routes it shows (by name; their paths are in schemas/routes.ts, which the hall shares). */
  readonly routes: ReadonlyArray<R>
  /** The global popups it shows (by id; each popup's props schema is in schemas/events/popup.ts). */
  readonly popups: ReadonlyArray<P>
  /** The locale namespaces its screens read (src/i18n/locales/<code>/<namespace>.json). */
  readonly namespaces: ReadonlyArray<string>
}

/** Declares a domain; what it does not show (routes, popups, words) defaults to none. */
export const defineDomain = <
  const N extends string,
  const A extends ReadonlyArray<ActorSpec>,
  const R extends RouteName = never,
  const P extends PopupId = never,
>(d: {
  readonly name: N
  readonly actors: A
  readonly events?: ReadonlyArray<EventDef>
  readonly routes?: ReadonlyArray<R>
  readonly popups?: ReadonlyArray<P>
  readonly namespaces?: ReadonlyArray<string>
}): Domain<N, A, R, P> => ({
  name: d.name,
  actors: d.actors,
  events: d.events ?? [],
  routes: d.routes ?? [],
  popups: d.popups ?? [],
  namespaces: d.namespaces ?? [],
})

/** The route names of a domain. */
export type RoutesOf<D> = D extends Domain<string, ReadonlyArray<ActorSpec>, infer R, PopupId> ? R : never
/** The popup ids of a domain. */
export type PopupsOf<D> = D extends Domain<string, ReadonlyArray<ActorSpec>, RouteName, infer P> ? P : never
/** The actor specs of a list of domains, in order. */
export type ActorsOf<Ds extends ReadonlyArray<Domain>> = Ds[number]['actors'][number]

/** The actors of a list of domains, in start order: each domain's, in the list's order. */
export const actorsOf = (domains: ReadonlyArray<Domain>): ReadonlyArray<ActorSpec> => domains.flatMap((d) => d.actors)
