import { getRed, getReward, receiveReward, receiveRewardAll, redActive } from '../../schemas/hall/calls/active'
import { noRequests, type Requests } from '../kit'
import type { EventOfType } from '../../schemas/events'
import type { RedActivity, RedClaim, DeviceTypeString, RedPacketAction } from '../../schemas/hall/calls/active'
import type { HallError } from '../../schemas/hall/errors'

/**
 * The red-packets actor's data and pure rules (screens doc §4 red packets, §6; calls §7.4, §9):
 * merging a fetch into the queue, the device filter, the poll interval, who is skipped.
 */

/** The hall calls this actor makes, by the names of schemas/hall/calls. */
export const REDPACKET_CALLS = { list: redActive, grab: getRed, open: getReward, send: receiveReward, all: receiveRewardAll } as const

/** Account statuses that receive no red packets (spec: FreezeManual 2, FreezeAbnormal 3, BlackList 5). */
export const SKIPPED_STATUSES: ReadonlyArray<number> = [2, 3, 5]

/** Activity status Processing (enumerations): the only status whose packets are shown. */
export const OPEN_STATUS = 1

/** The actor's delays (spec §9): the 3 s fetch lock and the default 10 s polling. */
export const REDPACKET_DELAYS = { fetchLock: 3_000, defaultPoll: 10_000 } as const

/** The key of one packet of one activity, for packets already taken. */
export const packetKey = (a: { readonly activeid: number; readonly redId: number }): string => `${a.activeid}:${a.redId}`

/** The device type string of the lobby's device (spec: H5 '3', PC '4'). */
export const deviceTypeOf = (device: 'mobile' | 'desktop'): DeviceTypeString => (device === 'mobile' ? '3' : '4')

/** What the popup says after a packet was taken: the claim, or the error of the call. */
export interface ClaimResult {
  readonly activeId: number
  readonly action: RedPacketAction
  readonly claim: RedClaim | null
  readonly error: HallError | null
}

export interface RedPacketsContext {
  readonly device: DeviceTypeString
  readonly userStatus: number | null
  /** Packets the popup will show, head first: open, allowed on this device, not taken. */
  readonly queue: ReadonlyArray<RedActivity>
  /** Open activities this device may not take packets of (the receive-tips prompt). */
  readonly blocked: ReadonlyArray<number>
  /** Activities whose receive-tips prompt was shown. */
  readonly prompted: ReadonlyArray<number>
  /** Packets taken in this session (packetKey), never shown again. */
  readonly taken: ReadonlyArray<string>
  /** The poll interval the last fetch set, in ms. */
  readonly pollMs: number
  /** The list fetch, the claim and the receive-all in flight, each awaited by its newest request (the kit's bookkeeping). */
  readonly requests: Requests<'fetch' | 'claim' | 'all'>
  readonly claiming: { readonly activeId: number; readonly redId: number; readonly action: RedPacketAction } | null
  readonly result: ClaimResult | null
  /** The post-login sequence's red-packet step is running: it is announced over once nothing is left to show. */
  readonly stepDue: boolean
  /** What the last receive-all took (its packets, their total), or its error; null before one. */
  readonly receivedAll: ReceiveAllResult | null
}

/** What a receive-all answered: how many packets it took and their total, or the call's error. */
export interface ReceiveAllResult {
  readonly count: number
  readonly total: string
  readonly currency: string
  readonly error: HallError | null
}

export const initialContext: RedPacketsContext = {
  device: '4',
  userStatus: null,
  queue: [],
  blocked: [],
  prompted: [],
  taken: [],
  pollMs: REDPACKET_DELAYS.defaultPoll,
  requests: noRequests,
  claiming: null,
  result: null,
  stepDue: false,
  receivedAll: null,
}

export type RedPacketsEvent =
  | EventOfType<'app.started'>
  | EventOfType<'hall.responded'>
  | EventOfType<'hall.failed'>
  | EventOfType<'session.loggedIn'>
  | EventOfType<'session.loggedOut'>
  | EventOfType<'redpackets.fetchRequested'>
  | EventOfType<'redpackets.actionRequested'>
  | EventOfType<'redpackets.popupClosed'>
  | EventOfType<'redpackets.receiveAllRequested'>
  | EventOfType<'realtime.activeDetailsReceived'>
  | EventOfType<'postlogin.redPacketsStarted'>
  /** Internal: a fetch went out, the lock closes (raised by the actor itself, never on the bus). */
  | { readonly type: 'redpackets.lock' }

export type RedPacketsEmitted =
  | EventOfType<'hall.requested'>
  | EventOfType<'redpackets.credited'>
  | EventOfType<'redpackets.stepFinished'>
  | EventOfType<'wallet.balanceReported'>

/** The list of a redactive answer (the hall runner decoded it with the call's schema). */
export const listOf = (data: unknown): ReadonlyArray<RedActivity> => {
  const list = (data as { list?: unknown } | null)?.list
  return Array.isArray(list) ? (list as ReadonlyArray<RedActivity>) : []
}

/**
 * Merges a fetched list into the queue (spec §4: merged by activeid, closed ones filtered,
 * filtered by device). A fetched activity replaces the queued one of the same activeid in place,
 * a new one joins at the end; a queued activity the fetch reports not open leaves; one the fetch
 * does not mention stays. Packets already taken never come back. Also returns the open activities
 * this device may not take and the poll interval: the shortest refresh of the open activities,
 * 10 s when there is none.
 */
export const merge = (
  c: Pick<RedPacketsContext, 'queue' | 'taken' | 'device'>,
  list: ReadonlyArray<RedActivity>,
): { queue: ReadonlyArray<RedActivity>; blocked: ReadonlyArray<number>; pollMs: number } => {
  const byId = new Map(list.map((a) => [a.activeid, a]))
  const usable = (a: RedActivity): boolean => a.status === OPEN_STATUS && !c.taken.includes(packetKey(a))
  const allowed = (a: RedActivity): boolean => a.deviceTypes.includes(c.device)
  const queue: RedActivity[] = []
  for (const queued of c.queue) {
    const fresh = byId.get(queued.activeid) ?? queued
    if (usable(fresh) && allowed(fresh)) queue.push(fresh)
  }
  for (const a of list) {
    if (usable(a) && allowed(a) && !queue.some((q) => q.activeid === a.activeid)) queue.push(a)
  }
  const open = list.filter(usable)
  const blocked = [...new Set(open.filter((a) => !allowed(a)).map((a) => a.activeid))]
  const refresh = open.map((a) => a.refreshInterval * 1000)
  return { queue, blocked, pollMs: refresh.length === 0 ? REDPACKET_DELAYS.defaultPoll : Math.min(...refresh) }
}

/** Packets sent to the player (action send) waiting in the queue: what Receive all would take. */
export const sendWaiting = (queue: ReadonlyArray<RedActivity>): number => queue.filter((a) => a.action === 'send').reduce((n, a) => n + a.count, 0)
