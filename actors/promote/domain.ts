import { defineDomain } from '../domain'
import { promoteEvents } from '../../schemas/events/promote'
import { promoteSummaryActor, promoteModeActor, promoteBindingActor, promoteChannelActor, promoteDetailsActor, promoteLinkActor, promoteTeamActor, promotePeriodsActor, promoteReceiveActor, promoteInviteesActor, proxyTransferActor, transferRecordsActor } from '.'

/** The promote domain (docs/architecture.md, "How a domain is registered"). */
export const promoteDomain = defineDomain({
  name: 'promote',
  actors: [promoteSummaryActor, promoteModeActor, promoteBindingActor, promoteChannelActor, promoteDetailsActor, promoteLinkActor, promoteTeamActor, promotePeriodsActor, promoteReceiveActor, promoteInviteesActor, proxyTransferActor, transferRecordsActor],
  events: promoteEvents,
  routes: ['promote', 'proxyTransfer', 'myTransferRecord'],
  namespaces: ['promote'],
})
