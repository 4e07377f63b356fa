import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { clubActor, downloadsActor } from '../../../actors/notices'
import { useQuery, useSend } from '../../system-react'
import { externalUrl } from './links'
import './home.css'

/** The systems of the OS types (spec enumerations), by their own names (not translated). */
const OS_NAMES: Readonly<Record<number, string>> = { 1: 'iOS', 2: 'Android', 3: 'PC H5', 4: 'Windows', 5: 'iOS H5', 6: 'Android H5', 7: 'Mac', 8: 'Linux' }

/**
 * The club categories (menu club 9, club friend 10; spec §2: they need the app) with the club
 * entry (/club/entry, read when the category opens): the club's address and the app, when the
 * site runs a club; otherwise the note that the club needs the app, with the app when the site
 * names one. Addresses are http(s) only.
 */
export const ClubNote = () => {
  const { t } = useTranslation('home')
  const send = useSend()
  const club = useQuery(clubActor).data
  useEffect(() => {
    send({ type: 'club.opened' })
  }, [send])
  const url = club !== null && club.clubSwitch === 'open' ? externalUrl(club.url) : null
  const app = club === null ? null : externalUrl(club.appDownloadUrl)
  return (
    <div className="club-note card" role="note" data-testid="club-note">
      <p>{club !== null && club.clubSwitch !== 'open' ? t('club.closed') : t('club.needsApp')}</p>
      <p className="club-note__actions">
        {url !== null && <a className="button button--primary button--small" href={url} target="_blank" rel="noopener noreferrer">{t('club.open')}</a>}
        {app !== null && <a className="button button--ghost button--small" href={app} target="_blank" rel="noopener noreferrer">{t('club.app')}</a>}
      </p>
    </div>
  )
}

/**
 * The app downloads of the download-app popup (/download/getDownloadUrl, read when it shows): one
 * link per OS type with its version, or the warning that downloads are not enabled (spec §8).
 */
export const DownloadLinks = () => {
  const { t } = useTranslation('home')
  const downloads = useQuery(downloadsActor)
  const info = downloads.data
  if (info === null) return downloads.status === 'loading' ? <p className="modal__text" role="status">{t('download.loading')}</p> : null
  if (info.downloadSwitch !== 'open') return <p className="modal__text download-links__off" role="alert">{t('download.off')}</p>
  const links = info.list.flatMap((d) => {
    const url = externalUrl(d.url)
    return url === null ? [] : [{ ...d, url }]
  })
  if (links.length === 0) return null
  return (
    <ul className="download-links" role="list" aria-label={t('download.label')}>
      {links.map((d) => (
        <li key={`${d.osType}${d.url}`}>
          <a className="button button--ghost button--small" href={d.url} target="_blank" rel="noopener noreferrer">
            {t('download.for', { os: OS_NAMES[d.osType] ?? String(d.osType), version: d.version })}
          </a>
        </li>
      ))}
    </ul>
  )
}
