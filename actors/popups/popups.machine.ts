import { assign, emit, enqueueActions, setup } from 'xstate'
import type { EventOfType } from '../../schemas/events'
import {
  AUTH_POPUPS,
  dismiss,
  isClosable,
  request,
  SESSION_POPUPS,
  type PopupEntry,
  type Slot,
} from './popups.queue'

/**
 * The global popup queue (spec §2 global popups): one popup shown at a time, the others waiting
 * in an ordered queue (popups.queue.ts). A popup starts waiting and renders only once it leaves
 * wait: here, once the site is ready (before that the boot screen is up and the device, which the
 * close-button rule needs, is unknown) and the popup before it has finished closing. The mask
 * does not close a popup; closing hides it, announces `popup.closed` 100 ms later (an actor
 * delay, so it is in the log), then resets its content.
 *
 * Consumes: popup.openRequested, popup.closeRequested, site.ready, session.authPromptNeeded,
 * session.logoutRequested, session.logoutConfirmed, session.logoutCancelled, session.tokenExpired,
 * session.expiredAcknowledged, session.loggedIn, session.loggedOut, nav.guardBlocked,
 * postlogin.popupRequested, postlogin.popupDismissed, framebox.popupRequested, framebox.popupDismissed,
 * games.popupRequested, games.popupDismissed (the post-login sequence, the frame box and the game
 * launch ask for their popups and close them), errors.reported (the error modal, spec §8),
 * notices.popupRequested (the maintenance popup and the receive tips).
 * Emits: popup.shown, popup.closed.
 */

/** Hidden to closed (spec §2: closing hides, then emits a close event after 100 ms). */
export const CLOSE_DELAY_MS = 100

/** The events that change the queue. */
type QueueEvent =
  | EventOfType<'popup.openRequested'>
  | EventOfType<'popup.closeRequested'>
  | EventOfType<'session.authPromptNeeded'>
  | EventOfType<'session.logoutRequested'>
  | EventOfType<'session.logoutConfirmed'>
  | EventOfType<'session.logoutCancelled'>
  | EventOfType<'session.tokenExpired'>
  | EventOfType<'session.expiredAcknowledged'>
  | EventOfType<'session.loggedIn'>
  | EventOfType<'session.loggedOut'>
  | EventOfType<'nav.guardBlocked'>
  | EventOfType<'postlogin.popupRequested'>
  | EventOfType<'postlogin.popupDismissed'>
  | EventOfType<'framebox.popupRequested'>
  | EventOfType<'framebox.popupDismissed'>
  | EventOfType<'games.popupRequested'>
  | EventOfType<'games.popupDismissed'>
  | EventOfType<'errors.reported'>
  | EventOfType<'notices.popupRequested'>

export type PopupsEvent = QueueEvent | EventOfType<'site.ready'>

type Emitted = EventOfType<'popup.shown'> | EventOfType<'popup.closed'>

/** The bus event types the actor consumes, for its ActorSpec. */
export const POPUPS_CONSUMES = [
  'popup.openRequested',
  'popup.closeRequested',
  'site.ready',
  'session.authPromptNeeded',
  'session.logoutRequested',
  'session.logoutConfirmed',
  'session.logoutCancelled',
  'session.tokenExpired',
  'session.expiredAcknowledged',
  'session.loggedIn',
  'session.loggedOut',
  'nav.guardBlocked',
  'postlogin.popupRequested',
  'postlogin.popupDismissed',
  'framebox.popupRequested',
  'framebox.popupDismissed',
  'games.popupRequested',
  'games.popupDismissed',
  'errors.reported',
  'notices.popupRequested',
] as const satisfies ReadonlyArray<PopupsEvent['type']>

export interface PopupsContext {
  /** The popups waiting to be shown, ordered by the queue's comparator. */
  readonly queue: ReadonlyArray<PopupEntry>
  /** The next arrival number. */
  readonly nextSeq: number
  /** The popup open, or the one closing; null while waiting. */
  readonly current: PopupEntry | null
  /** site.ready seen: popups may leave wait. */
  readonly siteReady: boolean
  /** The device site.ready named (the close-button rule); desktop until then. */
  readonly device: 'mobile' | 'desktop'
}

const initialContext: PopupsContext = { queue: [], nextSeq: 1, current: null, siteReady: false, device: 'desktop' }

/**
 * What an event does to the queue, worked out on the explicit data. `openNow` says whether the
 * current popup is open (so it can be replaced or closed) or only closing or absent.
 */
export const planOf = (context: PopupsContext, event: QueueEvent, openNow: boolean): Slot => {
  const slot: Slot = { queue: context.queue, nextSeq: context.nextSeq, open: openNow ? context.current : null, leaving: null }
  switch (event.type) {
    case 'popup.openRequested':
      return request(slot, event.popup, event.props ?? {})
    case 'popup.closeRequested':
      return isClosable(event.popup) ? dismiss(slot, [event.popup]) : slot
    case 'session.authPromptNeeded':
      // A third-party login that found no account registers in thirdWay mode with what it found (spec §4).
      return request(slot, event.mode, event.thirdWay === undefined ? {} : { mode: 'thirdWay', thirdWay: event.thirdWay })
    case 'session.logoutRequested':
      return request(slot, 'logoutConfirm', {})
    case 'session.logoutConfirmed':
    case 'session.logoutCancelled':
      return dismiss(slot, ['logoutConfirm'])
    case 'session.tokenExpired':
      // Nothing is left to log out from or to change the password of.
      return request(dismiss(slot, SESSION_POPUPS), 'tokenExpired', {})
    case 'session.expiredAcknowledged':
      return dismiss(slot, ['tokenExpired'])
    case 'session.loggedIn': {
      // A guest sign-in (trial account) leaves a sign-in popup open: the guest may still log in.
      const signedIn = event.real ? dismiss(slot, AUTH_POPUPS) : slot
      return event.mustChangePassword ? request(signedIn, 'forceChangePwd', {}) : dismiss(signedIn, ['forceChangePwd'])
    }
    case 'session.loggedOut':
      return dismiss(slot, SESSION_POPUPS)
    case 'nav.guardBlocked':
      // The guide to log in (spec §2): the login popup, saying which page asked for it.
      return request(slot, 'login', { guide: true, route: event.name })
    case 'postlogin.popupRequested':
    case 'framebox.popupRequested':
    case 'notices.popupRequested':
      return request(slot, event.popup, event.props)
    case 'games.popupRequested':
      return request(slot, event.popup, event.props ?? {})
    case 'postlogin.popupDismissed':
    case 'framebox.popupDismissed':
    case 'games.popupDismissed':
      return dismiss(slot, [event.popup])
    case 'errors.reported':
      // One error modal at a time: another failure while one is up or waiting adds none (spec §8, deduplicated).
      return request(slot, 'serviceError', {
        message: event.message,
        translate: event.translate,
        ...(event.requestId === undefined ? {} : { requestId: event.requestId }),
      })
  }
}

const isQueueEvent = (event: PopupsEvent): event is QueueEvent => event.type !== 'site.ready'

/**
 * The events that only ever add to the queue: they cannot close the open popup (the game lobby
 * asks only for unranked popups: registration, phone verification, continue last game).
 */
type AddingEvent =
  | EventOfType<'session.authPromptNeeded'>
  | EventOfType<'session.logoutRequested'>
  | EventOfType<'nav.guardBlocked'>
  | EventOfType<'games.popupRequested'>
  | EventOfType<'errors.reported'>
  | EventOfType<'notices.popupRequested'>
const ADDING_TYPES = ['session.authPromptNeeded', 'session.logoutRequested', 'nav.guardBlocked', 'games.popupRequested', 'errors.reported', 'notices.popupRequested'] as const satisfies ReadonlyArray<AddingEvent['type']>
/** The events that may close the open popup: a dismissal, or a popup that outranks it. */
const CLOSING_TYPES = POPUPS_CONSUMES.filter(
  (t): t is Exclude<QueueEvent, AddingEvent>['type'] => t !== 'site.ready' && !(ADDING_TYPES as ReadonlyArray<string>).includes(t),
)

/** The same handler for each of the given event types. */
const onEach = <const T extends string, const H>(types: ReadonlyArray<T>, handler: H): Record<T, H> =>
  Object.fromEntries(types.map((t) => [t, handler])) as Record<T, H>

export const popupsMachine = setup({
  types: {
    context: {} as PopupsContext,
    events: {} as PopupsEvent,
    emitted: {} as Emitted,
  },
  delays: {
    closeDelay: CLOSE_DELAY_MS,
  },
  guards: {
    canOpen: ({ context }) => context.siteReady && context.queue.length > 0,
    closesOpen: ({ context, event }) => isQueueEvent(event) && planOf(context, event, true).leaving !== null,
  },
  actions: {
    takeSite: assign(({ event }) => (event.type === 'site.ready' ? { siteReady: true, device: event.device } : {})),
    applyPlan: enqueueActions(({ context, event, enqueue }, params: { openNow: boolean }) => {
      if (!isQueueEvent(event)) return
      const plan = planOf(context, event, params.openNow)
      const current = params.openNow ? (plan.leaving ?? plan.open) : context.current
      enqueue.assign({ queue: plan.queue, nextSeq: plan.nextSeq, current })
      // A sign-in tab switch replaces the open popup in place.
      if (params.openNow && plan.open !== null && plan.open !== context.current) {
        enqueue.emit({ type: 'popup.shown', popup: plan.open.id })
      }
    }),
    takeHead: assign(({ context }) => ({ current: context.queue[0] ?? null, queue: context.queue.slice(1) })),
    announceShown: emit(({ context }) => ({ type: 'popup.shown' as const, popup: context.current?.id ?? null })),
    announceHidden: emit({ type: 'popup.shown' as const, popup: null }),
    announceClosed: enqueueActions(({ context, enqueue }) => {
      if (context.current !== null) enqueue.emit({ type: 'popup.closed', popup: context.current.id })
    }),
    resetContent: assign({ current: null }),
  },
}).createMachine({
  id: 'popups',
  context: initialContext,
  initial: 'waiting',
  on: {
    'site.ready': { actions: 'takeSite' },
    ...onEach([...ADDING_TYPES, ...CLOSING_TYPES], { actions: { type: 'applyPlan', params: { openNow: false } } }),
  },
  states: {
    /** Nothing rendered: the queue is empty, the site is not ready yet, or a close just finished. */
    waiting: {
      always: { guard: 'canOpen', target: 'open' },
    },
    /** One popup rendered. */
    open: {
      entry: ['takeHead', 'announceShown'],
      on: {
        ...onEach(ADDING_TYPES, { actions: { type: 'applyPlan', params: { openNow: true } } }),
        ...onEach(CLOSING_TYPES, [
          { guard: 'closesOpen', target: 'closing', actions: { type: 'applyPlan', params: { openNow: true } } },
          { actions: { type: 'applyPlan', params: { openNow: true } } },
        ]),
      },
    },
    /** Hidden; its close is announced after the delay, then its content is reset. */
    closing: {
      entry: 'announceHidden',
      after: {
        closeDelay: { target: 'waiting', actions: ['announceClosed', 'resetContent'] },
      },
    },
  },
})
