import { customerStaffAllV2, type OnlineCustomer } from '../../schemas/hall/calls/message'
import { getWebTrans } from '../../schemas/hall/calls/site'
import { queryActor } from '../kit'
import type { ActorSpec } from '../spec'
import { serviceOpenMachine, type ServiceOpenContext } from './open.machine'

/**
 * Customer service (spec screens §2 /home/service, the customer-service menu entry; §3 customer
 * service) over two queries:
 *
 * - `staff`: the site's online agents (staffallv2 {siteCode}), for visitors too: read when the site
 *   is ready, since the menu entry shows only while kfOnlineStatus is open and one is online, and
 *   again when the service page opens.
 * - `webtrans`: the common questions and their answers in the interface language (getWebTrans
 *   {lang}), read when the page opens.
 */
export const staffActor = queryActor({
  id: 'staff',
  call: customerStaffAllV2,
  audience: 'anyone',
  fetchOn: {
    'site.ready': { payload: (e) => ({ siteCode: e.siteCode }) },
    'service.opened': true,
  },
  payload: { siteCode: '' },
  retryOn: ['socket.opened'],
  select: (d): ReadonlyArray<OnlineCustomer> => d.customer.onlineCustomers,
})

export const webTransActor = queryActor({
  id: 'webtrans',
  call: getWebTrans,
  audience: 'anyone',
  fetchOn: { 'service.opened': { payload: (e) => ({ lang: e.language }) } },
  payload: { lang: 'en_US' },
  select: (d) => d.data,
})

/** Whether an agent opens in the lobby's modal iframe (openType 1) or in a new window. */
export const opensInFrame = (agent: OnlineCustomer): boolean => agent.openType === 1

export type { OnlineCustomer }

/** The service page's own opening of an agent after the customer-service delay (open.machine.ts). */
export const serviceOpenActor = {
  id: 'serviceopen',
  machine: serviceOpenMachine,
  consumes: ['service.agentChosen'],
} as const satisfies ActorSpec

/** The agent due to open (index and number), or null. */
export const selectServiceDue = (s: { readonly context: ServiceOpenContext }): ServiceOpenContext['due'] => s.context.due

export { serviceOpenMachine, SERVICE_DELAYS, type ServiceOpenContext } from './open.machine'
