import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { cachedCategoriesActor, categoriesActor, customPagesActor, discountRoute, modulesActor, quickEntryTarget, quickListActor, type ActivitySummary } from '../../../actors/activities'
import { NO_END } from '../../../schemas/hall/calls/active'
import { selectReceiveAll } from '../../../actors/redpackets'
import { useActor, useQuery, useSend } from '../../system-react'
import { Badge } from '../../ui/Badge'
import { Tabs, buttonTab } from '../../ui/Tabs'
import { sanitizeOperatorHtml } from '../../ui/sanitize'
import { PageFrame } from '../pages/PageFrame'
import { useNavigate } from '../routing/nav-hooks'
import { useSessionView } from '../shell/session-view'
import { selectByTemplate } from './profile'
import './activities.css'

/** The tab of the custom pages, after the categories. */
const PAGES_TAB = -1
/** The quick list's tab, before the categories (hall profile `events: 'quickList'`). */
const QUICK_TAB = -2

/**
 * The event centre (screens §2 /home/event/index; §3 event categories): the categories as tabs,
 * each activity a card with its picture, title, period and end, and a red dot when the player has
 * something to receive; the operator's custom pages in a tab of their own. When no activity runs,
 * the page goes where the discount tab would (spec §2): cashback when only the rebate runs,
 * otherwise the awards. Above the categories, the red packets sent to the player with Receive all
 * (one tap takes every one of them; the header's balance follows). On a site whose hall profile
 * says `events: 'quickList'` the first tab is the quick list (what runs now, the red packets
 * offered to the player and the discount codes): a red packet opens the red-packet popup, the
 * discount codes their popup, any other activity its page.
 */
export const EventIndexPage = () => {
  const { t } = useTranslation('activities')
  const send = useSend()
  const navigate = useNavigate()
  const session = useSessionView()
  const categories = useQuery(categoriesActor)
  // What the device kept (spec §9: 10 a category) shows until the hall answers.
  const cached = useActor(cachedCategoriesActor.id, cachedCategoriesActor.view)
  const modules = useQuery(modulesActor)
  const pages = useQuery(customPagesActor)
  const quickSite = useActor('site', selectByTemplate)
  const quick = useQuery(quickListActor)
  const [chosen, setChosen] = useState<number | null>(null)
  useEffect(() => {
    send(quickSite ? { type: 'activities.opened', quick: true } : { type: 'activities.opened' })
  }, [send, quickSite])
  // Only the answer to this opening decides: an earlier visit's answer (still shown while the new one
  // is asked) may say no activity ran when one does now, or name modules switched since.
  const asked = useRef(false)
  useEffect(() => {
    if (modules.status === 'loading') asked.current = true
    if (asked.current && modules.status === 'ready' && modules.data !== null && modules.data.active === 0) navigate(discountRoute(modules.data), { replace: true })
  }, [modules.status, modules.data, navigate])
  const list = categories.data ?? cached
  const customPages = pages.data ?? []
  const quickList = quickSite ? (quick.data ?? []) : []
  const tabs = [
    ...(quickList.length > 0 ? [{ id: QUICK_TAB, name: t('quick'), dot: quickList.some((a) => a.redDot === 1) }] : []),
    ...list.map((c) => ({ id: c.categoryId, name: c.categoryName, dot: c.activeList.some((a) => a.redDot === 1) })),
    ...(customPages.length > 0 ? [{ id: PAGES_TAB, name: t('pages'), dot: false }] : []),
  ]
  const current = tabs.find((x) => x.id === chosen) ?? tabs[0]
  const activities = current?.id === QUICK_TAB ? quickList : (list.find((c) => c.categoryId === current?.id)?.activeList ?? [])
  const open = (a: ActivitySummary): void => {
    const target = quickEntryTarget(a)
    // An activity's page, a red packet and a discount code are a real player's: a trial player registers first (spec §4), a visitor signs in.
    if (!session.real && target !== 'page') send({ type: 'popup.openRequested', popup: session.guest ? 'register' : 'login' })
    else if (target === 'redpackets') send({ type: 'redpackets.fetchRequested' })
    else if (target === 'discountCode') send({ type: 'popup.openRequested', popup: 'discountCode' })
    // An activity's page is a real player's (a private route): a trial player registers first (spec §4).
    else if (session.guest) send({ type: 'popup.openRequested', popup: 'register' })
    else navigate('eventDetail', { params: { template: a.template, eventId: String(a.activeId) } })
  }
  return (
    <PageFrame title={t('title')}>
      <ReceiveAllPackets />
      {categories.status === 'failed' ? (
        <p role="alert">
          {t('failed')}{' '}
          <button type="button" className="button button--ghost button--small" onClick={() => send({ type: 'query.refreshRequested', query: 'eventcats' })}>{t('retry')}</button>
        </p>
      ) : tabs.length === 0 ? (
        <p>{categories.status === 'ready' ? t('none') : t('loading')}</p>
      ) : (
        <div className="events">
          <Tabs
            label={t('categories')}
            className="events__tabs"
            items={tabs.map((x) => ({ key: x.id, label: x.name, extra: x.dot && <Badge dot label={t('toReceive')} /> }))}
            selected={current?.id ?? null}
            onSelect={setChosen}
            tabClassName={buttonTab}
          >
            {current?.id === PAGES_TAB ? (
              customPages.map((p) => (
                <article key={p.id} className="card events__page">
                  <h2 className="section-title">{p.title}</h2>
                  <div className="events__rules" dangerouslySetInnerHTML={{ __html: sanitizeOperatorHtml(p.content) }} />
                </article>
              ))
            ) : (
              <ul className="events__cards" role="list">
                {activities.map((a) => (
                  <li key={`${a.type}-${a.activeId}`}>
                    <ActivityCard activity={a} onOpen={() => open(a)} />
                  </li>
                ))}
              </ul>
            )}
          </Tabs>
        </div>
      )}
    </PageFrame>
  )
}

/** The red packets sent to the player and Receive all; what the last receive took, or that it failed. */
const ReceiveAllPackets = () => {
  const { t } = useTranslation('activities')
  const send = useSend()
  const view = useActor('redpackets', selectReceiveAll)
  if (view.waiting === 0 && view.received === null && view.error === null) return null
  return (
    <section className="card events__packets" aria-label={t('receiveAll')}>
      {view.waiting > 0 && (
        <>
          <p className="events__packets-count">{t('packetsWaiting', { count: view.waiting })}</p>
          <button type="button" className="button button--primary" aria-disabled={view.receiving} onClick={() => !view.receiving && send({ type: 'redpackets.receiveAllRequested' })}>
            {t('receiveAll')}
          </button>
        </>
      )}
      <p role="status" className="events__packets-result">
        {view.received !== null ? t('received', { amount: `${view.received.total} ${view.received.currency}` }) : ''}
      </p>
      {view.error !== null && <p role="alert">{t('packetsFailed')}</p>}
    </section>
  )
}

const ActivityCard = ({ activity: a, onOpen }: { activity: ActivitySummary; onOpen: () => void }) => {
  const { t } = useTranslation('activities')
  return (
    // Named by what it shows (title, period, end), then whether a reward waits; the type's word on
    // the picture is drawn by CSS, so the visible text is all in the name (WCAG 2.5.3).
    <button type="button" className="events__card card" onClick={onOpen}>
      <span className={`events__art events__art--${a.type}`} aria-hidden="true">
        {a.imgUrl !== '' ? <img src={a.imgUrl} alt="" loading="lazy" /> : <span className="events__art-label" data-label={t(`type.${a.type}`, { defaultValue: '' })} />}
      </span>
      <span className="events__card-body">
        <span className="events__card-title">
          {a.title === '' ? t(`type.${a.type}`, { defaultValue: '' }) : a.title}
          {a.redDot === 1 && <span className="events__dot" aria-hidden="true" />}
        </span>
        <span className="events__meta">
          <span className={`events__state events__state--${a.status}`}>{t(`activityStatus.${a.status}`)}</span>
          {/* A red packet or the discount codes have no period and no end: only their state. */}
          {a.endTime !== NO_END && <> · {t(`period.${a.period}`)} · {t('until', { date: a.endTime.slice(0, 10) })}</>}
        </span>
        {a.redDot === 1 && <span className="visually-hidden">, {t('toReceive')}</span>}
      </span>
    </button>
  )
}
