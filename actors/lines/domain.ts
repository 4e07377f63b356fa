import { defineDomain } from '../domain'
import { linesEvents } from '../../schemas/events/lines'
import { linesActor } from '.'

/** The lines domain (docs/architecture.md, "How a domain is registered"). */
export const linesDomain = defineDomain({
  name: 'lines',
  actors: [linesActor],
  events: linesEvents,
  namespaces: ['lines'],
})
