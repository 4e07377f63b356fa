import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SmsLoginForm } from './SmsLoginForm'
import { RiskCheckForm } from './RiskCheckForm'
import { selectRiskCheck } from '../../../actors/session'
import { password, username } from '../../ui/validation'
import { useActor, useCommand, useSend } from '../../system-react'
import { loginChallengeCommand } from '../../../actors/recovery'
import { demandsChallenge, missedChallenge } from '../../../actors/verify'
import { ChallengeDialog } from '../../ui/ChallengeDialog'
import { selectShownPopup } from '../../../actors/popups'
import { errorText } from './errors'
import { Field, FormAlert, PasswordField } from './Field'
import { useGeetestSecondsLeft, useSessionBusy, useSessionError } from './session-hooks'
import { useForm } from './use-form'

/** Opens the forgotten-password popup in place of the sign-in popup. */
const ForgotLink = () => {
  const { t } = useTranslation('signin')
  const send = useSend()
  const shown = useActor('popups', selectShownPopup)
  const open = () => {
    send({ type: 'popup.openRequested', popup: 'forgotPassword' })
    if (shown !== null && shown !== 'forgotPassword') send({ type: 'popup.closeRequested', popup: shown })
  }
  return (
    <button type="button" className="auth-form__link" onClick={open}>
      {t('forgot.open')}
    </button>
  )
}

/**
 * The login popup's tab: the password login, or the SMS login (screens §4 login modes normal and
 * sms), switched by the player (view state: which form is shown).
 */
export const LoginForm = () => {
  const { t } = useTranslation('signin')
  const [sms, setSms] = useState(false)
  // A sign-in whose answer asked the risk check shows it instead of the forms until it passes or is given up.
  if (useActor('session', selectRiskCheck) !== null) return <RiskCheckForm />
  return (
    <>
      {sms ? <SmsLoginForm /> : <PasswordLoginForm />}
      <div className="auth-form__links">
        <button type="button" className="auth-form__link" onClick={() => setSms((v) => !v)}>
          {sms ? t('sms.usePassword') : t('sms.useSms')}
        </button>
        <ForgotLink />
      </div>
    </>
  )
}

/** The password login: username and password; Enter submits (a real form with a submit button). */
const PasswordLoginForm = () => {
  const { t } = useTranslation('auth')
  const send = useSend()
  const busy = useSessionBusy()
  const { t: signin } = useTranslation('signin')
  const loginError = useSessionError('login')
  const serverError = errorText(t, loginError, useGeetestSecondsLeft())
  // After repeated failures the hall asks for the image challenge (1119): it is shown, and the next
  // submission carries its key and the digits read.
  const challenge = useCommand(loginChallengeCommand)
  const askChallenge = challenge.submit
  // A site may ask a puzzle instead (1124 slider, 1125 click, 1126 nine-square): it opens in a
  // dialog, and its answer retries the sign-in at once. A wrong answer, the first of a round (2011),
  // shows a generic message and a new challenge; the second in a row is error_12, the restriction.
  const forced = demandsChallenge(loginError?.code) || missedChallenge(loginError?.code)
  useEffect(() => {
    if (forced) askChallenge({})
  }, [forced, loginError, askChallenge])
  // A challenge answered once is spent: it is not shown again while the next one is fetched.
  const [answered, setAnswered] = useState<string | null>(null)
  const result = challenge.view.result
  const fetched = forced && result !== null && result.key !== answered ? result : null
  const [dismissed, setDismissed] = useState<string | null>(null)
  const puzzle = fetched !== null && (fetched.kind ?? 'image') !== 'image' ? fetched : null
  const shown = puzzle === null ? fetched : null
  const [digits, setDigits] = useState('')
  const form = useForm({
    busy,
    initial: { username: '', password: '' },
    rules: () => ({ username, password }),
    labels: { username: t('field.username'), password: t('field.password') },
    onSubmit: (v) => {
      send({ type: 'session.loginSubmitted', username: v.username.trim(), password: v.password, ...(shown === null ? {} : { captchaKey: shown.key, captcha: digits }) })
      if (shown !== null) setAnswered(shown.key)
      setDigits('')
    },
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
      {puzzle !== null && dismissed !== puzzle.key && (
        <ChallengeDialog
          challenge={puzzle}
          busy={busy}
          onAnswer={(answer) => {
            setAnswered(puzzle.key)
            send({ type: 'session.loginSubmitted', username: form.values.username.trim(), password: form.values.password, captchaKey: puzzle.key, captcha: answer })
          }}
          onRenew={() => askChallenge({})}
          onCancel={() => setDismissed(puzzle.key)}
          error={missedChallenge(loginError?.code) ? serverError : null}
        />
      )}
      {shown !== null && (
        <div className="code-send__challenge" role="group" aria-label={signin('challenge.answer')}>
          <img className="code-send__image" src={shown.image} alt={signin('challenge.answer')} />
          <Field label={signin('challenge.answer')} value={digits} onValue={(v) => setDigits(v.replace(/\D/g, '').slice(0, 4))} error={null} inputMode="numeric" autoComplete="off" />
          <button type="button" className="button button--ghost button--small" onClick={() => askChallenge({})}>
            {signin('challenge.renew')}
          </button>
        </div>
      )}
      <button type="submit" className="button button--primary button--block auth-form__submit" aria-disabled={busy}>
        {busy ? t('action.busy') : t('action.login')}
      </button>
    </form>
  )
}
