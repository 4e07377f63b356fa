import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { SnapshotFrom } from 'xstate'
import { selectGamePhone, type GamePhoneView, type gamePhoneMachine } from '../../../actors/games'
import type { PopupPropsOf } from '../../../schemas/events/popup'
import { useActor, useSend } from '../../system-react'
import { Modal } from '../../ui/Modal'
import { CodeInput, useCodeProblem } from '../../ui/CodeInput'
import { phoneOfSite, VALIDATION_PARAMS } from '../../ui/validation'
import { PhoneNumberInput } from '../../ui/PhoneNumberInput'
import { selectSiteCode } from '../../../actors/site'
import './games.css'

/** A game id as text (the hall writes them as text or numbers), empty when absent. */
const textOf = (v: string | number | undefined): string => (v === undefined ? '' : String(v))

const useGamePhone = <T,>(selector: (s: SnapshotFrom<typeof gamePhoneMachine>) => T): T =>
  useActor('gamephone', selector)

/**
 * The phone verification a game asked for (spec §8 game open, 3002): a code sent to the phone by
 * the verification flow (CodeInput: the lock, the countdown, the human challenge), then the
 * phone bound with it (its 4 digits); once bound the game phone actor closes the popup and the
 * launch opens the game again. Closed before that, the game page offers to open it again.
 */
export const VerifyPhonePopup = ({ open, showCloseButton, onClose }: { open: boolean; showCloseButton: boolean; onClose: (() => void) | undefined }) => {
  const { t } = useTranslation('games')
  const { t: auth } = useTranslation('auth')
  const send = useSend()
  const view = useGamePhone<GamePhoneView>(selectGamePhone)
  const codeProblem = useCodeProblem('phone')
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  const siteCode = useActor('site', selectSiteCode)
  const checkPhone = (): boolean => {
    // The site's phone rule of spec §5, as the hall checks it (the Brazilian rules on a Brazilian site).
    const key = phoneOfSite(siteCode)(phone)
    if (key === null) return setInvalid(null), true
    return setInvalid(key === 'validation.phone' || key === 'validation.required' ? t('phone.invalidPhone') : auth(key, VALIDATION_PARAMS)), false
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!checkPhone()) return
    const problem = codeProblem(phone, code)
    if (problem !== null) return setInvalid(problem)
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
          <PhoneNumberInput siteCode={siteCode} autoComplete="tel" data-autofocus="" value={phone} onChange={(v) => setPhone(v.trim())} />
        </label>
        <CodeInput channel="phone" target={phone} check={checkPhone} label={t('phone.code')} value={code} onChange={setCode} />
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
export const ContinueGamePopup = ({ props, open, showCloseButton }: { props: PopupPropsOf<'continueLastGame'>; open: boolean; showCloseButton: boolean }) => {
  const { t } = useTranslation('games')
  const { t: auth } = useTranslation('auth')
  const send = useSend()
  const close = () => send({ type: 'popup.closeRequested', popup: 'continueLastGame' })
  const name = textOf(props.gameName)
  const go = () => {
    close()
    send({
      type: 'nav.requested',
      name: 'embedded',
      query: {
        platformId: textOf(props.platfromId ?? props.platformId),
        gameId: textOf(props.gameId),
        gameName: name,
        gameCategoryId: textOf(props.categoryId ?? props.gameCategoryId ?? 0),
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
