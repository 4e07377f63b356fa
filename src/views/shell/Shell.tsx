import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import '../../ui/shell.css'
import { useTranslation } from 'react-i18next'
import { DESKTOP_QUERY, useMedia } from '../../ui/useMedia'
import { useNavPath, useRouteName, useShowsTabBar } from '../routing/nav-hooks'
import { Header, useSiteName } from './Header'
import { MenuDrawer, SideMenu } from './SideMenu'
import { TabBar } from './TabBar'
import { useLayout, useSiteLook, useStandIns } from './site-look'
import { DownloadBanner, InstallGuide, InstallTip, PromoBanner } from '../banners/Banners'

/**
 * The app shell (spec §2): header, side menu (a drawer on phones), the page, and on phones the
 * tab bar where the route shows it. Web layout above 750 px, phone layout up to it (spec §9).
 */
export const Shell = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation()
  const desktop = useMedia(DESKTOP_QUERY)
  const showsTabBar = useShowsTabBar()
  const path = useNavPath()
  const route = useRouteName()
  const site = useSiteName()
  const { traits } = useLayout()
  const standIns = useStandIns()
  useSiteLook()
  const [drawer, setDrawer] = useState(false)
  const closeDrawer = useCallback(() => setDrawer(false), [])
  const openDrawer = useCallback(() => setDrawer(true), [])
  const main = useRef<HTMLElement>(null)
  const firstPath = useRef(path)

  // A new page: move focus to it (not on the first render), as a page load would.
  useEffect(() => {
    if (path !== firstPath.current) main.current?.focus({ preventScroll: true })
    firstPath.current = ''
  }, [path])

  useEffect(() => {
    document.title = route === null || route === 'game' ? site : `${t(`route.${route}`)} · ${site}`
  }, [route, site, t])

  const tabBar = !desktop && showsTabBar
  return (
    <div className={`shell ${desktop ? 'shell--web' : 'shell--phone'} shell--menu-${traits.desktopMenu}${tabBar ? ' shell--with-tabbar' : ''}`}>
      <button type="button" className="skip-link" onClick={() => main.current?.focus()}>
        {t('skipToContent')}
      </button>
      {standIns && (
        // A demo hall (production with its stand-ins on): payments there pay nothing real.
        <p role="note" className="shell__stand-ins">
          {t('standIns')}
        </p>
      )}
      <Header desktop={desktop} menuOpen={drawer} onOpenMenu={openDrawer} />
      <div className="shell__body">
        {desktop && <SideMenu />}
        <main id="main" ref={main} className="shell__main" tabIndex={-1}>
          {!desktop && <DownloadBanner />}
          <PromoBanner desktop={desktop} />
          <InstallTip />
          <InstallGuide />
          {children}
        </main>
      </div>
      {tabBar && <TabBar />}
      {!desktop && <MenuDrawer open={drawer} onClose={closeDrawer} />}
    </div>
  )
}
