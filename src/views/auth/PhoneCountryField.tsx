import { useEffect, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { smsCountriesCommand } from '../../../actors/recovery'
import type { CountryInfo } from '../../../schemas/hall/calls'

/** A country of the site's smsCountry list. */
export type SmsCountry = typeof CountryInfo.Type
import { selectSiteCode } from '../../../actors/site'
import { useActor, useCommand } from '../../system-react'
import { FieldError } from '../../ui/FieldError'
import { PhoneNumberInput } from '../../ui/PhoneNumberInput'

/** The site's countries a phone may be of (smsCountry), asked when a form with a phone field opens (`wanted`). */
export const usePhoneCountries = (wanted = true): ReadonlyArray<SmsCountry> => {
  const countries = useCommand(smsCountriesCommand)
  const ask = countries.submit
  useEffect(() => {
    if (wanted) ask({})
  }, [ask, wanted])
  return countries.view.result ?? []
}

/** The country of a segment, else the list's first. */
export const countryOf = (list: ReadonlyArray<SmsCountry>, segment: string): SmsCountry | undefined => list.find((c) => c.phoneNumberSegment === segment) ?? list[0]

/** The number's digits within the country's length range (smsCountry phoneLengthScope), or the message's range. */
export const phoneProblem = (number: string, scope: ReadonlyArray<number>): { min: number; max: number } | null => {
  const min = scope[0] ?? 6
  const max = scope[1] ?? scope[0] ?? 15
  const digits = number.trim()
  return /^\d+$/.test(digits) && digits.length >= min && digits.length <= max ? null : { min, max }
}

/**
 * A phone field with the country list (the SMS login's and sign-up's): the country select of the
 * site's smsCountry list, the segment shown before the national number, the number in digits
 * only and no longer than the country's longest (masked on a Brazilian site, PhoneNumberInput);
 * the form says what is wrong (`error`).
 */
export const PhoneCountryField = ({
  countries,
  segment,
  onSegment,
  number,
  onNumber,
  error,
  autoFocus = false,
  optional = false,
}: {
  countries: ReadonlyArray<SmsCountry>
  segment: string
  onSegment: (segment: string) => void
  number: string
  onNumber: (number: string) => void
  error: string | null
  autoFocus?: boolean
  /** The number may be left empty (the label says so). */
  optional?: boolean
}) => {
  const { t } = useTranslation('signin')
  const country = countryOf(countries, segment)
  const countryId = useId()
  const numberId = useId()
  const siteCode = useActor('site', selectSiteCode)
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={countryId}>
          {t('sms.country')}
        </label>
        <select id={countryId} className="field__input" value={country?.phoneNumberSegment ?? ''} onChange={(e) => onSegment(e.target.value)}>
          {countries.map((c) => (
            <option key={c.phoneNumberSegment} value={c.phoneNumberSegment}>
              {`${c.countryName} (${c.phoneNumberSegment})`}
            </option>
          ))}
        </select>
      </div>
      <div className={`field${error !== null ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={numberId}>
          {optional ? t('sms.phoneOptional') : t('sms.phone')}
        </label>
        <div className="field__row">
          <span className="sms-login__segment" aria-hidden="true">
            {country?.phoneNumberSegment ?? ''}
          </span>
          <PhoneNumberInput
            id={numberId}
            siteCode={siteCode}
            className="field__input"
            inputMode="numeric"
            autoComplete="tel-national"
            data-autofocus={autoFocus ? '' : undefined}
            value={number}
            maxLength={country?.phoneLengthScope[1] ?? 15}
            aria-invalid={error !== null ? true : undefined}
            aria-describedby={error !== null ? `${numberId}-error` : undefined}
            onChange={(v) => onNumber(v.replace(/\D/g, ''))}
          />
        </div>
        <FieldError id={`${numberId}-error`} error={error} />
      </div>
    </>
  )
}
