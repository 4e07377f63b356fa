import { defineDomain } from '../domain'
import { rebatesEvents } from '../../schemas/events/rebates'
import { rebateActor, rebateReceiveActor, awardsActor, receiveRecordsActor } from '.'

/** The rebates domain (docs/architecture.md, "How a domain is registered"). */
export const rebatesDomain = defineDomain({
  name: 'rebates',
  actors: [rebateActor, rebateReceiveActor, awardsActor, receiveRecordsActor],
  events: rebatesEvents,
  routes: ['eventCashback', 'eventAward', 'receiveRecords', 'pickUpRecord'],
  namespaces: ['rebates'],
})
