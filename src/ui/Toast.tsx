import { useTranslation } from 'react-i18next'
import { selectCurrentToast, type Toast } from '../../actors/toasts'
import { useActor } from '../system-react'
import { formatAmount } from './amount'
import './Toast.css'


/** The words of a toast: its key in the `toast` namespace with its values, an `amount` as money. */
const useToastText = (toast: Toast | null): string => {
  const { t, i18n } = useTranslation('toast')
  if (toast === null) return ''
  const { key, params } = toast.message
  const values: Record<string, string> = { ...params }
  if (params['amount'] !== undefined) values['amount'] = formatAmount(params['amount'], i18n.language, 2)
  return t(key, { ...values, defaultValue: key })
}

/**
 * The toast host (spec §9: a toast shows 2 s): the toasts actor's current toast in a polite live
 * region. The region stays mounted, empty between toasts, so screen readers hear each new toast
 * without it taking the focus; the toasts actor decides when one shows and goes.
 */
export const ToastHost = () => {
  const { t } = useTranslation('toast')
  const toast = useActor('toasts', selectCurrentToast)
  const text = useToastText(toast)
  return (
    <div className="toast-region" role="status" aria-live="polite" aria-atomic="true" aria-label={t('region')}>
      {toast !== null && (
        <div key={toast.id} className={`toast toast--${toast.message.tone}`} data-tone={toast.message.tone}>
          <span className="toast__mark" aria-hidden="true" />
          <span className="toast__text">{text}</span>
        </div>
      )}
    </div>
  )
}
