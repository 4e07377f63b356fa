import { withdrawDomain } from '../../../actors/withdraw/domain'
import { lazyNamed } from '../routing/lazy-view'
import { defineScreens } from '../routing/screens'

const WithdrawPage = lazyNamed(() => import('./WithdrawPage'), 'WithdrawPage')
const AuditDetailsPage = lazyNamed(() => import('./WithdrawDetails'), 'AuditDetailsPage')
const WithdrawDetailsPage = lazyNamed(() => import('./WithdrawDetails'), 'WithdrawDetailsPage')

/** Withdrawals: the page, a withdrawal's details and an audit's. */
export const withdrawScreens = defineScreens(withdrawDomain, {
  pages: { withdraw: () => <WithdrawPage />, withdrawDetails: () => <WithdrawDetailsPage />, auditDetails: () => <AuditDetailsPage /> },
})
