import { defineDomain } from '../domain'
import { serviceEvents } from '../../schemas/events/service'
import { serviceOpenActor, staffActor, webTransActor } from '.'

/** The service domain (docs/architecture.md, "How a domain is registered"). */
export const serviceDomain = defineDomain({
  name: 'service',
  actors: [staffActor, webTransActor, serviceOpenActor],
  events: serviceEvents,
  routes: ['service'],
  namespaces: ['service'],
})
