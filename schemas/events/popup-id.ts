import { Schema } from 'effect'

/*
 * The popup ids on their own (schemas/events/popup.ts declares each one's props), so the events
 * that ask for a popup can name them without importing what the props are made of.
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
