import { useSend } from '../../system-react'
import { AuthModal } from './AuthModal'
import { ChangePasswordModal } from './ChangePasswordModal'
import { LogoutConfirmModal, PlaceholderModal, ServiceErrorModal, TokenExpiredModal } from './MessageModals'
import { usePopupView } from './popup-hooks'
import { BindPopup } from '../postlogin/BindPopup'
import { FramePopup } from '../postlogin/FramePopup'
import { DownloadAppPopup, NewBenefitsPopup, RechargePopup } from '../postlogin/PostloginPopups'
import { ContinueGamePopup, VerifyPhonePopup } from '../game/GamePopups'
import { PayPopup } from '../pay/PayPopup'
import { DiscountCodePopup } from '../pay/DiscountCodePopup'
import type { Frame } from '../../../schemas/hall/calls/site'
import { YuebaoIntroPopup } from '../yuebao/YuebaoIntro'
import { FeedbackPopup, IframePopup, MaintenancePopup, ReceiveTipsPopup } from '../home/NoticePopups'
import './auth.css'

/**
 * Renders the popups actor's popup in front (spec §2 global popups): nothing while it waits; the
 * dialog while it is open; hidden, content kept, while it closes; gone (content reset) after.
 * Closing a closable popup (Escape, the close button) sends `popup.closeRequested`; the popup's
 * own answers go to the session.
 */
export const PopupHost = () => {
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
    case 'discountCode':
      return <DiscountCodePopup open={open} showCloseButton={view.showCloseButton} onClose={onClose} />
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
      return <PlaceholderModal key={popup} popup={popup} open={open} showCloseButton={view.showCloseButton} fullScreen={view.fullScreen} onClose={onClose} />
  }
}
