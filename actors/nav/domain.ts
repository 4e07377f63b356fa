import { defineDomain } from '../domain'
import { navEvents } from '../../schemas/events/nav'
import { navActor } from '.'

/** The nav domain (docs/architecture.md, "How a domain is registered"). */
export const navDomain = defineDomain({
  name: 'nav',
  actors: [navActor],
  events: navEvents,
})
