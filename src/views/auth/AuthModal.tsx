import { useTranslation } from 'react-i18next'
import type { PopupPropsOf } from '../../../schemas/events/popup'
import { useSend } from '../../system-react'
import { Modal } from '../../ui/Modal'
import { Tabs } from '../../ui/Tabs'
import { LoginForm } from './LoginForm'
import { RegisterForm } from './RegisterForm'
import { ThirdPartyButtons } from './ThirdPartyButtons'

type Tab = 'login' | 'register'
/** The sign-in popups (they share their props). */
type SignInPopup = 'auth' | 'login' | 'register'
const TABS: ReadonlyArray<Tab> = ['login', 'register']

/** Which tab a sign-in popup opens on: login, register, or auth with its key (login / regedit). */
export const tabOf = (popup: SignInPopup, props: PopupPropsOf<SignInPopup>): Tab =>
  popup === 'register' || (popup === 'auth' && props.key === 'regedit') ? 'register' : 'login'

/**
 * The sign-in popup: login and register as tabs (the spec's auth popup with keys login and
 * regedit). Switching tabs asks the popups actor for the other popup, which switches it in place,
 * so the tab shown is actor state and replays. The bar is the shared `Tabs` (arrow keys move between tabs).
 */
export const AuthModal = ({
  popup,
  props,
  open,
  showCloseButton,
  onClose,
}: {
  popup: SignInPopup
  props: PopupPropsOf<SignInPopup>
  open: boolean
  showCloseButton: boolean
  onClose: (() => void) | undefined
}) => {
  const { t } = useTranslation('auth')
  const { t: account } = useTranslation('account')
  const send = useSend()
  const tab = tabOf(popup, props)
  // A third-party sign-in that found no account registers in thirdWay mode (spec §4).
  const thirdWay = props.mode === 'thirdWay' ? (props.thirdWay ?? null) : null
  return (
    <Modal open={open} title={t(`tabs.${tab}`)} titleHidden showCloseButton={showCloseButton} onClose={onClose} closeLabel={t('close')} className="auth-modal">
      {props.guide === true && <p className="auth-modal__guide">{t('guide')}</p>}
      <Tabs
        label={t('tabs.label')}
        className="auth-tabs"
        items={TABS.map((name) => ({ key: name, label: t(`tabs.${name}`) }))}
        selected={tab}
        onSelect={(next) => {
          if (next !== tab) send({ type: 'popup.openRequested', popup: next })
        }}
        tabClassName={() => 'auth-tabs__tab'}
      >
        {tab === 'login' ? <LoginForm key="login" /> : <RegisterForm key={thirdWay === null ? 'register' : `third-${thirdWay.id}`} thirdWay={tab === 'register' ? thirdWay : null} />}
      </Tabs>
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
