import { Schema } from 'effect'
import { defineEvent } from '../event'

/**
 * The VIP screen (spec screens §2 /home/vip; calls §7.11). The ladder and the player's VIP with
 * its reward cards are read when the screen opens; receiving announces `vip.received`, which
 * reads the player's VIP again.
 */

/** The VIP screen opened: the ladder with its rules and the player's VIP are read. */
export const vipOpened = defineEvent('vip.opened', 'intent', "The VIP screen opened: the ladder, its rules and the player's VIP with the reward cards are read.", {})

/** The player received VIP rewards: the player's VIP (the cards' statuses) is read again. */
export const vipReceived = defineEvent('vip.received', 'notice', "The player received VIP rewards: the player's VIP and its reward cards are read again.", {
  count: Schema.Number,
})

/** The VIP events. */
export const vipEvents = [vipOpened, vipReceived] as const
