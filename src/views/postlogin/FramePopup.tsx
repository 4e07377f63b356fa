import { useTranslation } from 'react-i18next'
import { frameTarget, selectFrameTrial, selectNotToday } from '../../../actors/framebox'
import type { Frame } from '../../../schemas/hall/calls/site'
import { useActor, useSend } from '../../system-react'
import { Modal } from '../../ui/Modal'
import { sanitizeOperatorHtml } from '../../ui/sanitize'
import './postlogin.css'


/**
 * A forced pop-up (screens §3 pop-up frame): the frame's title, its image on the left (img_style
 * 1), on the right (2), as the whole frame (3) or none (4, text), its sanitized HTML, the link to
 * its target, and 'not show again today'. Closing and following the link close it.
 */
export const FramePopup = ({ frame, open, showCloseButton }: { frame: Frame; open: boolean; showCloseButton: boolean }) => {
  const { t } = useTranslation('postlogin')
  const send = useSend()
  const notToday = useActor('framebox', selectNotToday(frame.id))
  const trial = useActor('framebox', selectFrameTrial)
  const target = frameTarget(frame, trial)
  const close = () => send({ type: 'popup.closeRequested', popup: 'forcePopup' })
  const follow = () => {
    send({ type: 'framebox.linkClicked', frameId: frame.id })
    switch (target.kind) {
      case 'route':
        send({ type: 'nav.requested', name: target.name, ...(target.params ? { params: { ...target.params } } : {}), ...(target.query ? { query: { ...target.query } } : {}) })
        return
      case 'popup':
        send({ type: 'popup.openRequested', popup: target.popup })
        return
      case 'url':
        window.open(target.url, '_blank', 'noopener,noreferrer')
        return
      case 'none':
        return
    }
  }
  const image = frame.img_url !== '' && frame.img_style !== 4 ? <img className="frame__image" src={frame.img_url} alt="" /> : null
  return (
    <Modal open={open} title={frame.title} showCloseButton={showCloseButton} onClose={close} closeLabel={t('close')} className={`frame frame--style-${frame.img_style}`}>
      <div className="frame__body" style={frame.img_color === '' ? undefined : { borderColor: frame.img_color }}>
        {frame.img_style === 1 && image}
        <div className="frame__content" data-testid="frame-content" dangerouslySetInnerHTML={{ __html: sanitizeOperatorHtml(frame.content) }} />
        {(frame.img_style === 2 || frame.img_style === 3) && image}
      </div>
      <label className="frame__not-today">
        <input type="checkbox" checked={notToday} onChange={() => send({ type: 'framebox.notTodayToggled', frameId: frame.id })} />
        {t('frame.notToday')}
      </label>
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={close}>
          {t('close')}
        </button>
        {target.kind !== 'none' && (
          <button type="button" className="button button--primary" data-autofocus="" onClick={follow}>
            {target.kind === 'popup' && target.popup === 'register' ? t('frame.register') : t('frame.go')}
          </button>
        )}
      </div>
    </Modal>
  )
}
