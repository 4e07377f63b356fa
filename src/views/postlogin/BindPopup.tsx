import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { QrCode } from './QrCode'
import type { ActorRefFrom } from 'xstate'
import { selectQuery, selectRouteName, type navMachine } from '../../../actors/nav'
import {
  selectBindForm, selectBindProgress, selectBindSubmitting, selectBindVoluntary, selectCanSendCode, type BindForm, type postloginMachine,
} from '../../../actors/postlogin'
import type { BindItem } from '../../../schemas/events/postlogin'
import { useActorSelector, useSend } from '../../system-react'
import { Modal } from '../../ui/Modal'
import './postlogin.css'

type PostloginRef = ActorRefFrom<typeof postloginMachine>
type NavRef = ActorRefFrom<typeof navMachine>

/**
 * The forced bind (screens §4 bind flow): one item at a time, phone, email, google auth, withdraw
 * password, until must_bind_item are bound. It cannot be dismissed. The player is taken to the
 * security page on that item's tab unless already there. Codes are sent and checked by the hall;
 * after a send the button stays locked and a 60 s countdown starts 1.5 s later. The same form
 * opened from the security page (the `bind` popup) shows no required-items progress and may be
 * closed (`onClose`).
 */
export const BindPopup = ({ open, showCloseButton = false, onClose }: { open: boolean; showCloseButton?: boolean; onClose?: (() => void) | undefined }) => {
  const { t } = useTranslation('postlogin')
  const send = useSend()
  const form = useActorSelector<PostloginRef, BindForm | null>('postlogin', selectBindForm)
  const progress = useActorSelector<PostloginRef, { bound: number; required: number }>('postlogin', selectBindProgress)
  const voluntary = useActorSelector<PostloginRef, boolean>('postlogin', selectBindVoluntary)
  const route = useActorSelector<NavRef, string | null>('nav', selectRouteName)
  const tab = useActorSelector<NavRef, Readonly<Record<string, string>>>('nav', selectQuery)['current']
  const item = form?.item ?? null
  useEffect(() => {
    if (item !== null && !(route === 'security' && tab === item)) send({ type: 'nav.requested', name: 'security', query: { current: item } })
    // Once per item: the player may then go elsewhere behind the popup.
  }, [item])
  if (form === null) return null
  return (
    <Modal open={open} title={t(`bind.title.${form.item}`)} showCloseButton={showCloseButton} onClose={onClose} closeLabel={t('close')} className="bind">
      {!voluntary && <p className="modal__text">{t('bind.progress', { bound: progress.bound, required: progress.required })}</p>}
      <BindFields key={form.item} item={form.item} form={form} />
    </Modal>
  )
}

const CODE_LENGTH = 6

const BindFields = ({ item, form }: { item: BindItem; form: BindForm }) => {
  const { t } = useTranslation('postlogin')
  const send = useSend()
  const canSend = useActorSelector<PostloginRef, boolean>('postlogin', selectCanSendCode)
  const submitting = useActorSelector<PostloginRef, boolean>('postlogin', selectBindSubmitting)
  const [target, setTarget] = useState('')
  const [code, setCode] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  const needsTarget = item === 'phone' || item === 'email'
  const sendCode = () => {
    if (item === 'withdrawPass') return
    if (item === 'phone' && !/^\+?\d{6,15}$/.test(target)) return setInvalid(t('bind.error.phone'))
    if (item === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(target)) return setInvalid(t('bind.error.email'))
    setInvalid(null)
    send({ type: 'postlogin.codeSendRequested', item, target })
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (needsTarget && target === '') return setInvalid(t(`bind.error.${item}`))
    if (!/^\d{6}$/.test(code)) return setInvalid(t(item === 'withdrawPass' ? 'bind.error.pin' : 'bind.error.code'))
    setInvalid(null)
    send({ type: 'postlogin.bindSubmitted', item, target: needsTarget ? target : '', code })
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
      {needsTarget && (
        <label className="bind__field">
          <span>{t(`bind.field.${item}`)}</span>
          <input type={item === 'email' ? 'email' : 'tel'} value={target} autoComplete={item === 'email' ? 'email' : 'tel'} onChange={(e) => setTarget(e.target.value.trim())} />
        </label>
      )}
      {item !== 'withdrawPass' && (
        <div className="bind__send">
          {item === 'googleAuth' && <p className="modal__text">{t('bind.googleAuthHint')}</p>}
          <button type="button" className="button button--ghost" disabled={!canSend} onClick={sendCode}>
            {form.countdown > 0 ? t('bind.resendIn', { seconds: form.countdown }) : item === 'googleAuth' ? t('bind.getKey') : t('bind.sendCode')}
          </button>
          {form.sentTo !== '' && form.sendId === null && form.error === null && <span className="bind__sent" role="status">{t('bind.sent')}</span>}
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
      <label className="bind__field">
        <span>{item === 'withdrawPass' ? t('bind.field.pin') : t('bind.field.code')}</span>
        <input
          inputMode="numeric"
          autoComplete="one-time-code"
          type={item === 'withdrawPass' ? 'password' : 'text'}
          maxLength={CODE_LENGTH}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
        />
      </label>
      <div className="modal__actions">
        <button type="submit" className="button button--primary" disabled={submitting}>
          {t('bind.submit')}
        </button>
      </div>
    </form>
  )
}
