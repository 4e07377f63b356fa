import { useTranslation } from 'react-i18next'
import { VALIDATION_PARAMS, confirmation, password, required } from '../../ui/validation'
import { useSend } from '../../system-react'
import { errorText } from './errors'
import { FormAlert, PasswordField } from './Field'
import { useSessionBusy, useSessionError } from './session-hooks'
import { useForm } from './use-form'

/** The forced change-password form (change_password 1, spec §4): current, new, and the new again. */
export const ChangePasswordForm = () => {
  const { t } = useTranslation('auth')
  const send = useSend()
  const busy = useSessionBusy()
  const serverError = errorText(t, useSessionError('account'), 0)
  const form = useForm({
    busy,
    initial: { oldPassword: '', newPassword: '', confirm: '' },
    rules: (v) => ({ oldPassword: required, newPassword: password, confirm: confirmation(v.newPassword) }),
    labels: { oldPassword: t('field.oldPassword'), newPassword: t('field.newPassword'), confirm: t('field.confirmNewPassword') },
    onSubmit: (v) => send({ type: 'session.passwordChangeSubmitted', oldPassword: v.oldPassword, newPassword: v.newPassword }),
  })
  return (
    <form className="auth-form" noValidate onSubmit={form.submit} aria-busy={busy}>
      <p className="modal__text">{t('forceChangePwd.body')}</p>
      <FormAlert text={serverError} />
      <PasswordField
        label={t('field.oldPassword')}
        value={form.values.oldPassword}
        onValue={form.set('oldPassword')}
        error={form.error('oldPassword')}
        inputRef={form.register('oldPassword')}
        autoComplete="current-password"
        data-autofocus=""
      />
      <PasswordField
        label={t('field.newPassword')}
        hint={t('hint.password', VALIDATION_PARAMS)}
        value={form.values.newPassword}
        onValue={form.set('newPassword')}
        error={form.error('newPassword')}
        inputRef={form.register('newPassword')}
        autoComplete="new-password"
      />
      <PasswordField
        label={t('field.confirmNewPassword')}
        value={form.values.confirm}
        onValue={form.set('confirm')}
        error={form.error('confirm')}
        inputRef={form.register('confirm')}
        autoComplete="new-password"
      />
      <button type="submit" className="button button--primary button--block auth-form__submit" aria-disabled={busy}>
        {busy ? t('action.busy') : t('action.changePassword')}
      </button>
    </form>
  )
}
