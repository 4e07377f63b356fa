import { useTranslation } from 'react-i18next'
import { selectCurrentToast, type Toast } from '../../actors/toasts'
import { useActor } from '../system-react'
import './Toast.css'


/** An amount as money in the interface language ('25' → '25.00'); anything else as it came. */
const money = (amount: string, language: string): string => {
  const n = Number(amount)
  if (amount.trim() === '' || !Number.isFinite(n)) return amount
  try {
    return new Intl.NumberFormat(language.replace('_', '-'), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)
  } catch {
    return n.toFixed(2)
  }
}

/** The words of a toast: its key in the `toast` namespace with its values, an `amount` as money. */
const useToastText = (toast: Toast | null): string => {
  const { t, i18n } = useTranslation('toast')
  if (toast === null) return ''
  const { key, params } = toast.message
  const values: Record<string, string> = { ...params }
  if (params['amount'] !== undefined) values['amount'] = money(params['amount'], i18n.language)
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
