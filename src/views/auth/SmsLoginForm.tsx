import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { SnapshotFrom } from 'xstate'
import { smsLoginValidateCommand } from '../../../actors/recovery'
import type { siteMachine } from '../../../actors/site'
import { useActor, useCommand, useSend } from '../../system-react'
import { CodeInput, useCodeProblem } from '../../ui/CodeInput'
import { errorText } from './errors'
import { FormAlert } from './Field'
import { waitSecondsOf } from './ForgotPasswordModal'
import { PhoneCountryField, countryOf, phoneProblem, usePhoneCountries } from './PhoneCountryField'
import { useGeetestSecondsLeft, useSessionBusy, useSessionError } from './session-hooks'

export { phoneProblem } from './PhoneCountryField'
/**
 * The SMS login (screens §4 login mode sms; issue 24): the country of the phone (the site's
 * smsCountry list, asked when the form opens), the number by that country's length, the code the
 * hall texts to it (the verify actor with scene 'login': the lock, the countdown, the challenge),
 * then the sign-in with the phone and the code (session.smsLoginSubmitted). On a site whose hall
 * checks the code first (hall profile smsLogin 'validate'), /shortmsg/validate checks it, and the
 * sign-in follows once it passed; a wrong code is said in the form before any sign-in.
 */
export const SmsLoginForm = () => {
  const { t } = useTranslation('signin')
  const { t: auth } = useTranslation('auth')
  const send = useSend()
  const validateFirst = useActor('site', selectSmsLogin) === 'validate'
  const validate = useCommand(smsLoginValidateCommand)
  const busy = useSessionBusy() || validate.view.status === 'submitting'
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
  const passed = validate.view.status === 'succeeded'
  const { reset } = validate
  useEffect(() => {
    if (!passed) return
    reset()
    send({ type: 'session.smsLoginSubmitted', phone: full, code })
    // The sign-in follows the check it passed, once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [passed])
  const refusal = validate.view.formError !== null ? t(validate.view.formError, { seconds: waitSecondsOf(validate.view.error) }) : null
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (busy || !checkPhone()) return
    const problem = codeProblem(full, code)
    setCodeError(problem)
    if (problem !== null) return
    if (validateFirst) validate.submit({ captcha: code, phone_number: full, scene: 'login' })
    else send({ type: 'session.smsLoginSubmitted', phone: full, code })
  }
  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-busy={busy}>
      <FormAlert text={serverError ?? refusal} />
      <PhoneCountryField countries={list} segment={segment} onSegment={setSegment} number={number} onNumber={setNumber} error={phoneError} autoFocus />
      <CodeInput channel="phone" target={full} scene="login" check={checkPhone} label={t('sms.code')} value={code} onChange={setCode} error={codeError} />
      <button type="submit" className="button button--primary button--block auth-form__submit" aria-disabled={busy}>
        {busy ? auth('action.busy') : auth('action.login')}
      </button>
    </form>
  )
}

/** How the site's hall checks the SMS login's code (its hall profile's smsLogin; absent: 'direct'). */
const selectSmsLogin = (s: SnapshotFrom<typeof siteMachine>): 'direct' | 'validate' => s.context.config?.hallProfile?.smsLogin ?? 'direct'
