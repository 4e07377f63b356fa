import { serviceDomain } from '../../../actors/service/domain'
import { lazyNamed } from '../routing/lazy-view'
import { defineScreens } from '../routing/screens'

const ServicePage = lazyNamed(() => import('./ServicePage'), 'ServicePage')

/** Customer service. */
export const serviceScreens = defineScreens(serviceDomain, { pages: { service: () => <ServicePage /> } })
