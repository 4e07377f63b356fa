import { useTranslation } from 'react-i18next'
import { selectUpgrade } from '../../../actors/upgrade'
import { useActor, useSend } from '../../system-react'
import { Modal } from '../../ui/Modal'

/**
 * The upgrade prompt (spec §8: a new version detected, or a script error 'Unexpected token <'):
 * says why, and offers to upgrade now (the page reloads and loads the new build) or later (no
 * prompt again for this version; a chunk that fails to load offers it again).
 */
export const UpgradePrompt = () => {
  const { t } = useTranslation('upgrade')
  const send = useSend()
  const reason = useActor('upgrade', selectUpgrade)
  if (reason === null) return null
  const later = () => send({ type: 'app.upgradeDismissed' })
  return (
    <Modal open title={t('title')} onClose={later} showCloseButton closeLabel={t('later')} className="upgrade">
      <p>{t(reason === 'chunk' ? 'chunk' : 'version')}</p>
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={later}>{t('later')}</button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => send({ type: 'app.upgradeAccepted' })}
        >
          {t('upgrade')}
        </button>
      </div>
    </Modal>
  )
}
