import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { aboutUsActor, versionsActor } from '../../../actors/about'
import { APP_VERSION } from '../../app-version'
import { useQuery, useSend } from '../../system-react'
import { sanitizeOperatorHtml } from '../../ui/sanitize'
import { PageFrame } from '../pages/PageFrame'
import { useBrandLogo } from '../shell/site-look'
import './about.css'

/**
 * About us (screens §2 /home/about; the hall's designed call, docs/hall-protocol.md "About us"):
 * the site's document, its operator HTML sanitized (no script, handler or javascript: link
 * survives); shown only while the brand logo info's aboutUsStatus is 1, otherwise the page says it
 * is not available and asks nothing.
 */
export const AboutPage = () => {
  const { t } = useTranslation('about')
  const send = useSend()
  const open = useBrandLogo()?.aboutUs === true
  const about = useQuery(aboutUsActor)
  useEffect(() => {
    if (open) send({ type: 'about.opened' })
  }, [open, send])
  const doc = about.data
  return (
    <PageFrame title={doc?.title ?? t('title')}>
      {!open ? (
        <p className="about__note">{t('unavailable')}</p>
      ) : doc !== null ? (
        <article className="about__content card" dangerouslySetInnerHTML={{ __html: sanitizeOperatorHtml(doc.content) }} />
      ) : about.status === 'failed' ? (
        <p role="alert">
          {t('failed')}{' '}
          <button type="button" className="button button--ghost button--small" onClick={() => send({ type: 'about.opened' })}>{t('retry')}</button>
        </p>
      ) : (
        <p role="status">{t('loading')}</p>
      )}
    </PageFrame>
  )
}

/**
 * Version update (screens §2 /home/update; calls §7.3 getVersionList): the released versions,
 * newest first, each with its notes (plain text), its release time and whether it is a required
 * update, and the version running now.
 */
export const UpdatePage = () => {
  const { t } = useTranslation('about')
  const send = useSend()
  const versions = useQuery(versionsActor)
  useEffect(() => {
    send({ type: 'versions.wanted' })
  }, [send])
  const list = versions.data ?? []
  return (
    <PageFrame title={t('update.title')}>
      <p className="about__note">{t('update.running', { version: APP_VERSION })}</p>
      {versions.status === 'failed' ? (
        <p role="alert">
          {t('failed')}{' '}
          <button type="button" className="button button--ghost button--small" onClick={() => send({ type: 'versions.wanted' })}>{t('retry')}</button>
        </p>
      ) : versions.data === null ? (
        <p role="status">{t('loading')}</p>
      ) : list.length === 0 ? (
        <p>{t('update.empty')}</p>
      ) : (
        <ol className="about__versions" aria-label={t('update.list')}>
          {list.map((v) => (
            <li key={`${v.version}-${v.releaseTime}`} className="card about__version">
              <h2 className="about__version-title">
                {t('update.version', { version: v.version })}
                {v.version === APP_VERSION && <span className="about__tag">{t('update.current')}</span>}
                {v.forceUpdate === 1 && <span className="about__tag about__tag--force">{t('update.force')}</span>}
              </h2>
              <p className="about__time">{t('update.released', { time: v.releaseTime })}</p>
              <p className="about__notes">{v.content}</p>
            </li>
          ))}
        </ol>
      )}
    </PageFrame>
  )
}
