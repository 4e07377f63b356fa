import { useTranslation } from 'react-i18next'
import type { NavTab } from '../../../actors/nav'
import { useSend } from '../../system-react'
import { Icon, type IconName } from '../../ui/Icon'
import { useCurrentTab, useNavigate } from '../routing/nav-hooks'
import { useSessionView } from './session-view'

const ICONS: Record<NavTab, IconName> = {
  home: 'home',
  sport: 'sport',
  recharge: 'wallet',
  register: 'userPlus',
  service: 'headset',
  mine: 'user',
}

/**
 * The mobile tab bar (spec §2): logged out home, sport, recharge, register, mine; logged in home,
 * sport, recharge, service, mine. Clicking the current tab does nothing. Recharge needs a login
 * (logged out: the login popup). Mine needs a real login: guests get the registration popup, a
 * visitor the login popup; a real player goes to the Mine view (the game page, tabItem=mine).
 */
export const TabBar = () => {
  const { t } = useTranslation()
  const send = useSend()
  const navigate = useNavigate()
  const session = useSessionView()
  const current = useCurrentTab()
  const tabs: ReadonlyArray<NavTab> = session.signedIn
    ? ['home', 'sport', 'recharge', 'service', 'mine']
    : ['home', 'sport', 'recharge', 'register', 'mine']

  const choose = (tab: NavTab): void => {
    if (tab === current) return
    switch (tab) {
      case 'home':
        return navigate('game')
      case 'sport':
        return navigate('sports')
      case 'service':
        return navigate('service')
      case 'recharge':
        return send({ type: 'popup.openRequested', popup: session.signedIn ? 'pay' : 'login' })
      case 'register':
        return send({ type: 'popup.openRequested', popup: 'register' })
      case 'mine':
        if (session.real) return navigate('game', { query: { tabItem: 'mine' } })
        return send({ type: 'popup.openRequested', popup: session.guest ? 'register' : 'login' })
    }
  }

  return (
    <nav className="tabbar" aria-label={t('tab.label')}>
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          className={`tabbar__item${tab === 'recharge' ? ' tabbar__item--accent' : ''}`}
          aria-current={tab === current ? 'page' : undefined}
          onClick={() => choose(tab)}
        >
          <span className="tabbar__icon">
            <Icon name={ICONS[tab]} />
          </span>
          <span className="tabbar__label">{t(`tab.${tab}`)}</span>
        </button>
      ))}
    </nav>
  )
}
