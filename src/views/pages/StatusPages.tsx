import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { restrictedActor } from '../../../actors/restricted'
import { selectSitePhase } from '../../../actors/site'
import { useActor, useQuery, useSend } from '../../system-react'
import { sanitizeOperatorHtml } from '../../ui/sanitize'
import { Icon, type IconName } from '../../ui/Icon'
import { useNavigate, useRouteQuery } from '../routing/nav-hooks'


const StatusPage = ({ icon, title, body, children }: { icon: IconName; title: string; body: string; children?: React.ReactNode }) => (
  <section className="status" aria-labelledby="status-title">
    <span className="status__icon">
      <Icon name={icon} />
    </span>
    <h1 id="status-title" className="status__title">
      {title}
    </h1>
    <p className="status__body">{body}</p>
    {children}
  </section>
)

const HomeButton = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <button type="button" className="button button--primary" onClick={() => navigate('game')}>
      {t('page.back')}
    </button>
  )
}

/** /404: any path the route table does not know (spec §2). */
export const NotFoundPage = () => {
  const { t } = useTranslation()
  return (
    <StatusPage icon="compass" title={t('route.notFound')} body={t('status.notFoundBody')}>
      <HomeButton />
    </StatusPage>
  )
}

/** /error: an entry link with both id and cid (spec §2 error text). */
export const LinkErrorPage = () => {
  const { t } = useTranslation()
  return (
    <StatusPage icon="link" title={t('route.error')} body={t('status.linkBody')}>
      <HomeButton />
    </StatusPage>
  )
}

/**
 * What a link to a status page tells it (spec §2: /pages/403, 503 and 500 take logId, payloadId
 * and title): the title to show instead of the page's own, and the log and payload ids a player
 * quotes to support. Shown as text, at most 200 characters each.
 */
const useStatusQuery = (): { readonly title: string; readonly reference: string } => {
  const query = useRouteQuery()
  const given = (key: string): string => (query[key] ?? '').trim().slice(0, 200)
  return { title: given('title'), reference: [given('logId'), given('payloadId')].filter((v) => v !== '').join(' / ') }
}

/**
 * The pages site initialisation ends on (site.blocked): 403 area restriction, 503 maintenance,
 * 500 unavailable. The 500 page offers 'Try again', which restarts site initialisation. A link's
 * title and ids (useStatusQuery) show in place of the page's title and under its text.
 */
export const BlockedPage = ({ page }: { page: 'page403' | 'page503' | 'page500' }) => {
  const { t } = useTranslation()
  const send = useSend()
  const phase = useActor('site', selectSitePhase)
  const given = useStatusQuery()
  const icon: IconName = page === 'page403' ? 'lock' : page === 'page503' ? 'tools' : 'alert'
  const body = t(page === 'page403' ? 'status.restrictedBody' : page === 'page503' ? 'status.maintenanceBody' : 'status.unavailableBody')
  return (
    <main className="status-screen" id="main">
      <StatusPage icon={icon} title={given.title === '' ? t(`route.${page}`) : given.title} body={body}>
        {given.reference !== '' && <p className="status__meta">{t('status.reference', { reference: given.reference })}</p>}
        {page === 'page500' && (
          <button
            type="button"
            className="button button--primary"
            aria-busy={phase === 'loading'}
            disabled={phase === 'loading'}
            onClick={() => send({ type: 'app.retryRequested' })}
          >
            {t('status.retry')}
          </button>
        )}
        {page === 'page403' && <RestrictedDetails />}
      </StatusPage>
    </main>
  )
}

/**
 * The access-restricted page's details (getAccessRestrictedInfo): the operator's title and text
 * (sanitized operator HTML), the address the hall saw, the region when it knows one, and a link to
 * support that opens outside the lobby.
 */
const RestrictedDetails = () => {
  const { t } = useTranslation()
  const send = useSend()
  const info = useQuery(restrictedActor).data
  useEffect(() => {
    send({ type: 'restricted.opened' })
  }, [send])
  if (info === null) return null
  const support = /^https?:\/\//.test(info.online_service) ? info.online_service : ''
  return (
    <div className="status__details">
      {info.title !== '' && <h2 className="status__subtitle">{info.title}</h2>}
      {info.content !== '' && <div className="status__content" dangerouslySetInnerHTML={{ __html: sanitizeOperatorHtml(info.content) }} />}
      {info.ip !== '' && <p className="status__meta">{t('status.address', { ip: info.ip })}</p>}
      {info.area !== '' && <p className="status__meta">{t('status.area', { area: info.area })}</p>}
      {support !== '' && (
        <a className="button button--ghost" href={support} target="_blank" rel="noopener noreferrer">
          {t('status.support')}
        </a>
      )}
    </div>
  )
}
