import { Schema } from 'effect'
import { defineEvent } from '../event'

/**
 * Deposits (screens §2 the pay popup, its records and details). The orders, channels and records
 * are the kit's (actors/pay); these are the intents of their own.
 */

/** The player opened a deposit order's details (the records list): its state is asked of the hall (orderInfo). */
export const payOrderOpened = defineEvent('pay.orderOpened', 'intent', "The player opened a deposit order's details.", {
  orderNo: Schema.String,
})

export const payEvents = [payOrderOpened] as const
