import { rebatesDomain } from '../../../actors/rebates/domain'
import { lazyNamed } from '../routing/lazy-view'
import { defineScreens } from '../routing/screens'

const AwardPage = lazyNamed(() => import('./AwardPage'), 'AwardPage')
const CashbackPage = lazyNamed(() => import('./CashbackPage'), 'CashbackPage')
const ReceiveRecordsPage = lazyNamed(() => import('./ReceiveRecordsPage'), 'ReceiveRecordsPage')

/** Cashback, awards and the receipts (two routes, one page titled by its route). */
export const rebatesScreens = defineScreens(rebatesDomain, {
  pages: {
    eventCashback: () => <CashbackPage />,
    eventAward: () => <AwardPage />,
    receiveRecords: (name) => <ReceiveRecordsPage title={name} />,
    pickUpRecord: (name) => <ReceiveRecordsPage title={name} />,
  },
})
