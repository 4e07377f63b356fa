import { Schema } from 'effect'
import { defineEvent } from '../event'

/**
 * Rebates (cashback), awards and receive records (screens §2 /home/event/cashback,
 * /home/event/award, /home/receive-records, /home/pickUpRecord; docs/hall-protocol.md "Rebates,
 * awards and receive records"). Each screen's data is read when it opens; receiving the rebate
 * announces `rebate.received`, which reads the rebate, the awards and the red dots again.
 */

/** The cashback screen opened: the player's return gold per game category is read. */
export const rebateOpened = defineEvent('rebate.opened', 'intent', "The cashback screen opened: the player's return gold per game category is read.", {})

/** The player received their return gold: the rebate, the awards and the red dots are read again. */
export const rebateReceived = defineEvent('rebate.received', 'notice', 'The player received their return gold: the rebate, the awards and the red dots are read again.', {
  count: Schema.Number,
})

/** The awards screen opened: what the player can receive now, from every source, is read. */
export const awardsOpened = defineEvent('awards.opened', 'intent', 'The awards screen opened: what the player can receive now, from every source, is read.', {})

/** The rebate and award events. */
export const rebatesEvents = [rebateOpened, rebateReceived, awardsOpened] as const
