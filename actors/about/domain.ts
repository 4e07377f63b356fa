import { defineDomain } from '../domain'
import { aboutEvents } from '../../schemas/events/about'
import { aboutUsActor, versionsActor } from '.'

/** The about domain (docs/architecture.md, "How a domain is registered"). */
export const aboutDomain = defineDomain({
  name: 'about',
  actors: [aboutUsActor, versionsActor],
  events: aboutEvents,
  routes: ['about', 'update'],
  namespaces: ['about'],
})
