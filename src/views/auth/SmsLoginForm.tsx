import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSend } from '../../system-react'
import { CodeInput, useCodeProblem } from '../../ui/CodeInput'
import { errorText } from './errors'
import { FormAlert } from './Field'
import { PhoneCountryField, countryOf, phoneProblem, usePhoneCountries } from './PhoneCountryField'
import { useGeetestSecondsLeft, useSessionBusy, useSessionError } from './session-hooks'

export { phoneProblem } from './PhoneCountryField'
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
  const list = usePhoneCountries()
  const [segment, setSegment] = useState('')
  const [number, setNumber] = useState('')
  const [code, setCode] = useState('')
  const [phoneError, setPhoneError] = useState<string | null>(null)
  const [codeError, setCodeError] = useState<string | null>(null)
  const codeProblem = useCodeProblem('phone')
  const country = countryOf(list, segment)
  const full = `${country?.phoneNumberSegment ?? ''}${number.trim()}`
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
      <PhoneCountryField countries={list} segment={segment} onSegment={setSegment} number={number} onNumber={setNumber} error={phoneError} autoFocus />
      <CodeInput channel="phone" target={full} scene="login" check={checkPhone} label={t('sms.code')} value={code} onChange={setCode} error={codeError} />
      <button type="submit" className="button button--primary button--block auth-form__submit" aria-disabled={busy}>
        {busy ? auth('action.busy') : auth('action.login')}
      </button>
    </form>
  )
}
