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

/** The player chose a channel and typed an amount that keeps the money rules: its fee, bonus and arrival are asked of the hall. */
export const payAmountChosen = defineEvent('pay.amountChosen', 'intent', 'The player typed a valid deposit amount on a channel.', {
  channelId: Schema.Number,
  amount: Schema.String,
})

/** The player chose a deposit channel; one that lets the player pick a bank has its banks asked of the hall. */
export const payChannelChosen = defineEvent('pay.channelChosen', 'intent', 'The player chose a deposit channel.', {
  channelId: Schema.Number,
  chooseBank: Schema.Boolean,
})

export const payEvents = [payOrderOpened, payAmountChosen, payChannelChosen] as const
