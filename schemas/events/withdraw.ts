import { Schema } from 'effect'
import { defineEvent } from '../event'

/**
 * Money out (screens §2 /home/withdraw, its withdraw and audit details): the views say which page
 * opened, so the withdraw actors ask the hall for it. The money itself is the wallet's
 * (`wallet.balanceReported` with source 'withdraw').
 */

/** The withdraw page opened (or asked to read again after an account was bound or deleted). */
export const withdrawOpened = defineEvent('withdraw.opened', 'intent', 'The withdraw page opened: its information, channels and accounts are read.', {})

/** A withdrawal's details page opened (route /home/withdraw/withdraw-details/{orderId}). */
export const withdrawDetailsOpened = defineEvent('withdraw.detailsOpened', 'intent', "A withdrawal's details page opened.", {
  orderNo: Schema.String,
})

/** An audit's details page opened (route /home/withdraw/audit-details/{id}). */
export const withdrawAuditOpened = defineEvent('withdraw.auditOpened', 'intent', "A turnover audit's details page opened.", {
  auditId: Schema.String,
})

/**
 * The binding form of a wallet-app account is shown (a wallet of kind 'wallet' chosen): where to
 * get the wallet app is read (/pay/wallet/downloadUrl).
 */
export const withdrawWalletAppShown = defineEvent('withdraw.walletAppShown', 'intent', "A wallet app's binding is shown: where to get the wallet app is read.", {})

/** The withdraw events. */
export const withdrawEvents = [withdrawOpened, withdrawDetailsOpened, withdrawAuditOpened, withdrawWalletAppShown] as const
