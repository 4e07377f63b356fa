import { promoteDomain } from '../../../actors/promote/domain'
import { lazyNamed } from '../routing/lazy-view'
import { defineScreens } from '../routing/screens'

const PromotePage = lazyNamed(() => import('./PromotePage'), 'PromotePage')
const ProxyTransferPage = lazyNamed(() => import('./ProxyTransferPage'), 'ProxyTransferPage')
const TransferRecordsPage = lazyNamed(() => import('./TransferRecordsPage'), 'TransferRecordsPage')

/** The agent programme: its page, the transfer to a member and the transfers. */
export const promoteScreens = defineScreens(promoteDomain, {
  pages: { promote: () => <PromotePage />, proxyTransfer: () => <ProxyTransferPage />, myTransferRecord: () => <TransferRecordsPage /> },
})
