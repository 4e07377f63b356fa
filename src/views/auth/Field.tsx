import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import '../../ui/field.css'

/**
 * A labelled input with its hint and its error: the error is tied to the input with
 * aria-describedby and marks it aria-invalid, so a screen reader reads it with the field.
 */
export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> {
  readonly label: string
  readonly value: string
  readonly onValue: (value: string) => void
  readonly error: string | null
  readonly hint?: string
  /** A control shown inside the input's row (the show-password button). */
  readonly addon?: ReactNode
  readonly inputRef?: Ref<HTMLInputElement>
  /** The input's id, when the caller needs it (aria-controls of the addon). */
  readonly inputId?: string
}

export const Field = ({ label, value, onValue, error, hint, addon, inputRef, inputId, ...input }: FieldProps) => {
  const ownId = useId()
  const id = inputId ?? ownId
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [error !== null ? errorId : null, hint !== undefined ? hintId : null].filter((x) => x !== null).join(' ')
  return (
    <div className={`field${error !== null ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__row">
        <input
          {...input}
          ref={inputRef}
          id={id}
          className="field__input"
          value={value}
          onChange={(e) => onValue(e.target.value)}
          aria-invalid={error !== null ? true : undefined}
          aria-describedby={describedBy === '' ? undefined : describedBy}
        />
        {addon}
      </div>
      {error !== null && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      {hint !== undefined && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  )
}

/** A password field with a show/hide button (a toggle: aria-pressed, named by what it does). */
export const PasswordField = (props: Omit<FieldProps, 'type' | 'addon' | 'inputId'>) => {
  const { t } = useTranslation('auth')
  const [shown, setShown] = useState(false)
  const id = useId()
  return (
    <Field
      {...props}
      inputId={id}
      type={shown ? 'text' : 'password'}
      addon={
        <button
          type="button"
          className="field__toggle"
          aria-controls={id}
          aria-pressed={shown}
          aria-label={t('showPassword')}
          onClick={() => setShown((s) => !s)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d={shown ? 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zm10-3a3 3 0 1 0 0 6 3 3 0 0 0 0-6z' : 'M3 3l18 18M10.6 6.1A9.8 9.8 0 0 1 12 6c6.4 0 10 6 10 6a17 17 0 0 1-3.2 3.9M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7c1.8 0 3.4-.5 4.7-1.3M9.9 9.9a3 3 0 0 0 4.2 4.2'}
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      }
    />
  )
}

/** A form-level message: the server's answer, announced at once (role alert). */
export const FormAlert = ({ text }: { text: string | null }) =>
  text === null ? null : (
    <p className="form-alert" role="alert">
      {text}
    </p>
  )
