import { defineDomain } from '../domain'
import { geetestEvents } from '../../schemas/events/geetest'
import { geetestActor } from '.'

/** The geetest domain (docs/architecture.md, "How a domain is registered"). */
export const geetestDomain = defineDomain({
  name: 'geetest',
  actors: [geetestActor],
  events: geetestEvents,
})
