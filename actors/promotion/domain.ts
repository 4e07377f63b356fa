import { defineDomain } from '../domain'
import { promotionEvents } from '../../schemas/events/promotion'
import { promotionActor, promoteGameActor } from '.'

/** The promotion domain (docs/architecture.md, "How a domain is registered"). */
export const promotionDomain = defineDomain({
  name: 'promotion',
  actors: [promotionActor, promoteGameActor],
  events: promotionEvents,
  routes: ['promoteGame'],
})
