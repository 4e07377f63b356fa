import { defineDomain } from '../domain'
import { bannersEvents } from '../../schemas/events/banners'
import { bannersActor } from '.'

/** The banners domain (docs/architecture.md, "How a domain is registered"). */
export const bannersDomain = defineDomain({
  name: 'banners',
  actors: [bannersActor],
  events: bannersEvents,
})
