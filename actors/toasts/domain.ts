import { defineDomain } from '../domain'
import { toastEvents } from '../../schemas/events/toast'
import { toastsActor } from '.'

/** The toasts domain (docs/architecture.md, "How a domain is registered"). */
export const toastsDomain = defineDomain({
  name: 'toasts',
  actors: [toastsActor],
  events: toastEvents,
  namespaces: ['toast'],
})
