import { useTranslation } from 'react-i18next'
import { Modal } from '../../ui/Modal'
import { ChangePasswordForm } from './ChangePasswordForm'

/** The forced change-password popup: no close button and no Escape; it ends when the password is changed. */
export const ChangePasswordModal = ({ open }: { open: boolean }) => {
  const { t } = useTranslation('auth')
  return (
    <Modal open={open} title={t('popup.forceChangePwd')} showCloseButton={false} closeLabel={t('close')}>
      <ChangePasswordForm />
    </Modal>
  )
}
