import { assign, enqueueActions, setup } from 'xstate'
import type { EventOfType } from '../../schemas/events'
import type { WebPushProblem } from '../../schemas/events/webpush'
import { getWebPushInfo } from '../../schemas/hall/calls/site'
import { registerWebPush, unregisterWebPush } from '../../schemas/hall/calls/webpush-own'
import { answers, dataOf, forgetAll, noRequests, request, settle, type Requests } from '../kit'
import type { ActorSpec } from '../spec'

/**
 * Web push (spec §7.3 getInfo and jpushWebId; docs/realtime.md "Web push"), for a signed-in real
 * player only and never at boot: the settings page opening (`webPush.opened`) reads the site's
 * switch and key; when push is open the runner is asked for the browser's state, and a
 * subscription the browser already has is registered again (a logout elsewhere may have dropped
 * it). The player's toggle subscribes (the runner asks the permission, then the pushManager) and
 * registers the subscription with the hall, or unsubscribes and tells the hall. A refusal, an
 * unreachable push service or a hall failure is kept as the problem the settings row explains.
 *
 * Consumes: session.loggedIn, session.loggedOut, webPush.opened, webPush.probed, webPush.toggled,
 *   webPush.subscribed, webPush.subscribeFailed, webPush.unsubscribed, hall.responded, hall.failed.
 * Emits: hall.requested, webPush.probeRequested, webPush.subscribeRequested, webPush.unsubscribeRequested.
 */

type Purpose = 'info' | 'register'

/** Where the toggle stands: not known yet, off, on, or on its way. */
export type WebPushPhase = 'unknown' | 'off' | 'subscribing' | 'registering' | 'on' | 'unsubscribing'

export interface WebPushContext {
  /** A signed-in real player (not a visitor, not a trial account). */
  readonly real: boolean
  readonly requests: Requests<Purpose>
  /** The site's switch and key, once read. */
  readonly site: { readonly open: boolean; readonly webKey: string } | null
  /** The browser's Push API and service worker, once probed. */
  readonly supported: boolean | null
  readonly phase: WebPushPhase
  readonly problem: WebPushProblem | null
}

export const webPushInitialContext: WebPushContext = { real: false, requests: noRequests, site: null, supported: null, phase: 'unknown', problem: null }

type WebPushEvent =
  | EventOfType<'session.loggedIn'>
  | EventOfType<'session.loggedOut'>
  | EventOfType<'webPush.opened'>
  | EventOfType<'webPush.probed'>
  | EventOfType<'webPush.toggled'>
  | EventOfType<'webPush.subscribed'>
  | EventOfType<'webPush.subscribeFailed'>
  | EventOfType<'webPush.unsubscribed'>
  | EventOfType<'hall.responded'>
  | EventOfType<'hall.failed'>

type WebPushEmitted =
  | EventOfType<'hall.requested'>
  | EventOfType<'webPush.probeRequested'>
  | EventOfType<'webPush.subscribeRequested'>
  | EventOfType<'webPush.unsubscribeRequested'>

const ID = 'webpush'

export const webPushMachine = setup({
  types: { context: {} as WebPushContext, events: {} as WebPushEvent, emitted: {} as WebPushEmitted },
  actions: {
    signIn: assign(({ event }) => (event.type === 'session.loggedIn' ? { real: event.real } : {})),
    signOut: assign(({ context }) => ({ ...webPushInitialContext, requests: forgetAll(context.requests) })),
    open: enqueueActions(({ context, enqueue }) => {
      if (!context.real) return
      const asked = request(ID, context.requests, 'info', getWebPushInfo, {})
      enqueue.assign({ requests: asked.requests, problem: null })
      enqueue.emit(asked.notice)
    }),
    answer: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'hall.responded' && event.type !== 'hall.failed') return
      const answer: EventOfType<'hall.responded'> | EventOfType<'hall.failed'> = event
      const isRegister = answers(context.requests, 'register', answer)
      if (answers(context.requests, 'info', event)) {
        const info = event.type === 'hall.responded' ? dataOf(getWebPushInfo, event) : null
        const open = info?.status === 'open' && info.webKey !== ''
        enqueue.assign({ requests: settle(context.requests, 'info'), site: { open, webKey: info?.webKey ?? '' } })
        if (open) enqueue.emit({ type: 'webPush.probeRequested' })
      } else if (isRegister) {
        const ok = answer.type === 'hall.responded'
        enqueue.assign({ requests: settle(context.requests, 'register'), phase: ok ? 'on' : 'off', problem: ok ? null : 'hall' })
      }
    }),
    probed: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'webPush.probed') return
      enqueue.assign({ supported: event.supported })
      if (event.supported && event.permission === 'granted' && event.jpushWebId !== undefined && context.site?.open === true) {
        const asked = request(ID, context.requests, 'register', registerWebPush, { jpushWebId: event.jpushWebId })
        enqueue.assign({ requests: asked.requests, phase: 'registering' })
        enqueue.emit(asked.notice)
      } else {
        enqueue.assign({ phase: 'off' })
      }
    }),
    toggle: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'webPush.toggled' || !context.real || context.site?.open !== true || context.supported !== true) return
      if (event.on && context.phase === 'off') {
        enqueue.assign({ phase: 'subscribing', problem: null })
        enqueue.emit({ type: 'webPush.subscribeRequested', webKey: context.site.webKey })
      } else if (!event.on && context.phase === 'on') {
        enqueue.assign({ phase: 'unsubscribing', problem: null })
        enqueue.emit({ type: 'webPush.unsubscribeRequested' })
      }
    }),
    subscribed: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'webPush.subscribed' || context.phase !== 'subscribing') return
      const asked = request(ID, context.requests, 'register', registerWebPush, { jpushWebId: event.jpushWebId })
      enqueue.assign({ requests: asked.requests, phase: 'registering' })
      enqueue.emit(asked.notice)
    }),
    failed: assign(({ context, event }) =>
      event.type === 'webPush.subscribeFailed' && context.phase === 'subscribing' ? { phase: 'off' as const, problem: event.reason } : {},
    ),
    unsubscribed: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'webPush.unsubscribed' || context.phase !== 'unsubscribing') return
      enqueue.assign({ phase: 'off' })
      if (event.endpoint === '' || !context.real) return
      // Nothing awaits the answer: the browser's subscription is gone either way.
      const asked = request(ID, context.requests, null, unregisterWebPush, { endpoint: event.endpoint })
      enqueue.assign({ requests: asked.requests })
      enqueue.emit(asked.notice)
    }),
  },
}).createMachine({
  id: ID,
  context: webPushInitialContext,
  on: {
    'session.loggedIn': { actions: 'signIn' },
    'session.loggedOut': { actions: 'signOut' },
    'webPush.opened': { actions: 'open' },
    'hall.responded': { actions: 'answer' },
    'hall.failed': { actions: 'answer' },
    'webPush.probed': { actions: 'probed' },
    'webPush.toggled': { actions: 'toggle' },
    'webPush.subscribed': { actions: 'subscribed' },
    'webPush.subscribeFailed': { actions: 'failed' },
    'webPush.unsubscribed': { actions: 'unsubscribed' },
  },
})

export const webPushActor = {
  id: ID,
  machine: webPushMachine,
  consumes: [
    'session.loggedIn', 'session.loggedOut', 'webPush.opened', 'webPush.probed', 'webPush.toggled', 'webPush.subscribed', 'webPush.subscribeFailed',
    'webPush.unsubscribed', 'hall.responded', 'hall.failed',
  ],
} as const satisfies ActorSpec

type Snapshot = { readonly context: WebPushContext }

/** The settings row shows for a real player once the site's push is open and the browser was probed (a browser without support is told so). */
export const selectWebPushShown = (s: Snapshot): boolean => s.context.real && s.context.site?.open === true && s.context.supported !== null

/** The toggle is on (also while it is being switched off). */
export const selectWebPushOn = (s: Snapshot): boolean => s.context.phase === 'on' || s.context.phase === 'unsubscribing'

/** The toggle is on its way (subscribing, registering, unsubscribing, or the browser's state not known yet). */
export const selectWebPushBusy = (s: Snapshot): boolean => s.context.phase !== 'on' && s.context.phase !== 'off'

/** What the row explains: the browser has no push, or why the last switch-on failed. */
export const selectWebPushProblem = (s: Snapshot): WebPushProblem | null => (s.context.supported === false ? 'unsupported' : s.context.problem)
