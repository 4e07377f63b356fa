import type { SnapshotFrom } from 'xstate'
import type { RedPacketAction } from '../../schemas/hall/calls/active'
import type { redpacketsMachine } from './redpackets.machine'
import { isAwaiting } from '../kit'
import { sendWaiting } from './redpackets.logic'

type RedPacketsSnapshot = SnapshotFrom<typeof redpacketsMachine>

/** What the red-packet popup shows. */
export type RedPacketPopupView =
  | { readonly kind: 'none' }
  /** The head packet, with the button of its action (grab, open or send). */
  | { readonly kind: 'packet'; readonly activeId: number; readonly title: string; readonly action: RedPacketAction; readonly waiting: number }
  /** The packet was taken; the hall has not answered yet. */
  | { readonly kind: 'claiming'; readonly activeId: number; readonly action: RedPacketAction }
  /** The amount credited, or the error; `again` when the packet had been credited before. */
  | {
      readonly kind: 'result'
      readonly activeId: number
      readonly amount: string | null
      readonly currency: string
      readonly again: boolean
      readonly error: string | null
    }
  /** The receive-tips prompt: the open packets cannot be taken on this device. */
  | { readonly kind: 'tips' }

const NONE: RedPacketPopupView = { kind: 'none' }
const TIPS: RedPacketPopupView = { kind: 'tips' }
const cache = new WeakMap<object, { state: string; view: RedPacketPopupView }>()

const compute = (s: RedPacketsSnapshot): RedPacketPopupView => {
  const c = s.context
  if (s.matches({ signedIn: { popup: 'packet' } })) {
    const head = c.queue[0]
    return head === undefined
      ? NONE
      : { kind: 'packet', activeId: head.activeid, title: head.title, action: head.action, waiting: c.queue.length - 1 }
  }
  if (s.matches({ signedIn: { popup: 'claiming' } }) && c.claiming !== null) {
    return { kind: 'claiming', activeId: c.claiming.activeId, action: c.claiming.action }
  }
  if (s.matches({ signedIn: { popup: 'result' } }) && c.result !== null) {
    const r = c.result
    const error = r.error === null ? null : r.error._tag === 'ServiceCode' ? r.error.msg : r.error._tag
    return {
      kind: 'result',
      activeId: r.activeId,
      amount: r.claim?.amount ?? null,
      currency: r.claim?.currency ?? '',
      again: r.claim !== null && !r.claim.first,
      error,
    }
  }
  if (s.matches({ signedIn: { popup: 'tips' } })) return TIPS
  return NONE
}

/** The red-packet popup, computed once per context and state so views get the same object until it changes. */
export const selectRedPacketPopup = (s: RedPacketsSnapshot): RedPacketPopupView => {
  const state = JSON.stringify(s.value)
  const cached = cache.get(s.context)
  if (cached !== undefined && cached.state === state) return cached.view
  const view = compute(s)
  cache.set(s.context, { state, view })
  return view
}

/** How many packets wait in the queue (a badge on the red-packet entry). */
export const selectRedPacketCount = (s: RedPacketsSnapshot): number => s.context.queue.length

/** Whether red packets are being looked for (a real player is signed in and not skipped). */
export const selectRedPacketsActive = (s: RedPacketsSnapshot): boolean => s.matches('signedIn')

/** The event centre's Receive all: the packets sent to the player waiting, whether a receive is asked, and what the last one took. */
export interface ReceiveAllView {
  readonly waiting: number
  readonly receiving: boolean
  /** The last receive-all: packets taken and their total, or its error (the hall's message or the failure's tag). */
  readonly received: { readonly count: number; readonly total: string; readonly currency: string } | null
  readonly error: string | null
}

const allCache = new WeakMap<object, ReceiveAllView>()

/** Receive all's view, the same object while the context and the state are the same. */
export const selectReceiveAll = (s: RedPacketsSnapshot): ReceiveAllView => {
  const receiving = s.matches('signedIn') && isAwaiting(s.context.requests, 'all')
  const cached = allCache.get(s.context)
  if (cached !== undefined && cached.receiving === receiving) return cached
  const r = s.context.receivedAll
  const view: ReceiveAllView = {
    waiting: s.matches('signedIn') ? sendWaiting(s.context.queue) : 0,
    receiving,
    received: r === null || r.error !== null ? null : { count: r.count, total: r.total, currency: r.currency },
    error: r?.error == null ? null : r.error._tag === 'ServiceCode' ? r.error.msg : r.error._tag,
  }
  allCache.set(s.context, view)
  return view
}
