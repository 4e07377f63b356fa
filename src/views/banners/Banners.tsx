import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { selectDownloadBannerHidden, selectGuideIsIos, selectGuideOpen, selectInstallTip, type bannersMachine } from '../../../actors/banners'
import { downloadBannerAllowed } from '../../../schemas/bars'
import { Icon } from '../../ui/Icon'
import { Modal } from '../../ui/Modal'
import { DESKTOP_QUERY, useMedia } from '../../ui/useMedia'
import { useActor, useSend } from '../../system-react'
import { useNavigate, useRouteName, useRouteQuery } from '../routing/nav-hooks'
import { useBrandLogo, useLayout, useSiteCode } from '../shell/site-look'
import { useSiteName } from '../shell/Header'
import './banners.css'

/** The page's user agent (the native app shell names itself in it). */
const userAgent = (): string => (typeof navigator === 'undefined' ? '' : navigator.userAgent)

/**
 * The foldable download banner (spec §2): on /home/game only, when the brand's download switch is
 * open; hidden inside native app shells except for sites 675, 024 and 032 (schemas/bars.ts, which
 * the hall's first screen decides by too). It folds to a slim bar and can be closed.
 */
export const DownloadBanner = () => {
  const { t } = useTranslation('layout')
  const send = useSend()
  const brand = useBrandLogo()
  const [folded, setFolded] = useState(false)
  const shown = useDownloadBannerShown(false)
  if (!shown || brand === null) return null
  return (
    <aside className={`download-banner${folded ? ' download-banner--folded' : ''}`} aria-label={t('download.label')}>
      {brand.hallLogo !== '' && <img className="download-banner__logo" src={brand.hallLogo} alt="" width={36} height={36} />}
      {!folded && (
        <p className="download-banner__text">
          <strong>{t('download.title', { brand: brand.brandName })}</strong>
          <span>{t('download.body')}</span>
        </p>
      )}
      {!folded && (
        <button type="button" className="button button--accent button--small" onClick={() => send({ type: 'popup.openRequested', popup: 'downloadApp' })}>
          {t('download.action')}
        </button>
      )}
      <button
        type="button"
        className="icon-button icon-button--small"
        aria-expanded={!folded}
        aria-label={folded ? t('download.unfold') : t('download.fold')}
        onClick={() => setFolded((f) => !f)}
      >
        <Icon name={folded ? 'chevronDown' : 'chevronLeft'} />
      </button>
      <button type="button" className="icon-button icon-button--small" aria-label={t('download.close')} onClick={() => send({ type: 'banners.downloadCloseRequested' })}>
        <Icon name="close" />
      </button>
    </aside>
  )
}

type BannersRef = ActorRefFrom<typeof bannersMachine>
const useBanners = <T,>(selector: (s: ReturnType<BannersRef['getSnapshot']>) => T): T => useActor('banners', selector)

/**
 * Whether the download banner shows (on phones only: the shell leaves it out of the web layout).
 * One install invitation at a time (issue 41): while it shows, the add-to-home-screen tip waits;
 * the hall's first screen decides the same way (server/first-screen.ts).
 */
const useDownloadBannerShown = (desktop: boolean): boolean => {
  const route = useRouteName()
  const query = useRouteQuery()
  const brand = useBrandLogo()
  const site = useSiteCode()
  const closed = useBanners(selectDownloadBannerHidden)
  if (desktop || route !== 'game' || query['tabItem'] === 'mine' || closed || brand?.downloadOpen !== true) return false
  return downloadBannerAllowed(userAgent(), site)
}

/**
 * The add-to-home-screen tip (spec §2 banners), on /home/game: the add button shows the browser's
 * install prompt where there is one, else the guide (always on iOS). 'Don't show again' keeps the
 * 'no save shortcut tip' flag; the query pwal=0 hides the tip (the banners actor decides). One
 * install invitation at a time: on a phone it waits while the download banner shows (until that
 * is closed, or where it is off), so the first row of games stays above the fold.
 */
export const InstallTip = () => {
  const { t } = useTranslation('layout')
  const send = useSend()
  const route = useRouteName()
  const query = useRouteQuery()
  const brand = useBrandLogo()
  const site = useSiteName()
  const tip = useBanners(selectInstallTip)
  const download = useDownloadBannerShown(useMedia(DESKTOP_QUERY))
  if (tip === 'none' || download || route !== 'game' || query['tabItem'] === 'mine') return null
  return (
    <aside className="install-tip" aria-label={t('pwa.label')}>
      <span className="install-tip__icon" aria-hidden="true">
        <Icon name="plus" />
      </span>
      <p className="install-tip__text">{t('pwa.text', { brand: brand?.brandName || site })}</p>
      <button type="button" className="button button--accent button--small" onClick={() => send({ type: 'pwa.installRequested' })}>
        {t('pwa.add')}
      </button>
      <button type="button" className="button button--ghost button--small" onClick={() => send({ type: 'pwa.tipClosed', never: true })}>
        {t('pwa.never')}
      </button>
      <button type="button" className="icon-button icon-button--small" aria-label={t('pwa.close')} onClick={() => send({ type: 'pwa.tipClosed', never: false })}>
        <Icon name="close" />
      </button>
    </aside>
  )
}

/** The add-to-home-screen guide: iOS (Share → Add to Home Screen) or the browser's menu. */
export const InstallGuide = () => {
  const { t } = useTranslation('layout')
  const send = useSend()
  const open = useBanners(selectGuideOpen)
  const ios = useBanners(selectGuideIsIos)
  const close = () => send({ type: 'pwa.guideClosed' })
  const steps = ios ? (['iosShare', 'iosAdd', 'confirm'] as const) : (['menu', 'install', 'confirm'] as const)
  return (
    <Modal open={open} title={t('pwa.guideTitle')} onClose={close} showCloseButton closeLabel={t('pwa.guideClose')} className="install-guide">
      <ol className="install-guide__steps">
        {steps.map((step, i) => (
          <li key={step}>
            <span className="install-guide__number" aria-hidden="true">
              {i + 1}
            </span>
            {step === 'iosShare' && <Icon name="share" className="install-guide__icon" />}
            <span>{t(`pwa.step.${step}`)}</span>
          </li>
        ))}
      </ol>
      <button type="button" className="button button--accent" onClick={close}>
        {t('pwa.done')}
      </button>
    </Modal>
  )
}

/**
 * The promo banner of the simple European-American layout (spec §2: mobile, home only): earn
 * R$ 75 of real balance per invited friend, a redeem button to the promote page, and a close button.
 */
export const PromoBanner = ({ desktop }: { desktop: boolean }) => {
  const { t } = useTranslation('layout')
  const navigate = useNavigate()
  const route = useRouteName()
  const query = useRouteQuery()
  const { traits } = useLayout()
  const [closed, setClosed] = useState(false)
  if (desktop || !traits.promoBanner || closed || route !== 'game' || query['tabItem'] === 'mine') return null
  return (
    <aside className="promo-banner" aria-label={t('promo.label')}>
      <span className="promo-banner__icon" aria-hidden="true">
        <Icon name="friends" />
      </span>
      <p className="promo-banner__text">{t('promo.text')}</p>
      <button type="button" className="button button--accent button--small" onClick={() => navigate('promote')}>
        {t('promo.redeem')}
      </button>
      <button type="button" className="icon-button icon-button--small" aria-label={t('promo.close')} onClick={() => setClosed(true)}>
        <Icon name="close" />
      </button>
    </aside>
  )
}
