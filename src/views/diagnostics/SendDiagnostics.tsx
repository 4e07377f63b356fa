import { useTranslation } from 'react-i18next'
import { useSend } from '../../system-react'
import { CopyButton } from '../../ui/CopyButton'
import { useDiagnosticsStatus } from './diagnostics-status'
import './diagnostics.css'

/**
 * The 'send diagnostics' entry, for the feedback page and the settings page: a button that
 * uploads the current log session to support, a progress bar while it goes, and the reference
 * number the player quotes (with a copy button), or the failure and a way to try again.
 * `from` says which page it is on (it travels in the intent, so support sees where it was sent).
 */
export const SendDiagnostics = ({ from }: { from: 'feedback' | 'settings' }) => {
  const { t } = useTranslation('devtools')
  const send = useSend()
  const status = useDiagnosticsStatus()
  const start = () => {
    send({ type: 'diagnostics.sendRequested', from })
  }
  const percent = status.phase === 'sending' && status.chunks > 0 ? Math.round((status.sent / status.chunks) * 100) : 0
  return (
    <section className="diagnostics" aria-labelledby="diagnostics-title">
      <h2 id="diagnostics-title" className="diagnostics__title">
        {t('diagnostics.title')}
      </h2>
      <p className="diagnostics__explain">{t('diagnostics.explain')}</p>
      {status.phase === 'sending' ? (
        <div className="diagnostics__progress">
          <progress max={100} value={percent} aria-label={t('diagnostics.progress')} />
          <span role="status">{t('diagnostics.sending', { percent })}</span>
        </div>
      ) : status.phase === 'sent' ? (
        <p className="diagnostics__done" role="status">
          {t('diagnostics.sent')} <strong className="diagnostics__reference">{status.reference}</strong>{' '}
          <CopyButton text={status.reference} label={t('diagnostics.copy')} />
        </p>
      ) : (
        <>
          {status.phase === 'failed' ? (
            <p className="diagnostics__failed" role="alert">
              {t('diagnostics.failed', { reason: status.reason })}
            </p>
          ) : null}
          <button type="button" className="diagnostics__send" onClick={start}>
            {status.phase === 'failed' ? t('diagnostics.retry') : t('diagnostics.send')}
          </button>
        </>
      )}
    </section>
  )
}
