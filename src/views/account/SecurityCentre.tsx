import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import {
  bindEmailCommand, bindGoogleAuthCommand, boundEmailCodeCommand, boundPhoneCodeCommand, changePassCommand, editQuintCommand, modifyPhoneCommand, passQuintCommand,
  profileActor, questionActor, secondVerifyCommand, switchGoogleAuthCommand, verifyLoginPassCommand, verifyModifyCommand, withdrawPassCommand,
} from '../../../actors/account'
import { selectShownPopup } from '../../../actors/popups'
import { REQUESTER_TYPE, bindThirdUserCommand, providerOfType } from '../../../actors/thirdparty'
import type { ThirdProvider } from '../../../schemas/events/thirdparty'
import { ThirdPartyButtons, providerName } from '../auth/ThirdPartyButtons'
import { selectQuery } from '../../../actors/nav'
import { selectBindForm } from '../../../actors/postlogin'
import { authInfoActor, rewardBindActor, securityRowsOf } from '../../../actors/security'
import { CODE_LENGTHS } from '../../../actors/verify'
import type { BindItem } from '../../../schemas/events/postlogin'
import type { AuthInfo, SecurityItem } from '../../../schemas/hall/calls/security'
import type { VerifyType } from '../../../schemas/hall/calls/common'
import { useActor, useCommand, useQuery, useSend } from '../../system-react'
import { CodeInput, useCodeProblem } from '../../ui/CodeInput'
import { Modal } from '../../ui/Modal'
import { PinInput } from '../../ui/PinInput'
import { QrCode } from '../postlogin/QrCode'
import { answer as answerRule, code as codeRule, differentFrom, email as emailRule, firstOf, phoneOfSite, password, confirmation, paymentPassword, required, VALIDATION_PARAMS, type Rule } from '../../ui/validation'
import { Field, FormAlert, PasswordField } from '../auth/Field'
import { useForm } from '../auth/use-form'
import { PageFrame } from '../pages/PageFrame'
import '../postlogin/postlogin.css'
import './account.css'
import { selectSiteCode } from '../../../actors/site'

/** The items of the security centre, in order: the bind flow's four (query `current` indexes them), then the login password and the secret question. */
export const CENTRE_ITEMS = ['phone', 'email', 'googleAuth', 'withdrawPass', 'loginPass', 'question'] as const
export type CentreItem = (typeof CENTRE_ITEMS)[number]

/** The secret questions the hall offers (their text is the player's language, by id). */
export const QUESTION_IDS = [1, 2, 3, 4, 5] as const

/** The item the query names: its index in CENTRE_ITEMS (spec §2: `current`), or its name. */
export const itemOfQuery = (current: string | undefined): CentreItem | null => {
  if (current === undefined) return null
  if (/^\d+$/.test(current)) return CENTRE_ITEMS[Number(current)] ?? null
  return (CENTRE_ITEMS as ReadonlyArray<string>).includes(current) ? (current as CentreItem) : null
}

/** A change under way; a switch keeps the state it switches to, as it was when the dialog opened. */
type Flow = { readonly item: CentreItem; readonly kind: 'change' | 'switch'; readonly turnOn?: boolean }

/**
 * The security centre (screens §2 /home/security; calls §7.2): the login password, phone, email,
 * Google authenticator, withdraw password and secret question, each with its state and its
 * actions. An unbound phone, email, authenticator or withdraw password opens the bind form of the
 * post-login flow; a bound one is changed after the verification the hall asks for (verifymodify:
 * a code to the old phone or email, or the login password in the verifyUserPassword popup), the
 * authenticator switched off and on with its current code, the login password changed with the old
 * one, the secret question set (after the login password) or changed with its answer. The query
 * `current` (an index of the items, or an item) marks an item; with `from=bindModal` its form opens.
 */
export const SecurityCentre = () => {
  const { t } = useTranslation('account')
  const { t: shell } = useTranslation()
  const send = useSend()
  const authInfo = useQuery(authInfoActor).data
  const rewards = useQuery(rewardBindActor).data
  const question = useQuery(questionActor)
  const query = useActor('nav', selectQuery)
  const current = itemOfQuery(query['current'])
  const bindOpen = useActor('postlogin', selectBindForm) !== null
  const [flow, setFlow] = useState<Flow | null>(null)
  useEffect(() => send({ type: 'account.opened' }), [send])
  const rows = securityRowsOf(authInfo, rewards)
  const opened = useRef(false)
  const act = (item: CentreItem, info: AuthInfo, replace = false) => {
    if (item === 'googleAuth' && replace) return setFlow({ item, kind: 'change' })
    if (item === 'loginPass' || item === 'question') return setFlow({ item, kind: 'change' })
    const bindItem: BindItem = item
    const bound = item === 'googleAuth' ? info.google_auth_bound === 1 || info.is_open_google_auth === 1 : rows?.find((r) => r.item === item)?.bound === true
    if (!bound) return send({ type: 'postlogin.bindOpened', item: bindItem })
    setFlow(item === 'googleAuth' ? { item, kind: 'switch', turnOn: info.is_open_google_auth !== 1 } : { item, kind: 'change' })
  }
  // Came from the bind modal: the named item's form opens once the state is known.
  useEffect(() => {
    if (opened.current || authInfo === null || current === null || query['from'] !== 'bindModal') return
    opened.current = true
    act(current, authInfo)
  })
  if (authInfo === null || rows === null) {
    return (
      <PageFrame title={shell('route.security')}>
        <p className="security__loading" role="status">{t('security.loading')}</p>
      </PageFrame>
    )
  }
  const stateOf = (item: CentreItem): { bound: boolean; shown: string; label: string; action: string; reward: string | null } => {
    const row = rows.find((r) => r.item === item)
    switch (item) {
      case 'loginPass':
        return { bound: authInfo.login_pass !== 0, shown: '', label: t(authInfo.login_pass !== 0 ? 'security.state.set' : 'security.state.unset'), action: t('security.action.change'), reward: null }
      case 'question': {
        const set = question.data !== null && question.data !== undefined
        return {
          bound: set,
          shown: set && question.data !== null ? t(`question.q${question.data.questionId}`, { defaultValue: question.data.question }) : '',
          label: t(set ? 'security.state.set' : 'security.state.unset'),
          action: t(set ? 'security.action.change' : 'security.action.set'),
          reward: null,
        }
      }
      case 'googleAuth': {
        const bound = authInfo.google_auth_bound === 1 || authInfo.is_open_google_auth === 1
        const on = authInfo.is_open_google_auth === 1
        return {
          bound,
          shown: '',
          label: !bound ? t('security.state.unbound') : on ? t('security.state.on') : t('security.state.off'),
          action: !bound ? t('security.action.bind') : on ? t('security.action.turnOff') : t('security.action.turnOn'),
          reward: bound ? null : (row?.reward ?? null),
        }
      }
      default:
        return {
          bound: row?.bound === true,
          shown: row?.shown ?? '',
          label: t(row?.bound === true ? 'security.state.bound' : 'security.state.unbound'),
          action: t(row?.bound === true ? 'security.action.change' : 'security.action.bind'),
          reward: row?.bound === true ? null : (row?.reward ?? null),
        }
    }
  }
  const items = CENTRE_ITEMS.filter((item) => item !== 'loginPass' || authInfo.login_pass !== 0)
  return (
    <PageFrame title={shell('route.security')}>
      <ul className="security" aria-label={t('security.title')}>
        {items.map((item) => {
          const s = stateOf(item)
          const name = t(`security.item.${item}`)
          return (
            <li key={item} className={`security__row${current === item ? ' security__row--current' : ''}`} data-item={item} aria-current={current === item ? 'true' : undefined}>
              <span className="security__name">{name}</span>
              {s.shown !== '' && <span className="security__shown">{s.shown}</span>}
              {s.reward !== null && <span className="security__reward">{t('security.reward', { amount: s.reward })}</span>}
              <span className={`security__state security__state--${s.bound ? 'bound' : 'unbound'}`}>{s.label}</span>
              <button type="button" className="button button--primary button--small" disabled={bindOpen || flow !== null} onClick={() => act(item, authInfo)}>
                {s.action}
                <span className="visually-hidden"> {name}</span>
              </button>
              {item === 'googleAuth' && s.bound && (
                <button type="button" className="button button--ghost button--small" disabled={bindOpen || flow !== null} onClick={() => act(item, authInfo, true)}>
                  {t('security.action.replace')}
                </button>
              )}
            </li>
          )
        })}
      </ul>
      <ThirdWaySection busy={bindOpen || flow !== null} />
      {flow !== null && <FlowDialog key={`${flow.item}-${flow.kind}`} flow={flow} info={authInfo} questionSet={question.data !== null && question.data !== undefined} onClose={() => setFlow(null)} />}
    </PageFrame>
  )
}

/** The message of a command's failure shown in the form: its own key, or the hall's message. */
const commandError = (t: (key: string) => string, view: { status: string; formError: string | null }): string | null =>
  view.status === 'failed' && view.formError !== null ? t(view.formError) : null

/**
 * One change of the centre in a dialog: the verification the hall asks for first (verifymodify),
 * then the change's form, then its outcome.
 */
const FlowDialog = ({ flow, info, questionSet, onClose }: { flow: Flow; info: AuthInfo; questionSet: boolean; onClose: () => void }) => {
  const { t } = useTranslation('account')
  const modify = useCommand(verifyModifyCommand)
  const second = useCommand(secondVerifyCommand)
  const loginPass = useCommand(verifyLoginPassCommand)
  const item: SecurityItem | null = flow.kind === 'switch' ? null : flow.item
  const needsTypes = item !== null && !(item === 'question' && questionSet) && item !== 'loginPass'
  const [done, setDone] = useState(false)
  // Every command of the dialog starts afresh when it opens.
  const resets = [modify.reset, second.reset, loginPass.reset]
  useEffect(() => {
    for (const reset of resets) reset()
    if (needsTypes && item !== null) modify.submit({ item })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const types: ReadonlyArray<VerifyType> | null = !needsTypes ? [] : modify.view.status === 'succeeded' ? modify.view.result : null
  const type = types?.[0] ?? null
  const ticket = second.view.status === 'succeeded' ? second.view.result : loginPass.view.status === 'succeeded' ? loginPass.view.result : null
  const verified = types !== null && (type === null || ticket !== null)
  const title = t(`flow.title.${flow.kind === 'switch' ? (flow.turnOn === true ? 'gaOn' : 'gaOff') : flow.item === 'googleAuth' ? 'gaChange' : flow.item}`)
  // The global verifyUserPassword popup (verifyLoginPass): the login password before a sensitive change.
  if (!done && !verified && type === 6) return <AwaitPassword onCancel={onClose} />
  return (
    <Modal open title={title} onClose={onClose} showCloseButton closeLabel={t('close')} className="account-flow">
      {done ? (
        <div className="account-flow__done">
          <p role="status">{t('flow.done')}</p>
          <div className="modal__actions">
            <button type="button" className="button button--primary" onClick={onClose} data-autofocus="">
              {t('close')}
            </button>
          </div>
        </div>
      ) : types === null ? (
        <p role="status">{modify.view.status === 'failed' ? t('flow.failed') : t('security.loading')}</p>
      ) : !verified && type !== null ? (
        <VerifyByCode type={type} info={info} />
      ) : flow.kind === 'switch' ? (
        <SwitchForm on={flow.turnOn === true} onDone={() => setDone(true)} />
      ) : flow.item === 'loginPass' ? (
        <LoginPassForm onDone={() => setDone(true)} />
      ) : flow.item === 'phone' || flow.item === 'email' ? (
        <NewTargetForm channel={flow.item} ticket={ticket} onDone={() => setDone(true)} />
      ) : flow.item === 'googleAuth' ? (
        <AuthenticatorForm ticket={ticket} onDone={() => setDone(true)} />
      ) : flow.item === 'withdrawPass' ? (
        <PinForm ticket={ticket} onDone={() => setDone(true)} />
      ) : flow.item === 'question' ? (
        <QuestionForm edit={questionSet} ticket={ticket} onDone={() => setDone(true)} />
      ) : null}
    </Modal>
  )
}

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

/**
 * A second verification by a code: to the bound phone (3) or email (2), the authenticator (1), the
 * withdraw password (5), or the secret question's answer (4: text, the question shown).
 */
export const VerifyByCode = ({ type, info }: { type: VerifyType; info: AuthInfo }) => {
  const { t } = useTranslation('account')
  const { t: auth } = useTranslation('auth')
  const second = useCommand(secondVerifyCommand)
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
    second.submit({ verifyType: type, code: value })
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
          <button type="button" className="button button--ghost" disabled={sender.view.status === 'submitting'} onClick={() => sender.submit(channel === 'phone' ? { phone: target } : { email: target })}>
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

/** The authenticator's switch: its current code. */
const SwitchForm = ({ on, onDone }: { on: boolean; onDone: () => void }) => {
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
const AuthenticatorForm = ({ ticket, onDone }: { ticket: string | null; onDone: () => void }) => {
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
const LoginPassForm = ({ onDone }: { onDone: () => void }) => {
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
const NewTargetForm = ({ channel, ticket, onDone }: { channel: 'phone' | 'email'; ticket: string | null; onDone: () => void }) => {
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
      <Field label={t(`field.new.${channel}`)} value={target} onValue={(v) => setTarget(v.trim())} error={null} type={channel === 'email' ? 'email' : 'tel'} autoComplete={channel === 'email' ? 'email' : 'tel'} data-autofocus="" />
      <CodeInput channel={channel} target={target} check={checkTarget} label={t('field.code')} value={code} onChange={setCode} />
      <button type="submit" className="button button--primary button--block" aria-disabled={busy}>
        {t('action.save')}
      </button>
    </form>
  )
}

/** The new withdraw password, twice, carrying the login password's ticket. */
const PinForm = ({ ticket, onDone }: { ticket: string | null; onDone: () => void }) => {
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

/** The secret question: chosen from the hall's, with its answer; a change gives the old answer first. */
const QuestionForm = ({ edit, ticket, onDone }: { edit: boolean; ticket: string | null; onDone: () => void }) => {
  const { t } = useTranslation('account')
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
          {QUESTION_IDS.map((id) => (
            <option key={id} value={String(id)}>
              {t(`question.q${id}`)}
            </option>
          ))}
        </select>
        {questionError !== null && <p className="field__error">{questionError}</p>}
      </div>
      <PasswordField label={t('field.answer')} value={form.values.answer} onValue={form.set('answer')} error={form.error('answer')} inputRef={form.register('answer')} autoComplete="off" />
      <button type="submit" className="button button--primary button--block" aria-disabled={busy}>
        {t('action.save')}
      </button>
    </form>
  )
}

/**
 * The third-way binding tab (screens §2 /home/security; §4 bind mode): the third-party account
 * bound (its provider and masked email, from the profile), and a button per provider the site
 * opens to bind one (thirduser/bind with the provider's token; success
 * lobby.center.security.thirdWay.success, the profile read again).
 */
const ThirdWaySection = ({ busy }: { busy: boolean }) => {
  const { t } = useTranslation('account')
  const profile = useQuery(profileActor).data
  const bind = useCommand(bindThirdUserCommand)
  const { reset, submit } = bind
  useEffect(() => reset(), [reset])
  const onToken = useCallback(
    (provider: ThirdProvider, accessToken: string) => submit({ os_type: 3, access_token: accessToken, requester_type: REQUESTER_TYPE[provider] }),
    [submit],
  )
  const boundType = profile?.thirdType ?? 0
  const bound = boundType === 0 ? null : providerOfType(boundType)
  return (
    <section className="security__third" aria-labelledby="security-third-title">
      <h2 className="security__third-title" id="security-third-title">
        {t('security.item.thirdWay')}
      </h2>
      <p className="security__third-state" data-testid="third-state">
        {bound === null ? t('security.state.unbound') : `${providerName(bound)} · ${profile?.thirdEmail ?? ''}`}
      </p>
      {bind.view.status === 'succeeded' && <p className="security__third-done" role="status">{t('thirdWay.success')}</p>}
      <FormAlert text={commandError(t, bind.view)} />
      <ThirdPartyButtons purpose="bind" label={t('thirdWay.bindWith')} onToken={onToken} disabled={busy || bind.view.status === 'submitting'} exclude={bound} />
    </section>
  )
}
