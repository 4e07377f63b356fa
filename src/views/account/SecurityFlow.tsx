import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useActorRef, useSelector } from '@xstate/react'
import type { SnapshotFrom } from 'xstate'
import {
  boundEmailCodeCommand, boundPhoneCodeCommand, questionActor, secondVerifyCommand, verifyEmailCommand, verifyGoogleAuthCodeCommand, verifyLoginPassCommand, verifyModifyCommand,
  verifyPhoneCodeCommand,
} from '../../../actors/account'
import { verifyEmailCodeCommand } from '../../../actors/security'
import type { siteMachine } from '../../../actors/site'
import { selectShownPopup } from '../../../actors/popups'
import { CODE_LENGTHS } from '../../../actors/verify'
import type { AuthInfo } from '../../../schemas/hall/calls/security'
import type { VerifyType } from '../../../schemas/hall/calls/common'
import type { Flow } from '../../models/security'
import { connectSecurityFlow, securityFlow, type SecurityFlowProps } from '../../models/security-flow'
import { useActor, useCommand, useQuery, useSend } from '../../system-react'
import { Modal } from '../../ui/Modal'
import { PinInput } from '../../ui/PinInput'
import { code as codeRule, paymentPassword, required, VALIDATION_PARAMS, type Rule } from '../../ui/validation'
import { Field, FormAlert, PasswordField } from '../auth/Field'
import { useOutcome } from '../flow-outcome'
import { AuthenticatorForm, LoginPassForm, NewTargetForm, PinForm, QuestionForm, SwitchForm, commandError } from './SecurityForms'

/**
 * One change of the centre in a dialog: the flow src/models/security-flow.ts (the verification the
 * hall asks for first, then the change's form, then its outcome). This view submits what the flow
 * asks for, tells it the commands' outcomes, and draws what `connectSecurityFlow` says.
 */
export const FlowDialog = ({ flow: change, info, questionSet, onClose }: { flow: Flow; info: AuthInfo; questionSet: boolean; onClose: () => void }) => {
  const { t } = useTranslation('account')
  const modify = useCommand(verifyModifyCommand)
  const second = useCommand(secondVerifyCommand)
  const loginPass = useCommand(verifyLoginPassCommand)
  const byPhone = useCommand(verifyPhoneCodeCommand)
  const byEmail = useCommand(verifyEmailCommand)
  const byAuthenticator = useCommand(verifyGoogleAuthCodeCommand)
  const byEmailCode = useCommand(verifyEmailCodeCommand)
  const ref = useActorRef(securityFlow, { input: { flow: change, questionSet } })
  const flow = connectSecurityFlow(useSelector(ref, (s) => s), (e) => ref.send(e))
  // Every command of the dialog starts afresh when it opens; then the flow starts.
  const { submit: askTypes } = modify
  const resets = [modify.reset, second.reset, loginPass.reset, byPhone.reset, byEmail.reset, byAuthenticator.reset, byEmailCode.reset]
  useEffect(() => {
    for (const reset of resets) reset()
    const asks = ref.on('askTypes', (e) => askTypes({ item: e.item }))
    ref.send({ type: 'START' })
    return () => asks.unsubscribe()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  useOutcome(modify.view, (o) => ref.send(o.ok ? { type: 'TYPES', types: o.result } : { type: 'TYPES_FAILED' }))
  useOutcome(second.view, (o) => o.ok && ref.send({ type: 'VERIFIED', ticket: o.result }))
  useOutcome(loginPass.view, (o) => o.ok && ref.send({ type: 'VERIFIED', ticket: o.result }))
  useOutcome(byPhone.view, (o) => o.ok && ref.send({ type: 'VERIFIED', ticket: o.result }))
  useOutcome(byEmail.view, (o) => o.ok && ref.send({ type: 'VERIFIED', ticket: o.result }))
  useOutcome(byAuthenticator.view, (o) => o.ok && ref.send({ type: 'VERIFIED', ticket: o.result }))
  useOutcome(byEmailCode.view, (o) => o.ok && ref.send({ type: 'VERIFIED', ticket: o.result }))
  useEffect(() => {
    if (flow.phase === 'closed') onClose()
  }, [flow.phase, onClose])
  // The global verifyUserPassword popup (verifyLoginPass): the login password before a sensitive change.
  // Its answer closes the popup too: the change goes on (the flow hears the ticket), it is not cancelled.
  if (flow.phase === 'password') return loginPass.view.status === 'succeeded' ? null : <AwaitPassword onCancel={() => ref.send({ type: 'PASSWORD_CLOSED' })} />
  if (flow.phase === 'closed') return null
  return (
    <Modal open title={t(flow.title)} onClose={onClose} showCloseButton closeLabel={t('close')} className="account-flow">
      {flow.phase === 'form' ? (
        <ChangeFormOf flow={flow} />
      ) : flow.phase === 'code' ? (
        <VerifyByCode type={flow.verifyType} info={info} />
      ) : flow.phase === 'done' ? (
        <div className="account-flow__done">
          <p role="status">{t('flow.done')}</p>
          <div className="modal__actions">
            <button type="button" className="button button--primary" onClick={onClose} data-autofocus="">
              {t('close')}
            </button>
          </div>
        </div>
      ) : (
        <p role="status">{flow.phase === 'failed' ? t('flow.failed') : t('security.loading')}</p>
      )}
    </Modal>
  )
}

/** The change's own form, with the verification's ticket. */
const ChangeFormOf = ({ flow }: { flow: Extract<SecurityFlowProps, { phase: 'form' }> }) => {
  switch (flow.form) {
    case 'switch':
      return <SwitchForm on={flow.turnOn} onDone={flow.done} />
    case 'loginPass':
      return <LoginPassForm onDone={flow.done} />
    case 'newPhone':
    case 'newEmail':
      return <NewTargetForm channel={flow.form === 'newPhone' ? 'phone' : 'email'} ticket={flow.ticket} onDone={flow.done} />
    case 'authenticator':
      return <AuthenticatorForm ticket={flow.ticket} onDone={flow.done} />
    case 'pin':
      return <PinForm ticket={flow.ticket} onDone={flow.done} />
    case 'question':
      return <QuestionForm edit={flow.questionSet} ticket={flow.ticket} onDone={flow.done} />
  }
}

/**
 * Waits for the global verifyUserPassword popup, which it opens: the change goes on with the
 * ticket the popup's verifyLoginPass answered; closing the popup without it ends the change.
 */
const AwaitPassword = ({ onCancel }: { onCancel: () => void }) => {
  const send = useSend()
  const shown = useActor('popups', selectShownPopup)
  const seen = useRef(false)
  useEffect(() => send({ type: 'popup.openRequested', popup: 'verifyUserPassword' }), [send])
  useEffect(() => {
    if (shown === 'verifyUserPassword') seen.current = true
    else if (seen.current) onCancel()
  }, [shown, onCancel])
  return null
}

/** How the site's hall checks a second verification (its hall profile's secondVerify; absent: 'one'). */
const selectSecondVerify = (s: SnapshotFrom<typeof siteMachine>): 'one' | 'byChannel' | 'byCode' => s.context.config?.hallProfile?.secondVerify ?? 'one'

/**
 * A second verification by a code: to the bound phone (3) or email (2), the authenticator (1), the
 * withdraw password (5), or the secret question's answer (4: text, the question shown). Checked by
 * secondVerify, or on a site whose hall checks by channel, the phone, e-mail and authenticator
 * codes by their own calls (verifyPhoneCode, /user/security/verifyEmail, verifyGoogleAuthCode), or
 * on a site whose hall checks by code, the e-mail's by /user/security/verifyEmailCode instead.
 */
export const VerifyByCode = ({ type, info }: { type: VerifyType; info: AuthInfo }) => {
  const { t } = useTranslation('account')
  const { t: auth } = useTranslation('auth')
  const secondVerify = useCommand(secondVerifyCommand)
  const byPhone = useCommand(verifyPhoneCodeCommand)
  const byEmail = useCommand(verifyEmailCommand)
  const byAuthenticator = useCommand(verifyGoogleAuthCodeCommand)
  const byEmailCode = useCommand(verifyEmailCodeCommand)
  const mode = useActor('site', selectSecondVerify)
  const by = mode === 'one' ? 'second' : type === 3 ? 'phone' : type === 2 ? (mode === 'byCode' ? 'emailCode' : 'email') : type === 1 ? 'authenticator' : 'second'
  const second = { second: secondVerify, phone: byPhone, email: byEmail, emailCode: byEmailCode, authenticator: byAuthenticator }[by]
  const question = useQuery(questionActor).data
  const phoneCode = useCommand(boundPhoneCodeCommand)
  const emailCode = useCommand(boundEmailCodeCommand)
  const [value, setValue] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  const busy = second.view.status === 'submitting'
  const channel = type === 3 ? 'phone' : type === 2 ? 'email' : null
  const sender = channel === 'phone' ? phoneCode : emailCode
  const target = channel === 'phone' ? info.mobile_phone : info.email
  const length = channel !== null ? CODE_LENGTHS[channel] : 6
  useEffect(() => {
    phoneCode.reset()
    emailCode.reset()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    const rule: Rule = type === 5 ? paymentPassword : type === 4 ? required : codeRule(channel === 'phone' ? 'sms' : channel === 'email' ? 'email' : 'authenticator', channel === null || sender.view.status === 'succeeded')
    const key = rule(value)
    if (key !== null) return setInvalid(auth(key, { ...VALIDATION_PARAMS, length, item: t(type === 4 ? 'field.answer' : 'field.code') }))
    setInvalid(null)
    if (by === 'second') secondVerify.submit({ verifyType: type, code: value })
    else if (by === 'email') byEmail.submit({ email: info.email, code: value })
    else if (by === 'emailCode') byEmailCode.submit({ code: value })
    else if (by === 'phone') byPhone.submit({ code: value })
    else byAuthenticator.submit({ code: value })
  }
  return (
    <form className="account-form" noValidate onSubmit={submit} aria-busy={busy}>
      <p className="modal__text">{t(`flow.verify.${type}`, { target })}</p>
      {type === 4 && question !== null && question !== undefined && (
        <p className="modal__text account-flow__question" data-testid="verify-question">
          {t(`question.q${question.questionId}`, { defaultValue: question.question })}
        </p>
      )}
      <FormAlert text={invalid ?? commandError(t, second.view)} />
      {channel !== null && (
        <div className="bind__send">
          <button type="button" className="button button--ghost" disabled={sender.view.status === 'submitting'} onClick={() => (channel === 'phone' ? phoneCode.submit({ phone: target }) : emailCode.submit({ email: target }))}>
            {sender.view.status === 'succeeded' ? t('action.resend') : t('action.sendCode')}
          </button>
          {sender.view.status === 'succeeded' && <span className="bind__sent" role="status">{t('flow.codeSent', { target })}</span>}
        </div>
      )}
      {type === 5 ? (
        <PinInput label={t('field.pin')} value={value} onChange={setValue} />
      ) : type === 4 ? (
        <PasswordField label={t('field.answer')} value={value} onValue={setValue} error={null} autoComplete="off" data-autofocus="" />
      ) : (
        <Field label={t('field.code')} value={value} onValue={(v) => setValue(v.replace(/\D/g, '').slice(0, length))} error={null} inputMode="numeric" autoComplete="one-time-code" maxLength={length} />
      )}
      <button type="submit" className="button button--primary button--block" aria-disabled={busy}>
        {t('action.next')}
      </button>
    </form>
  )
}
