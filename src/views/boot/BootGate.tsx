import type { ReactNode } from 'react'
import type { siteMachine } from '../../../actors/site'
import { selectBlockedPage, selectLocale, selectSiteName, selectSitePhase } from '../../../actors/site'
import { useActorSelector, useSend } from '../../system-react'
import type { ActorRefFrom } from 'xstate'

type SiteRef = ActorRefFrom<typeof siteMachine>

const PAGE_TEXT: Record<string, { title: string; body: string }> = {
  '/pages/500': { title: 'The lobby is unavailable', body: 'The site is under maintenance or could not be reached. Please try again shortly.' },
  '/pages/503': { title: 'Scheduled maintenance', body: 'The lobby is being updated. It will be back soon.' },
  '/pages/403': { title: 'Access restricted', body: 'The lobby is not available in your region.' },
}

/** Shows the boot state of the site until it is ready, then its children. */
export const BootGate = ({ children }: { children: ReactNode }) => {
  const phase = useActorSelector<SiteRef, ReturnType<typeof selectSitePhase>>('site', selectSitePhase)
  const page = useActorSelector<SiteRef, ReturnType<typeof selectBlockedPage>>('site', selectBlockedPage)
  const send = useSend()
  if (phase === 'blocked' && page !== null) {
    const text = PAGE_TEXT[page] ?? PAGE_TEXT['/pages/500']!
    return (
      <main className="boot boot--blocked" aria-labelledby="boot-title">
        <h1 id="boot-title">{text.title}</h1>
        <p>{text.body}</p>
        {page === '/pages/500' && (
          <button type="button" className="button button--primary" onClick={() => send({ type: 'app.retryRequested' })}>
            Try again
          </button>
        )}
      </main>
    )
  }
  if (phase !== 'ready') {
    return (
      <main className="boot" aria-busy="true">
        <div className="boot__spinner" role="status" aria-label="Loading the lobby" />
      </main>
    )
  }
  return <>{children}</>
}

/** The site's name and the chosen language and currency. */
export const SiteSummary = () => {
  const name = useActorSelector<SiteRef, string>('site', selectSiteName)
  const locale = useActorSelector<SiteRef, ReturnType<typeof selectLocale>>('site', selectLocale)
  return (
    <header className="topbar">
      <span className="topbar__brand">{name}</span>
      <span className="topbar__meta" aria-label="Language and currency">
        {locale.language} · {locale.currency}
      </span>
    </header>
  )
}
