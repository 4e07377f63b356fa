import { useId, useRef, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { PopupProps } from '../../../actors/popups'
import type { PopupId } from '../../../schemas/events/popup'
import { useSend } from '../../system-react'
import { Modal } from '../../ui/Modal'
import { LoginForm } from './LoginForm'
import { RegisterForm } from './RegisterForm'
import { ThirdPartyButtons } from './ThirdPartyButtons'
import type { ThirdWay } from '../../../schemas/events/session'

type Tab = 'login' | 'register'
const TABS: ReadonlyArray<Tab> = ['login', 'register']

/** Which tab a sign-in popup opens on: login, register, or auth with its key (login / regedit). */
export const tabOf = (popup: PopupId, props: PopupProps): Tab =>
  popup === 'register' || (popup === 'auth' && props['key'] === 'regedit') ? 'register' : 'login'

/**
 * The sign-in popup: login and register as tabs (the spec's auth popup with keys login and
 * regedit). Switching tabs asks the popups actor for the other popup, which switches it in place,
 * so the tab shown is actor state and replays. Arrow keys move between tabs (WAI-ARIA tabs).
 */
export const AuthModal = ({
  popup,
  props,
  open,
  showCloseButton,
  onClose,
}: {
  popup: PopupId
  props: PopupProps
  open: boolean
  showCloseButton: boolean
  onClose: (() => void) | undefined
}) => {
  const { t } = useTranslation('auth')
  const { t: account } = useTranslation('account')
  const send = useSend()
  const id = useId()
  const tab = tabOf(popup, props)
  // A third-party sign-in that found no account registers in thirdWay mode (spec §4).
  const thirdWay = props['mode'] === 'thirdWay' && typeof props['thirdWay'] === 'object' && props['thirdWay'] !== null ? (props['thirdWay'] as ThirdWay) : null
  const tabRefs = useRef(new Map<Tab, HTMLButtonElement>())
  const choose = (next: Tab, focus: boolean) => {
    if (next !== tab) send({ type: 'popup.openRequested', popup: next })
    if (focus) tabRefs.current.get(next)?.focus()
  }
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = TABS.indexOf(tab)
    const next =
      e.key === 'ArrowRight' ? TABS[(at + 1) % TABS.length] : e.key === 'ArrowLeft' ? TABS[(at + TABS.length - 1) % TABS.length] : e.key === 'Home' ? TABS[0] : e.key === 'End' ? TABS.at(-1) : undefined
    if (next === undefined) return
    e.preventDefault()
    choose(next, true)
  }
  return (
    <Modal open={open} title={t(`tabs.${tab}`)} titleHidden showCloseButton={showCloseButton} onClose={onClose} closeLabel={t('close')} className="auth-modal">
      {props['guide'] === true && <p className="auth-modal__guide">{t('guide')}</p>}
      <div className="auth-tabs" role="tablist" aria-label={t('tabs.label')} onKeyDown={onKeyDown}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(el) => {
              if (el === null) tabRefs.current.delete(name)
              else tabRefs.current.set(name, el)
            }}
            type="button"
            role="tab"
            id={`${id}-${name}-tab`}
            aria-selected={name === tab}
            aria-controls={`${id}-${name}-panel`}
            tabIndex={name === tab ? 0 : -1}
            className="auth-tabs__tab"
            onClick={() => choose(name, false)}
          >
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}-tab`}>
        {tab === 'login' ? <LoginForm key="login" /> : <RegisterForm key={thirdWay === null ? 'register' : `third-${thirdWay.id}`} thirdWay={tab === 'register' ? thirdWay : null} />}
      </div>
      {thirdWay === null && <ThirdPartyButtons purpose="login" label={account('thirdWay.or')} />}
      {/* Spec §2 hides the close button on mobile: a closable popup still needs a way out. */}
      {!showCloseButton && onClose !== undefined && (
        <button type="button" className="auth-modal__later" onClick={onClose}>
          {t('notNow')}
        </button>
      )}
    </Modal>
  )
}
