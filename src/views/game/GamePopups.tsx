import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { selectPhoneVerify, type PhoneVerifyView } from '../../../actors/games'
import type { PopupProps } from '../../../actors/popups'
import { useSend } from '../../system-react'
import { Modal } from '../../ui/Modal'
import { useLaunch } from './games-hooks'
import './games.css'

const PHONE = /^\+?\d{6,15}$/
const CODE = /^\d{6}$/

/**
 * The phone verification a game asked for (spec §8 game open, 3002): a code sent to the phone,
 * then the phone bound with it; once bound the launch actor closes the popup and opens the game
 * again. Closed before that, the game page offers to open it again.
 */
export const VerifyPhonePopup = ({ open, showCloseButton, onClose }: { open: boolean; showCloseButton: boolean; onClose: (() => void) | undefined }) => {
  const { t } = useTranslation('games')
  const { t: auth } = useTranslation('auth')
  const send = useSend()
  const view = useLaunch<PhoneVerifyView>(selectPhoneVerify)
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  const sendCode = () => {
    if (!PHONE.test(phone)) return setInvalid(t('phone.invalidPhone'))
    setInvalid(null)
    send({ type: 'games.phoneCodeRequested', phone })
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!PHONE.test(phone)) return setInvalid(t('phone.invalidPhone'))
    if (!CODE.test(code)) return setInvalid(t('phone.invalidCode'))
    setInvalid(null)
    send({ type: 'games.phoneSubmitted', phone, code })
  }
  const failure = view.error === null ? null : view.error.code === null ? t('networkError') : `${view.error.message} (${view.error.code})`
  const error = invalid ?? failure
  return (
    <Modal open={open} title={auth('popup.verifyBindPhone')} showCloseButton={showCloseButton} onClose={onClose} closeLabel={auth('close')}>
      <form className="phone-verify" noValidate onSubmit={submit} aria-busy={view.binding}>
        <p className="modal__text">{t('needPhone')}</p>
        {error !== null && <p className="phone-verify__error" role="alert">{error}</p>}
        <label className="phone-verify__field">
          <span>{t('phone.number')}</span>
          <input type="tel" autoComplete="tel" data-autofocus="" value={phone} onChange={(e) => setPhone(e.target.value.trim())} />
        </label>
        <button type="button" className="button button--ghost" disabled={view.sending} onClick={sendCode}>{t('phone.sendCode')}</button>
        {view.codeSent && <p className="modal__text" role="status">{t('phone.codeSent')}</p>}
        <label className="phone-verify__field">
          <span>{t('phone.code')}</span>
          <input inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} />
        </label>
        <div className="modal__actions">
          <button type="submit" className="button button--primary" disabled={view.binding}>{t('phone.submit')}</button>
        </div>
      </form>
    </Modal>
  )
}

/**
 * The continue-last-game confirm (spec §2, §4): after a sign-in whose prize answer names a last
 * game. Continuing opens that game on /home/embedded; declining closes the confirm.
 */
export const ContinueGamePopup = ({ props, open, showCloseButton }: { props: PopupProps; open: boolean; showCloseButton: boolean }) => {
  const { t } = useTranslation('games')
  const { t: auth } = useTranslation('auth')
  const send = useSend()
  const close = () => send({ type: 'popup.closeRequested', popup: 'continueLastGame' })
  const name = String(props['gameName'] ?? '')
  const go = () => {
    close()
    send({
      type: 'nav.requested',
      name: 'embedded',
      query: {
        platformId: String(props['platfromId'] ?? props['platformId'] ?? ''),
        gameId: String(props['gameId'] ?? ''),
        gameName: name,
        gameCategoryId: String(props['categoryId'] ?? props['gameCategoryId'] ?? 0),
      },
    })
  }
  return (
    <Modal open={open} title={auth('popup.continueLastGame')} showCloseButton={showCloseButton} onClose={close} closeLabel={auth('close')}>
      <p className="modal__text">{t('continue.body', { name })}</p>
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={close}>{t('continue.no')}</button>
        <button type="button" className="button button--primary" data-autofocus="" onClick={go}>{t('continue.yes')}</button>
      </div>
    </Modal>
  )
}
