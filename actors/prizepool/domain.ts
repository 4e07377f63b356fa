import { defineDomain } from '../domain'
import { prizeAmountActor, prizeWinnersActor } from '.'

/** The prizepool domain (docs/architecture.md, "How a domain is registered"). */
export const prizepoolDomain = defineDomain({
  name: 'prizepool',
  actors: [prizeAmountActor, prizeWinnersActor],
})
