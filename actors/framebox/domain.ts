import { defineDomain } from '../domain'
import { frameboxEvents } from '../../schemas/events/framebox'
import { frameboxActor } from '.'

/** The framebox domain (docs/architecture.md, "How a domain is registered"). */
export const frameboxDomain = defineDomain({
  name: 'framebox',
  actors: [frameboxActor],
  events: frameboxEvents,
  popups: ['forcePopup'],
})
