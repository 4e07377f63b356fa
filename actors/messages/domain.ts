import { defineDomain } from '../domain'
import { messagesEvents } from '../../schemas/events/messages'
import { noticesActor, messageReadActor, messageReadAllActor, messageDeleteActor, messageReceiveActor, marqueeActor } from '.'

/** The messages domain (docs/architecture.md, "How a domain is registered"). */
export const messagesDomain = defineDomain({
  name: 'messages',
  actors: [noticesActor, messageReadActor, messageReadAllActor, messageDeleteActor, messageReceiveActor, marqueeActor],
  events: messagesEvents,
  routes: ['notice'],
  namespaces: ['messages'],
})
