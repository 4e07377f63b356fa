import type { InputHTMLAttributes } from 'react'
import { masksPhone, shownPhone, typedPhone } from './phone-mask'

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange'> & {
  /** The site, which decides the mask (phone-mask.ts). */
  readonly siteCode: string
  /** The form's value: digits only on a masked site. */
  readonly value: string
  /** The form's new value (the digits on a masked site, else what was typed). */
  readonly onChange: (value: string) => void
}

/**
 * A phone number input (type tel). On a Brazilian site it shows the number masked as the player
 * types (area code, a dash, the number; spec §5) and hands the form the digits only, so the mask
 * never reaches the hall and the checks read the digits; elsewhere it is a plain tel input. A
 * `maxLength` counts the digits: the dash gets its own character.
 */
export const PhoneNumberInput = ({ siteCode, value, onChange, maxLength, ...rest }: Props) => {
  const masked = masksPhone(siteCode)
  return (
    <input
      {...rest}
      type="tel"
      inputMode={masked ? 'numeric' : rest.inputMode}
      value={shownPhone(siteCode, value)}
      maxLength={masked && maxLength !== undefined ? maxLength + 1 : maxLength}
      onChange={(e) => onChange(typedPhone(siteCode, e.target.value))}
    />
  )
}
