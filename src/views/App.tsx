import { I18nextProvider, useTranslation } from 'react-i18next'
import { selectBannersLoaded } from '../../actors/banners'
import { selectSitePhase } from '../../actors/site'
import { i18n } from '../i18n'
import { ToastHost } from '../ui/Toast'
import { useActor } from '../system-react'
import { PopupHost } from './auth/PopupHost'
import { BootScreen } from './boot/BootScreen'
import { useFirstScreenTakeover } from './boot/first-screen'
import { useNavPhase, useNavSearch } from './routing/nav-hooks'
import { NavRouter, Routes } from './routing/Routes'
import { Shell } from './shell/Shell'
import { lazyNamed, LazyViews } from './routing/lazy-view'
import { DomainStarted } from './routing/registry'
import { useSessionView } from './shell/session-view'
import { UpgradePrompt } from './upgrade/UpgradePrompt'


/**
 * The lobby's screen, from the navigation actor's phase: the boot screen while the site
 * initialises; the error page of a blocked site on its own (there is no site to show a header
 * for); otherwise the shell with the current route's page. The hall's first screen stays until
 * the screen is the lobby's own (not the boot screen) and the kept banner flags are read, then
 * gives way in the same frame.
 */
const Screen = () => {
  const { t } = useTranslation()
  const phase = useNavPhase()
  const sitePhase = useActor('site', selectSitePhase)
  const booting = phase === 'booting' || (phase === 'blocked' && sitePhase === 'loading')
  // The bars above the home page (download, install tip) depend on what this browser kept: the
  // first screen, painted with them as the hall read them, stays until the lobby knows them too.
  const barsKnown = useActor('banners', selectBannersLoaded)
  useFirstScreenTakeover(!booting && barsKnown)
  if (booting) return <BootScreen />
  if (phase === 'blocked') return <Routes />
  return <Shell>{phase === 'pending' ? <BootScreen label={t('pending')} /> : <Routes />}</Shell>
}

const SaveTaskAddress = lazyNamed(() => import('./tasks/SaveTaskAddress'), 'SaveTaskAddress')

/**
 * The saved task address (spec screens §2): only for a real player whose address carries
 * `saveUrlUuid`, the tasks domain (started when first needed) is started and reports it.
 */
const TaskAddress = () => {
  const search = useNavSearch()
  const { real } = useSessionView()
  if (!real || !new URLSearchParams(search).has('saveUrlUuid')) return null
  return (
    <LazyViews inline>
      <DomainStarted domain="tasks">
        <SaveTaskAddress />
      </DomainStarted>
    </LazyViews>
  )
}

/** The lobby. */
export const App = () => (
  <I18nextProvider i18n={i18n}>
    <NavRouter>
      <Screen />
      <PopupHost />
      <TaskAddress />
      <UpgradePrompt />
      <ToastHost />
    </NavRouter>
  </I18nextProvider>
)
