import { defineDomain } from '../domain'
import { verifyEvents } from '../../schemas/events/verify'
import { verifyActor } from '.'

/** The verify domain (docs/architecture.md, "How a domain is registered"). */
export const verifyDomain = defineDomain({
  name: 'verify',
  actors: [verifyActor],
  events: verifyEvents,
  namespaces: ['verify'],
})
