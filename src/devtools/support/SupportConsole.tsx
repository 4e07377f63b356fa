import { useCallback, useEffect, useState } from 'react'
import { AccountsView } from './AccountsView'
import { api, type Me } from './api'
import { AuditView } from './AuditView'
import { useConsole, useHtmlLang } from './i18n'
import { LanguageSwitch } from './LanguageSwitch'
import { Login } from './Login'
import { SearchView } from './SearchView'
import { SessionView } from './SessionView'
import { TracesView } from './TracesView'
import { MoneyDeposits } from './ops/MoneyDeposits'
import { MoneyOrder } from './ops/MoneyOrder'
import { MoneyWithdrawals } from './ops/MoneyWithdrawals'
import { PlayersPage, PlayersView } from './ops/PlayersView'
import { ContentView } from './ops/ContentView'

/**
 * The support console (docs/timeline.md): sign in, search the sessions players uploaded with
 * 'send diagnostics', open one in the timeline, read a site's script errors (trace reports); leads also read the audit trail and manage the
 * support accounts. Talks to the hall's /support/api, which enforces the roles: the links a role
 * may not follow are not shown, and the hall refuses them anyway. Works from a phone as from a
 * desktop; in English or Brazilian Portuguese (i18n.ts, the switch in the header).
 *
 * Where: /support (search), /support/sessions/<reference>, /support/traces, /support/audit, /support/accounts,
 * /support/ops/players[/<id>] (finance), /support/ops/content (marketing)
 * (?ref=<reference> still opens a session).
 */

type Route =
  | { readonly view: 'sessions' }
  | { readonly view: 'session'; readonly reference: string }
  | { readonly view: 'traces' }
  | { readonly view: 'audit' }
  | { readonly view: 'accounts' }
  | { readonly view: 'withdrawals' }
  | { readonly view: 'withdrawal'; readonly orderNo: string }
  | { readonly view: 'deposits' }
  | { readonly view: 'players' }
  | { readonly view: 'player'; readonly id: string }
  | { readonly view: 'content' }

const routeOf = (location: Location): Route => {
  const ref = new URLSearchParams(location.search).get('ref')
  if (ref !== null && ref !== '') return { view: 'session', reference: ref }
  const path = location.pathname.replace(/\/+$/, '')
  if (path === '/support/traces') return { view: 'traces' }
  if (path === '/support/audit') return { view: 'audit' }
  if (path === '/support/accounts') return { view: 'accounts' }
  if (path === '/support/ops/withdrawals') return { view: 'withdrawals' }
  if (path === '/support/ops/deposits') return { view: 'deposits' }
  if (path === '/support/ops/players' || path === '/support/ops/content') return { view: path === '/support/ops/players' ? 'players' : 'content' }
  const playerId = /^\/support\/ops\/players\/(\d+)$/.exec(path)?.[1]
  if (playerId !== undefined) return { view: 'player', id: playerId }
  const withdrawal = /^\/support\/ops\/withdrawals\/(\d+)$/.exec(path)?.[1]
  if (withdrawal !== undefined) return { view: 'withdrawal', orderNo: withdrawal }
  const session = /^\/support\/sessions\/([^/]+)$/.exec(path)?.[1]
  return session === undefined ? { view: 'sessions' } : { view: 'session', reference: decodeURIComponent(session) }
}

const pathOf = (r: Route): string =>
  r.view === 'session' ? `/support/sessions/${encodeURIComponent(r.reference)}` : r.view === 'sessions' ? '/support' : r.view === 'withdrawal' ? `/support/ops/withdrawals/${r.orderNo}` : r.view === 'player' ? `/support/ops/players/${r.id}` : r.view === 'withdrawals' || r.view === 'deposits' || r.view === 'players' || r.view === 'content' ? `/support/ops/${r.view}` : `/support/${r.view}`

export const SupportConsole = () => {
  const { t, lng } = useConsole()
  useHtmlLang()
  const [me, setMe] = useState<Me | null | undefined>(undefined)
  const [route, setRoute] = useState<Route>(() => routeOf(globalThis.location))
  useEffect(() => {
    void api<Me>('me').then((r) => setMe(r.body.ok ? (r.body as Me) : null))
  }, [])
  useEffect(() => {
    const onPop = () => setRoute(routeOf(globalThis.location))
    addEventListener('popstate', onPop)
    return () => removeEventListener('popstate', onPop)
  }, [])
  useEffect(() => {
    document.title = t('title.page', { what: me === null ? t('title.signIn') : route.view === 'session' ? route.reference : t(`title.${route.view}`) })
  }, [route, me, t, lng])
  const go = useCallback((r: Route) => {
    setRoute(r)
    history.pushState(null, '', pathOf(r))
  }, [])
  const out = useCallback(() => setMe(null), [])

  if (me === undefined) return <p role="status">{t('loading')}</p>
  if (me === null) return <Login onIn={setMe} />

  const link = (r: Route, label: string) => (
    <a
      href={pathOf(r)}
      aria-current={route.view === r.view || (route.view === 'withdrawal' && r.view === 'withdrawals') || (route.view === 'player' && r.view === 'players') ? 'page' : undefined}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return
        e.preventDefault()
        go(r)
      }}
    >
      {label}
    </a>
  )
  return (
    <div className={`sc-app${route.view === 'session' ? ' sc-app--session' : ''}`}>
      <header className="sc-top">
        <span className="sc-brand">{t('brand')}</span>
        <nav aria-label={t('nav.label')} className="sc-links">
          {link({ view: 'sessions' }, t('nav.sessions'))}
          {link({ view: 'traces' }, t('nav.traces'))}
          {me.role === 'lead' ? link({ view: 'audit' }, t('nav.audit')) : null}
          {me.role === 'lead' ? link({ view: 'accounts' }, t('nav.accounts')) : null}
          {me.role === 'finance' ? link({ view: 'withdrawals' }, t('nav.withdrawals')) : null}
          {me.role === 'finance' ? link({ view: 'deposits' }, t('nav.deposits')) : null}
          {me.role === 'finance' ? link({ view: 'players' }, t('nav.players')) : null}
          {me.role === 'marketing' ? link({ view: 'content' }, t('nav.content')) : null}
        </nav>
        <span className="sc-who">
          {me.username} ({t(`role.${me.role}`)}) <LanguageSwitch />{' '}
          <button type="button" onClick={() => void api('logout', {}).then(out)}>
            {t('signOut')}
          </button>
        </span>
      </header>
      {route.view === 'sessions' ? (
        <SearchView me={me} onOpen={(reference) => go({ view: 'session', reference })} onOut={out} />
      ) : route.view === 'session' ? (
        <SessionView reference={route.reference} onBack={() => go({ view: 'sessions' })} onOut={out} />
      ) : route.view === 'traces' ? (
        <TracesView onOut={out} />
      ) : route.view === 'withdrawals' ? (
        <MoneyWithdrawals onOpen={(orderNo) => go({ view: 'withdrawal', orderNo })} onOut={out} />
      ) : route.view === 'withdrawal' ? (
        <MoneyOrder orderNo={route.orderNo} onBack={() => go({ view: 'withdrawals' })} onOut={out} />
      ) : route.view === 'deposits' ? (
        <MoneyDeposits onOut={out} />
      ) : route.view === 'players' ? (
        <PlayersView onOpen={(id) => go({ view: 'player', id })} onOut={out} />
      ) : route.view === 'player' ? (
        <PlayersPage id={route.id} onBack={() => go({ view: 'players' })} onSession={(reference) => go({ view: 'session', reference })} onOut={out} />
      ) : route.view === 'content' ? (
        <ContentView onOut={out} />
      ) : route.view === 'audit' ? (
        <AuditView me={me} onOpen={(reference) => go({ view: 'session', reference })} onOut={out} />
      ) : (
        <AccountsView me={me} onOut={out} />
      )}
    </div>
  )
}
