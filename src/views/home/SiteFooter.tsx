import type { MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { footerActor } from '../../../actors/notices'
import { useQuery, useSend } from '../../system-react'
import { sanitizeOperatorHtml } from '../../ui/sanitize'
import { useSessionView } from '../shell/session-view'
import { externalUrl, imageUrl, lobbyRoute } from './links'
import './home.css'

/** A logo list of the footer (payment methods, game providers, partners). */
const Logos = ({ label, items }: { label: string; items: ReadonlyArray<{ readonly name: string; readonly logo: string }> }) => {
  const shown = items.filter((i) => imageUrl(i.logo) !== null)
  if (shown.length === 0) return null
  return (
    <section className="site-footer__group" aria-label={label}>
      <h2 className="site-footer__heading">{label}</h2>
      <ul className="site-footer__logos" role="list">
        {shown.map((i) => (
          <li key={`${i.name}${i.logo}`}>
            <img className="site-footer__logo" src={imageUrl(i.logo) ?? ''} alt={i.name} />
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * The site footer (calls §7.3 footerConfig, read when the home page opens): the operator's link
 * columns (a lobby path goes to its route by name; an http(s) address opens in a new tab; any
 * other address is left out), the licences (logo, linked when the licence has an http(s) page),
 * payment methods, game providers and partners as logos, the licence text (operator HTML,
 * sanitized) and the copyright line, and the 'send feedback' entry (the feedback popup, a visitor
 * is asked to log in first).
 */
export const SiteFooter = () => {
  const { t } = useTranslation('home')
  const send = useSend()
  const session = useSessionView()
  const footer = useQuery(footerActor).data
  if (footer === null) return null
  const go = (e: MouseEvent, name: string, params: Readonly<Record<string, string>>, query: Readonly<Record<string, string>>) => {
    e.preventDefault()
    send({ type: 'nav.requested', name, params: { ...params }, query: { ...query } })
  }
  return (
    <footer className="site-footer" aria-label={t('footer')}>
      <div className="site-footer__columns">
        {footer.columns.map((c) => (
          <nav key={c.title} className="site-footer__column" aria-label={c.title}>
            <h2 className="site-footer__heading">{c.title}</h2>
            <ul role="list">
              {c.links.map((l) => {
                const route = lobbyRoute(l.url)
                const url = route === null ? externalUrl(l.url) : null
                if (route === null && url === null) return null
                return (
                  <li key={`${l.name}${l.url}`}>
                    {route !== null ? (
                      <a href={`${route.path}${route.search}`} onClick={(e) => go(e, route.name, route.params, route.query)}>{l.name}</a>
                    ) : (
                      <a href={url ?? ''} target="_blank" rel="noopener noreferrer">{l.name}</a>
                    )}
                  </li>
                )
              })}
            </ul>
          </nav>
        ))}
        <div className="site-footer__column">
          <h2 className="site-footer__heading">{t('feedbackTitle')}</h2>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => send({ type: 'popup.openRequested', popup: session.real ? 'feedback' : 'login' })}
          >
            {t('sendFeedback')}
          </button>
        </div>
      </div>
      {footer.licenses.length > 0 && (
        <section className="site-footer__group" aria-label={t('licences')}>
          <h2 className="site-footer__heading">{t('licences')}</h2>
          <ul className="site-footer__logos" role="list">
            {footer.licenses.map((l) => {
              const logo = imageUrl(l.logo)
              const page = externalUrl(l.url)
              const picture = logo === null ? <span>{l.name}</span> : <img className="site-footer__logo" src={logo} alt={l.name} />
              return (
                <li key={`${l.name}${l.logo}`}>
                  {page === null ? picture : <a href={page} target="_blank" rel="noopener noreferrer">{picture}</a>}
                </li>
              )
            })}
          </ul>
        </section>
      )}
      <Logos label={t('payments')} items={footer.payments} />
      <Logos label={t('providers')} items={footer.providers} />
      <Logos label={t('partners')} items={footer.partners} />
      {footer.licenseText !== '' && (
        <div className="site-footer__licence" data-testid="footer-licence" dangerouslySetInnerHTML={{ __html: sanitizeOperatorHtml(footer.licenseText) }} />
      )}
      <p className="site-footer__copyright">{footer.copyright}</p>
    </footer>
  )
}
