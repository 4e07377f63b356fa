import { Schema } from 'effect'
import { defineEvent } from '../event'
import { RedPacketAction } from '../hall/calls/active'
import { Amount } from '../hall/calls/auth'

/**
 * Red packets (screens doc §4 red packets, §6 frozen and blacklisted players; calls §7.4
 * redactive, getred, getreward, receivereward, receiverewardall; §9 polling and fetch lock). The red-packets actor
 * fetches the player's red-packet activities through the hall runner, keeps the queue the popup
 * shows, and takes the head packet when the player grabs, opens or accepts it.
 */

/** A view asks for the red packets now (the red-packet entry); the 3 s fetch lock still applies. */
export const redpacketsFetchRequested = defineEvent('redpackets.fetchRequested', 'intent', 'A view asks to look for red packets now (the fetch lock still applies).', {})

/** The player took the packet the popup shows: grab, open or send (the action of its activity). */
export const redpacketsActionRequested = defineEvent('redpackets.actionRequested', 'intent', 'The player grabbed, opened or accepted the red packet the popup shows.', {
  activeId: Schema.Int,
  action: RedPacketAction,
})

/** The player closed the red-packet popup (the packet, its result, or the receive-tips prompt). */
export const redpacketsPopupClosed = defineEvent('redpackets.popupClosed', 'intent', 'The player closed the red-packet popup (packet, result or receive-tips prompt).', {})

/** The player asked to receive every red packet sent to them that waits (the event centre's Receive all). */
export const redpacketsReceiveAllRequested = defineEvent('redpackets.receiveAllRequested', 'intent', 'The player asked to receive every red packet sent to them at once (receiverewardall).', {})

/** A packet was credited: the amount and the balance after it (views and the wallet refresh). */
export const redpacketsCredited = defineEvent('redpackets.credited', 'notice', 'A red packet was credited: its amount and the balance after it.', {
  activeId: Schema.Int,
  redId: Schema.Int,
  amount: Amount,
  currency: Schema.String,
  balance: Amount,
})

/**
 * The red-packet step of the post-login sequence is over: when its turn came there was nothing to
 * show, or the popup it showed was closed (screens §4 after login: each step awaits the one before).
 */
export const redpacketsStepFinished = defineEvent('redpackets.stepFinished', 'notice', 'The red-packet step of the post-login sequence is over: nothing to show, or its popup was closed.', {})

/** The red-packet events. */
export const redpacketsEvents = [redpacketsFetchRequested, redpacketsActionRequested, redpacketsPopupClosed, redpacketsReceiveAllRequested, redpacketsCredited, redpacketsStepFinished] as const
