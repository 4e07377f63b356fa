import { useCallback, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSend } from '../../system-react'
import { PageFrame } from '../pages/PageFrame'
import { useNavigate, useRouteQuery } from '../routing/nav-hooks'
import { useSessionView } from '../shell/session-view'
import './auth.css'

/**
 * /auth (screens §2, outside /home): the sign-in page a link can point to. A visitor arriving here
 * gets the sign-in popup at once, on the register tab with `?key=regedit` (the auth popup's keys),
 * else on login; closed, the page offers both again. A signed-in player, or one who signs in
 * here, goes on to the game page in place of this one.
 */
export const AuthPage = () => {
  const { t } = useTranslation('auth')
  const send = useSend()
  const navigate = useNavigate()
  const { real } = useSessionView()
  const first = useRouteQuery()['key'] === 'regedit' ? 'regedit' : 'login'
  const open = useCallback((key: 'login' | 'regedit') => send({ type: 'popup.openRequested', popup: 'auth', props: { key } }), [send])
  useEffect(() => {
    if (real) navigate('game', { replace: true })
  }, [real, navigate])
  // Once, on arrival: the popup on the tab the link names.
  useEffect(() => {
    if (!real) open(first)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on arrival only, not on each sign-in change
  }, [])
  return (
    <PageFrame title={t('page.title')}>
      <p className="auth-page__lead">{t('page.lead')}</p>
      <div className="auth-page__actions">
        <button type="button" className="button button--primary" onClick={() => open('login')}>
          {t('tabs.login')}
        </button>
        <button type="button" className="button button--ghost" onClick={() => open('regedit')}>
          {t('tabs.register')}
        </button>
      </div>
    </PageFrame>
  )
}
