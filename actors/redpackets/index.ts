import type { ActorSpec } from '../spec'
import { redpacketsMachine } from './redpackets.machine'

/**
 * The red-packets actor: fetches a real player's red-packet activities (at sign-in, on a poll of
 * 10 s, 3 or 5 min, when a view asks and when the socket reports an activity change; never within
 * 3 s of the last fetch; never for frozen or blacklisted players), keeps the queue merged by activeid without closed ones or packets of other
 * devices, and takes the head packet when the player grabs, opens or accepts it, or every packet
 * sent to the player at once (Receive all).
 */
export const redpacketsActor = {
  id: 'redpackets',
  machine: redpacketsMachine,
  consumes: [
    'app.started',
    'hall.responded',
    'hall.failed',
    'session.loggedIn',
    'session.loggedOut',
    'redpackets.fetchRequested',
    'redpackets.actionRequested',
    'redpackets.popupClosed',
    'redpackets.receiveAllRequested',
    'realtime.activeDetailsReceived',
    'postlogin.redPacketsStarted',
  ],
} as const satisfies ActorSpec

/** The red-packets statechart. */
export { redpacketsMachine } from './redpackets.machine'
/** Its calls, delays, statuses and pure rules (for tests). */
export {
  REDPACKET_CALLS, REDPACKET_DELAYS, SKIPPED_STATUSES, OPEN_STATUS, merge, packetKey, deviceTypeOf, listOf, sendWaiting,
} from './redpackets.logic'
/** Its context, events and a claim's outcome. */
export type { RedPacketsContext, RedPacketsEvent, RedPacketsEmitted, ClaimResult, ReceiveAllResult } from './redpackets.logic'
export * from './redpackets.selectors'
