import { assign, enqueueActions, setup } from 'xstate'
import type { EventOfType } from '../../schemas/events'
import { securityModifyPhone } from '../../schemas/hall/calls/security'
import { answers, forgetAll, noRequests, request, settle, type Requests } from '../kit'
import type { LaunchError } from './launch.logic'

/**
 * The phone verification a game asks for (errors §8 game open: 3002 "SMS code game" opens phone
 * verification and retries). When the launch is answered 3002 (`games.phoneNeeded`) the
 * verifyBindPhone popup is requested. The code is sent by the verification flow (the verify
 * actor: its lock, countdown and challenge); the phone is bound here with the code received
 * (securityModifyPhone, a 4-digit SMS code). Once bound the popup is dismissed, and once it has
 * closed the launch is told (`games.phoneVerified`) and opens the game again. Closed unbound, the
 * popup may be opened again from the game page. When the launch stops waiting (the game page was
 * left, or the launch retried: `games.phoneAbandoned`) the popup closes with it.
 *
 * Consumes: games.phoneNeeded, games.phoneSubmitted, games.phoneAbandoned, popup.closed,
 *   hall.responded, hall.failed.
 * Emits: hall.requested, games.popupRequested, games.popupDismissed, games.phoneVerified.
 */

export type GamePhoneEvent =
  | EventOfType<'games.phoneNeeded'>
  | EventOfType<'games.phoneSubmitted'>
  | EventOfType<'games.phoneAbandoned'>
  | EventOfType<'popup.closed'>
  | EventOfType<'hall.responded'>
  | EventOfType<'hall.failed'>

export type GamePhoneEmitted =
  | EventOfType<'hall.requested'>
  | EventOfType<'games.popupRequested'>
  | EventOfType<'games.popupDismissed'>
  | EventOfType<'games.phoneVerified'>

export interface GamePhoneContext {
  /** The bind in flight, kept with the kit's bookkeeping. */
  readonly requests: Requests<'bind'>
  /** Why the last bind failed (a service code and its message, else the network), or null. */
  readonly error: LaunchError | null
}

export const initialGamePhone: GamePhoneContext = { requests: noRequests, error: null }

/** The call that binds the phone with its code. */
export const GAME_PHONE_CALL = securityModifyPhone.name

export const gamePhoneMachine = setup({
  types: { context: {} as GamePhoneContext, events: {} as GamePhoneEvent, emitted: {} as GamePhoneEmitted },
  guards: {
    // The form checked the phone and the SMS code's 4 digits (spec §5) before it sent the intent;
    // the code is the hall's to judge. A blank phone is still refused here: it is not a secret.
    validSubmit: ({ event }) => event.type === 'games.phoneSubmitted' && event.phone.trim() !== '',
    bindAnswer: ({ context, event }) => answers(context.requests, 'bind', event),
    phoneClosed: ({ event }) => event.type === 'popup.closed' && event.popup === 'verifyBindPhone',
  },
  actions: {
    open: enqueueActions(({ context: c, enqueue }) => {
      enqueue.assign({ requests: forgetAll(c.requests), error: null })
      enqueue.emit({ type: 'games.popupRequested', popup: 'verifyBindPhone' })
    }),
    bind: enqueueActions(({ context: c, event, enqueue }) => {
      if (event.type !== 'games.phoneSubmitted') return
      const asked = request('gamephone', c.requests, 'bind', securityModifyPhone, { phone: event.phone.trim(), code: event.code })
      enqueue.assign({ requests: asked.requests, error: null })
      enqueue.emit(asked.notice)
    }),
    bound: enqueueActions(({ context: c, enqueue }) => {
      enqueue.assign({ requests: settle(c.requests, 'bind'), error: null })
      enqueue.emit({ type: 'games.popupDismissed', popup: 'verifyBindPhone' })
    }),
    refused: assign(({ context: c, event }) => ({
      requests: settle(c.requests, 'bind'),
      error: event.type === 'hall.failed' && event.error._tag === 'ServiceCode' ? { code: event.error.code, message: event.error.msg } : { code: null, message: 'games.networkError' },
    })),
    dismiss: enqueueActions(({ context: c, enqueue }) => {
      enqueue.assign({ requests: forgetAll(c.requests), error: null })
      enqueue.emit({ type: 'games.popupDismissed', popup: 'verifyBindPhone' })
    }),
    verified: enqueueActions(({ enqueue }) => enqueue.emit({ type: 'games.phoneVerified' })),
  },
}).createMachine({
  id: 'gamephone',
  context: initialGamePhone,
  initial: 'idle',
  states: {
    idle: { on: { 'games.phoneNeeded': { target: 'entering', actions: 'open' } } },
    // The popup is asked for: the code goes through the verification flow, then the player submits.
    entering: {
      on: {
        'games.phoneSubmitted': { guard: 'validSubmit', target: 'binding', actions: 'bind' },
        'games.phoneAbandoned': { target: 'idle', actions: 'dismiss' },
      },
    },
    binding: {
      on: {
        'hall.responded': { guard: 'bindAnswer', target: 'bound', actions: 'bound' },
        'hall.failed': { guard: 'bindAnswer', target: 'entering', actions: 'refused' },
        'games.phoneAbandoned': { target: 'idle', actions: 'dismiss' },
      },
    },
    // Bound and dismissed: the launch is retried once the popup has closed.
    bound: {
      on: {
        'popup.closed': { guard: 'phoneClosed', target: 'idle', actions: 'verified' },
        'games.phoneAbandoned': { target: 'idle' },
      },
    },
  },
})
