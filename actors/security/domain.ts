import { defineDomain } from '../domain'
import { authInfoActor, rewardBindActor } from '.'

/** The security domain (docs/architecture.md, "How a domain is registered"). */
export const securityDomain = defineDomain({
  name: 'security',
  actors: [authInfoActor, rewardBindActor],
  routes: ['security'],
})
