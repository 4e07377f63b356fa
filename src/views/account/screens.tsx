import { accountDomain } from '../../../actors/account/domain'
import { securityDomain } from '../../../actors/security/domain'
import { lazyNamed } from '../routing/lazy-view'
import { defineScreens } from '../routing/screens'

const PersonalPage = lazyNamed(() => import('./Personal'), 'PersonalPage')
const SettingPage = lazyNamed(() => import('./Setting'), 'SettingPage')
const SecurityCentre = lazyNamed(() => import('./SecurityCentre'), 'SecurityCentre')
const TrialCredentialsPopup = lazyNamed(() => import('./AccountPopups'), 'TrialCredentialsPopup')
const VerifyUserPasswordPopup = lazyNamed(() => import('./AccountPopups'), 'VerifyUserPasswordPopup')

/** The account: settings, the personal page, a trial's credentials, the login password check. */
export const accountScreens = defineScreens(accountDomain, {
  pages: { setting: () => <SettingPage />, personal: () => <PersonalPage /> },
  popups: { pass: TrialCredentialsPopup, verifyUserPassword: VerifyUserPasswordPopup },
})

/** The security centre. */
export const securityScreens = defineScreens(securityDomain, { pages: { security: () => <SecurityCentre /> } })
