import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FieldError } from '../../ui/FieldError'
import { VALIDATION_PARAMS, confirmation, password, required, username } from '../../ui/validation'
import { useActor, useCommand, useSend } from '../../system-react'
import { sanitizeOperatorHtml } from '../../ui/sanitize'
import { registerConfigCommand, userAgreementCommand, usernameCheckCommand } from '../../../actors/signup'
import { selectSiteCode } from '../../../actors/site'
import { phoneOfCountrySelect } from '../../ui/validation'
import { PhoneCountryField, countryOf, phoneProblem, usePhoneCountries, type SmsCountry } from './PhoneCountryField'
import { errorText } from './errors'
import { Field, FormAlert, PasswordField } from './Field'
import { useGeetestSecondsLeft, useOfferedCurrencies, useSessionBusy, useSessionCurrency, useSessionError } from './session-hooks'
import { useForm } from './use-form'
import { providerName } from './ThirdPartyButtons'
import { providerOfType } from '../../../actors/thirdparty'
import type { ThirdWay } from '../../../schemas/events/session'
import type { Invitation } from '../../../schemas/events/promotion'
import { selectInvitation } from '../../../actors/promotion'

/** The invitation the visitor arrived with (the promotion actor's), as the registration event carries it. */
const invitationOf = (i: Invitation | null) => (i === null ? {} : { invitation: i })

/** How long the player stops typing before the username is checked at the hall. */
export const USERNAME_CHECK_DELAY_MS = 500

/**
 * Whether the username typed is still free (/home/checkusername): asked once the name passes the
 * form's rule and the player has stopped typing for USERNAME_CHECK_DELAY_MS; an answer counts only
 * for the name it was asked for, and a name typed while a check is out is asked when it returns.
 */
const useUsernameCheck = (typed: string): { readonly checking: boolean; readonly available: boolean | null } => {
  const check = useCommand(usernameCheckCommand)
  const { submit, reset } = check
  const status = check.view.status
  const [askedFor, setAskedFor] = useState<string | null>(null)
  const name = typed.trim()
  const valid = username(name) === null
  useEffect(() => {
    if (!valid || status === 'submitting' || name === askedFor) return undefined
    const timer = setTimeout(() => {
      setAskedFor(name)
      submit({ username: name })
    }, USERNAME_CHECK_DELAY_MS)
    return () => clearTimeout(timer)
  }, [valid, status, name, askedFor, submit])
  useEffect(() => reset, [reset])
  const current = valid && name === askedFor
  return {
    checking: current && status === 'submitting',
    available: current && status === 'succeeded' && check.view.result !== null ? check.view.result : null,
  }
}

/** The site's user agreement, asked of the hall when the player first opens it. */
const UserAgreement = () => {
  const { t } = useTranslation('auth')
  const agreement = useCommand(userAgreementCommand)
  const { status, result } = agreement.view
  return (
    <details
      className="auth-form__agreement"
      onToggle={(e) => {
        if (e.currentTarget.open && status !== 'submitting' && status !== 'succeeded') agreement.submit({})
      }}
    >
      <summary>{t('signup.readAgreement')}</summary>
      {status === 'succeeded' && result !== null ? (
        <div className="auth-form__agreement-text" dangerouslySetInnerHTML={{ __html: sanitizeOperatorHtml(result.content) }} />
      ) : status === 'failed' ? (
        <p role="alert">{t('signup.agreementFailed')}</p>
      ) : (
        <p>{t('signup.agreementLoading')}</p>
      )}
    </details>
  )
}

/**
 * The phone of the registration, where the site asks for one (registerConfig, asked when the form
 * opens): the country from smsCountry and the national number, checked by the country's length and
 * the site's rule of the country-select variant (phoneOfCountrySelect: on a Brazilian site the
 * Brazilian rules, refusing a leading 0). `problem` answers the message, or null.
 */
const useRegisterPhone = () => {
  const { t } = useTranslation('signin')
  const { t: auth } = useTranslation('auth')
  const config = useCommand(registerConfigCommand)
  const askConfig = config.submit
  useEffect(() => {
    askConfig({})
  }, [askConfig])
  const asked = config.view.status === 'succeeded' && config.view.result !== null ? config.view.result : 'off'
  const siteCode = useActor('site', selectSiteCode)
  const [segment, setSegment] = useState('')
  const [number, setNumber] = useState('')
  const [error, setError] = useState<string | null>(null)
  return {
    asked,
    segment, setSegment, number, setNumber, error,
    /** Checks the phone (sets its message) and answers the event's phone, null when none, or false when wrong. */
    check: (countries: ReadonlyArray<SmsCountry>) => {
      if (asked === 'off' || (asked === 'optional' && number.trim() === '')) return setError(null), null
      const country = countryOf(countries, segment)
      const length = phoneProblem(number, country?.phoneLengthScope ?? [])
      const rule = phoneOfCountrySelect(siteCode)(number)
      const message =
        number.trim() === '' ? t('sms.phoneRequired')
        : rule !== null && rule !== 'validation.phone' ? auth(rule as 'validation.phone', VALIDATION_PARAMS)
        : length !== null ? t('sms.invalidPhone', length)
        : rule !== null ? auth('validation.phone')
        : null
      setError(message)
      return message === null ? { areaCode: country?.phoneNumberSegment ?? '', number: number.trim() } : false
    },
  }
}

/**
 * The registration form: username, password and its confirmation, and a currency the site offers.
 * The username is checked at the hall while the player types; the site's user agreement can be
 * read before signing up. In thirdWay mode (a third-party sign-in that found no account, spec §4) it registers that
 * account: the provider and its email shown, the hall's proposed username and password filled in.
 */
export const RegisterForm = ({ thirdWay = null }: { thirdWay?: ThirdWay | null }) => {
  const { t } = useTranslation('auth')
  const { t: account } = useTranslation('account')
  const provider = thirdWay === null ? null : providerOfType(thirdWay.requesterType)
  const send = useSend()
  const invitation = useActor('promotion', selectInvitation)
  const busy = useSessionBusy()
  const serverError = errorText(t, useSessionError('register'), useGeetestSecondsLeft())
  const currencies = useOfferedCurrencies()
  const sessionCurrency = useSessionCurrency()
  const currencyId = useId()
  const phone = useRegisterPhone()
  const countries = usePhoneCountries(phone.asked !== 'off')
  const form = useForm({
    busy,
    initial: {
      username: thirdWay?.newUsername ?? '',
      password: thirdWay?.newPassword ?? '',
      confirm: thirdWay?.newPassword ?? '',
      currency: currencies.includes(sessionCurrency) ? sessionCurrency : (currencies[0] ?? sessionCurrency),
    },
    rules: (v) => ({ username, password, confirm: confirmation(v.password), currency: required }),
    labels: {
      username: t('field.username'),
      password: t('field.password'),
      confirm: t('field.confirmPassword'),
      currency: t('field.currency'),
    },
    onSubmit: (v) => {
      const given = phone.check(countries)
      if (given === false) return
      send({
        type: 'session.registerSubmitted', username: v.username.trim(), password: v.password, currency: v.currency, ...(thirdWay === null ? {} : { thirdWay }),
        ...invitationOf(invitation), ...(given === null ? {} : { phone: given }),
      })
    },
  })
  const currencyError = form.error('currency')
  const check = useUsernameCheck(form.values.username)
  const usernameError = form.error('username') ?? (check.available === false ? t('signup.taken') : null)
  return (
    <form className="auth-form" noValidate onSubmit={form.submit} aria-busy={busy}>
      {thirdWay !== null && (
        <p className="auth-form__third">{account('thirdWay.registerAs', { provider: provider === null ? '' : providerName(provider), email: thirdWay.email })}</p>
      )}
      <FormAlert text={serverError} />
      <Field
        label={t('field.username')}
        hint={t('hint.username', VALIDATION_PARAMS)}
        value={form.values.username}
        onValue={form.set('username')}
        error={usernameError}
        inputRef={form.register('username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        data-autofocus=""
      />
      <p className="auth-form__check" role="status">
        {check.checking ? t('signup.checking') : check.available === true ? t('signup.available') : ''}
      </p>
      <PasswordField
        label={t('field.password')}
        hint={t('hint.password', VALIDATION_PARAMS)}
        value={form.values.password}
        onValue={form.set('password')}
        error={form.error('password')}
        inputRef={form.register('password')}
        autoComplete="new-password"
      />
      <PasswordField
        label={t('field.confirmPassword')}
        value={form.values.confirm}
        onValue={form.set('confirm')}
        error={form.error('confirm')}
        inputRef={form.register('confirm')}
        autoComplete="new-password"
      />
      <div className={`field${currencyError !== null ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={currencyId}>
          {t('field.currency')}
        </label>
        <div className="field__row">
          <select
            id={currencyId}
            ref={form.register('currency')}
            className="field__input"
            value={form.values.currency}
            onChange={(e) => form.set('currency')(e.target.value)}
            aria-invalid={currencyError !== null ? true : undefined}
            aria-describedby={currencyError !== null ? `${currencyId}-error` : undefined}
          >
            {currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <FieldError id={`${currencyId}-error`} error={currencyError} />
      </div>
      {phone.asked !== 'off' && (
        <PhoneCountryField
          countries={countries}
          segment={phone.segment}
          onSegment={phone.setSegment}
          number={phone.number}
          onNumber={phone.setNumber}
          error={phone.error}
          optional={phone.asked === 'optional'}
        />
      )}
      <p className="auth-form__agreement-note">{t('signup.agreement')}</p>
      <UserAgreement />
      <button type="submit" className="button button--primary button--block auth-form__submit" aria-disabled={busy}>
        {busy ? t('action.busy') : t('action.register')}
      </button>
    </form>
  )
}
