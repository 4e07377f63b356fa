import { defineDomain } from '../domain'
import { popupEvents } from '../../schemas/events/popup'
import { popupsActor } from '.'

/** The popups domain (docs/architecture.md, "How a domain is registered"). */
export const popupsDomain = defineDomain({
  name: 'popups',
  actors: [popupsActor],
  events: popupEvents,
  popups: ['serviceError'],
  namespaces: ['errors'],
})
