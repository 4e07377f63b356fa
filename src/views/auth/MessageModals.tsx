import { useTranslation } from 'react-i18next'
import type { PopupPropsOf } from '../../../schemas/events/popup'
import { useSend } from '../../system-react'
import { Modal } from '../../ui/Modal'

/** The token-expired modal (spec §4, §8): shown once; its one button acknowledges. Not dismissable otherwise. */
export const TokenExpiredModal = ({ open }: { open: boolean }) => {
  const { t } = useTranslation('auth')
  const send = useSend()
  return (
    <Modal open={open} title={t('popup.tokenExpired')} showCloseButton={false} closeLabel={t('close')}>
      <p className="modal__text">{t('tokenExpired.body')}</p>
      <div className="modal__actions">
        <button type="button" className="button button--primary" data-autofocus="" onClick={() => send({ type: 'session.expiredAcknowledged' })}>
          {t('action.acknowledge')}
        </button>
      </div>
    </Modal>
  )
}

/**
 * The logout confirm, with the spec's button wording swapped: the emphasised, primary button is
 * the one that keeps the player logged in; logging out is the secondary one. Escape and the close
 * button cancel.
 */
export const LogoutConfirmModal = ({ open, showCloseButton }: { open: boolean; showCloseButton: boolean }) => {
  const { t } = useTranslation('auth')
  const send = useSend()
  const cancel = () => send({ type: 'session.logoutCancelled' })
  return (
    <Modal open={open} title={t('popup.logoutConfirm')} showCloseButton={showCloseButton} onClose={cancel} closeLabel={t('close')}>
      <p className="modal__text">{t('logoutConfirm.body')}</p>
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={() => send({ type: 'session.logoutConfirmed' })}>
          {t('action.logout')}
        </button>
        <button type="button" className="button button--primary" data-autofocus="" onClick={cancel}>
          {t('action.stay')}
        </button>
      </div>
    </Modal>
  )
}

/**
 * The error modal (spec §8 reactions): a call's failure the player must see, the hall's own
 * message or the lobby's for failures without one; one at a time. Closing it (its button, Escape,
 * the close button) dismisses it.
 */
export const ServiceErrorModal = ({ props, open, showCloseButton, onClose }: { props: PopupPropsOf<'serviceError'>; open: boolean; showCloseButton: boolean; onClose: (() => void) | undefined }) => {
  const { t } = useTranslation('errors')
  const text = props.translate ? t(props.message, { requestId: props.requestId ?? '' }) : props.message
  return (
    <Modal open={open} title={t('title')} showCloseButton={showCloseButton} onClose={onClose} closeLabel={t('ok')}>
      <p className="modal__text" role="alert">{text}</p>
      <div className="modal__actions">
        <button type="button" className="button button--primary" data-autofocus="" onClick={onClose}>
          {t('ok')}
        </button>
      </div>
    </Modal>
  )
}
