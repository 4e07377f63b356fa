import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { anyReceivable, detailActor, logsActor, receiveActor, receiveAllActor, templateDetailActor, winnersActor, type ActivityDetail, type ActivityReward } from '../../../actors/activities'
import { useActor, useCommand, usePagedList, useQuery, useSend } from '../../system-react'
import { MoneyText } from '../../ui/MoneyText'
import { InfiniteList } from '../../ui/paged/InfiniteList'
import { PagedTable } from '../../ui/paged/PagedTable'
import { sanitizeOperatorHtml } from '../../ui/sanitize'
import { DESKTOP_QUERY, useMedia } from '../../ui/useMedia'
import { PageFrame } from '../pages/PageFrame'
import { useRouteParams } from '../routing/nav-hooks'
import { useSessionView } from '../shell/session-view'
import { playKindOf } from '../../../actors/play'
import { isCode } from '../../../actors/kit'
import { activeGet, getByTemplate } from '../../../schemas/hall/calls/active'
import { PlayPanel } from '../play/PlayPanel'
import { wheelViewFor } from '../wheel'
import { selectByTemplate } from './profile'
import './activities.css'

export { EventIndexPage } from './EventIndex'

/** A tier's name from what it needs, in the interface language (the hall's numbers, the lobby's words). */
const tierLabel = (t: TFunction<'activities'>, d: ActivityDetail, r: ActivityReward): string => {
  // A Customize tier without a condition is named by the operator's title alone; with one, by its need.
  if (d.type === 1 && d.condition === 0) return r.title === '' ? t('tier.name') : r.title
  switch (d.type) {
    case 3:
      return t('tier.day', { day: r.need })
    case 15:
    case 17:
      return t('tier.friends', { count: Number(r.need) })
    case 5:
      return t('tier.loss', { need: r.need })
    default:
      return d.condition === 2 ? t('tier.bet', { need: r.need }) : t('tier.deposit', { need: r.need })
  }
}

/**
 * An activity (screens §2 /home/event/detail/{template}/{eventId}): its rules (sanitized operator
 * HTML), the player's progress, each tier with what it needs and gives, its status and a receive
 * button when it can be received, receive-all (enabled when any can, spec §4), the player's own
 * records and the latest winners. A trial player asked to receive is asked to register instead.
 */
export const EventDetailPage = () => {
  const { t } = useTranslation('activities')
  const send = useSend()
  const session = useSessionView()
  const params = useRouteParams()
  const activeId = Number(params['eventId'])
  const template = params['template'] ?? ''
  // A site whose hall reads activities by template asks its page by the route's template.
  const byTemplate = useActor('site', selectByTemplate) && template !== ''
  const byId = useQuery(detailActor)
  const byName = useQuery(templateDetailActor)
  const detail = byTemplate ? byName : byId
  const winners = useQuery(winnersActor)
  const receive = useCommand(receiveActor)
  const receiveAll = useCommand(receiveAllActor)
  const desktop = useMedia(DESKTOP_QUERY)
  const logs = usePagedList(logsActor, { activeId })
  const valid = Number.isInteger(activeId) && activeId > 0
  useEffect(() => {
    if (valid) send({ type: 'activity.opened', activeId, ...(byTemplate ? { template } : {}) })
  }, [send, activeId, valid, byTemplate, template])
  const d = detail.data !== null && detail.data.activeId === activeId ? detail.data : null
  const device = desktop ? 3 : 4
  const guard = (): boolean => {
    if (session.real) return true
    send({ type: 'popup.openRequested', popup: session.guest ? 'register' : 'login' })
    return false
  }
  const busy = receive.view.status === 'submitting' || receiveAll.view.status === 'submitting'
  const outcome = receiveAll.view.status === 'succeeded' ? receiveAll.view.result : receive.view.status === 'succeeded' ? receive.view.result : null
  const problem = receive.view.formError ?? receiveAll.view.formError
  if (!valid) return <PageFrame title={t('title')}><p role="alert">{t('unknown')}</p></PageFrame>
  return (
    <PageFrame title={d?.title ?? t('title')}>
      {d === null ? (
        detail.status === 'failed' && (byTemplate ? isCode(getByTemplate, detail.error, 'unknown') : isCode(activeGet, detail.error, 'unknown')) ? (
          <p role="alert">{t('unknown')}</p>
        ) : detail.status === 'failed' ? (
          <p role="alert">
            {t('failed')}{' '}
            <button type="button" className="button button--ghost button--small" onClick={() => send({ type: 'query.refreshRequested', query: byTemplate ? 'eventbytemplate' : 'eventdetail' })}>{t('retry')}</button>
          </p>
        ) : <p>{t('loading')}</p>
      ) : (
        <div className="event">
          <p className="events__meta">{t(`period.${d.period}`)} · {d.startTime.slice(0, 10)} – {d.endTime.slice(0, 10)}</p>
          {(d.condition === 1 || d.condition === 2 || d.type === 5) && (
            <p className="event__progress">
              {d.type === 5 ? t('progress.loss') : d.condition === 1 ? t('progress.deposit') : t('progress.bet')}{' '}
              <strong><MoneyText value={d.condition === 1 ? d.rechargeAmount : d.betAmount} /></strong>
            </p>
          )}
          {/* The check-in's streak: the days in a row the player has checked in, today's included once done (the hall's `done`). */}
          {d.type === 3 && session.real && d.rewards.length > 0 && (
            <p className="event__progress">
              {t('progress.streak')} <strong>{d.rewards[0]!.done}</strong>
            </p>
          )}
          {d.rewards.length > 0 && (
            <section aria-labelledby="event-tiers">
              <div className="event__bar">
                <h2 id="event-tiers" className="section-title">{t('tiers')}</h2>
                <button
                  type="button"
                  className="button button--primary button--small"
                  disabled={!anyReceivable(d.rewards) || busy}
                  onClick={() => guard() && receiveAll.submit({ activeId, requestDeviceType: device })}
                >
                  {t('receiveAll')}
                </button>
              </div>
              {problem !== null && <p className="field__error" role="alert">{t(problem)}</p>}
              {outcome !== null && <p role="status" className="event__received">{t('received', { amount: outcome.amount, count: outcome.count })}</p>}
              <ul className="event__tiers" role="list">
                {d.rewards.map((r) => {
                  const label = tierLabel(t, d, r)
                  const progress = d.type === 3 || (d.type === 1 && d.condition === 0) ? null : Math.min(100, (Number(r.done) / Math.max(Number(r.need), 1e-9)) * 100)
                  return (
                    <li key={r.receiveId} className={`event__tier event__tier--${r.status}`}>
                      <span className="event__tier-name">
                        {r.level !== null && <span className={`event__level event__level--${r.level}`}>{t(`level.${r.level}`)}</span>}
                        {label}
                      </span>
                      <span className="event__tier-gives">
                        <MoneyText value={r.amount} />
                      </span>
                      {progress !== null && (
                        <progress className="event__meter" max={100} value={progress} aria-label={t('progressOf', { tier: label })} />
                      )}
                      <span className="event__status">{t(`status.${r.status}`)}</span>
                      {/* Self-collect with expiry (distribution 3): until when a reward of this period may be received. */}
                      {r.expireTime !== null && (r.status === 0 || r.status === 1) && (
                        <span className="event__expiry">{t('expires', { time: r.expireTime.slice(0, 16) })}</span>
                      )}
                      {r.status === 1 && (
                        <button
                          type="button"
                          className="button button--primary button--small"
                          disabled={busy}
                          aria-label={t('receiveTier', { tier: label })}
                          onClick={() => guard() && receive.submit({ activeId, receiveId: r.receiveId, requestDeviceType: device })}
                        >
                          {t('receive')}
                        </button>
                      )}
                    </li>
                  )
                })}
              </ul>
            </section>
          )}
          {/* The playing activities (src/views/play): sports guessing, invest, lucky bet, quiz. */}
          {session.real && playKindOf(d) !== null && <PlayPanel activeId={activeId} kind={playKindOf(d)!} />}
          {/* The playing activities' own views: lucky wheels (2, 20) and word collection (18). */}
          {wheelViewFor(d.type, activeId)}
          <section aria-labelledby="event-rules">
            <h2 id="event-rules" className="section-title">{t('rules')}</h2>
            <div className="events__rules" dangerouslySetInnerHTML={{ __html: sanitizeOperatorHtml(d.content) }} />
          </section>
          {session.real && d.rewards.length > 0 && (
            <section aria-labelledby="event-logs">
              <h2 id="event-logs" className="section-title">{t('myLogs')}</h2>
              {desktop ? (
                <PagedTable
                  caption={t('myLogs')}
                  columns={[
                    { key: 'time', header: t('time'), cell: (r) => r.createdAt },
                    { key: 'tier', header: t('tier.name'), cell: (r) => r.title },
                    { key: 'amount', header: t('amount'), cell: (r) => <MoneyText value={r.amount} /> },
                    { key: 'status', header: t('state'), cell: (r) => t(`status.${r.status}`) },
                  ]}
                  view={logs.view}
                  intents={logs.intents}
                  rowKey={(r) => r.id}
                  empty={t('noLogs')}
                />
              ) : (
                <InfiniteList
                  label={t('myLogs')}
                  view={logs.view}
                  intents={logs.intents}
                  rowKey={(r) => r.id}
                  empty={t('noLogs')}
                  render={(r) => (
                    <div className="event__log">
                      <span>{r.title}</span> <MoneyText value={r.amount} /> <span className="events__meta">{r.createdAt}</span>
                    </div>
                  )}
                />
              )}
            </section>
          )}
          {(winners.data ?? []).length > 0 && (
            <section aria-labelledby="event-winners">
              <h2 id="event-winners" className="section-title">{t('winners')}</h2>
              <ul className="event__winners" role="list">
                {(winners.data ?? []).map((w, i) => (
                  <li key={`${w.username}-${w.time}-${i}`}>
                    {w.username} · <MoneyText value={w.amount} /> · <span className="events__meta">{w.time}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
    </PageFrame>
  )
}
