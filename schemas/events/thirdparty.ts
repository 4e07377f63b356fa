import { Schema } from 'effect'
import { defineEvent } from '../event'
import { Sensitive } from '../sensitive'

/**
 * Third-party sign-in and binding (screens §4 third-party login and bind mode; §2 three-party
 * quick login buttons): the player picks a provider, the thirdparty runner opens its sign-in
 * window (OAuth 2.0 authorization code with PKCE, the hall's stand-in providers) and exchanges the
 * code for an access token; the lobby then signs in with it (session.thirdLoginSubmitted) or binds
 * it (thirduser/bind). The code never travels on the bus; the token only as a sensitive field.
 */

/** The four providers, by the name their sign-in path uses (requester types google 1, facebook 2, wechat 4, qq 5). */
export const ThirdProvider = Schema.Literals(['google', 'facebook', 'wechat', 'qq'])
export type ThirdProvider = typeof ThirdProvider.Type

/** What the sign-in is for: signing in (or registering in thirdWay mode), or binding to the signed-in player. */
export const ThirdPurpose = Schema.Literals(['login', 'bind'])
export type ThirdPurpose = typeof ThirdPurpose.Type

/** The third-party buttons came on screen (a sign-in popup, the security centre): they load first (screens §4). */
export const thirdButtonsShown = defineEvent('thirdparty.buttonsShown', 'intent', 'The third-party sign-in buttons came on screen: they load for 2 s first (screens §4).', {})

/** The player pressed a provider's button. */
export const thirdRequested = defineEvent('thirdparty.requested', 'intent', "The player pressed a third-party provider's button: its sign-in window opens.", {
  provider: ThirdProvider,
  purpose: ThirdPurpose,
})

/** The provider's sign-in ended with an access token. */
export const thirdAuthorized = defineEvent('thirdparty.authorized', 'fact', "The provider's sign-in ended: its access token for the lobby's sign-in or binding.", {
  provider: ThirdProvider,
  purpose: ThirdPurpose,
  accessToken: Sensitive(Schema.String),
})

/** The provider's sign-in ended without a token: the player cancelled or closed the window, or the provider refused. */
export const thirdFailed = defineEvent('thirdparty.failed', 'fact', "The provider's sign-in ended without a token (cancelled, window closed or blocked, or refused).", {
  provider: ThirdProvider,
  purpose: ThirdPurpose,
  reason: Schema.Literals(['cancelled', 'blocked', 'refused']),
})

/** The token was used: handed to the sign-in or the binding. */
export const thirdUsed = defineEvent('thirdparty.used', 'intent', "The provider's token was handed to the sign-in or the binding.", {
  purpose: ThirdPurpose,
})

export const thirdpartyEvents = [thirdButtonsShown, thirdRequested, thirdAuthorized, thirdFailed, thirdUsed] as const
