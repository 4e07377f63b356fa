import { defineDomain } from '../domain'
import { restrictedEvents } from '../../schemas/events/restricted'
import { restrictedActor } from '.'

/** The restricted domain (docs/architecture.md, "How a domain is registered"). */
export const restrictedDomain = defineDomain({
  name: 'restricted',
  actors: [restrictedActor],
  events: restrictedEvents,
})
