import { defineDomain } from '../domain'
import { sportsbookActor } from '.'

/** The sportsbook domain (docs/architecture.md, "How a domain is registered"). */
export const sportsbookDomain = defineDomain({
  name: 'sportsbook',
  actors: [sportsbookActor],
})
