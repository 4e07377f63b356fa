import { defineDomain } from '../domain'
import { thirdpartyEvents } from '../../schemas/events/thirdparty'
import { thirdpartyActor, bindThirdUserCommand } from '.'

/** The thirdparty domain (docs/architecture.md, "How a domain is registered"). */
export const thirdpartyDomain = defineDomain({
  name: 'thirdparty',
  actors: [thirdpartyActor, bindThirdUserCommand],
  events: thirdpartyEvents,
  routes: ['auth'],
})
