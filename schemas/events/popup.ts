import { Schema } from 'effect'
import { defineEvent } from '../event'

/**
 * Global popups (spec §2): one queue, one popup shown at a time. Issue-by-issue more popups join;
 * the queue's ordering rules (post-login sequence) grow with them.
 */

/** The global popups the spec lists. */
export const PopupId = Schema.Literals([
  'auth', 'login', 'register', 'task', 'forgotPassword', 'pay', 'feedback', 'pass', 'forceChangePwd',
  'forcePopup', 'newBenefitsModal', 'verifyBindPhone', 'rechargePopup', 'verifyUserPassword',
  'discountCode', 'maintenance', 'iframePopup', 'downloadApp', 'tokenExpired', 'logoutConfirm',
  'continueLastGame', 'receiveTips',
  // The forced bind of the post-login sequence (screens §4 bind flow): one bind item at a time.
  'forceBind',
  // A bind form the player opened from the security page (closable, unlike the forced one).
  'bind',
  // A call's failure the player must see (spec §8 reactions: one error modal at a time).
  'serviceError',
  // The savings introduction (yuebao isPop), once.
  'yuebaoIntro',
])
export type PopupId = typeof PopupId.Type

/** A view asks to open a popup (login and register buttons, menu entries). */
export const popupOpenRequested = defineEvent('popup.openRequested', 'intent', 'A view asks to open a global popup.', {
  popup: PopupId,
  props: Schema.optionalKey(Schema.Record(Schema.String, Schema.Unknown)),
})

/** The player closed the popup on top (close button, Escape). */
export const popupCloseRequested = defineEvent('popup.closeRequested', 'intent', 'The player closed the popup shown.', {
  popup: PopupId,
})

/** The popup shown changed (null: none); views render it. */
export const popupShown = defineEvent('popup.shown', 'notice', 'The popup shown changed.', {
  popup: Schema.NullOr(PopupId),
})

/**
 * A popup finished closing: it was hidden, and 100 ms later its content is reset (spec §2). What
 * waits for a popup to be dismissed (the post-login sequence) waits for this.
 */
export const popupClosed = defineEvent('popup.closed', 'notice', 'A popup finished closing, 100 ms after it was hidden; its content is reset.', {
  popup: PopupId,
})

/** The popup events. */
export const popupEvents = [popupOpenRequested, popupCloseRequested, popupShown, popupClosed] as const
