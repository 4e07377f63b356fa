import { defineDomain } from '../domain'
import { wheelEvents } from '../../schemas/events/wheel'
import { wheelInfoActor, wheelTasksActor, pointsActor, spinActor, wordsActor, extractActor, extractAllActor, exchangeActor } from '.'

/** The wheel domain (docs/architecture.md, "How a domain is registered"). */
export const wheelDomain = defineDomain({
  name: 'wheel',
  actors: [wheelInfoActor, wheelTasksActor, pointsActor, spinActor, wordsActor, extractActor, extractAllActor, exchangeActor],
  events: wheelEvents,
  namespaces: ['wheel'],
})
