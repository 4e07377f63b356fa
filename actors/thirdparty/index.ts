import { assign, setup, type SnapshotFrom } from 'xstate'
import type { EventOfType } from '../../schemas/events'
import type { ThirdProvider, ThirdPurpose } from '../../schemas/events/thirdparty'
import { bindThirdUser } from '../../schemas/hall/calls/security'
import { commandActor } from '../kit'
import type { ActorSpec } from '../spec'

/**
 * Third-party sign-in and binding in the lobby (screens §4; §2 the sign-in buttons):
 *
 * - the buttons' timing (screens §4): when they come on screen (a sign-in popup, the security
 *   centre: `thirdparty.buttonsShown`, which the buttons send, so a session without them has no
 *   timer and no state change of this actor), they load for 2 s (Google's official button is revealed then, WeChat's and QQ's loading ends);
 *   Facebook's shows at once. The Google button's 0 px frame tip does not apply: the lobby draws
 *   the button itself, never in a frame of the provider's.
 * - the sign-in under way: which provider for what (signing in, binding), then its outcome from
 *   the thirdparty runner, its access token kept until the view hands it on (`thirdparty.used`).
 *
 * `bindThirdUser` (thirduser/bind) binds the token to the signed-in player; its result (the masked
 * email and the type) shows on the security centre and the profile is read again.
 */

/** How long the buttons load before they show (screens §4: Google waits 2 s, WeChat and QQ load 2 s). */
export const THIRD_BUTTON_DELAY_MS = 2000

/** The requester type of each provider (spec enumerations: social login). */
export const REQUESTER_TYPE = { google: 1, facebook: 2, wechat: 4, qq: 5 } as const satisfies Record<ThirdProvider, 1 | 2 | 4 | 5>

/** The provider of a requester type, or null. */
export const providerOfType = (type: number): ThirdProvider | null =>
  (Object.keys(REQUESTER_TYPE) as ThirdProvider[]).find((p) => REQUESTER_TYPE[p] === type) ?? null

/** A sign-in with a provider, from the button to its outcome. */
export interface ThirdAttempt {
  readonly provider: ThirdProvider
  readonly purpose: ThirdPurpose
  readonly status: 'waiting' | 'authorized' | 'failed'
  readonly accessToken: string | null
  readonly reason: 'cancelled' | 'blocked' | 'refused' | null
}

export interface ThirdContext {
  readonly attempt: ThirdAttempt | null
}

type ThirdEvent =
  | EventOfType<'thirdparty.buttonsShown'>
  | EventOfType<'thirdparty.requested'>
  | EventOfType<'thirdparty.authorized'>
  | EventOfType<'thirdparty.failed'>
  | EventOfType<'thirdparty.used'>
  | EventOfType<'session.loggedOut'>

export const thirdpartyMachine = setup({
  types: { context: {} as ThirdContext, events: {} as ThirdEvent },
  delays: { buttons: THIRD_BUTTON_DELAY_MS },
  actions: {
    start: assign(({ event }) =>
      event.type === 'thirdparty.requested'
        ? { attempt: { provider: event.provider, purpose: event.purpose, status: 'waiting' as const, accessToken: null, reason: null } }
        : {},
    ),
    // An outcome counts for the attempt under way only (a window left open from before is not it).
    outcome: assign(({ context, event }) => {
      const a = context.attempt
      if (a === null || a.status !== 'waiting') return {}
      if (event.type === 'thirdparty.authorized' && event.provider === a.provider && event.purpose === a.purpose) {
        return { attempt: { ...a, status: 'authorized' as const, accessToken: event.accessToken } }
      }
      if (event.type === 'thirdparty.failed' && event.provider === a.provider && event.purpose === a.purpose) {
        return { attempt: { ...a, status: 'failed' as const, reason: event.reason } }
      }
      return {}
    }),
    forget: assign({ attempt: null }),
  },
}).createMachine({
  id: 'thirdparty',
  type: 'parallel',
  context: { attempt: null },
  states: {
    buttons: {
      initial: 'hidden',
      states: {
        hidden: {},
        loading: { after: { buttons: 'ready' } },
        ready: {},
      },
      on: {
        'thirdparty.buttonsShown': { target: '.loading' },
      },
    },
    attempt: {
      on: {
        'thirdparty.requested': { actions: 'start' },
        'thirdparty.authorized': { actions: 'outcome' },
        'thirdparty.failed': { actions: 'outcome' },
        'thirdparty.used': { actions: 'forget' },
        'session.loggedOut': { actions: 'forget' },
      },
    },
  },
})

export type ThirdSnapshot = SnapshotFrom<typeof thirdpartyMachine>

/** Whether a provider's button shows (Facebook's at once; the others after their loading). */
export const selectThirdButtonReady = (provider: ThirdProvider) => (s: ThirdSnapshot): boolean =>
  provider === 'facebook' || s.matches({ buttons: 'ready' })

/** The sign-in under way or just ended, or null. */
export const selectThirdAttempt = (s: ThirdSnapshot): ThirdAttempt | null => s.context.attempt

export const thirdpartyActor = {
  id: 'thirdparty',
  machine: thirdpartyMachine,
  consumes: ['thirdparty.buttonsShown', 'thirdparty.requested', 'thirdparty.authorized', 'thirdparty.failed', 'thirdparty.used', 'session.loggedOut'],
} as const satisfies ActorSpec

/**
 * Binds the provider's account to the signed-in player (thirduser/bind, os_type PC H5 3): its
 * masked email and type (screens §4 bind mode); the profile is read again to show them.
 */
export const bindThirdUserCommand = commandActor({
  id: 'bindThirdUser',
  call: bindThirdUser,
  modal: ['trial'],
  audience: 'real',
  select: (d) => d.data,
  announce: () => [{ type: 'account.changed', item: 'thirdWay' }],
  codes: { badToken: 'thirdWay.error.expired', boundElsewhere: 'thirdWay.error.boundElsewhere', alreadyBound: 'thirdWay.error.alreadyBound' },
})
