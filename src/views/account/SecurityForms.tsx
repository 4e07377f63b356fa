import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { bindEmailCommand, bindGoogleAuthCommand, changePassCommand, editQuintCommand, modifyPhoneCommand, passQuintCommand, questionsActor, switchGoogleAuthCommand, withdrawPassCommand } from '../../../actors/account'
import { selectSiteCode } from '../../../actors/site'
import { useActor, useCommand, useQuery, useSend } from '../../system-react'
import { CodeInput, useCodeProblem } from '../../ui/CodeInput'
import { PhoneNumberInput } from '../../ui/PhoneNumberInput'
import { PinInput } from '../../ui/PinInput'
import { answer as answerRule, code as codeRule, differentFrom, email as emailRule, firstOf, phoneOfSite, password, confirmation, paymentPassword, required, VALIDATION_PARAMS, type Rule } from '../../ui/validation'
import { Field, FormAlert, PasswordField } from '../auth/Field'
import { useForm } from '../auth/use-form'
import { QrCode } from '../postlogin/QrCode'

/**
 * The change forms of the security centre's dialog (src/views/account/SecurityFlow.tsx), each
 * submitting its own command with the verification's ticket and calling `onDone` once it went through.
 */

/** The message of a command's failure shown in the form: its own key, or the hall's message. */
export const commandError = (t: (key: string) => string, view: { status: string; formError: string | null }): string | null =>
  view.status === 'failed' && view.formError !== null ? t(view.formError) : null

/** Calls `onDone` once when a command succeeds after this form submitted it. */
const useDoneOn = (status: string, onDone: () => void) => {
  const submitted = useRef(false)
  useEffect(() => {
    if (submitted.current && status === 'succeeded') onDone()
  }, [status, onDone])
  return () => {
    submitted.current = true
  }
}

/** The authenticator's switch: its current code. */
export const SwitchForm = ({ on, onDone }: { on: boolean; onDone: () => void }) => {
  const { t } = useTranslation('account')
  const cmd = useCommand(switchGoogleAuthCommand)
  const busy = cmd.view.status === 'submitting'
  const mark = useDoneOn(cmd.view.status, onDone)
  const form = useForm({
    busy,
    initial: { code: '' },
    rules: () => ({ code: codeRule('authenticator', true) }),
    labels: { code: t('field.gaCode') },
    params: { code: { length: 6 } },
    onSubmit: (v) => {
      mark()
      cmd.submit({ status: on ? 1 : 0, code: v.code })
    },
  })
  const { reset } = cmd
  useEffect(() => reset(), [reset])
  return (
    <form className="account-form" noValidate onSubmit={form.submit} aria-busy={busy}>
      <p className="modal__text">{t(on ? 'flow.gaOnHint' : 'flow.gaOffHint')}</p>
      <FormAlert text={commandError(t, cmd.view)} />
      <Field label={t('field.gaCode')} value={form.values.code} onValue={(v) => form.set('code')(v.replace(/\D/g, '').slice(0, 6))} error={form.error('code')} inputRef={form.register('code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} data-autofocus="" />
      <button type="submit" className="button button--primary button--block" aria-disabled={busy}>
        {t(on ? 'security.action.turnOn' : 'security.action.turnOff')}
      </button>
    </form>
  )
}

/**
 * A new authenticator over the bound one, after the current one's code (its ticket): a new key
 * (QR code, text, otpauth link) for the app, then the code the app shows for it.
 */
export const AuthenticatorForm = ({ ticket, onDone }: { ticket: string | null; onDone: () => void }) => {
  const { t } = useTranslation('account')
  const { t: bind } = useTranslation('postlogin')
  const cmd = useCommand(bindGoogleAuthCommand)
  const busy = cmd.view.status === 'submitting'
  const [key, setKey] = useState<{ secret: string; otpauth: string } | null>(null)
  const result = cmd.view.result
  useEffect(() => {
    if (result !== null && 'secret' in result) setKey(result)
  }, [result])
  // Done when the code this form submitted bound the new key (not when the key came).
  const submitted = useRef(false)
  useEffect(() => {
    if (submitted.current && result !== null && 'is_open_google_auth' in result) onDone()
  }, [result, onDone])
  const form = useForm({
    busy,
    initial: { code: '' },
    rules: () => ({ code: codeRule('authenticator', true) }),
    labels: { code: t('field.gaCode') },
    params: { code: { length: 6 } },
    onSubmit: (v) => {
      submitted.current = true
      cmd.submit({ code: v.code, ...(ticket === null ? {} : { verifyToken: ticket }) })
    },
  })
  const { reset } = cmd
  useEffect(() => reset(), [reset])
  return (
    <form className="account-form" noValidate onSubmit={form.submit} aria-busy={busy}>
      <p className="modal__text">{t('flow.gaNewHint')}</p>
      <FormAlert text={commandError(t, cmd.view)} />
      <div className="bind__send">
        <button type="button" className="button button--ghost" disabled={busy} onClick={() => cmd.submit({})} data-autofocus="">
          {bind('bind.getKey')}
        </button>
      </div>
      {key !== null && (
        <>
          <div className="bind__authenticator">
            <QrCode text={key.otpauth} label={bind('bind.qr')} />
            <span>{bind('bind.secret')}</span>
            <code className="bind__secret" data-testid="ga-secret">{key.secret}</code>
            <a className="button button--ghost button--small" href={key.otpauth} data-testid="ga-otpauth">
              {bind('bind.openApp')}
            </a>
          </div>
          <Field label={t('field.gaCode')} value={form.values.code} onValue={(v) => form.set('code')(v.replace(/\D/g, '').slice(0, 6))} error={form.error('code')} inputRef={form.register('code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          <button type="submit" className="button button--primary button--block" aria-disabled={busy}>
            {t('action.save')}
          </button>
        </>
      )}
    </form>
  )
}

/** The login password's change: the old one, the new one by the rule, the new one again. */
export const LoginPassForm = ({ onDone }: { onDone: () => void }) => {
  const { t } = useTranslation('account')
  const { t: auth } = useTranslation('auth')
  const cmd = useCommand(changePassCommand)
  const busy = cmd.view.status === 'submitting'
  const mark = useDoneOn(cmd.view.status, onDone)
  const form = useForm({
    busy,
    initial: { oldPassword: '', newPassword: '', confirm: '' },
    rules: (v) => ({ oldPassword: required, newPassword: firstOf(password, differentFrom(v.oldPassword)), confirm: confirmation(v.newPassword) }),
    labels: { oldPassword: auth('field.oldPassword'), newPassword: auth('field.newPassword'), confirm: auth('field.confirmNewPassword') },
    onSubmit: (v) => {
      mark()
      cmd.submit({ oldPassword: v.oldPassword, newPassword: v.newPassword, confirmPassword: v.confirm })
    },
  })
  const { reset } = cmd
  useEffect(() => reset(), [reset])
  return (
    <form className="account-form" noValidate onSubmit={form.submit} aria-busy={busy}>
      <FormAlert text={commandError(t, cmd.view)} />
      <PasswordField label={auth('field.oldPassword')} value={form.values.oldPassword} onValue={form.set('oldPassword')} error={form.error('oldPassword')} inputRef={form.register('oldPassword')} autoComplete="current-password" data-autofocus="" />
      <PasswordField label={auth('field.newPassword')} hint={auth('hint.password', VALIDATION_PARAMS)} value={form.values.newPassword} onValue={form.set('newPassword')} error={form.error('newPassword')} inputRef={form.register('newPassword')} autoComplete="new-password" />
      <PasswordField label={auth('field.confirmNewPassword')} value={form.values.confirm} onValue={form.set('confirm')} error={form.error('confirm')} inputRef={form.register('confirm')} autoComplete="new-password" />
      <button type="submit" className="button button--primary button--block" aria-disabled={busy}>
        {t('action.save')}
      </button>
    </form>
  )
}

/** The new phone or email, with the code the verify actor sends to it, carrying the ticket. */
export const NewTargetForm = ({ channel, ticket, onDone }: { channel: 'phone' | 'email'; ticket: string | null; onDone: () => void }) => {
  const { t } = useTranslation('account')
  const { t: auth } = useTranslation('auth')
  const phone = useCommand(modifyPhoneCommand)
  const mail = useCommand(bindEmailCommand)
  const cmd = channel === 'phone' ? phone : mail
  const busy = cmd.view.status === 'submitting'
  const mark = useDoneOn(cmd.view.status, onDone)
  const codeProblem = useCodeProblem(channel)
  const [target, setTarget] = useState('')
  const [code, setCode] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  const { reset } = cmd
  useEffect(() => reset(), [reset])
  const siteCode = useActor('site', selectSiteCode)
  const phoneId = useId()
  const targetRule: Rule = channel === 'email' ? emailRule : phoneOfSite(siteCode)
  const checkTarget = (): boolean => {
    const key = targetRule(target)
    setInvalid(key === null ? null : auth(key, { ...VALIDATION_PARAMS, item: t(`field.new.${channel}`) }))
    return key === null
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (busy || !checkTarget()) return
    const problem = codeProblem(target, code)
    if (problem !== null) return setInvalid(problem)
    setInvalid(null)
    mark()
    const verifyToken = ticket ?? undefined
    if (channel === 'phone') phone.submit({ phone: target, code, ...(verifyToken === undefined ? {} : { verifyToken }) })
    else mail.submit({ email: target, code, ...(verifyToken === undefined ? {} : { verifyToken }) })
  }
  return (
    <form className="account-form" noValidate onSubmit={submit} aria-busy={busy}>
      <FormAlert text={invalid ?? commandError(t, cmd.view)} />
      {channel === 'phone' ? (
        // The phone mask of spec §5 on a Brazilian site (the sign-up's and the bind forms'): the form keeps the digits.
        <div className="field">
          <label className="field__label" htmlFor={phoneId}>
            {t('field.new.phone')}
          </label>
          <div className="field__row">
            <PhoneNumberInput id={phoneId} className="field__input" siteCode={siteCode} value={target} onChange={(v) => setTarget(v.trim())} autoComplete="tel" data-autofocus="" />
          </div>
        </div>
      ) : (
        <Field label={t('field.new.email')} value={target} onValue={(v) => setTarget(v.trim())} error={null} type="email" autoComplete="email" data-autofocus="" />
      )}
      <CodeInput channel={channel} target={target} check={checkTarget} label={t('field.code')} value={code} onChange={setCode} />
      <button type="submit" className="button button--primary button--block" aria-disabled={busy}>
        {t('action.save')}
      </button>
    </form>
  )
}

/** The new withdraw password, twice, carrying the login password's ticket. */
export const PinForm = ({ ticket, onDone }: { ticket: string | null; onDone: () => void }) => {
  const { t } = useTranslation('account')
  const { t: auth } = useTranslation('auth')
  const cmd = useCommand(withdrawPassCommand)
  const busy = cmd.view.status === 'submitting'
  const mark = useDoneOn(cmd.view.status, onDone)
  const [pin, setPin] = useState('')
  const [again, setAgain] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  const { reset } = cmd
  useEffect(() => reset(), [reset])
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    const key = paymentPassword(pin) ?? confirmation(pin)(again)
    if (key !== null) return setInvalid(auth(key, { ...VALIDATION_PARAMS, item: t('field.newPin') }))
    setInvalid(null)
    mark()
    cmd.submit({ newPass: pin, ...(ticket === null ? {} : { verifyToken: ticket }) })
  }
  return (
    <form className="account-form" noValidate onSubmit={submit} aria-busy={busy}>
      <FormAlert text={invalid ?? commandError(t, cmd.view)} />
      <PinInput label={t('field.newPin')} value={pin} onChange={setPin} autoFocus />
      <PinInput label={t('field.confirmPin')} value={again} onChange={setAgain} />
      <button type="submit" className="button button--primary button--block" aria-disabled={busy}>
        {t('action.save')}
      </button>
    </form>
  )
}

/**
 * The secret question: chosen from the hall's (/user/getquestion, read when the form opens; each
 * shown in the player's language by its id, else as the hall wrote it), with its answer; a change
 * gives the old answer first.
 */
export const QuestionForm = ({ edit, ticket, onDone }: { edit: boolean; ticket: string | null; onDone: () => void }) => {
  const { t } = useTranslation('account')
  const send = useSend()
  useEffect(() => send({ type: 'account.questionFormOpened' }), [send])
  const questions = useQuery(questionsActor)
  const set = useCommand(passQuintCommand)
  const change = useCommand(editQuintCommand)
  const cmd = edit ? change : set
  const busy = cmd.view.status === 'submitting'
  const mark = useDoneOn(cmd.view.status, onDone)
  const form = useForm({
    busy,
    initial: { oldAnswer: '', questionId: '', answer: '' },
    rules: () => ({ oldAnswer: edit ? required : () => null, questionId: required, answer: answerRule }),
    labels: { oldAnswer: t('field.oldAnswer'), questionId: t('field.question'), answer: t('field.answer') },
    onSubmit: (v) => {
      mark()
      if (edit) change.submit({ oldAnswer: v.oldAnswer, questionId: Number(v.questionId), answer: v.answer })
      else set.submit({ questionId: Number(v.questionId), answer: v.answer, ...(ticket === null ? {} : { verifyToken: ticket }) })
    },
  })
  const { reset } = cmd
  useEffect(() => reset(), [reset])
  const questionError = form.error('questionId')
  return (
    <form className="account-form" noValidate onSubmit={form.submit} aria-busy={busy}>
      <FormAlert text={commandError(t, cmd.view)} />
      {edit && <PasswordField label={t('field.oldAnswer')} value={form.values.oldAnswer} onValue={form.set('oldAnswer')} error={form.error('oldAnswer')} inputRef={form.register('oldAnswer')} autoComplete="off" data-autofocus="" />}
      <div className={`field${questionError !== null ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor="account-question">
          {t('field.question')}
        </label>
        <select id="account-question" className="account-select" value={form.values.questionId} ref={form.register('questionId')} onChange={(e) => form.set('questionId')(e.target.value)} aria-invalid={questionError !== null}>
          <option value="">{t('field.chooseQuestion')}</option>
          {(questions.data ?? []).map((q) => (
            <option key={q.questionId} value={String(q.questionId)}>
              {t(`question.q${q.questionId}`, { defaultValue: q.question })}
            </option>
          ))}
        </select>
        {questionError !== null && <p className="field__error">{questionError}</p>}
        {questions.status === 'loading' && <p className="field__hint" role="status">{t('security.loading')}</p>}
        {questions.status === 'failed' && (
          <p className="field__error" role="alert">
            {t('question.loadFailed')}{' '}
            <button type="button" className="button button--ghost button--small" onClick={() => send({ type: 'query.refreshRequested', query: 'questions' })}>{t('question.retry')}</button>
          </p>
        )}
      </div>
      <PasswordField label={t('field.answer')} value={form.values.answer} onValue={form.set('answer')} error={form.error('answer')} inputRef={form.register('answer')} autoComplete="off" />
      <button type="submit" className="button button--primary button--block" aria-disabled={busy}>
        {t('action.save')}
      </button>
    </form>
  )
}
