import { useCallback, useEffect, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import {
  emailProofCommand, findAccountCommand, findByCaptchaCommand, phoneByCaptchaCommand, phoneProofCommand, recoveryChallengeCommand, recoveryQuestionCommand, resetPassVerifyCommand,
  questionAndPinProofCommand, resetPasswdCommand,
} from '../../../actors/recovery'
import type { siteMachine } from '../../../actors/site'
import type { SnapshotFrom } from 'xstate'
import type { VerifyType } from '../../../schemas/hall/calls/common'
import type { HallError } from '../../../schemas/hall/errors'
import { useActor, useCommand, useSend } from '../../system-react'
import { CodeInput, useCodeProblem } from '../../ui/CodeInput'
import { Modal } from '../../ui/Modal'
import { PinInput } from '../../ui/PinInput'
import { VALIDATION_PARAMS, answer as answerRule, confirmation, password, paymentPassword, username as usernameRule } from '../../ui/validation'
import { Field, FormAlert, PasswordField } from './Field'
import { useForm } from './use-form'

/** The seconds to wait a lock's refusal (2010) names at the end of its message ('… try again in 300 s'). */
export const waitSecondsOf = (error: HallError | null): number => {
  if (error === null || error._tag !== 'ServiceCode') return 0
  const m = /(\d+) s$/.exec(error.msg)
  return m === null ? 0 : Number(m[1])
}

/** A command's inline refusal in the player's language (the `signin` namespace), or the hall's own message. */
const useRefusal = (view: { formError: string | null; error: HallError | null }): string | null => {
  const { t } = useTranslation('signin')
  if (view.formError !== null) return t(view.formError, { seconds: waitSecondsOf(view.error) })
  if (view.error === null) return null
  return view.error._tag === 'ServiceCode' && view.error.msg.trim() !== '' ? view.error.msg : t('error.generic')
}

/** How the site's hall finds the account to recover (its hall profile's recovery; absent: 'verifyList'). */
const selectRecovery = (s: SnapshotFrom<typeof siteMachine>): 'verifyList' | 'captcha' => s.context.config?.hallProfile?.recovery ?? 'verifyList'

/** How the site's hall proves the account by a code (its hall profile's recoveryProof; absent: 'resetPassVerify'). */
const selectRecoveryProof = (s: SnapshotFrom<typeof siteMachine>): 'resetPassVerify' | 'byChannel' | 'questionAndPin' =>
  s.context.config?.hallProfile?.recoveryProof ?? 'resetPassVerify'

/**
 * The forgotten password (the forgotPassword popup, screens §2; issue 24): find the account by its
 * username, prove it in one of the ways it allows (a code to its bound phone or email, its
 * security question, its withdraw password), then set a new password. Each step is a command of
 * actors/recovery; the step shown follows their results. Done, the player logs in with the new
 * password. On a site whose hall recovers behind the image challenge (hall profile recovery
 * 'captcha'), the account is found with the challenge's digits (/user/captcha/getUserInfo) and its
 * phone confirmed the same way (/user/captcha/verifyPhone) before a code is sent to it; on a site
 * whose hall proves by channel (recoveryProof 'byChannel'), the phone's code is checked by
 * /user/sms/verifyphone and the e-mail's by /user/notlogin/verifyEmail; on a site whose hall proves
 * by question and PIN (recoveryProof 'questionAndPin'), an account that set both answers its
 * question and gives its withdraw password in one step
 * (/user/notlogin/verificquestionandwithdrawpasswd).
 */
export const ForgotPasswordModal = ({ open, showCloseButton, onClose }: { open: boolean; showCloseButton: boolean; onClose: (() => void) | undefined }) => {
  const { t } = useTranslation('signin')
  const { t: auth } = useTranslation('auth')
  const send = useSend()
  const find = useCommand(findAccountCommand)
  const prove = useCommand(resetPassVerifyCommand)
  const reset = useCommand(resetPasswdCommand)
  const question = useCommand(recoveryQuestionCommand)
  const findBy = useCommand(findByCaptchaCommand)
  const phoneBy = useCommand(phoneByCaptchaCommand)
  const phoneProof = useCommand(phoneProofCommand)
  const emailProof = useCommand(emailProofCommand)
  const byCaptcha = useActor('site', selectRecovery) === 'captcha'
  // A popup opened afresh starts from the first step.
  useEffect(() => {
    find.reset()
    prove.reset()
    reset.reset()
    question.reset()
    findBy.reset()
    phoneBy.reset()
    phoneProof.reset()
    emailProof.reset()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const account = byCaptcha ? findBy.view.result : find.view.result
  const token = prove.view.result ?? phoneProof.view.result ?? emailProof.view.result
  const findRefusal = useRefusal(find.view)
  const startOver = () => {
    find.reset()
    prove.reset()
    reset.reset()
    question.reset()
    findBy.reset()
    phoneBy.reset()
    phoneProof.reset()
    emailProof.reset()
  }
  const toLogin = () => {
    onClose?.()
    send({ type: 'popup.openRequested', popup: 'login' })
  }
  return (
    <Modal open={open} title={t('forgot.title')} showCloseButton={showCloseButton} onClose={onClose} closeLabel={auth('close')} className="auth-modal">
      {reset.view.status === 'succeeded' ? (
        <div className="auth-form">
          <p className="modal__text" role="status">
            {t('forgot.done.text')}
          </p>
          <button type="button" className="button button--primary button--block auth-form__submit" data-autofocus="" onClick={toLogin}>
            {t('forgot.done.login')}
          </button>
        </div>
      ) : account === null ? (
        byCaptcha ? <CaptchaFindStep /> : <FindStep submit={find.submit} busy={find.view.status === 'submitting'} refusal={findRefusal} />
      ) : token === null ? (
        <ProveStep key={account.username} account={account} onOther={startOver} byCaptcha={byCaptcha} />
      ) : (
        <ResetStep username={account.username} resetToken={token} />
      )}
      {!showCloseButton && onClose !== undefined && (
        <button type="button" className="auth-modal__later" onClick={onClose}>
          {auth('notNow')}
        </button>
      )}
    </Modal>
  )
}

const FindStep = ({ submit, busy, refusal }: { submit: (p: { username: string }) => void; busy: boolean; refusal: string | null }) => {
  const { t } = useTranslation('signin')
  const { t: auth } = useTranslation('auth')
  const form = useForm({
    busy,
    initial: { username: '' },
    rules: () => ({ username: usernameRule }),
    labels: { username: auth('field.username') },
    onSubmit: (v) => submit({ username: v.username.trim() }),
  })
  return (
    <form className="auth-form" noValidate onSubmit={form.submit} aria-busy={busy}>
      <p className="modal__text">{t('forgot.find.intro')}</p>
      <FormAlert text={refusal} />
      <Field
        label={auth('field.username')}
        value={form.values.username}
        onValue={form.set('username')}
        error={form.error('username')}
        inputRef={form.register('username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        data-autofocus=""
      />
      <button type="submit" className="button button--primary button--block auth-form__submit" aria-disabled={busy}>
        {busy ? auth('action.busy') : t('forgot.find.submit')}
      </button>
    </form>
  )
}

/**
 * The image challenge of the captcha variant: asked when shown and again after each attempt (an
 * answer spends it, right or wrong), its picture and the 4 digits the player reads.
 */
const useRecoveryChallenge = (attempt: string) => {
  const challenge = useCommand(recoveryChallengeCommand)
  const { submit } = challenge
  const [digits, setDigits] = useState('')
  const renew = useCallback(() => {
    setDigits('')
    submit({})
  }, [submit])
  useEffect(() => {
    if (attempt !== 'submitting' && attempt !== 'succeeded') renew()
  }, [attempt, renew])
  const shown = challenge.view.status === 'succeeded' ? challenge.view.result : null
  return { shown, digits, setDigits, renew }
}

const ChallengeField = ({ challenge }: { challenge: ReturnType<typeof useRecoveryChallenge> }) => {
  const { t } = useTranslation('signin')
  return (
    <div className="recovery-challenge">
      {challenge.shown !== null && <img className="recovery-challenge__image" src={challenge.shown.image} alt={t('forgot.challenge.alt')} width={120} height={40} />}
      <Field
        label={t('forgot.challenge.label')}
        value={challenge.digits}
        onValue={(v) => challenge.setDigits(v.replace(/\D/g, '').slice(0, 4))}
        error={null}
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
      />
      <button type="button" className="button button--ghost button--small" onClick={challenge.renew}>
        {t('forgot.challenge.renew')}
      </button>
    </div>
  )
}

/** The first step of the captcha variant: the username and the challenge's digits (/user/captcha/getUserInfo). */
const CaptchaFindStep = () => {
  const { t } = useTranslation('signin')
  const { t: auth } = useTranslation('auth')
  const findBy = useCommand(findByCaptchaCommand)
  const busy = findBy.view.status === 'submitting'
  const challenge = useRecoveryChallenge(findBy.view.status)
  const refusal = useRefusal(findBy.view)
  const form = useForm({
    busy,
    initial: { username: '' },
    rules: () => ({ username: usernameRule }),
    labels: { username: auth('field.username') },
    onSubmit: (v) => {
      if (challenge.shown === null) return
      findBy.submit({ username: v.username.trim(), captchaKey: challenge.shown.key, captcha: challenge.digits })
    },
  })
  return (
    <form className="auth-form" noValidate onSubmit={form.submit} aria-busy={busy}>
      <p className="modal__text">{t('forgot.find.intro')}</p>
      <FormAlert text={refusal} />
      <Field
        label={auth('field.username')}
        value={form.values.username}
        onValue={form.set('username')}
        error={form.error('username')}
        inputRef={form.register('username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        data-autofocus=""
      />
      <ChallengeField challenge={challenge} />
      <button type="submit" className="button button--primary button--block auth-form__submit" aria-disabled={busy}>
        {busy ? auth('action.busy') : t('forgot.find.submit')}
      </button>
    </form>
  )
}

/** The captcha variant's confirmation of the account's phone before a code goes to it (/user/captcha/verifyPhone). */
const PhoneConfirm = ({ username, phone }: { username: string; phone: string }) => {
  const { t } = useTranslation('signin')
  const phoneBy = useCommand(phoneByCaptchaCommand)
  const busy = phoneBy.view.status === 'submitting'
  const challenge = useRecoveryChallenge(phoneBy.view.status)
  const refusal = useRefusal(phoneBy.view)
  const confirm = () => {
    if (busy || challenge.shown === null) return
    phoneBy.submit({ username, phone, captchaKey: challenge.shown.key, captcha: challenge.digits })
  }
  return (
    <div className="recovery-confirm">
      <p className="modal__text">{t('forgot.challenge.confirmIntro', { target: phone })}</p>
      <FormAlert text={refusal} />
      <ChallengeField challenge={challenge} />
      <button type="button" className="button button--ghost button--block" aria-disabled={busy} onClick={confirm}>
        {t('forgot.challenge.confirmPhone')}
      </button>
    </div>
  )
}

interface Account {
  readonly username: string
  readonly verifyTypes: ReadonlyArray<VerifyType>
  readonly mobile_phone: string
  readonly email: string
}

/**
 * The ways of proving the account the lobby offers, in order (verify types: 3 phone, 2 email, 4
 * question, 5 withdraw password; 45: the question and the withdraw password at once, on a site
 * whose hall proves by both, in place of either).
 */
type Method = 3 | 2 | 4 | 5 | 45
const METHODS: ReadonlyArray<3 | 2 | 4 | 5> = [3, 2, 4, 5]
const METHOD_KEY = { 3: 'phone', 2: 'email', 4: 'question', 5: 'withdrawPass', 45: 'questionAndPin' } as const

/** The methods an account offers: with both a question and a PIN on a 'questionAndPin' site, the two at once in place of each. */
export const methodsOf = (verifyTypes: ReadonlyArray<VerifyType>, questionAndPin: boolean): ReadonlyArray<Method> => {
  const offered = METHODS.filter((m) => verifyTypes.includes(m))
  if (!questionAndPin || !offered.includes(4) || !offered.includes(5)) return offered
  return [...offered.filter((m) => m !== 4 && m !== 5), 45]
}

const ProveStep = ({ account, onOther, byCaptcha }: { account: Account; onOther: () => void; byCaptcha: boolean }) => {
  const { t } = useTranslation('signin')
  const { t: auth } = useTranslation('auth')
  const resetVerify = useCommand(resetPassVerifyCommand)
  const phoneProof = useCommand(phoneProofCommand)
  const emailProof = useCommand(emailProofCommand)
  const bothProof = useCommand(questionAndPinProofCommand)
  const proof = useActor('site', selectRecoveryProof)
  const byChannel = proof === 'byChannel'
  const phoneConfirmed = useCommand(phoneByCaptchaCommand).view.status === 'succeeded'
  const question = useCommand(recoveryQuestionCommand)
  const offered = methodsOf(account.verifyTypes, proof === 'questionAndPin')
  const [method, setMethod] = useState<Method | undefined>(offered[0])
  const by = byChannel && method === 3 ? 'phone' : byChannel && method === 2 ? 'email' : method === 45 ? 'both' : 'type'
  const prove = { phone: phoneProof, email: emailProof, both: bothProof, type: resetVerify }[by]
  const [secret, setSecret] = useState('')
  const [pin, setPin] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  const phoneProblem = useCodeProblem('phone')
  const emailProblem = useCodeProblem('email')
  const name = useId()
  const refusal = useRefusal(prove.view)
  const busy = prove.view.status === 'submitting'
  const askQuestion = question.submit
  useEffect(() => {
    if (method === 4 || method === 45) askQuestion({ username: account.username })
  }, [method, account.username, askQuestion])
  if (method === undefined) {
    return (
      <div className="auth-form">
        <p className="modal__text" role="alert">
          {t('forgot.prove.none')}
        </p>
        <button type="button" className="button button--ghost button--block" onClick={onOther}>
          {t('forgot.prove.other')}
        </button>
      </div>
    )
  }
  const target = method === 3 ? account.mobile_phone : method === 2 ? account.email : ''
  const problemOf = (): string | null => {
    switch (method) {
      case 3:
        return phoneProblem(target, secret)
      case 2:
        return emailProblem(target, secret)
      case 4: {
        const key = answerRule(secret)
        return key === null ? null : auth(key, { ...VALIDATION_PARAMS, item: t('forgot.prove.answer') })
      }
      case 5: {
        const key = paymentPassword(secret)
        return key === null ? null : auth(key, { ...VALIDATION_PARAMS, item: t('forgot.prove.pin') })
      }
      case 45: {
        const key = answerRule(secret) ?? paymentPassword(pin)
        return key === null ? null : auth(key, { ...VALIDATION_PARAMS, item: answerRule(secret) !== null ? t('forgot.prove.answer') : t('forgot.prove.pin') })
      }
    }
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    const problem = problemOf()
    setInvalid(problem)
    if (problem !== null) return
    if (by === 'phone') phoneProof.submit({ username: account.username, phone: account.mobile_phone, code: secret })
    else if (by === 'email') emailProof.submit({ username: account.username, email: account.email, code: secret })
    else if (method === 45) {
      const asked = question.view.result
      if (asked === null || asked === undefined) return setInvalid(t('recovery.error.notOffered'))
      bothProof.submit({ username: account.username, questionId: asked.questionId, answer: secret.trim(), withdrawPass: pin })
    } else resetVerify.submit({ username: account.username, verifyType: method, code: method === 4 ? secret.trim() : secret })
  }
  const choose = (m: Method) => {
    setMethod(m)
    setSecret('')
    setPin('')
    setInvalid(null)
    prove.reset()
  }
  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-busy={busy}>
      <p className="modal__text">{t('forgot.prove.intro', { username: account.username })}</p>
      <FormAlert text={refusal} />
      <fieldset className="recovery-methods">
        <legend className="field__label">{t('forgot.prove.method')}</legend>
        {offered.map((m) => (
          <label key={m} className="recovery-methods__option">
            <input type="radio" name={name} checked={m === method} onChange={() => choose(m)} />
            <span>{t(`forgot.prove.${METHOD_KEY[m]}`, { target: m === 3 ? account.mobile_phone : account.email })}</span>
          </label>
        ))}
      </fieldset>
      {method === 3 && byCaptcha && !phoneConfirmed ? (
        <PhoneConfirm username={account.username} phone={account.mobile_phone} />
      ) : method === 3 || method === 2 ? (
        <CodeInput
          key={method}
          channel={method === 3 ? 'phone' : 'email'}
          target={target}
          scene="reset"
          username={account.username}
          check={() => true}
          label={t('forgot.prove.code')}
          value={secret}
          onChange={setSecret}
          error={invalid}
        />
      ) : method === 4 ? (
        <>
          <p className="modal__text">{question.view.result?.question ?? (question.view.status === 'submitting' ? auth('action.busy') : '')}</p>
          <Field label={t('forgot.prove.answer')} value={secret} onValue={setSecret} error={invalid} autoComplete="off" />
        </>
      ) : method === 45 ? (
        <>
          <p className="modal__text">{question.view.result?.question ?? (question.view.status === 'submitting' ? auth('action.busy') : '')}</p>
          <Field label={t('forgot.prove.answer')} value={secret} onValue={setSecret} error={invalid} autoComplete="off" />
          <PinInput label={t('forgot.prove.pin')} value={pin} onChange={setPin} error={null} />
        </>
      ) : (
        <PinInput label={t('forgot.prove.pin')} value={secret} onChange={setSecret} error={invalid} />
      )}
      <button type="submit" className="button button--primary button--block auth-form__submit" aria-disabled={busy}>
        {busy ? auth('action.busy') : t('forgot.prove.submit')}
      </button>
      <button type="button" className="auth-modal__later" onClick={onOther}>
        {t('forgot.prove.other')}
      </button>
    </form>
  )
}

const ResetStep = ({ username, resetToken }: { username: string; resetToken: string }) => {
  const { t } = useTranslation('signin')
  const { t: auth } = useTranslation('auth')
  const reset = useCommand(resetPasswdCommand)
  const busy = reset.view.status === 'submitting'
  const refusal = useRefusal(reset.view)
  const form = useForm({
    busy,
    initial: { newPassword: '', confirm: '' },
    rules: (v) => ({ newPassword: password, confirm: confirmation(v.newPassword) }),
    labels: { newPassword: auth('field.newPassword'), confirm: auth('field.confirmNewPassword') },
    onSubmit: (v) => reset.submit({ username, resetToken, newPassword: v.newPassword, confirmPassword: v.confirm }),
  })
  return (
    <form className="auth-form" noValidate onSubmit={form.submit} aria-busy={busy}>
      <p className="modal__text">{t('forgot.reset.intro', { username })}</p>
      <FormAlert text={refusal} />
      <PasswordField
        label={auth('field.newPassword')}
        hint={auth('hint.password', VALIDATION_PARAMS)}
        value={form.values.newPassword}
        onValue={form.set('newPassword')}
        error={form.error('newPassword')}
        inputRef={form.register('newPassword')}
        autoComplete="new-password"
        data-autofocus=""
      />
      <PasswordField
        label={auth('field.confirmNewPassword')}
        value={form.values.confirm}
        onValue={form.set('confirm')}
        error={form.error('confirm')}
        inputRef={form.register('confirm')}
        autoComplete="new-password"
      />
      <button type="submit" className="button button--primary button--block auth-form__submit" aria-disabled={busy}>
        {busy ? auth('action.busy') : t('forgot.reset.submit')}
      </button>
    </form>
  )
}
