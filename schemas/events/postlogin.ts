import { Schema } from 'effect'
import { defineEvent } from '../event'
import { SecretString } from '../secret'
import { PopupId } from './popup-id'

/**
 * The post-login sequence (screens §4 after login, bind flow): after a real sign-in, the forced
 * password change first (the session actor does it and signs in again), then in order the forced
 * bind, the forced pop-ups (the frame box), the recharge pop-up and the new benefits, each awaiting
 * the one before; a sign-in also asks the other parts of the lobby to refresh what depends on the
 * player. The bind forms are real: codes are sent (by the verification flow, schemas/events/verify.ts)
 * and checked through the hall.
 */

/** A bind item of the forced bind flow, in the spec's order. */
export const BindItem = Schema.Literals(['phone', 'email', 'googleAuth', 'withdrawPass'])
export type BindItem = typeof BindItem.Type

/** What a sign-in asks the lobby to refetch (spec §4: red dots, auth info, notices, game categories, reward-bind data). */
export const RefreshItem = Schema.Literals(['redDot', 'authInfo', 'notices', 'gameCategories', 'rewardBind'])
export type RefreshItem = typeof RefreshItem.Type

/**
 * The sequence asks the popup queue for a popup (forced bind, recharge, new benefits, download
 * app); so does a first deposit after the sign-in (download app, actors/pay/firstdeposit.ts).
 */
export const postloginPopupRequested = defineEvent('postlogin.popupRequested', 'notice', 'The post-login sequence (or a first deposit after it) asks the popup queue for a popup.', {
  popup: PopupId,
  props: Schema.Record(Schema.String, Schema.Unknown),
})

/** The sequence closes its popup (a bind item was bound). */
export const postloginPopupDismissed = defineEvent('postlogin.popupDismissed', 'notice', 'The post-login sequence closes its popup (an item was bound).', {
  popup: PopupId,
})

/** A sign-in changed who is playing: what depends on the player is refetched. */
export const postloginRefreshRequested = defineEvent('postlogin.refreshRequested', 'notice', 'A sign-in changed the player: red dots, auth info, notices, game categories and reward-bind data are refetched.', {
  items: Schema.Array(RefreshItem),
})

/** The forced pop-ups step starts: the frame box shows the frames due. */
export const postloginFramesStarted = defineEvent('postlogin.framesStarted', 'notice', 'The forced pop-ups step starts: the frame box shows the frames due.', {})

/** The red-packet step starts (after the forced pop-ups): the red-packet popup may show now. */
export const postloginRedPacketsStarted = defineEvent('postlogin.redPacketsStarted', 'notice', 'The red-packet step of the post-login sequence starts: the red-packet popup may show now.', {})

/**
 * The player asked not to see the recharge pop-up (disable_active_pop popType 1 popStatus 1) or
 * the new-benefits pop-up (disable_newcomer_pop) again; the pop-up closes.
 */
export const postloginPopupDisabled = defineEvent('postlogin.popupDisableRequested', 'intent', 'The player asked not to see the recharge or new-benefits pop-up again; it closes.', {
  popup: Schema.Literals(['rechargePopup', 'newBenefitsModal']),
})

/** The player asked to receive a newcomer benefit's reward in the new-benefits pop-up (its status is receivable). */
export const postloginBenefitReceiveRequested = defineEvent('postlogin.benefitReceiveRequested', 'intent', "The player asked to receive a newcomer benefit's reward in the new-benefits pop-up.", {
  id: Schema.Int,
})

/** The player opened a bind form from the security page (an item not bound yet). */
export const postloginBindOpened = defineEvent('postlogin.bindOpened', 'intent', 'The player opened the bind form of an unbound item from the security page.', {
  item: BindItem,
})

/** The player asked to start the authenticator binding (its secret and otpauth link). Phone and email codes go through the verification flow. */
export const postloginAuthenticatorRequested = defineEvent('postlogin.authenticatorRequested', 'intent', 'The player asked to start the authenticator binding (its secret and otpauth link).', {})

/** The player submitted a bind form: the target and the code (or the withdraw PIN). */
export const postloginBindSubmitted = defineEvent('postlogin.bindSubmitted', 'intent', 'The player submitted a bind form with its code (or the withdraw PIN).', {
  item: BindItem,
  target: Schema.String,
  code: SecretString,
})

/** An item was bound. */
export const postloginBound = defineEvent('postlogin.bound', 'notice', 'A bind item was bound.', {
  item: BindItem,
})

/** The sequence reached its end for this sign-in. */
export const postloginFinished = defineEvent('postlogin.finished', 'notice', 'The post-login sequence reached its end for this sign-in.', {})

/** The post-login events. */
export const postloginEvents = [
  postloginPopupRequested, postloginPopupDismissed, postloginRefreshRequested, postloginFramesStarted, postloginRedPacketsStarted, postloginPopupDisabled, postloginBindOpened, postloginBenefitReceiveRequested,
  postloginAuthenticatorRequested, postloginBindSubmitted, postloginBound, postloginFinished,
] as const
