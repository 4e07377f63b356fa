import { defineDomain } from '../domain'
import { activitiesEvents } from '../../schemas/events/activities'
import { categoriesActor, quickListActor, templateDetailActor, cachedCategoriesActor, modulesActor, customPagesActor, detailActor, winnersActor, logsActor, receiveActor, receiveAllActor } from '.'

/** The activities domain (docs/architecture.md, "How a domain is registered"). */
export const activitiesDomain = defineDomain({
  name: 'activities',
  actors: [categoriesActor, quickListActor, cachedCategoriesActor, modulesActor, customPagesActor, detailActor, templateDetailActor, winnersActor, logsActor, receiveActor, receiveAllActor],
  events: activitiesEvents,
  routes: ['eventIndex', 'eventDetail'],
  namespaces: ['activities'],
})
