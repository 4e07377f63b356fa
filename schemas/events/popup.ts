import { Schema } from 'effect'
import { defineEvent } from '../event'
import { RechargeActive } from '../hall/calls/active'
import { Frame } from '../hall/calls/site'
import { NewcomerBenefit } from '../hall/calls/task'
import { BindItem } from './postlogin'
import { PopupId } from './popup-id'
import { ThirdWay } from './session'

/**
 * Global popups (spec §2): one queue, one popup shown at a time. Issue-by-issue more popups join;
 * the queue's ordering rules (post-login sequence) grow with them.
 */

export { PopupId } from './popup-id'

/** A popup that takes no props (none at all: an empty struct would let any through unchecked). */
const NoProps = Schema.Record(Schema.String, Schema.Never)
/** The sign-in popups: which tab (`key`), the thirdWay registration, the guide that a page needs a login. */
const AuthProps = Schema.Struct({
  key: Schema.optionalKey(Schema.Literals(['login', 'regedit'])),
  mode: Schema.optionalKey(Schema.Literal('thirdWay')),
  thirdWay: Schema.optionalKey(ThirdWay),
  guide: Schema.optionalKey(Schema.Boolean),
  /** The page that asked for the login (the guide). */
  route: Schema.optionalKey(Schema.String),
})
/** A game's ids as the hall wrote them (text or number; the sign-in's prize answer spells `platfromId`). */
const GameRef = Schema.optionalKey(Schema.Union([Schema.String, Schema.Number]))

/**
 * Each popup's props, declared once: what its opener gives it and its view reads (typed by
 * `PopupPropsOf<P>`; a view never reads `props['x']`). The popup host decodes the props of the
 * popup in front with its schema before its view sees them.
 */
export const popupProps = {
  auth: AuthProps,
  login: AuthProps,
  register: AuthProps,
  task: Schema.Struct({ fullScreen: Schema.optionalKey(Schema.Boolean) }),
  forgotPassword: NoProps,
  pay: NoProps,
  feedback: NoProps,
  pass: NoProps,
  forceChangePwd: NoProps,
  forcePopup: Schema.Struct({ frame: Frame }),
  newBenefitsModal: Schema.Struct({ list: Schema.Array(NewcomerBenefit) }),
  verifyBindPhone: NoProps,
  rechargePopup: Schema.Struct({ actives: Schema.Array(RechargeActive) }),
  verifyUserPassword: NoProps,
  discountCode: NoProps,
  maintenance: NoProps,
  iframePopup: Schema.Struct({ url: Schema.String, title: Schema.optionalKey(Schema.String) }),
  downloadApp: Schema.Struct({ guideSetupMode: Schema.optionalKey(Schema.Number) }),
  tokenExpired: NoProps,
  logoutConfirm: NoProps,
  continueLastGame: Schema.Struct({
    gameName: GameRef, gameId: GameRef, platformId: GameRef, platfromId: GameRef, categoryId: GameRef, gameCategoryId: GameRef,
  }),
  receiveTips: NoProps,
  forceBind: Schema.Struct({ item: BindItem, bound: Schema.Number, required: Schema.Number }),
  bind: Schema.Struct({ item: BindItem }),
  serviceError: Schema.Struct({ message: Schema.String, translate: Schema.Boolean, requestId: Schema.optionalKey(Schema.String) }),
  yuebaoIntro: Schema.Struct({ yearRate: Schema.String }),
} as const satisfies { readonly [P in PopupId]: Schema.Top }

/** The props of a popup, as its view reads them. */
export type PopupPropsOf<P extends PopupId> = (typeof popupProps)[P]['Type']
/** The props of a popup, as its opener writes them. */
export type PopupPropsInputOf<P extends PopupId> = (typeof popupProps)[P]['Encoded']

/** One popup's open request: its id and, optional, its declared props. */
const openRequestOf = <P extends PopupId>(popup: P) =>
  Schema.Struct({ type: Schema.Literal('popup.openRequested'), popup: Schema.Literal(popup), props: Schema.optionalKey(popupProps[popup]) })

/** The open request of each popup (`popup` tells them apart). */
type OpenRequest = { readonly [P in PopupId]: ReturnType<typeof openRequestOf<P>> }[PopupId]
// A map over the ids widens each member's popup to every id; each member is exactly its id's request.
const openRequests = PopupId.literals.map(openRequestOf) as ReadonlyArray<Schema.Top> as ReadonlyArray<OpenRequest>

/**
 * A view asks to open a popup (login and register buttons, menu entries), with the props that
 * popup declares: a popup opened with props it does not take does not compile, and the bus
 * refuses it (tests/types/popup-props.test-d.ts).
 */
export const popupOpenRequested = {
  type: 'popup.openRequested',
  kind: 'intent',
  description: 'A view asks to open a global popup, with the props it declares.',
  schema: Schema.Union(openRequests),
} as const

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
