import { defineDomain } from '../domain'
import { vipEvents } from '../../schemas/events/vip'
import { vipActor, vipDetailsActor, userVipActor, vipReceiveActor } from '.'

/** The vip domain (docs/architecture.md, "How a domain is registered"). */
export const vipDomain = defineDomain({
  name: 'vip',
  actors: [vipActor, vipDetailsActor, userVipActor, vipReceiveActor],
  events: vipEvents,
  routes: ['vip'],
  namespaces: ['vip'],
})
