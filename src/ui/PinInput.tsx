import { useId, useState } from 'react'
import { LIMITS } from './validation'
import './field.css'
import './controls.css'

/** What a PIN input makes of typed or pasted text: its digits, at most `length` of them. */
export const pinDigits = (typed: string, length: number): string => typed.replace(/\D/g, '').slice(0, length)

export interface PinInputProps {
  readonly label: string
  readonly value: string
  readonly onChange: (value: string) => void
  /** The number of digits (the payment password's 6 when not given). */
  readonly length?: number
  readonly error?: string | null
  readonly autoFocus?: boolean
}

/**
 * A PIN (the 6-digit payment password, spec §5): one labelled, masked input with the numeric
 * keypad, drawn as one box per digit. It takes digits only; a paste fills it (spaces and dashes
 * dropped). Being one input, a screen reader meets one field with its label and error, and the
 * keyboard edits it like any text field.
 */
export const PinInput = ({ label, value, onChange, length = LIMITS.paymentPassword, error = null, autoFocus }: PinInputProps) => {
  const id = useId()
  const labelId = `${id}-label`
  const errorId = `${id}-error`
  const [focused, setFocused] = useState(false)
  const cells = Array.from({ length }, (_, i) => i)
  return (
    <div className={`field pin-input${error !== null ? ' field--invalid' : ''}`} role="group" aria-labelledby={labelId}>
      <label id={labelId} className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="pin-input__box">
        <input
          id={id}
          className="pin-input__input"
          type="password"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          // A PIN popup opens to type the PIN.
          autoFocus={autoFocus}
          value={value}
          onChange={(e) => onChange(pinDigits(e.target.value, length))}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          aria-invalid={error !== null ? true : undefined}
          aria-describedby={error !== null ? errorId : undefined}
        />
        <div className="pin-input__cells" aria-hidden="true">
          {cells.map((i) => (
            <span
              key={i}
              className="pin-input__cell"
              data-filled={i < value.length || undefined}
              data-current={(focused && i === Math.min(value.length, length - 1)) || undefined}
            />
          ))}
        </div>
      </div>
      {error !== null && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  )
}
