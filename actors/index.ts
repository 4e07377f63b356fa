import { actorsOf, type ActorsOf } from './domain'
import { domains } from './domains'
import type { ActorSpec } from './spec'

/**
 * Every domain actor of the lobby, in start order: the actors of the boot list's domains
 * (actors/domains.ts), each domain's in its own order. Live, test and replay start this same list.
 */
export const actorSpecs: ReadonlyArray<ActorSpec> = actorsOf(domains)

type AllActors = ActorsOf<typeof domains>

/** The system's actors by id: each id's machine, for typed views (`useActor('vip', selector)`). */
export type ActorMachines = { readonly [S in AllActors as S['id']]: S['machine'] }
/** The id of an actor of the system. */
export type ActorId = keyof ActorMachines

export { domains } from './domains'
export { defineDomain, actorsOf, type Domain, type RoutesOf, type PopupsOf } from './domain'
export type { ActorSpec } from './spec'
