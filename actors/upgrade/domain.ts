import { defineDomain } from '../domain'
import { upgradeEvents } from '../../schemas/events/upgrade'
import { opVersionActor, upgradeActor } from '.'

/** The upgrade domain (docs/architecture.md, "How a domain is registered"). */
export const upgradeDomain = defineDomain({
  name: 'upgrade',
  actors: [opVersionActor, upgradeActor],
  events: upgradeEvents,
  namespaces: ['upgrade'],
})
