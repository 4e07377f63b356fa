import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { selectRiskCheck } from '../../../actors/session'
import { useActor, useSend } from '../../system-react'
import { errorText } from './errors'
import { Field, FormAlert } from './Field'
import { PhoneCountryField, countryOf, phoneProblem, usePhoneCountries } from './PhoneCountryField'

/**
 * The sign-in's risk check (the login answer's loginValidType 7, spec login validation mode sms):
 * the sign-in popup asks for the code texted to the account's bound phone (/user/risk/verifyPhone),
 * or, for an account without one, for a phone to bind and its code (/user/risk/bindPhone). The
 * sign-in counts once the code passed; closing the check gives the sign-in up.
 */
export const RiskCheckForm = () => {
  const { t } = useTranslation('signin')
  const { t: auth } = useTranslation('auth')
  const send = useSend()
  const risk = useActor('session', selectRiskCheck)
  const list = usePhoneCountries(risk?.binds === true)
  const [segment, setSegment] = useState('')
  const [number, setNumber] = useState('')
  const [code, setCode] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  if (risk === null) return null
  const country = countryOf(list, segment)
  const areaCode = country?.phoneNumberSegment ?? ''
  const checkPhone = (): boolean => {
    if (!risk.binds) return true
    const problem = phoneProblem(number, country?.phoneLengthScope ?? [])
    setInvalid(problem === null ? null : t('sms.invalidPhone', problem))
    return problem === null
  }
  const askCode = () => {
    if (!checkPhone()) return
    send(risk.binds ? { type: 'session.riskCodeRequested', phone: number.trim(), areaCode } : { type: 'session.riskCodeRequested' })
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!checkPhone()) return
    if (!/^\d{4,8}$/.test(code)) return setInvalid(t('risk.codeNeeded'))
    setInvalid(null)
    send(risk.binds ? { type: 'session.riskCodeSubmitted', code, phone: number.trim(), areaCode } : { type: 'session.riskCodeSubmitted', code })
  }
  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-label={t('risk.title')}>
      <h2 className="auth-form__title">{t('risk.title')}</h2>
      <p className="modal__text">{risk.binds ? t('risk.bindIntro') : t('risk.verifyIntro', { phone: risk.phone })}</p>
      <FormAlert text={invalid ?? errorText(auth, risk.error, 0)} />
      {risk.binds && <PhoneCountryField countries={list} segment={segment} onSegment={setSegment} number={number} onNumber={setNumber} error={null} autoFocus />}
      <div className="bind__send">
        <button type="button" className="button button--ghost" onClick={askCode}>
          {risk.sent === null ? t('risk.send') : t('risk.resend')}
        </button>
        {risk.sent !== null && (
          <span className="bind__sent" role="status">
            {t('risk.sent', { target: risk.sent })}
          </span>
        )}
      </div>
      <Field label={t('risk.code')} value={code} onValue={(v) => setCode(v.replace(/\D/g, '').slice(0, 8))} error={null} inputMode="numeric" autoComplete="one-time-code" />
      <button type="submit" className="button button--primary button--block auth-form__submit">
        {t('risk.submit')}
      </button>
      <button type="button" className="auth-modal__later" onClick={() => send({ type: 'session.riskCancelled' })}>
        {t('risk.cancel')}
      </button>
    </form>
  )
}
