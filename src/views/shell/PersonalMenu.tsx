import { useTranslation } from 'react-i18next'
import { selectMessageCentreType, selectUnreadMessages } from '../../../actors/badges'
import { Badge } from '../../ui/Badge'
import { useBadges } from './badge-hooks'
import { Icon } from '../../ui/Icon'
import { Popover } from '../../ui/Popover'
import { MusicMenuEntry } from '../music/MusicButton'
import { useNavigate } from '../routing/nav-hooks'
import { useSend } from '../../system-react'
import { useSessionView } from './session-view'
import { useWithdraw } from './withdraw'

/**
 * The personal-centre menu of the desktop header (spec §2): account pages, reports, wallet,
 * withdrawal management, settings, security, music, feedback, and logout. Entries whose screens
 * are later issues open their placeholder pages. About us and version update are shown only
 * when their data says so (aboutUsStatus 1, a non-empty version list); the lobby does not load
 * that data yet, so they are not listed.
 */
export const PersonalMenu = () => {
  const { t } = useTranslation('account')
  const { t: shell } = useTranslation()
  const navigate = useNavigate()
  const send = useSend()
  const session = useSessionView()
  const unread = useBadges(selectUnreadMessages)
  const centreType = useBadges(selectMessageCentreType)
  // Withdrawal management: withdraw when a withdraw password is set, else the security page's tab (spec §2).
  const withdrawals = useWithdraw(false)
  const go = (close: () => void, run: () => void) => () => {
    close()
    run()
  }
  return (
    <Popover
      className="personal-menu"
      label={`${t('personal.menu')}: ${session.username ?? ''}`}
      panelLabel={t('personal.menu')}
      trigger={
        <>
          <span className="badge-host">
            <Icon name="user" />
            <Badge count={unread} />
          </span>
          <span className="chip__text">{session.username}</span>
          <Icon name="chevronDown" className="chip__caret" />
        </>
      }
    >
      {(close) => (
        <div className="options" role="group">
          <button type="button" className="option" onClick={go(close, () => navigate('promote'))}>{shell('route.promote')}</button>
          <button type="button" className="option" onClick={go(close, () => navigate('report', { query: { current: '0' } }))}>{t('personal.accountDetails')}</button>
          <button type="button" className="option" onClick={go(close, () => navigate('report', { query: { current: '1' } }))}>{t('personal.bettingRecord')}</button>
          <button type="button" className="option" onClick={go(close, () => navigate('report', { query: { current: '2' } }))}>{t('personal.statement')}</button>
          <button type="button" className="option" onClick={go(close, () => navigate('notice', { query: { noticeType: centreType === 'announcement' ? '2' : '1' } }))}>
            {shell('route.notice')}
            <Badge count={unread} />
          </button>
          <button type="button" className="option" onClick={go(close, () => navigate('centerWallet'))}>{shell('route.centerWallet')}</button>
          <button type="button" className="option" onClick={go(close, withdrawals)}>{t('personal.withdrawals')}</button>
          <button type="button" className="option" onClick={go(close, () => navigate('setting'))}>{shell('route.setting')}</button>
          <button type="button" className="option" onClick={go(close, () => navigate('security'))}>{shell('route.security')}</button>
          <MusicMenuEntry onChosen={close} />
          <button type="button" className="option" onClick={go(close, () => navigate('feedback'))}>{shell('route.feedback')}</button>
          <button type="button" className="option" onClick={go(close, () => send({ type: 'session.logoutRequested' }))}>{shell('header.logout')}</button>
        </div>
      )}
    </Popover>
  )
}
