import { useSend } from '../../system-react'
// The sign-in popup is the first thing a desktop visitor sees: it comes with the first route.
import { AuthModal } from './AuthModal'
import { LogoutConfirmModal, ServiceErrorModal, TokenExpiredModal } from './MessageModals'
import { usePopupView } from './popup-hooks'
import type { Frame } from '../../../schemas/hall/calls/site'
import { LazyViews, lazyNamed } from '../routing/lazy-view'
import './auth.css'

// Every other popup is its own chunk, loaded when it first opens (src/views/routing/lazy-view.tsx).
const ChangePasswordModal = lazyNamed(() => import('./ChangePasswordModal'), 'ChangePasswordModal')
const BindPopup = lazyNamed(() => import('../postlogin/BindPopup'), 'BindPopup')
const FramePopup = lazyNamed(() => import('../postlogin/FramePopup'), 'FramePopup')
const DownloadAppPopup = lazyNamed(() => import('../postlogin/PostloginPopups'), 'DownloadAppPopup')
const NewBenefitsPopup = lazyNamed(() => import('../postlogin/PostloginPopups'), 'NewBenefitsPopup')
const RechargePopup = lazyNamed(() => import('../postlogin/PostloginPopups'), 'RechargePopup')
const ContinueGamePopup = lazyNamed(() => import('../game/GamePopups'), 'ContinueGamePopup')
const VerifyPhonePopup = lazyNamed(() => import('../game/GamePopups'), 'VerifyPhonePopup')
const PayPopup = lazyNamed(() => import('../pay/PayPopup'), 'PayPopup')
const DiscountCodePopup = lazyNamed(() => import('../pay/DiscountCodePopup'), 'DiscountCodePopup')
const YuebaoIntroPopup = lazyNamed(() => import('../yuebao/YuebaoIntro'), 'YuebaoIntroPopup')
const TaskPopup = lazyNamed(() => import('../tasks/TaskCentre'), 'TaskPopup')
const ForgotPasswordModal = lazyNamed(() => import('./ForgotPasswordModal'), 'ForgotPasswordModal')
const TrialCredentialsPopup = lazyNamed(() => import('../account/AccountPopups'), 'TrialCredentialsPopup')
const VerifyUserPasswordPopup = lazyNamed(() => import('../account/AccountPopups'), 'VerifyUserPasswordPopup')
const FeedbackPopup = lazyNamed(() => import('../home/NoticePopups'), 'FeedbackPopup')
const IframePopup = lazyNamed(() => import('../home/NoticePopups'), 'IframePopup')
const MaintenancePopup = lazyNamed(() => import('../home/NoticePopups'), 'MaintenancePopup')
const ReceiveTipsPopup = lazyNamed(() => import('../home/NoticePopups'), 'ReceiveTipsPopup')

/**
 * Renders the popups actor's popup in front (spec §2 global popups): nothing while it waits; the
 * dialog while it is open; hidden, content kept, while it closes; gone (content reset) after.
 * Closing a closable popup (Escape, the close button) sends `popup.closeRequested`; the popup's
 * own answers go to the session.
 */
export const PopupHost = () => (
  <LazyViews inline>
    <PopupContent />
  </LazyViews>
)

/** Every popup of the spec has its view: a new popup id without one does not compile. */
const assertNever = (popup: never): never => {
  throw new Error(`no view for the popup ${String(popup)}`)
}

const PopupContent = () => {
  const view = usePopupView()
  const send = useSend()
  const { popup, phase } = view
  if (popup === null || phase === null || phase === 'waiting') return null
  const open = phase === 'open'
  const onClose = view.closable ? () => send({ type: 'popup.closeRequested', popup }) : undefined
  switch (popup) {
    case 'auth':
    case 'login':
    case 'register':
      return <AuthModal popup={popup} props={view.props} open={open} showCloseButton={view.showCloseButton} onClose={onClose} />
    case 'forceChangePwd':
      return <ChangePasswordModal open={open} />
    case 'forgotPassword':
      return <ForgotPasswordModal open={open} showCloseButton={view.showCloseButton} onClose={onClose} />
    case 'tokenExpired':
      return <TokenExpiredModal open={open} />
    case 'logoutConfirm':
      return <LogoutConfirmModal open={open} showCloseButton={view.showCloseButton} />
    case 'forceBind':
      return <BindPopup open={open} />
    case 'forcePopup': {
      // The frame box's frame: keyed by id so each frame starts fresh.
      const frame = view.props['frame'] as Frame | undefined
      return frame === undefined ? null : <FramePopup key={frame.id} frame={frame} open={open} showCloseButton={view.showCloseButton} />
    }
    case 'verifyBindPhone':
      return <VerifyPhonePopup open={open} showCloseButton={view.showCloseButton} onClose={onClose} />
    case 'continueLastGame':
      return <ContinueGamePopup props={view.props} open={open} showCloseButton={view.showCloseButton} />
    case 'bind':
      return <BindPopup open={open} showCloseButton={view.showCloseButton} onClose={onClose} />
    case 'downloadApp':
      return <DownloadAppPopup props={view.props} open={open} showCloseButton={view.showCloseButton} />
    case 'rechargePopup':
      return <RechargePopup props={view.props} open={open} showCloseButton={view.showCloseButton} />
    case 'serviceError':
      return <ServiceErrorModal props={view.props} open={open} showCloseButton={view.showCloseButton} onClose={onClose} />
    case 'newBenefitsModal':
      return <NewBenefitsPopup props={view.props} open={open} showCloseButton={view.showCloseButton} />
    case 'yuebaoIntro':
      return <YuebaoIntroPopup props={view.props} open={open} showCloseButton={view.showCloseButton} />
    case 'pay':
      return <PayPopup open={open} showCloseButton={view.showCloseButton} onClose={onClose} />
    case 'task':
      return <TaskPopup open={open} showCloseButton={view.showCloseButton} fullScreen={view.fullScreen} onClose={onClose} />
    case 'discountCode':
      return <DiscountCodePopup open={open} showCloseButton={view.showCloseButton} onClose={onClose} />
    case 'verifyUserPassword':
      return <VerifyUserPasswordPopup open={open} showCloseButton={view.showCloseButton} onClose={onClose} />
    case 'pass':
      return <TrialCredentialsPopup open={open} showCloseButton={view.showCloseButton} onClose={onClose} />
    case 'maintenance':
      return <MaintenancePopup open={open} showCloseButton={view.showCloseButton} onClose={onClose} />
    case 'iframePopup':
      // Keyed by its address so each page starts fresh.
      return <IframePopup key={String(view.props['url'])} props={view.props} open={open} showCloseButton={view.showCloseButton} onClose={onClose} />
    case 'receiveTips':
      return <ReceiveTipsPopup open={open} showCloseButton={view.showCloseButton} onClose={onClose} />
    case 'feedback':
      return <FeedbackPopup open={open} showCloseButton={view.showCloseButton} onClose={onClose} />
    default:
      return assertNever(popup)
  }
}
