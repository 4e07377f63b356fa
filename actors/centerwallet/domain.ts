import { defineDomain } from '../domain'
import { balanceListActor, recallActor } from '.'

/** The centerwallet domain (docs/architecture.md, "How a domain is registered"). */
export const centerwalletDomain = defineDomain({
  name: 'centerwallet',
  actors: [balanceListActor, recallActor],
  routes: ['centerWallet'],
})
