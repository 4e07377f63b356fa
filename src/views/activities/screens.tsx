import { activitiesDomain } from '../../../actors/activities/domain'
import { lazyNamed } from '../routing/lazy-view'
import { defineScreens } from '../routing/screens'

const EventDetailPage = lazyNamed(() => import('./EventPages'), 'EventDetailPage')
const EventIndexPage = lazyNamed(() => import('./EventPages'), 'EventIndexPage')

/** The event centre: the list and an event's page. */
export const activitiesScreens = defineScreens(activitiesDomain, { pages: { eventIndex: () => <EventIndexPage />, eventDetail: () => <EventDetailPage /> } })
