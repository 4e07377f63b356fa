import { useTranslation } from 'react-i18next'
import { selectIsGuest } from '../../../actors/session'
import { useActor, useSend } from '../../system-react'
import { SendDiagnostics } from '../diagnostics'
import { MusicButton } from '../music/MusicButton'
import { PageFrame } from '../pages/PageFrame'
import { WebPushSetting } from './WebPushSetting'
import { AccountCurrencyRow } from './AccountCurrencyRow'
import { CurrencySwitch, LanguageSwitch } from '../shell/Header'
import './account.css'

/**
 * The settings page (screens §2 /home/setting): the interface language, the currency shown (a
 * guest's to choose; a registered player's is the account's, shown with the amounts' format), music
 * and sound (the lobby has music and no sound effects: docs/decisions.md), the diagnostics to send, and for a
 * trial account the way to a real one (userOptResult 4: the 'pass' popup sets its username and
 * password, and the lobby signs in with them). The route is private but open to trial accounts.
 * A real player gets the notifications switch (web push) when the site's push is open.
 */
export const SettingPage = () => {
  const { t } = useTranslation('account')
  const { t: shell } = useTranslation()
  const send = useSend()
  const guest = useActor('session', selectIsGuest)
  return (
    <PageFrame title={shell('route.setting')}>
      <ul className="settings">
        <li className="settings__row">
          <span className="settings__name">{t('setting.language')}</span>
          <LanguageSwitch />
        </li>
        {guest && (
          <li className="settings__row">
            <span className="settings__name">{t('setting.currency')}</span>
            <CurrencySwitch />
          </li>
        )}
        {!guest && <AccountCurrencyRow />}
        <li className="settings__row">
          <span className="settings__name">{t('setting.music')}</span>
          <MusicButton className="button button--ghost button--small" />
        </li>
        {!guest && <WebPushSetting />}
        {guest && (
          <li className="settings__row">
            <span className="settings__name">{t('setting.trial')}</span>
            <button type="button" className="button button--primary button--small" onClick={() => send({ type: 'popup.openRequested', popup: 'pass' })}>
              {t('setting.setCredentials')}
            </button>
          </li>
        )}
      </ul>
      <SendDiagnostics from="settings" />
    </PageFrame>
  )
}
