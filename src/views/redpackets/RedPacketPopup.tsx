import { useTranslation } from 'react-i18next'
import { selectRedPacketPopup } from '../../../actors/redpackets'
import { Modal } from '../../ui/Modal'
import { DESKTOP_QUERY, useMedia } from '../../ui/useMedia'
import { useActor, useSend } from '../../system-react'
import './redpackets.css'


/**
 * The red-packet popup (screens doc §4 red packets): the packet at the head of the queue with the
 * button of its action (grab, open, or accept a packet sent to the player), then the amount
 * credited; or the receive-tips prompt when the open packets cannot be taken on this device.
 */
export const RedPacketPopup = () => {
  const { t } = useTranslation('redpackets')
  const send = useSend()
  const desktop = useMedia(DESKTOP_QUERY)
  const view = useActor('redpackets', selectRedPacketPopup)
  const close = () => send({ type: 'redpackets.popupClosed' })
  const title = view.kind === 'tips' ? t('tipsTitle') : view.kind === 'packet' ? view.title : t('title')
  return (
    <Modal open={view.kind !== 'none'} title={title} onClose={close} showCloseButton={desktop} closeLabel={t('close')} className="red-packet">
      <div className="red-packet__envelope" data-kind={view.kind}>
        {view.kind === 'packet' && (
          <>
            <p className="red-packet__lead">{t(`lead.${view.action}`)}</p>
            <button
              type="button"
              className="red-packet__take"
              data-autofocus
              onClick={() => send({ type: 'redpackets.actionRequested', activeId: view.activeId, action: view.action })}
            >
              {t(`action.${view.action}`)}
            </button>
            {view.waiting > 0 && <p className="red-packet__more">{t('more', { count: view.waiting })}</p>}
          </>
        )}
        {view.kind === 'claiming' && (
          <button type="button" className="red-packet__take" disabled aria-busy="true">
            {t('claiming')}
          </button>
        )}
        {view.kind === 'result' && (
          <>
            <p className="red-packet__result" role="status">
              {view.error !== null
                ? t('failed', { reason: view.error })
                : t(view.again ? 'again' : 'credited', { amount: view.amount ?? '', currency: view.currency })}
            </p>
            <button type="button" className="button button--accent" data-autofocus onClick={close}>
              {t('ok')}
            </button>
          </>
        )}
        {view.kind === 'tips' && (
          <>
            <p className="red-packet__lead">{t('tips')}</p>
            <button type="button" className="button button--accent" data-autofocus onClick={close}>
              {t('ok')}
            </button>
          </>
        )}
      </div>
    </Modal>
  )
}
