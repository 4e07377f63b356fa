import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { selectQuery } from '../../../actors/nav'
import { selectBindForm } from '../../../actors/postlogin'
import { authInfoActor, rewardBindActor, securityRowsOf } from '../../../actors/security'
import { useActor, useQuery, useSend } from '../../system-react'
import { PageFrame } from './PageFrame'
import '../postlogin/postlogin.css'


/**
 * The security page (screens §2 /home/security, query current: the item to bind): phone, email,
 * Google authenticator and withdraw password, each bound or not (the security actor's active auth
 * info, refetched at sign-in and after a bind), with its bind reward; an unbound item opens its
 * bind form. The item the query names is marked current.
 */
export const SecurityPage = () => {
  const { t } = useTranslation('postlogin')
  const { t: shell } = useTranslation()
  const send = useSend()
  const authInfo = useQuery(authInfoActor).data
  const rewards = useQuery(rewardBindActor).data
  const rows = useMemo(() => securityRowsOf(authInfo, rewards), [authInfo, rewards])
  const current = useActor('nav', selectQuery)['current']
  // One bind form at a time: the buttons wait until the last one has finished closing.
  const formOpen = useActor('postlogin', selectBindForm) !== null
  return (
    <PageFrame title={shell('route.security')}>
      <h2 className="security__title">{t('security.title')}</h2>
      {rows === null ? (
        <p className="security__loading" role="status">{t('security.loading')}</p>
      ) : (
        <ul className="security" aria-label={t('security.title')}>
          {rows.map((row) => (
            <li key={row.item} className={`security__row${current === row.item ? ' security__row--current' : ''}`} data-item={row.item} aria-current={current === row.item ? 'true' : undefined}>
              <span className="security__name">{t(`security.item.${row.item}`)}</span>
              {row.shown !== '' && <span className="security__shown">{row.shown}</span>}
              {!row.bound && row.reward !== null && <span className="security__reward">{t('security.reward', { amount: row.reward })}</span>}
              <span className={`security__state security__state--${row.bound ? 'bound' : 'unbound'}`}>{row.bound ? t('security.bound') : t('security.unbound')}</span>
              {!row.bound && (
                <button type="button" className="button button--primary button--small" disabled={formOpen} onClick={() => send({ type: 'postlogin.bindOpened', item: row.item })}>
                  {t('security.bind')}
                  <span className="visually-hidden"> {t(`security.item.${row.item}`)}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </PageFrame>
  )
}
