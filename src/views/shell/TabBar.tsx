import { useTranslation } from 'react-i18next'
import type { RouteName } from '../../../schemas/routes'
import { useSend } from '../../system-react'
import { selectChargeRate, selectDiscountBadge, selectUnreadMessages } from '../../../actors/badges'
import { Badge } from '../../ui/Badge'
import { useBadges } from './badge-hooks'
import { Icon, type IconName } from '../../ui/Icon'
import { useCurrentTab, useNavigate, useRouteName } from '../routing/nav-hooks'
import { useSessionView } from './session-view'
import { useWithdraw } from './withdraw'
import { useLayoutLists } from './site-look'

/** Every tab-bar entry the spec names (§2): the defaults and the other server-provided entries. */
export const TAB_KEYS = [
  'home', 'sport', 'recharge', 'register', 'service', 'mine',
  'event', 'task', 'rebate', 'login', 'withdraw', 'vip', 'yuebao', 'promote', 'download',
] as const
export type TabKey = (typeof TAB_KEYS)[number]
const isTabKey = (k: string): k is TabKey => (TAB_KEYS as ReadonlyArray<string>).includes(k)

const ICONS: Record<TabKey, IconName> = {
  home: 'home', sport: 'sport', recharge: 'wallet', register: 'userPlus', service: 'headset', mine: 'user',
  event: 'sparkle', task: 'ticket', rebate: 'refresh', login: 'lock', withdraw: 'arrowUp', vip: 'star',
  yuebao: 'cube', promote: 'friends', download: 'arrowUp',
}

/** The route a tab stands for, to mark it current (the nav actor knows the defaults). */
const ROUTE_OF: Partial<Record<TabKey, RouteName>> = {
  event: 'eventIndex', rebate: 'eventCashback', withdraw: 'withdraw', vip: 'vip', yuebao: 'yuebao', promote: 'promote',
}

/** The spec's default lists (§2), used when the hall gives none. */
const DEFAULTS: Readonly<Record<'out' | 'in', ReadonlyArray<TabKey>>> = {
  out: ['home', 'sport', 'recharge', 'register', 'mine'],
  in: ['home', 'sport', 'recharge', 'service', 'mine'],
}

/**
 * The mobile tab bar (spec §2), built from the hall's layout lists (getLayout: logged out and
 * logged in), the spec's defaults when the hall gives none. Clicking the current tab does nothing.
 * Recharge needs a login. Mine needs a real login: guests get the registration popup, a visitor the
 * login popup. Entries whose screens are later issues go to their (placeholder) pages: discount to
 * the event page, rebate to cashback (guests get registration), withdraw (the tab skips the phone
 * check but not the withdraw password), vip, yuebao and promote to theirs; task opens the task popup, download the download popup.
 */
export const TabBar = () => {
  const { t } = useTranslation()
  const layoutT = useTranslation('layout').t
  const send = useSend()
  const navigate = useNavigate()
  const session = useSessionView()
  const navTab = useCurrentTab()
  const route = useRouteName()
  const lists = useLayoutLists()
  const chargeRate = useBadges(selectChargeRate)
  const unread = useBadges(selectUnreadMessages)
  const discount = useBadges(selectDiscountBadge)
  const withdrawals = useWithdraw(false)
  const served = (session.real ? lists.loggedIn : lists.loggedOut).map((e) => e.key).filter(isTabKey)
  const tabs: ReadonlyArray<TabKey> = (served.length > 0 ? served : session.real ? DEFAULTS.in : DEFAULTS.out).slice(0, 5)
  const isCurrent = (tab: TabKey): boolean => navTab === tab || (ROUTE_OF[tab] !== undefined && ROUTE_OF[tab] === route)

  const needsReal = (popupForGuest: 'register' | 'login' = 'register'): boolean => {
    if (session.real) return false
    send({ type: 'popup.openRequested', popup: session.guest ? popupForGuest : 'login' })
    return true
  }

  const choose = (tab: TabKey): void => {
    if (isCurrent(tab)) return
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
      case 'login':
        return send({ type: 'popup.openRequested', popup: 'login' })
      case 'mine':
        if (session.real) return navigate('game', { query: { tabItem: 'mine' } })
        return send({ type: 'popup.openRequested', popup: session.guest ? 'register' : 'login' })
      case 'event':
        return navigate('eventIndex')
      case 'task':
        if (needsReal()) return
        return send({ type: 'popup.openRequested', popup: 'task' })
      case 'download':
        return send({ type: 'popup.openRequested', popup: 'downloadApp' })
      case 'rebate':
        if (needsReal()) return
        return navigate('eventCashback')
      case 'withdraw':
        // The tab is withdrawal management: the withdraw password is checked, not the phone (spec §2).
        if (needsReal('login')) return
        return withdrawals()
      case 'vip':
      case 'yuebao':
      case 'promote':
        if (needsReal('login')) return
        return navigate(ROUTE_OF[tab]!)
    }
  }

  const label = (tab: TabKey): string => (tab === 'vip' ? t('route.vip') : tab in DEFAULT_LABELS ? t(`tab.${tab}`) : layoutT(`tab.${tab}`))

  return (
    <nav className="tabbar" aria-label={t('tab.label')} style={{ gridTemplateColumns: `repeat(${tabs.length}, 1fr)` }}>
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          className={`tabbar__item${tab === 'recharge' ? ' tabbar__item--accent' : ''}`}
          aria-current={isCurrent(tab) ? 'page' : undefined}
          onClick={() => choose(tab)}
        >
          <span className="tabbar__icon">
            <Icon name={ICONS[tab]} />
          </span>
          <span className="tabbar__label">{label(tab)}</span>
          {/* After the label, so the name reads 'Deposit, +10% bonus'; drawn on the icon's corner (shell.css), clear of the label. */}
          {tab === 'recharge' && chargeRate !== null && <Badge text={`+${chargeRate}%`} label={layoutT('badge.bonus', { rate: chargeRate })} />}
          {tab === 'mine' && session.real && <Badge count={unread} />}
          {tab === 'event' && discount !== null && (discount.kind === 'reward' ? <Badge text={discount.amount} /> : <Badge dot />)}
        </button>
      ))}
    </nav>
  )
}

const DEFAULT_LABELS = { home: 1, sport: 1, recharge: 1, register: 1, service: 1, mine: 1 } as const
