import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { QrCode } from './QrCode'
import { selectQuery, selectRouteName } from '../../../actors/nav'
import {
  selectAuthenticatorStarting, selectBindForm, selectBindProgress, selectBindSubmitting, selectBindVoluntary, type BindForm, 
} from '../../../actors/postlogin'
import { CODE_LENGTHS } from '../../../actors/verify'
import type { BindItem } from '../../../schemas/events/postlogin'
import { useActor, useSend } from '../../system-react'
import { selectSiteCode } from '../../../actors/site'
import { confirmation, email as emailRule, phoneOfSite, VALIDATION_PARAMS } from '../../ui/validation'
import { PhoneNumberInput } from '../../ui/PhoneNumberInput'
import { Modal } from '../../ui/Modal'
import { CodeInput, useCodeProblem } from '../../ui/CodeInput'
import { PinInput } from '../../ui/PinInput'
import './postlogin.css'


/**
 * The forced bind (screens §4 bind flow): one item at a time, phone, email, google auth, withdraw
 * password, until must_bind_item are bound. It cannot be dismissed. The player is taken to the
 * security page on that item's tab unless already there. Phone and email codes are sent by the
 * verification flow (CodeInput: the lock, the 60 s countdown starting 1.5 s after a send, the
 * human challenge) and checked by the hall with the bind (SMS 4 digits, email 5). The same form
 * opened from the security page (the `bind` popup) shows no required-items progress and may be
 * closed (`onClose`).
 */
export const BindPopup = ({ open, showCloseButton = false, onClose }: { open: boolean; showCloseButton?: boolean; onClose?: (() => void) | undefined }) => {
  const { t } = useTranslation('postlogin')
  const send = useSend()
  const form = useActor('postlogin', selectBindForm)
  const progress = useActor('postlogin', selectBindProgress)
  const voluntary = useActor('postlogin', selectBindVoluntary)
  const route = useActor('nav', selectRouteName)
  const tab = useActor('nav', selectQuery)['current']
  const item = form?.item ?? null
  // Once per item: the player may then go elsewhere behind the popup, so where they are is read,
  // not watched.
  const at = useRef({ route, tab })
  at.current = { route, tab }
  useEffect(() => {
    if (item !== null && !(at.current.route === 'security' && at.current.tab === item)) send({ type: 'nav.requested', name: 'security', query: { current: item } })
  }, [item, send])
  if (form === null) return null
  return (
    <Modal open={open} title={t(`bind.title.${form.item}`)} showCloseButton={showCloseButton} onClose={onClose} closeLabel={t('close')} className="bind">
      {!voluntary && <p className="modal__text">{t('bind.progress', { bound: progress.bound, required: progress.required })}</p>}
      <BindFields key={form.item} item={form.item} form={form} />
    </Modal>
  )
}

/** The code's length: SMS 4, email 5 (spec §5); the authenticator's code and the withdraw password 6. */
const lengthOf = (item: BindItem): number => (item === 'phone' || item === 'email' ? CODE_LENGTHS[item] : 6)

const BindFields = ({ item, form }: { item: BindItem; form: BindForm }) => {
  const { t } = useTranslation('postlogin')
  const { t: authT } = useTranslation('auth')
  const siteCode = useActor('site', selectSiteCode)
  const send = useSend()
  const starting = useActor('postlogin', selectAuthenticatorStarting)
  const submitting = useActor('postlogin', selectBindSubmitting)
  const [target, setTarget] = useState('')
  const [code, setCode] = useState('')
  // The withdraw password is set here for the first time: typed twice, so a slip is caught before it is the one asked at every withdrawal.
  const [again, setAgain] = useState('')
  const [againError, setAgainError] = useState<string | null>(null)
  const [invalid, setInvalid] = useState<string | null>(null)
  const channel = item === 'phone' || item === 'email' ? item : null
  const codeProblem = useCodeProblem(channel ?? 'phone')
  const length = lengthOf(item)
  const checkTarget = (): boolean => {
    // The rules of spec §5 the hall checks too: the site's phone rule (Brazilian on a Brazilian site), the email rule.
    const key = item === 'phone' ? phoneOfSite(siteCode)(target) : item === 'email' ? emailRule(target) : null
    if (key === null) return setInvalid(null), true
    // A rule with a message of its own (the Brazilian ones) says it; otherwise the form's own words.
    const general = key === 'validation.required' || key === 'validation.phone' || key === 'validation.email'
    return setInvalid(general ? t(item === 'phone' ? 'bind.error.phone' : 'bind.error.email') : authT(key, VALIDATION_PARAMS)), false
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (channel !== null) {
      if (!checkTarget()) return
      const problem = codeProblem(target, code)
      if (problem !== null) return setInvalid(problem)
    } else if (!new RegExp(`^\\d{${length}}$`).test(code)) return setInvalid(t(item === 'withdrawPass' ? 'bind.error.pin' : 'bind.error.code'))
    else if (item === 'withdrawPass') {
      const mismatch = confirmation(code)(again)
      setAgainError(mismatch === null ? null : authT(mismatch, { ...VALIDATION_PARAMS, item: t('bind.field.pinAgain') }))
      if (mismatch !== null) return setInvalid(null)
    }
    setInvalid(null)
    send({ type: 'postlogin.bindSubmitted', item, target: channel !== null ? target : '', code })
  }
  const serverError = form.error === null ? null : form.error.code === null ? t('bind.error.network') : `${form.error.message} (${form.error.code})`
  const error = invalid ?? serverError
  return (
    <form className="bind__form" noValidate onSubmit={submit} aria-busy={submitting}>
      {error !== null && (
        <p className="bind__error" role="alert">
          {error}
        </p>
      )}
      {channel !== null && (
        <label className="bind__field">
          <span>{t(`bind.field.${channel}`)}</span>
          {item === 'email' ? (
            <input type="email" value={target} autoComplete="email" onChange={(e) => setTarget(e.target.value.trim())} />
          ) : (
            <PhoneNumberInput siteCode={siteCode} value={target} autoComplete="tel" onChange={(v) => setTarget(v.trim())} />
          )}
        </label>
      )}
      {channel !== null && <CodeInput channel={channel} target={target} check={checkTarget} label={t('bind.field.code')} value={code} onChange={setCode} />}
      {item === 'googleAuth' && (
        <div className="bind__send">
          <p className="modal__text">{t('bind.googleAuthHint')}</p>
          <button type="button" className="button button--ghost" disabled={starting} aria-busy={starting} onClick={() => send({ type: 'postlogin.authenticatorRequested' })}>
            {t('bind.getKey')}
          </button>
        </div>
      )}
      {item === 'googleAuth' && form.secret !== null && (
        <div className="bind__authenticator">
          {form.otpauth !== null && <QrCode text={form.otpauth} label={t('bind.qr')} />}
          <span>{t('bind.secret')}</span>
          <code className="bind__secret" data-testid="ga-secret">{form.secret}</code>
          {form.otpauth !== null && (
            <a className="button button--ghost button--small" href={form.otpauth} data-testid="ga-otpauth">
              {t('bind.openApp')}
            </a>
          )}
        </div>
      )}
      {item === 'withdrawPass' && <PinInput label={t('bind.field.pin')} value={code} onChange={setCode} length={length} />}
      {item === 'withdrawPass' && <PinInput label={t('bind.field.pinAgain')} value={again} onChange={setAgain} length={length} error={againError} />}
      {item === 'googleAuth' && (
        <label className="bind__field">
          <span>{t('bind.field.code')}</span>
          <input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={length}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, length))}
          />
        </label>
      )}
      <div className="modal__actions">
        <button type="submit" className="button button--primary" disabled={submitting}>
          {t('bind.submit')}
        </button>
      </div>
    </form>
  )
}
