import { useTranslation } from 'react-i18next'
import type { PopupPropsOf } from '../../../schemas/events/popup'
import { selectMaintenance } from '../../../actors/notices'
import { useActor, useSend } from '../../system-react'
import { Modal } from '../../ui/Modal'
import { FeedbackForm } from '../feedback/FeedbackPage'
import { externalUrl } from './links'
import './home.css'

interface Props {
  readonly open: boolean
  readonly showCloseButton: boolean
  readonly onClose: (() => void) | undefined
}

/**
 * The maintenance popup (screens §2 global popups; §3 maintenance info): a site in maintenance
 * mode (site info maintainStatus 1) shows it once it is ready, with the window of the maintenance
 * information file (start_time to end_time) and its online service (an http(s) address only,
 * opened in a new tab). When the file cannot be read, the popup says the site is in maintenance
 * without times.
 */
export const MaintenancePopup = ({ open, showCloseButton, onClose }: Props) => {
  const { t } = useTranslation('home')
  const { info, phase } = useActor('maintenance', selectMaintenance)
  const service = info === null ? null : externalUrl(info.online_service)
  return (
    <Modal open={open} title={t('maintenance.title')} showCloseButton={showCloseButton} onClose={onClose} closeLabel={t('close')} className="notice-popup">
      <div data-testid="maintenance-popup">
        <p className="modal__text">{t('maintenance.body')}</p>
        {info !== null && info.start_time !== '' && info.end_time !== '' && (
          <p className="modal__text notice-popup__window">{t('maintenance.window', { start: info.start_time, end: info.end_time })}</p>
        )}
        {phase === 'loading' && <p className="modal__text" role="status">{t('maintenance.loading')}</p>}
        <div className="modal__actions">
          {service !== null && (
            <a className="button button--ghost" href={service} target="_blank" rel="noopener noreferrer">{t('maintenance.service')}</a>
          )}
          {onClose !== undefined && (
            <button type="button" className="button button--primary" data-autofocus="" onClick={onClose}>{t('ok')}</button>
          )}
        </div>
      </div>
    </Modal>
  )
}

/**
 * The iframe popup (screens §2 global popups): an operator's page (a banner's external url) inside
 * the lobby. Only an http(s) address is framed, in a sandbox without the lobby's origin (its
 * scripts run as an opaque origin and cannot reach the lobby), with no referrer; a link opens it in
 * a new tab instead. Anything else shows that the address cannot be opened.
 */
export const IframePopup = ({ props, open, showCloseButton, onClose }: Props & { props: PopupPropsOf<'iframePopup'> }) => {
  const { t } = useTranslation('home')
  const url = externalUrl(props.url)
  const title = props.title !== undefined && props.title !== '' ? props.title : t('iframe.title')
  return (
    <Modal open={open} title={title} showCloseButton={showCloseButton} onClose={onClose} closeLabel={t('close')} className="notice-popup notice-popup--frame">
      {url === null ? (
        <p className="modal__text" role="alert">{t('iframe.refused')}</p>
      ) : (
        <>
          <iframe className="notice-popup__frame" src={url} title={title} sandbox="allow-scripts allow-forms allow-popups" referrerPolicy="no-referrer" />
          <p className="notice-popup__outside">
            <a href={url} target="_blank" rel="noopener noreferrer">{t('iframe.newWindow')}</a>
          </p>
        </>
      )}
      {onClose !== undefined && (
        <div className="modal__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>{t('close')}</button>
        </div>
      )}
    </Modal>
  )
}

/**
 * The receive tips (screens §2 global popups): after the player's first reward received (the
 * hall's first-use flag 'receive'), where received rewards go and where they are listed.
 */
export const ReceiveTipsPopup = ({ open, showCloseButton, onClose }: Props) => {
  const { t } = useTranslation('home')
  const send = useSend()
  return (
    <Modal open={open} title={t('receiveTips.title')} showCloseButton={showCloseButton} onClose={onClose} closeLabel={t('close')} className="notice-popup">
      <p className="modal__text" data-testid="receive-tips">{t('receiveTips.body')}</p>
      <div className="modal__actions">
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            onClose?.()
            send({ type: 'nav.requested', name: 'receiveRecords' })
          }}
        >
          {t('receiveTips.records')}
        </button>
        {onClose !== undefined && (
          <button type="button" className="button button--primary" data-autofocus="" onClick={onClose}>{t('ok')}</button>
        )}
      </div>
    </Modal>
  )
}

/**
 * The feedback popup (screens §2 global popups): the feedback page's form without leaving the
 * screen, and the way to the player's earlier feedback and the operator's replies.
 */
export const FeedbackPopup = ({ open, showCloseButton, onClose }: Props) => {
  const { t } = useTranslation('home')
  const send = useSend()
  return (
    <Modal open={open} title={t('feedbackTitle')} showCloseButton={showCloseButton} onClose={onClose} closeLabel={t('close')} className="notice-popup notice-popup--feedback">
      <FeedbackForm />
      <div className="modal__actions">
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            onClose?.()
            send({ type: 'nav.requested', name: 'feedback' })
          }}
        >
          {t('myFeedback')}
        </button>
        {onClose !== undefined && <button type="button" className="button button--ghost" onClick={onClose}>{t('close')}</button>}
      </div>
    </Modal>
  )
}
