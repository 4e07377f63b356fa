import { DownloadLinks } from '../home/Entries'
import { useTranslation } from 'react-i18next'
import type { NewcomerBenefit } from '../../../schemas/hall/calls/task'
import type { PopupPropsOf } from '../../../schemas/events/popup'
import { selectBenefitReceiving, selectBenefits } from '../../../actors/postlogin'
import { useActor, useSend } from '../../system-react'
import { Modal } from '../../ui/Modal'
import './postlogin.css'


/** What the popup host gives each of these popups: its declared props (schemas/events/popup.ts). */
interface PopupProps<P extends 'downloadApp' | 'rechargePopup' | 'newBenefitsModal'> {
  readonly props: PopupPropsOf<P>
  readonly open: boolean
  readonly showCloseButton: boolean
}

/**
 * The download-app popup (screens §2 downloadApp with guideSetupMode; §4: after login when the
 * player has recharged and guideSetupMode > 0): installing asks the browser's install prompt (or
 * shows the add-to-home-screen guide) through the banners actor.
 */
export const DownloadAppPopup = ({ props, open, showCloseButton }: PopupProps<'downloadApp'>) => {
  const { t } = useTranslation('postlogin')
  const send = useSend()
  const close = () => send({ type: 'popup.closeRequested', popup: 'downloadApp' })
  const mode = props.guideSetupMode ?? 0
  return (
    <Modal open={open} title={t('download.title')} showCloseButton={showCloseButton} onClose={close} closeLabel={t('close')} className="download-app">
      <p className="modal__text" data-testid="download-app" data-guide-setup-mode={mode}>{t('download.body')}</p>
      <DownloadLinks />
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={close}>{t('download.later')}</button>
        <button
          type="button"
          className="button button--primary"
          data-autofocus=""
          onClick={() => {
            send({ type: 'pwa.installRequested' })
            close()
          }}
        >
          {t('download.install')}
        </button>
      </div>
    </Modal>
  )
}

/**
 * The recharge pop-up (screens §4 after login: the pop-recharge list): the promotions the hall
 * pushes, a way to recharge now, and 'do not show again' (disable_active_pop).
 */
export const RechargePopup = ({ props, open, showCloseButton }: PopupProps<'rechargePopup'>) => {
  const { t } = useTranslation('postlogin')
  const send = useSend()
  const actives = props.actives
  const close = () => send({ type: 'popup.closeRequested', popup: 'rechargePopup' })
  return (
    <Modal open={open} title={t('recharge.title')} showCloseButton={showCloseButton} onClose={close} closeLabel={t('close')} className="recharge-pop">
      <ul className="pop-list" data-testid="recharge-actives">
        {actives.map((a) => (
          <li key={a.id} className="pop-list__item">
            <strong>{a.title}</strong>
            <span>{a.content}</span>
            <span className="pop-list__note">{t('recharge.offer', { min: a.min_amount, rate: Number(a.bonus_rate) })}</span>
          </li>
        ))}
      </ul>
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={() => send({ type: 'postlogin.popupDisableRequested', popup: 'rechargePopup' })}>
          {t('notAgain')}
        </button>
        <button
          type="button"
          className="button button--primary"
          data-autofocus=""
          onClick={() => {
            close()
            send({ type: 'popup.openRequested', popup: 'pay' })
          }}
        >
          {t('recharge.now')}
        </button>
      </div>
    </Modal>
  )
}

const statusKey = (b: NewcomerBenefit): string =>
  b.status === 1 ? 'received' : b.status === 2 ? 'expired' : b.status === 3 ? 'sent' : b.done === 1 ? 'receivable' : 'todo'

/**
 * The new-benefits pop-up (screens §4 after login: new benefits): the newcomer benefits, their
 * rewards and receive status (a receivable one has a Receive button: newcomer_benefit_reward),
 * and 'do not show again' (disable_newcomer_pop).
 */
export const NewBenefitsPopup = ({ props, open, showCloseButton }: PopupProps<'newBenefitsModal'>) => {
  const { t } = useTranslation('postlogin')
  const send = useSend()
  // The sequence keeps the list (its receive status follows a receive); the props are its first answer.
  const kept = useActor('postlogin', selectBenefits)
  const receiving = useActor('postlogin', selectBenefitReceiving)
  const list = kept ?? props.list
  const close = () => send({ type: 'popup.closeRequested', popup: 'newBenefitsModal' })
  return (
    <Modal open={open} title={t('benefits.title')} showCloseButton={showCloseButton} onClose={close} closeLabel={t('close')} className="benefits-pop">
      <ul className="pop-list" data-testid="new-benefits">
        {list.map((b) => (
          <li key={b.id} className="pop-list__item pop-list__item--row">
            <span>{t(`benefits.kind.${b.kind}`)}</span>
            <span className="pop-list__note">{t('benefits.reward', { amount: b.reward })}</span>
            {statusKey(b) === 'receivable' ? (
              <button type="button" className="button button--primary button--small" disabled={receiving} onClick={() => send({ type: 'postlogin.benefitReceiveRequested', id: b.id })}>
                {t('benefits.receive')}
                <span className="visually-hidden"> {t(`benefits.kind.${b.kind}`)}</span>
              </button>
            ) : (
              <span className={`pop-list__status pop-list__status--${statusKey(b)}`}>{t(`benefits.status.${statusKey(b)}`)}</span>
            )}
          </li>
        ))}
      </ul>
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={() => send({ type: 'postlogin.popupDisableRequested', popup: 'newBenefitsModal' })}>
          {t('notAgain')}
        </button>
        <button type="button" className="button button--primary" data-autofocus="" onClick={close}>
          {t('close')}
        </button>
      </div>
    </Modal>
  )
}
