import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { FieldError } from '../../ui/FieldError'
import { VALIDATION_PARAMS, confirmation, password, required, username } from '../../ui/validation'
import { useSend } from '../../system-react'
import { errorText } from './errors'
import { Field, FormAlert, PasswordField } from './Field'
import { useGeetestSecondsLeft, useOfferedCurrencies, useSessionBusy, useSessionCurrency, useSessionError } from './session-hooks'
import { useForm } from './use-form'
import { providerName } from './ThirdPartyButtons'
import { providerOfType } from '../../../actors/thirdparty'
import type { ThirdWay } from '../../../schemas/events/session'
import { deviceStorage, keptInvitation, type Invitation } from '../promote/invitation'

/** The invitation kept from the entry link, as the registration event carries it. */
const invitationOf = (i: Invitation | null) => (i === null ? {} : { invitation: i })

/**
 * The registration form: username, password and its confirmation, and a currency the site offers.
 * In thirdWay mode (a third-party sign-in that found no account, spec §4) it registers that
 * account: the provider and its email shown, the hall's proposed username and password filled in.
 */
export const RegisterForm = ({ thirdWay = null }: { thirdWay?: ThirdWay | null }) => {
  const { t } = useTranslation('auth')
  const { t: account } = useTranslation('account')
  const provider = thirdWay === null ? null : providerOfType(thirdWay.requesterType)
  const send = useSend()
  const busy = useSessionBusy()
  const serverError = errorText(t, useSessionError('register'), useGeetestSecondsLeft())
  const currencies = useOfferedCurrencies()
  const sessionCurrency = useSessionCurrency()
  const currencyId = useId()
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
    onSubmit: (v) =>
      send({
        type: 'session.registerSubmitted', username: v.username.trim(), password: v.password, currency: v.currency, ...(thirdWay === null ? {} : { thirdWay }),
        ...invitationOf(keptInvitation(deviceStorage())),
      }),
  })
  const currencyError = form.error('currency')
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
        error={form.error('username')}
        inputRef={form.register('username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        data-autofocus=""
      />
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
      <button type="submit" className="button button--primary button--block auth-form__submit" aria-disabled={busy}>
        {busy ? t('action.busy') : t('action.register')}
      </button>
    </form>
  )
}
