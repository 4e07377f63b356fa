import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { selectDisplayName } from '../../../actors/session'
import { selectSysSwitches } from '../../../actors/site'
import { selectVipInfo, selectVipProgress } from '../../../actors/vip'
import { useActor, useSend } from '../../system-react'
import { CopyButton } from '../../ui/CopyButton'
import { Icon, type IconName } from '../../ui/Icon'
import { MoneyText } from '../../ui/MoneyText'
import { useNavigate } from '../routing/nav-hooks'
import { BalanceStaleMark } from '../shell/Header'
import { useSessionView } from '../shell/session-view'
import { useWithdraw } from '../shell/withdraw'
import type { RouteName } from '../../../schemas/routes'
import { useSavingsEntry } from '../yuebao/SavingsEntry'
import { selectMessageCentreType, selectUnreadMessages } from '../../../actors/badges'
import { Badge } from '../../ui/Badge'
import { useBadges } from '../shell/badge-hooks'
import './mine.css'


/**
 * The Mine view (spec §2, /home/game?tabItem=mine): the user card (avatar 56, platform id,
 * username with a copy button, VIP badge when VIP is open, game_gold with refresh and the currency
 * icon, recharge, withdraw, wallet and yuebao) and the nav card (promote with the R$75 text,
 * account details, betting record, personal statement, withdrawal management, the message centre
 * with its unread count, the VIP progress bar when VIP is open). Entries whose screens are not built go to their placeholder routes.
 * The VIP badge shows the player's level and the bar the progress to the next one (the vip
 * actor's vipInfo, asked again when the view opens). Withdraw checks the bound phone and the
 * withdraw password; withdrawal management only the password (spec §2).
 */
export const MineView = () => {
  const { t } = useTranslation('layout')
  const { t: shell } = useTranslation()
  const { t: account } = useTranslation('account')
  const send = useSend()
  const navigate = useNavigate()
  const session = useSessionView()
  const platformId = useActor('session', selectDisplayName)
  const refreshing = session.refreshing
  const vipOpen = useActor('site', selectSysSwitches).split(' ').includes('vip_status')
  const vip = useActor('vip', selectVipInfo)
  const vipProgress = useActor('vip', selectVipProgress)
  const withdraw = useWithdraw(true)
  const withdrawals = useWithdraw(false)
  const savings = useSavingsEntry()
  const unread = useBadges(selectUnreadMessages)
  const centreType = useBadges(selectMessageCentreType)
  useEffect(() => {
    if (vipOpen) send({ type: 'query.refreshRequested', query: 'vip' })
  }, [vipOpen, send])
  const name = session.username ?? shell('mine.player')
  const actions: ReadonlyArray<{ key: string; label: string; icon: IconName; go: () => void; accent?: boolean }> = [
    { key: 'recharge', label: shell('header.recharge'), icon: 'plus', go: () => send({ type: 'popup.openRequested', popup: 'pay' }), accent: true },
    { key: 'withdraw', label: shell('header.withdraw'), icon: 'arrowUp', go: withdraw },
    { key: 'wallet', label: shell('route.centerWallet'), icon: 'wallet', go: () => navigate('centerWallet') },
    { key: 'yuebao', label: shell('route.yuebao'), icon: 'vault', go: () => navigate('yuebao') },
  ]
  const entries: ReadonlyArray<{ key: string; label: string; icon: IconName; route: RouteName; query?: Record<string, string>; note?: string; count?: number; go?: () => void }> = [
    { key: 'promote', label: shell('route.promote'), icon: 'friends', route: 'promote', note: t('mine.promoteNote') },
    { key: 'accountDetails', label: account('personal.accountDetails'), icon: 'ticket', route: 'report', query: { current: '0' } },
    { key: 'bettingRecord', label: account('personal.bettingRecord'), icon: 'clock', route: 'report', query: { current: '1' } },
    { key: 'statement', label: account('personal.statement'), icon: 'cards', route: 'report', query: { current: '2' } },
    { key: 'withdrawals', label: account('personal.withdrawals'), icon: 'wallet', route: 'withdraw', go: withdrawals },
    // The message centre opens on the type the unread rule names (spec §2), with the unread count.
    { key: 'messages', label: shell('route.notice'), icon: 'alert', route: 'notice', query: { noticeType: centreType === 'announcement' ? '2' : '1' }, count: unread },
  ]
  return (
    <section className="mine" aria-labelledby="page-title">
      <h1 id="page-title" className="visually-hidden">
        {shell('tab.mine')}
      </h1>
      <section className="card user-card mine-card" aria-label={t('mine.userCard')}>
        <div className="mine-card__head">
          <span className="avatar" aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </span>
          <div className="user-card__who">
            <p className="mine-card__platform">{t('mine.platformId', { id: platformId ?? '—' })}</p>
            <p className="user-card__name">
              <span>{name}</span>
              <CopyButton text={name} label={t('mine.copy')} />
              {vipOpen && (
                <span className="mine-card__vip">
                  <Icon name="star" aria-hidden="true" /> {vip === null ? shell('route.vip') : t('mine.vipLevel', { level: vip.level })}
                </span>
              )}
            </p>
            <p className="user-card__balance mine-card__balance">
              <span className="mine-card__currency" aria-hidden="true">
                {session.currency.slice(0, 1)}
              </span>
              <span className="visually-hidden">{session.currency}</span>
              <strong>{session.inGame ? shell('header.moneyInGame') : <MoneyText value={session.balance === null ? '—' : String(session.balance)} />}</strong>
              <BalanceStaleMark stale={session.stale} />
              <button
                type="button"
                className={`icon-button icon-button--small${refreshing ? ' is-spinning' : ''}`}
                aria-label={t('mine.refresh')}
                aria-busy={refreshing}
                disabled={refreshing}
                onClick={() => send({ type: 'wallet.refreshRequested' })}
              >
                <Icon name="refresh" />
              </button>
            </p>
            {savings.principal !== null && (
              <p className="mine-card__savings" data-testid="mine-savings">
                <Icon name="vault" aria-hidden="true" /> {shell('route.yuebao')} <MoneyText value={savings.principal} />
              </p>
            )}
          </div>
        </div>
        <ul className="mine-card__actions" role="list">
          {actions.map((a) => (
            <li key={a.key}>
              <button type="button" className={`button button--small ${a.accent === true ? 'button--accent' : 'button--ghost'}`} onClick={a.go}>
                <Icon name={a.icon} aria-hidden="true" />
                {a.label}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <nav className="card nav-card" aria-label={t('mine.navCard')}>
        <ul role="list">
          {entries.map((e) => (
            <li key={e.key}>
              <button type="button" className="nav-card__item" onClick={e.go ?? (() => navigate(e.route, e.query === undefined ? undefined : { query: e.query }))}>
                <Icon name={e.icon} className="nav-card__icon" />
                <span>{e.label}</span>
                {e.note !== undefined && <span className="nav-card__note">{e.note}</span>}
                {e.count !== undefined && <Badge count={e.count} />}
                <Icon name="chevronRight" className="nav-card__chevron" />
              </button>
            </li>
          ))}
        </ul>
        {vipOpen && (
          <button type="button" className="nav-card__item mine-vip" onClick={() => navigate('vip')}>
            <Icon name="star" className="nav-card__icon" />
            <span className="mine-vip__label">{t('mine.vipProgress')}</span>
            <span className="mine-vip__bar" role="progressbar" aria-label={t('mine.vipProgress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={vipProgress}>
              <span className="mine-vip__fill" style={{ width: `${vipProgress}%` }} />
            </span>
            <span className="mine-vip__next">
              {vip === null ? '' : vip.nextLevel === null ? t('mine.vipTop') : t('mine.vipNext', { progress: vipProgress, level: vip.nextLevel })}
            </span>
            <Icon name="chevronRight" className="nav-card__chevron" />
          </button>
        )}
      </nav>
    </section>
  )
}
