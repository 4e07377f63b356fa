import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { moneyKeystroke, type MoneyKind } from './money'
import './field.css'
import './controls.css'

export interface MoneyInputProps {
  readonly label: string
  /** The amount as typed, a plain decimal with a point ('1234.5'). */
  readonly value: string
  readonly onChange: (value: string) => void
  /** Fiat takes 2 decimals, crypto 10 (spec §5); fiat when not given. */
  readonly kind?: MoneyKind
  /** The bounds, shown under the field (the check is `moneyError`'s). */
  readonly min?: string
  readonly max?: string
  /** The message to show, tied to the input (aria-describedby, aria-invalid). */
  readonly error?: string | null
  /** Amounts one press fills in. */
  readonly quickAmounts?: ReadonlyArray<string>
  readonly name?: string
  readonly disabled?: boolean
  /** The id of another element that describes the field (a fee note ...). */
  readonly describedBy?: string
}

/**
 * A money input (spec §5): a labelled text input with the decimal keypad that refuses a keystroke
 * or paste breaking the rules (digits only, 2 decimals fiat, 10 crypto, at most 12 digits without
 * a point and 15 characters with one; a decimal comma is taken as the point), the bounds under
 * it, the quick amounts as buttons, and the error read with the field.
 */
export const MoneyInput = ({ label, value, onChange, kind = 'fiat', min, max, error = null, quickAmounts = [], name, disabled, describedBy }: MoneyInputProps) => {
  const { t } = useTranslation('ui')
  const id = useId()
  const errorId = `${id}-error`
  const rangeId = `${id}-range`
  const range =
    min !== undefined && max !== undefined
      ? t('money.range', { min, max })
      : min !== undefined
        ? t('money.min', { min })
        : max !== undefined
          ? t('money.max', { max })
          : null
  const described = [error !== null ? errorId : null, range !== null ? rangeId : null, describedBy ?? null].filter((x) => x !== null).join(' ')
  return (
    <div className={`field money-input${error !== null ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__row">
        <input
          id={id}
          className="field__input money-input__input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          name={name}
          disabled={disabled}
          value={value}
          onChange={(e) => {
            const next = moneyKeystroke(e.target.value, kind)
            if (next !== null) onChange(next)
          }}
          aria-invalid={error !== null ? true : undefined}
          aria-describedby={described === '' ? undefined : described}
        />
      </div>
      {error !== null && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      {range !== null && (
        <p id={rangeId} className="field__hint">
          {range}
        </p>
      )}
      {quickAmounts.length > 0 && (
        <div className="money-input__quick" role="group" aria-label={t('money.quick', { label })}>
          {quickAmounts.map((amount) => (
            <button
              key={amount}
              type="button"
              className="money-input__amount"
              aria-pressed={value === amount}
              disabled={disabled}
              onClick={() => onChange(amount)}
            >
              {amount}
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
