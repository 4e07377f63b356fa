import { defineDomain } from '../domain'
import { siteEvents } from '../../schemas/events/site'
import { siteActor, bootBrandActor, bootLayoutActor, bootCurrenciesActor } from '.'

/** The site domain (docs/architecture.md, "How a domain is registered"). */
export const siteDomain = defineDomain({
  name: 'site',
  actors: [siteActor, bootBrandActor, bootLayoutActor, bootCurrenciesActor],
  events: siteEvents,
  routes: ['error', 'notFound', 'page403', 'page503', 'page500'],
  namespaces: ['layout'],
})
