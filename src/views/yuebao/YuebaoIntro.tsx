import { useTranslation } from 'react-i18next'
import type { PopupPropsOf } from '../../../schemas/events/popup'
import { useSend } from '../../system-react'
import { Modal } from '../../ui/Modal'

/**
 * The savings introduction (yuebao isPop): what savings are and how interest is paid, shown once,
 * the first time the savings page is read (the hall answers isPop 1 once).
 */
export const YuebaoIntroPopup = ({ props, open, showCloseButton }: { props: PopupPropsOf<'yuebaoIntro'>; open: boolean; showCloseButton: boolean }) => {
  const { t } = useTranslation('yuebao')
  const { t: auth } = useTranslation('auth')
  const send = useSend()
  const rate = props.yearRate
  const close = () => send({ type: 'popup.closeRequested', popup: 'yuebaoIntro' })
  return (
    <Modal open={open} title={t('intro.title')} showCloseButton={showCloseButton} onClose={close} closeLabel={auth('close')}>
      <p>{t('intro.body', { rate })}</p>
      <p>{t('intro.interest')}</p>
      <div className="modal__actions">
        <button type="button" className="button button--primary" data-autofocus="" onClick={close}>
          {t('intro.close')}
        </button>
      </div>
    </Modal>
  )
}
