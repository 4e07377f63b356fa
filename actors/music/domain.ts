import { defineDomain } from '../domain'
import { musicEvents } from '../../schemas/events/music'
import { musicActor } from '.'

/** The music domain (docs/architecture.md, "How a domain is registered"). */
export const musicDomain = defineDomain({
  name: 'music',
  actors: [musicActor],
  events: musicEvents,
  namespaces: ['music'],
})
