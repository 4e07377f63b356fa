import { defineDomain } from '../domain'
import { authInfoActor, rewardBindActor, verifyEmailCodeCommand } from '.'

/** The security domain (docs/architecture.md, "How a domain is registered"). */
export const securityDomain = defineDomain({
  name: 'security',
  actors: [authInfoActor, rewardBindActor, verifyEmailCodeCommand],
  routes: ['security'],
})
