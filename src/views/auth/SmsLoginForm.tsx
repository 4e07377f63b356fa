import { useEffect, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { smsCountriesCommand } from '../../../actors/recovery'
import { useCommand, useSend } from '../../system-react'
import { CodeInput, useCodeProblem } from '../../ui/CodeInput'
import { errorText } from './errors'
import { FormAlert } from './Field'
import { FieldError } from '../../ui/FieldError'
import { useGeetestSecondsLeft, useSessionBusy, useSessionError } from './session-hooks'

/** The number's digits within the country's length range (smsCountry phoneLengthScope), or the message's range. */
export const phoneProblem = (number: string, scope: ReadonlyArray<number>): { min: number; max: number } | null => {
  const min = scope[0] ?? 6
  const max = scope[1] ?? scope[0] ?? 15
  const digits = number.trim()
  return /^\d+$/.test(digits) && digits.length >= min && digits.length <= max ? null : { min, max }
}

/**
 * The SMS login (screens §4 login mode sms; issue 24): the country of the phone (the site's
 * smsCountry list, asked when the form opens), the number by that country's length, the code the
 * hall texts to it (the verify actor with scene 'login': the lock, the countdown, the challenge),
 * then the sign-in with the phone and the code (session.smsLoginSubmitted).
 */
export const SmsLoginForm = () => {
  const { t } = useTranslation('signin')
  const { t: auth } = useTranslation('auth')
  const send = useSend()
  const busy = useSessionBusy()
  const serverError = errorText(auth, useSessionError('login'), useGeetestSecondsLeft())
  const countries = useCommand(smsCountriesCommand)
  const list = countries.view.result ?? []
  const ask = countries.submit
  useEffect(() => {
    ask({})
  }, [ask])
  const [segment, setSegment] = useState('')
  const [number, setNumber] = useState('')
  const [code, setCode] = useState('')
  const [phoneError, setPhoneError] = useState<string | null>(null)
  const [codeError, setCodeError] = useState<string | null>(null)
  const codeProblem = useCodeProblem('phone')
  const country = list.find((c) => c.phoneNumberSegment === segment) ?? list[0]
  const full = `${country?.phoneNumberSegment ?? ''}${number.trim()}`
  const countryId = useId()
  const numberId = useId()
  const checkPhone = (): boolean => {
    const problem = phoneProblem(number, country?.phoneLengthScope ?? [])
    setPhoneError(problem === null ? null : t('sms.invalidPhone', problem))
    return problem === null
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (busy || !checkPhone()) return
    const problem = codeProblem(full, code)
    setCodeError(problem)
    if (problem === null) send({ type: 'session.smsLoginSubmitted', phone: full, code })
  }
  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-busy={busy}>
      <FormAlert text={serverError} />
      <div className="field">
        <label className="field__label" htmlFor={countryId}>
          {t('sms.country')}
        </label>
        <select id={countryId} className="field__input" value={country?.phoneNumberSegment ?? ''} onChange={(e) => setSegment(e.target.value)}>
          {list.map((c) => (
            <option key={c.phoneNumberSegment} value={c.phoneNumberSegment}>
              {`${c.countryName} (${c.phoneNumberSegment})`}
            </option>
          ))}
        </select>
      </div>
      <div className={`field${phoneError !== null ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={numberId}>
          {t('sms.phone')}
        </label>
        <div className="field__row">
          <span className="sms-login__segment" aria-hidden="true">
            {country?.phoneNumberSegment ?? ''}
          </span>
          <input
            id={numberId}
            className="field__input"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            data-autofocus=""
            value={number}
            maxLength={country?.phoneLengthScope[1] ?? 15}
            aria-invalid={phoneError !== null ? true : undefined}
            aria-describedby={phoneError !== null ? `${numberId}-error` : undefined}
            onChange={(e) => setNumber(e.target.value.replace(/\D/g, ''))}
          />
        </div>
        <FieldError id={`${numberId}-error`} error={phoneError} />
      </div>
      <CodeInput channel="phone" target={full} scene="login" check={checkPhone} label={t('sms.code')} value={code} onChange={setCode} error={codeError} />
      <button type="submit" className="button button--primary button--block auth-form__submit" aria-disabled={busy}>
        {busy ? auth('action.busy') : auth('action.login')}
      </button>
    </form>
  )
}
