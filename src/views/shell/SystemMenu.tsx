import { useTranslation } from 'react-i18next'
import type { RouteName } from '../../../schemas/routes'
import { selectActivityCount, selectAwardCount, selectRebateCount, selectTaskCount } from '../../../actors/badges'
import { useQuery, useSend } from '../../system-react'
import { opensInFrame, staffActor } from '../../../actors/service'
import { Popover } from '../../ui/Popover'
import { Badge } from '../../ui/Badge'
import { useBadges } from './badge-hooks'
import { Icon, type IconName } from '../../ui/Icon'
import { useNavigate } from '../routing/nav-hooks'
import { useSessionView } from './session-view'
import { useBettingProviderName, useBrandLogo, useSysSwitch } from './site-look'
import { useSavingsEntry } from '../yuebao/SavingsEntry'

interface SystemEntry {
  readonly key: string
  readonly label: string
  readonly icon: IconName
  readonly route: RouteName
  /** A red-dot count shown on the entry. */
  readonly count?: number
  /** A short value shown as the entry's badge (the savings year rate), with its spoken label. */
  readonly badge?: { readonly text: string; readonly label: string }
  /** Opens a popup instead of a page (task); guests get registration first when `real` is asked. */
  readonly popup?: 'task'
  readonly real?: boolean
}

/**
 * The system menu entries whose condition holds (spec §2): the betting-provider entry (sites 101
 * and 081), VIP (vip_status open), promote (agentDisplayEntrance open), customer service
 * (kfOnlineStatus open and an agent online), betting record, download app (brand download switch), about us
 * (aboutUsStatus 1). Entries gated on red-dot counts (activity, task, rebate) join with those counts;
 * the award entry shows to every signed-in player, and a guest sees rebate and award to be asked to register.
 */
const useSystemEntries = (): ReadonlyArray<SystemEntry> => {
  const { t } = useTranslation()
  const provider = useBettingProviderName()
  const vip = useSysSwitch('vip_status')
  const agent = useSysSwitch('agentDisplayEntrance')
  // The customer-service entry: the switch open and at least one agent online (spec §2).
  const serviceOpen = useSysSwitch('kfOnlineStatus')
  const agentsOnline = (useQuery(staffActor).data ?? []).length
  const service = serviceOpen && agentsOnline > 0
  const brand = useBrandLogo()
  const layoutT = useTranslation('layout').t
  const activity = useBadges(selectActivityCount)
  const task = useBadges(selectTaskCount)
  const rebate = useBadges(selectRebateCount)
  const award = useBadges(selectAwardCount)
  const savings = useSavingsEntry()
  const session = useSessionView()
  const yuebaoT = useTranslation('yuebao').t
  const entries: SystemEntry[] = []
  if (provider !== '') entries.push({ key: 'provider', label: provider, icon: 'trophy', route: 'sports' })
  // Activity, task, rebate and award show only while their red-dot counts are above 0 (spec §2).
  if (activity > 0) entries.push({ key: 'event', label: t('route.eventIndex'), icon: 'sparkle', route: 'eventIndex', count: activity })
  if (task > 0) entries.push({ key: 'task', label: layoutT('tab.task'), icon: 'ticket', route: 'eventIndex', count: task, popup: 'task', real: true })
  // Rebate: a real player's return-gold count above 0; a guest (no red dots) sees it and is asked to register.
  // Award: every signed-in player, with its count when above 0; a guest is asked to register (spec §2).
  if (rebate > 0 || session.guest) entries.push({ key: 'rebate', label: layoutT('tab.rebate'), icon: 'refresh', route: 'eventCashback', ...(rebate > 0 ? { count: rebate } : {}), real: true })
  if (session.signedIn) entries.push({ key: 'award', label: layoutT('menu.award'), icon: 'trophy', route: 'eventAward', ...(award > 0 ? { count: award } : {}), real: true })
  if (vip) entries.push({ key: 'vip', label: t('route.vip'), icon: 'star', route: 'vip' })
  // Savings: the switch on or a principal above 0, with the year rate as its badge (spec §2).
  if (savings.shown) {
    const badge = savings.yearRate === null ? {} : { badge: { text: yuebaoT('rate', { rate: savings.yearRate }), label: yuebaoT('badge', { rate: savings.yearRate }) } }
    entries.push({ key: 'yuebao', label: t('route.yuebao'), icon: 'vault', route: 'yuebao', real: true, ...badge })
  }
  if (agent) entries.push({ key: 'promote', label: t('route.promote'), icon: 'friends', route: 'promote' })
  if (service) entries.push({ key: 'service', label: t('route.service'), icon: 'headset', route: 'service' })
  entries.push({ key: 'records', label: t('route.records'), icon: 'ticket', route: 'records' })
  if (brand?.aboutUs === true) entries.push({ key: 'about', label: t('route.about'), icon: 'compass', route: 'about' })
  return entries
}

export const SystemList = ({ onChosen }: { onChosen?: () => void }) => {
  const { t } = useTranslation('layout')
  const navigate = useNavigate()
  const send = useSend()
  const session = useSessionView()
  const entries = useSystemEntries()
  const agents = useQuery(staffActor).data ?? []
  return (
    <>
      <p className="menu__heading" aria-hidden="true">
        {t('menu.more')}
      </p>
      <ul className="menu__list" role="list" aria-label={t('menu.more')}>
        {entries.map((e) => (
          <li key={e.key}>
            {e.key === 'service' && agents.length > 1 ? (
              <ServiceAgentsEntry label={e.label} onChosen={onChosen} />
            ) : (
            <button
              type="button"
              className="menu__item"
              onClick={() => {
                onChosen?.()
                if (e.real === true && !session.real) return send({ type: 'popup.openRequested', popup: session.guest ? 'register' : 'login' })
                if (e.popup !== undefined) return send({ type: 'popup.openRequested', popup: e.popup })
                navigate(e.route)
              }}
            >
              <Icon name={e.icon} className="menu__icon" />
              <span className="menu__label">{e.label}</span>
              {e.count !== undefined && <Badge count={e.count} />}
              {e.badge !== undefined && <Badge text={e.badge.text} label={e.badge.label} />}
            </button>
            )}
          </li>
        ))}
      </ul>
    </>
  )
}

/**
 * The customer-service entry while several agents are online (spec §2: a popover when several):
 * the agents listed; one that opens in the lobby's frame (openType 1) opens on the service page,
 * another in a new window that cannot reach back into the lobby.
 */
const ServiceAgentsEntry = ({ label, onChosen }: { label: string; onChosen: (() => void) | undefined }) => {
  const { t } = useTranslation('service')
  const navigate = useNavigate()
  const agents = useQuery(staffActor).data ?? []
  return (
    <Popover
      className="menu__popover"
      label={label}
      panelLabel={t('agents')}
      trigger={
        <>
          <Icon name="headset" className="menu__icon" />
          <span className="menu__label">{label}</span>
        </>
      }
    >
      {(close) => (
        <div className="options" role="group">
          {agents.map((a, i) => (
            <button
              key={`${a.customerName}-${a.customerUrl}`}
              type="button"
              className="option"
              aria-label={t(opensInFrame(a) ? 'chatWith' : 'chatOutside', { name: a.customerName })}
              onClick={() => {
                close()
                onChosen?.()
                if (opensInFrame(a)) navigate('service', { query: { agent: String(i) } })
                else window.open(a.customerUrl, '_blank', 'noopener,noreferrer')
              }}
            >
              {a.customerName}
            </button>
          ))}
        </div>
      )}
    </Popover>
  )
}
