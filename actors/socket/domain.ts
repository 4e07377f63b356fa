import { defineDomain } from '../domain'
import { socketEvents } from '../../schemas/events/socket'
import { socketActor } from '.'

/** The socket domain (docs/architecture.md, "How a domain is registered"). */
export const socketDomain = defineDomain({
  name: 'socket',
  actors: [socketActor],
  events: socketEvents,
  namespaces: ['realtime'],
})
