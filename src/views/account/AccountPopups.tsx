import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { setAccountCommand, verifyLoginPassCommand } from '../../../actors/account'
import { useCommand, useSend } from '../../system-react'
import { Modal } from '../../ui/Modal'
import { VALIDATION_PARAMS, confirmation, password, required, username } from '../../ui/validation'
import { Field, FormAlert, PasswordField } from '../auth/Field'
import { useForm } from '../auth/use-form'
import './account.css'

/** The message of a command's failure shown in the form: its own key, or the hall's message. */
const commandError = (t: (key: string) => string, view: { status: string; formError: string | null }): string | null =>
  view.status === 'failed' && view.formError !== null ? t(view.formError) : null

interface PopupProps {
  readonly open: boolean
  readonly showCloseButton: boolean
  readonly onClose: (() => void) | undefined
}

/**
 * The verifyUserPassword popup (screens §2 global popups): the login password before a sensitive
 * change, checked by the hall (verifyLoginPass). The change that asked for it (the security
 * centre's withdraw password and first secret question) carries the ticket it answers; a wrong
 * password shows here and nothing else happens. It closes itself once the hall accepted.
 */
export const VerifyUserPasswordPopup = ({ open, showCloseButton, onClose }: PopupProps) => {
  const { t } = useTranslation('account')
  const send = useSend()
  const cmd = useCommand(verifyLoginPassCommand)
  const busy = cmd.view.status === 'submitting'
  const submitted = useRef(false)
  const form = useForm({
    busy,
    initial: { password: '' },
    rules: () => ({ password: required }),
    labels: { password: t('field.loginPassword') },
    onSubmit: (v) => {
      submitted.current = true
      cmd.submit({ password: v.password })
    },
  })
  useEffect(() => {
    if (submitted.current && cmd.view.status === 'succeeded') {
      submitted.current = false
      send({ type: 'popup.closeRequested', popup: 'verifyUserPassword' })
    }
  }, [cmd.view.status, send])
  return (
    <Modal open={open} title={t('flow.title.verifyUserPassword')} showCloseButton={showCloseButton} onClose={onClose} closeLabel={t('close')} className="account-flow">
      <form className="account-form" noValidate onSubmit={form.submit} aria-busy={busy}>
        <p className="modal__text">{t('flow.verifyUserPassword')}</p>
        <FormAlert text={commandError(t, cmd.view)} />
        <PasswordField label={t('field.loginPassword')} value={form.values.password} onValue={form.set('password')} error={form.error('password')} inputRef={form.register('password')} autoComplete="current-password" data-autofocus="" />
        <button type="submit" className="button button--primary button--block" aria-disabled={busy}>
          {t('action.confirm')}
        </button>
        {!showCloseButton && onClose !== undefined && (
          <button type="button" className="button button--ghost button--block" onClick={onClose}>
            {t('action.cancel')}
          </button>
        )}
      </form>
    </Modal>
  )
}

/**
 * The 'pass' popup (screens §2 global popups; §3 userOptResult 4): a trial account sets its
 * username and password (setaccount) and becomes a registered one; the lobby then signs in with
 * them, as a registration does. The trial's play money is not carried over (said in the popup).
 */
export const TrialCredentialsPopup = ({ open, showCloseButton, onClose }: PopupProps) => {
  const { t } = useTranslation('account')
  const { t: auth } = useTranslation('auth')
  const send = useSend()
  const cmd = useCommand(setAccountCommand)
  const busy = cmd.view.status === 'submitting'
  const sent = useRef<{ username: string; password: string } | null>(null)
  const form = useForm({
    busy,
    initial: { username: '', password: '', confirm: '' },
    rules: (v) => ({ username, password, confirm: confirmation(v.password) }),
    labels: { username: auth('field.username'), password: auth('field.password'), confirm: auth('field.confirmPassword') },
    onSubmit: (v) => {
      sent.current = { username: v.username.trim(), password: v.password }
      cmd.submit({ username: v.username.trim(), password: v.password, confirmPassword: v.confirm })
    },
  })
  const { reset } = cmd
  useEffect(() => reset(), [reset])
  // Registered: sign in with the new username and password (the trial session becomes the real one).
  useEffect(() => {
    const creds = sent.current
    if (creds === null || cmd.view.status !== 'succeeded') return
    sent.current = null
    send({ type: 'popup.closeRequested', popup: 'pass' })
    send({ type: 'session.loginSubmitted', username: creds.username, password: creds.password })
  }, [cmd.view.status, send])
  return (
    <Modal open={open} title={t('trial.title')} showCloseButton={showCloseButton} onClose={onClose} closeLabel={t('close')} className="account-flow">
      <form className="account-form" noValidate onSubmit={form.submit} aria-busy={busy}>
        <p className="modal__text">{t('trial.hint')}</p>
        <FormAlert text={commandError(t, cmd.view)} />
        <Field label={auth('field.username')} hint={auth('hint.username', VALIDATION_PARAMS)} value={form.values.username} onValue={form.set('username')} error={form.error('username')} inputRef={form.register('username')} autoComplete="username" autoCapitalize="none" spellCheck={false} data-autofocus="" />
        <PasswordField label={auth('field.password')} hint={auth('hint.password', VALIDATION_PARAMS)} value={form.values.password} onValue={form.set('password')} error={form.error('password')} inputRef={form.register('password')} autoComplete="new-password" />
        <PasswordField label={auth('field.confirmPassword')} value={form.values.confirm} onValue={form.set('confirm')} error={form.error('confirm')} inputRef={form.register('confirm')} autoComplete="new-password" />
        <button type="submit" className="button button--primary button--block" aria-disabled={busy}>
          {t('action.save')}
        </button>
        {!showCloseButton && onClose !== undefined && (
          <button type="button" className="button button--ghost button--block" onClick={onClose}>
            {t('action.cancel')}
          </button>
        )}
      </form>
    </Modal>
  )
}
