import { defineDomain } from '../domain'
import { webPushEvents } from '../../schemas/events/webpush'
import { webPushActor } from '.'

/** The webpush domain (docs/architecture.md, "How a domain is registered"). */
export const webpushDomain = defineDomain({
  name: 'webpush',
  actors: [webPushActor],
  events: webPushEvents,
})
