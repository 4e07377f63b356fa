import { defineDomain } from '../domain'
import { chargeRateActor, redDotActor, unreadActor } from '.'

/** The badges domain (docs/architecture.md, "How a domain is registered"). */
export const badgesDomain = defineDomain({
  name: 'badges',
  actors: [chargeRateActor, redDotActor, unreadActor],
})
