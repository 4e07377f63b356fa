import { Schema } from 'effect'
import { defineEvent } from '../event'

/**
 * Agents and promotion (screens §2 /home/promote, /home/proxyTransfer, /home/myTransferRecord;
 * docs/hall-protocol.md "Agents and promotion"). Each screen's data is read when it opens; a
 * commission receipt and a proxy transfer announce themselves so the summary and the lists are
 * read again (the balance goes to the wallet with `wallet.balanceReported`).
 */

/**
 * The promote screen opened: the agent's summary (mode, rates, team, commissions) is read; with
 * `calls` (a site whose hall profile says `promote: 'calls'`, docs/hall.md "Hall profile") also the
 * agent mode by its own call and the player's agent and channel binding.
 */
export const promoteOpened = defineEvent('promote.opened', 'intent', "The promote screen opened: the agent's summary (mode, rates, team, commissions) is read (with calls: the agent mode and the player's binding by their own calls).", {
  calls: Schema.optionalKey(Schema.Literal(true)),
})

/** The player's binding names a promotion channel: the channel's configuration is read. */
export const promoteChannelNamed = defineEvent('promote.channelNamed', 'notice', "The player's agent binding names a promotion channel: the channel's configuration is read.", {
  channelId: Schema.String,
})

/** The player chose a link type on the promote screen (home 2, test-register 3, register 4, event 5): its invite link is read. */
export const promoteLinkTypeChosen = defineEvent('promote.linkTypeChosen', 'intent', 'The player chose a link type on the promote screen: its invite link is read.', {
  linkType: Schema.Literals([2, 3, 4, 5]),
})

/** The player received their commission: the summary and the periods are read again. */
export const promoteCommissionReceived = defineEvent('promote.commissionReceived', 'notice', 'The player received their agent commission: the summary and the periods are read again.', {
  count: Schema.Number,
})

/** The player moved balance to a direct invitee: the summary and the transfer records are read again. */
export const promoteTransferred = defineEvent('promote.transferred', 'notice', 'The player moved balance to a direct invitee: the summary, the team and the transfer records are read again.', {
  amount: Schema.String,
})

/** The proxy-transfer screen opened: the direct invitees a transfer can go to are read. */
export const promoteTransferOpened = defineEvent('promote.transferOpened', 'intent', 'The proxy-transfer screen opened: the direct invitees a transfer can go to are read.', {})

/** The promote events. */
export const promoteEvents = [promoteOpened, promoteChannelNamed, promoteLinkTypeChosen, promoteCommissionReceived, promoteTransferred, promoteTransferOpened] as const
