import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { versionsActor } from '../../../actors/about'
import { useQuery } from '../../system-react'
import { useBrandLogo } from './site-look'
import { selectMessageCentreType, selectUnreadMessages } from '../../../actors/badges'
import { Badge } from '../../ui/Badge'
import { useBadges } from './badge-hooks'
import { Icon } from '../../ui/Icon'
import { Popover } from '../../ui/Popover'
import { MusicMenuEntry } from '../music/MusicButton'
import { useNavigate } from '../routing/nav-hooks'
import { useSend } from '../../system-react'
import { useUsername } from './session-view'
import { useWithdraw } from './withdraw'

/**
 * The personal-centre menu of the desktop header (spec §2): account pages, reports, wallet,
 * withdrawal management, settings, security, music, feedback, about us (aboutUsStatus 1), version
 * update (a non-empty version list, read when the menu opens) and logout. Entries whose screens
 * are later issues open their placeholder pages.
 */
export const PersonalMenu = () => {
  const { t } = useTranslation('account')
  const { t: shell } = useTranslation()
  const navigate = useNavigate()
  const send = useSend()
  const username = useUsername()
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
      label={`${t('personal.menu')}: ${username ?? ''}`}
      panelLabel={t('personal.menu')}
      trigger={
        <>
          <span className="badge-host">
            <Icon name="user" />
            <Badge count={unread} />
          </span>
          <span className="chip__text">{username}</span>
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
          <AboutEntries onChosen={close} />
          <button type="button" className="option" onClick={go(close, () => send({ type: 'session.logoutRequested' }))}>{shell('header.logout')}</button>
        </div>
      )}
    </Popover>
  )
}

/** About us (aboutUsStatus 1) and version update (a non-empty version list, asked when the menu opens). */
const AboutEntries = ({ onChosen }: { onChosen: () => void }) => {
  const { t: shell } = useTranslation()
  const navigate = useNavigate()
  const send = useSend()
  const about = useBrandLogo()?.aboutUs === true
  const versions = useQuery(versionsActor).data ?? []
  useEffect(() => {
    send({ type: 'versions.wanted' })
  }, [send])
  return (
    <>
      {about && <button type="button" className="option" onClick={() => { onChosen(); navigate('about') }}>{shell('route.about')}</button>}
      {versions.length > 0 && <button type="button" className="option" onClick={() => { onChosen(); navigate('update') }}>{shell('route.update')}</button>}
    </>
  )
}
