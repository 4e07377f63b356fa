import { popupsDomain } from '../../../actors/popups/domain'
import { recoveryDomain } from '../../../actors/recovery/domain'
import { sessionDomain } from '../../../actors/session/domain'
import { thirdpartyDomain } from '../../../actors/thirdparty/domain'
import { lazyNamed } from '../routing/lazy-view'
import { defineScreens } from '../routing/screens'
// The sign-in popup is the first thing a desktop visitor sees: it comes with the first route.
import { AuthModal } from './AuthModal'
import { LogoutConfirmModal, ServiceErrorModal, TokenExpiredModal } from './MessageModals'

const ChangePasswordModal = lazyNamed(() => import('./ChangePasswordModal'), 'ChangePasswordModal')
const ForgotPasswordModal = lazyNamed(() => import('./ForgotPasswordModal'), 'ForgotPasswordModal')
const AuthPage = lazyNamed(() => import('./AuthPage'), 'AuthPage')

/** The session's popups: sign-in and registration, the token-expired and logout modals, the forced password change. */
export const sessionScreens = defineScreens(sessionDomain, {
  popups: {
    auth: AuthModal,
    login: AuthModal,
    register: AuthModal,
    tokenExpired: TokenExpiredModal,
    logoutConfirm: LogoutConfirmModal,
    forceChangePwd: ChangePasswordModal,
  },
})

/** Password recovery's popup. */
export const recoveryScreens = defineScreens(recoveryDomain, { popups: { forgotPassword: ForgotPasswordModal } })

/** A call's failure the player must see (the popup queue's error modal, spec §8). */
export const popupsScreens = defineScreens(popupsDomain, { popups: { serviceError: ServiceErrorModal } })

/** The third-party sign-in's return page (/auth). */
export const thirdpartyScreens = defineScreens(thirdpartyDomain, { pages: { auth: () => <AuthPage /> } })
