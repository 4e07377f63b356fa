import { defineDomain } from '../domain'
import { walletEvents } from '../../schemas/events/wallet'
import { walletActor } from '.'

/** The wallet domain (docs/architecture.md, "How a domain is registered"). */
export const walletDomain = defineDomain({
  name: 'wallet',
  actors: [walletActor],
  events: walletEvents,
})
