import type { EventOfType } from '../../schemas/events'
import type { BindItem, RefreshItem } from '../../schemas/events/postlogin'
import type { NewcomerBenefit } from '../../schemas/hall/calls/task'
import type { Secret } from '../../schemas/secret'
import { bindEmail, bindGoogleAuth, modifyWithdrawPass, securityModifyPhone } from '../../schemas/hall/calls/security'
import { noRequests, request, type Asked, type Requests } from '../kit'

/**
 * The post-login sequence's rules as plain functions (screens §4 after login, bind flow; calls §7.2
 * code sends, §5 code lengths). Phone and email codes are sent by the verification flow (actors/verify).
 */

/** The bind items in the order the bind flow asks for them. */
export const BIND_ORDER: ReadonlyArray<BindItem> = ['phone', 'email', 'googleAuth', 'withdrawPass']
/** What a sign-in refetches. */
export const REFRESH_ITEMS: ReadonlyArray<RefreshItem> = ['redDot', 'authInfo', 'notices', 'gameCategories', 'rewardBind']
/** The hall calls of the sequence. */
export const POSTLOGIN_CALLS = {
  sendPhone: 'securityCreateSms',
  sendEmail: 'securityCreateMail',
  startGoogleAuth: 'bindGoogleAuth',
  bindPhone: 'securityModifyPhone',
  bindEmail: 'bindEmail',
  bindGoogleAuth: 'bindGoogleAuth',
  bindWithdrawPass: 'modifyWithdrawPass',
  rechargeList: 'popRechargeListV2',
  disableRecharge: 'disableActivePop',
  newcomerPop: 'newcomerBenefitPop',
  receiveBenefit: 'newcomerBenefitReward',
  disableNewcomer: 'disableNewcomerPop',
} as const

/** What the user info says about the bind flow. */
export interface BindState {
  readonly mustBindItem: number
  readonly bound: ReadonlyArray<BindItem>
}

/** The bind state a sign-in carries (spec §4 bind flow; nothing to bind when it says none). */
export const bindStateOf = (e: EventOfType<'session.loggedIn'>): BindState => e.bind ?? { mustBindItem: 0, bound: [] }

/** The next item to bind: the first unbound one in order while fewer than must_bind_item are bound. */
export const nextBindItem = (b: BindState | null): BindItem | null => {
  if (b === null || b.bound.length >= b.mustBindItem) return null
  return BIND_ORDER.find((item) => !b.bound.includes(item)) ?? null
}

/** What the sequence awaits: the authenticator's start, a bind form's submission, the step in hand (recharge list, benefits, a receipt, a disable). */
export type PostloginPurpose = 'start' | 'submit' | 'step'

/**
 * Asks for the call that binds an item, with its typed payload, as the form's submission. The code
 * (or the withdraw PIN) is a Secret: its format was the form's to check (spec §5: SMS 4 digits,
 * email 5, the authenticator and the PIN 6), the hall judges the rest.
 */
export const askBind = (requests: Requests<PostloginPurpose>, item: BindItem, target: string, code: Secret): Asked<PostloginPurpose> => {
  switch (item) {
    case 'phone':
      return request('postlogin', requests, 'submit', securityModifyPhone, { phone: target, code })
    case 'email':
      return request('postlogin', requests, 'submit', bindEmail, { email: target, code })
    case 'googleAuth':
      return request('postlogin', requests, 'submit', bindGoogleAuth, { code })
    case 'withdrawPass':
      return request('postlogin', requests, 'submit', modifyWithdrawPass, { newPass: code })
  }
}

/** The recharge promotions of a pop-recharge answer (actives), none when the player disabled the pop-up (disablePop 1). */
export const rechargeListOf = (data: unknown): ReadonlyArray<unknown> => {
  const d = data as { actives?: unknown; disablePop?: unknown } | null
  if (d?.disablePop === 1) return []
  return Array.isArray(d?.actives) ? d.actives : []
}

/** The benefits a new-benefits answer lists. */
export const benefitsListOf = (data: unknown): ReadonlyArray<unknown> => {
  const list = (data as { list?: unknown } | null)?.list
  return Array.isArray(list) ? list : []
}

/** Whether the newcomer-benefit answer asks for the pop-up. */
export const newcomerPops = (data: unknown): boolean => (data as { pop?: unknown } | null)?.pop === 1

export type PostloginEvent =
  | EventOfType<'site.ready'>
  | EventOfType<'nav.navigated'>
  | EventOfType<'session.loggedIn'>
  | EventOfType<'session.loggedOut'>
  | EventOfType<'hall.responded'>
  | EventOfType<'hall.failed'>
  | EventOfType<'popup.closed'>
  | EventOfType<'framebox.finished'>
  | EventOfType<'redpackets.stepFinished'>
  | EventOfType<'postlogin.authenticatorRequested'>
  | EventOfType<'postlogin.bindSubmitted'>
  | EventOfType<'postlogin.popupDisableRequested'>
  | EventOfType<'postlogin.bindOpened'>
  | EventOfType<'postlogin.benefitReceiveRequested'>

export type PostloginEmitted =
  | EventOfType<'hall.requested'>
  | EventOfType<'postlogin.popupRequested'>
  | EventOfType<'postlogin.popupDismissed'>
  | EventOfType<'postlogin.refreshRequested'>
  | EventOfType<'postlogin.framesStarted'>
  | EventOfType<'postlogin.redPacketsStarted'>
  | EventOfType<'postlogin.bound'>
  | EventOfType<'postlogin.finished'>
  | EventOfType<'wallet.balanceReported'>

/** The bind form's state: the item asked for, the submission and the authenticator start in flight, the last error. */
export interface BindForm {
  readonly item: BindItem
  /** The last error: a hall service code, or another failure. */
  readonly error: { readonly code: number | null; readonly message: string } | null
  /** Google authenticator: the TOTP secret and its otpauth URI the hall answered when the binding started. */
  readonly secret: string | null
  readonly otpauth: string | null
}

/** The secret and otpauth URI of a bindgoogleauth start answer (nulls for anything else). */
export const authenticatorOf = (data: unknown): { secret: string | null; otpauth: string | null } => {
  const d = data as { secret?: unknown; otpauth?: unknown } | null
  return { secret: typeof d?.secret === 'string' ? d.secret : null, otpauth: typeof d?.otpauth === 'string' ? d.otpauth : null }
}

export interface PostloginContext {
  /** The authenticator start, the form's submission and the step's call in flight: the kit's bookkeeping. */
  readonly requests: Requests<PostloginPurpose>
  /** The bind state of the last login-family answer. */
  readonly bind: BindState | null
  readonly hasRecharged: boolean
  readonly guideSetupMode: number
  readonly form: BindForm | null
  /** The bind form was opened from the security page (closable; the sequence is over). */
  readonly voluntary: boolean
  /** The lobby is on the game page (the pop-recharge list is fetched again when the player comes back to it). */
  readonly onGamePage: boolean
  /** The newcomer benefits the new-benefits pop-up shows, their receive status kept up to date. */
  readonly benefits: ReadonlyArray<NewcomerBenefit> | null
}

export const initialContext: PostloginContext = {
  requests: noRequests, bind: null, hasRecharged: false, guideSetupMode: 0, form: null, voluntary: false, onGamePage: false, benefits: null,
}

/** A hall error as the form shows it. */
export const formErrorOf = (e: EventOfType<'hall.failed'>): BindForm['error'] =>
  e.error._tag === 'ServiceCode' ? { code: e.error.code, message: e.error.msg } : { code: null, message: e.error._tag }

/** A fresh bind form for an item. */
export const newForm = (item: BindItem): BindForm => ({ item, error: null, secret: null, otpauth: null })
