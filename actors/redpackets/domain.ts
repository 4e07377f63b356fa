import { defineDomain } from '../domain'
import { redpacketsEvents } from '../../schemas/events/redpackets'
import { redpacketsActor } from '.'

/** The redpackets domain (docs/architecture.md, "How a domain is registered"). */
export const redpacketsDomain = defineDomain({
  name: 'redpackets',
  actors: [redpacketsActor],
  events: redpacketsEvents,
  namespaces: ['redpackets'],
})
