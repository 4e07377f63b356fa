import type { ActorSpec } from '../spec'
import { postloginMachine } from './postlogin.machine'

/**
 * The post-login sequence actor: after a real sign-in, the forced password change, then the
 * forced bind, the forced pop-ups (frame box), the red packets, the recharge pop-up and the new benefits, each
 * awaiting the one before; the refresh a sign-in asks for; the download-app popup.
 */
export const postloginActor = {
  id: 'postlogin',
  machine: postloginMachine,
  consumes: [
    'site.ready',
    'nav.navigated',
    'session.loggedIn',
    'session.loggedOut',
    'hall.responded',
    'hall.failed',
    'popup.closed',
    'framebox.finished',
    'redpackets.stepFinished',
    'postlogin.authenticatorRequested',
    'postlogin.bindSubmitted',
    'postlogin.popupDisableRequested',
    'postlogin.bindOpened',
    'postlogin.benefitReceiveRequested',
  ],
} as const satisfies ActorSpec

export { postloginMachine } from './postlogin.machine'
export {
  BIND_ORDER, askBind, POSTLOGIN_CALLS, REFRESH_ITEMS, bindStateOf, nextBindItem,
  initialContext as postloginInitialContext,
} from './postlogin.logic'
export type { BindForm, BindState, PostloginContext, PostloginEvent, PostloginEmitted } from './postlogin.logic'
export * from './postlogin.selectors'
