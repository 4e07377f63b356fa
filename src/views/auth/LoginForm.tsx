import { useTranslation } from 'react-i18next'
import { password, username } from '../../ui/validation'
import { useSend } from '../../system-react'
import { errorText } from './errors'
import { Field, FormAlert, PasswordField } from './Field'
import { useGeetestSecondsLeft, useSessionBusy, useSessionError } from './session-hooks'
import { useForm } from './use-form'

/** The login form: username and password; Enter submits (a real form with a submit button). */
export const LoginForm = () => {
  const { t } = useTranslation('auth')
  const send = useSend()
  const busy = useSessionBusy()
  const serverError = errorText(t, useSessionError('login'), useGeetestSecondsLeft())
  const form = useForm({
    busy,
    initial: { username: '', password: '' },
    rules: () => ({ username, password }),
    labels: { username: t('field.username'), password: t('field.password') },
    onSubmit: (v) => send({ type: 'session.loginSubmitted', username: v.username.trim(), password: v.password }),
  })
  return (
    <form className="auth-form" noValidate onSubmit={form.submit} aria-busy={busy}>
      <FormAlert text={serverError} />
      <Field
        label={t('field.username')}
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
        value={form.values.password}
        onValue={form.set('password')}
        error={form.error('password')}
        inputRef={form.register('password')}
        autoComplete="current-password"
      />
      <button type="submit" className="button button--primary button--block auth-form__submit" aria-disabled={busy}>
        {busy ? t('action.busy') : t('action.login')}
      </button>
    </form>
  )
}
