import type { SnapshotFrom } from 'xstate'
import type { RedPacketAction } from '../../schemas/hall/calls/active'
import type { redpacketsMachine } from './redpackets.machine'

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
