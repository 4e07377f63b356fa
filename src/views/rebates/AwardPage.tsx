import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { awardsActor, type PendingAward } from '../../../actors/rebates'
import { useQuery, useSend } from '../../system-react'
import { MoneyText } from '../../ui/MoneyText'
import { PageFrame } from '../pages/PageFrame'
import { useNavigate } from '../routing/nav-hooks'
import './rebates.css'

/**
 * The awards (screens §2 /home/event/award, private; docs/hall-protocol.md "Rebates, awards and
 * receive records"): what the player can receive now, from every source the hall evaluates (the
 * rebate, VIP rewards, event-centre activities, message awards), each with its amount and a way to
 * where it is received; the total, and a way to the receive records.
 */
export const AwardPage = () => {
  const { t } = useTranslation('rebates')
  const shell = useTranslation().t
  const send = useSend()
  const navigate = useNavigate()
  const awards = useQuery(awardsActor)
  useEffect(() => {
    send({ type: 'awards.opened' })
  }, [send])
  const nameOf = (a: PendingAward): string => (a.title === '' ? t(`source.${a.source}`) : `${t(`source.${a.source}`)} · ${a.title}`)
  const go = (a: PendingAward): void => {
    switch (a.source) {
      case 'rebate':
        return navigate('eventCashback')
      case 'vip':
        return navigate('vip')
      case 'activity':
        return a.activeId === null || a.template === null ? navigate('eventIndex') : navigate('eventDetail', { params: { template: a.template, eventId: String(a.activeId) } })
      case 'message':
        return navigate('notice')
    }
  }
  const d = awards.data
  return (
    <PageFrame title={shell('route.eventAward')}>
      <div className="rebates">
        {d === null ? (
          awards.status === 'failed' ? (
            <p role="alert">
              {t('awardsFailed')}{' '}
              <button type="button" className="button button--ghost button--small" onClick={() => send({ type: 'query.refreshRequested', query: 'awards' })}>{t('retry')}</button>
            </p>
          ) : <p>{t('loading')}</p>
        ) : (
          <>
            <section className="rebates__card" aria-labelledby="awards-total">
              <div>
                <p id="awards-total" className="rebates__label">{t('awardsTotal')}</p>
                <p className="rebates__total"><MoneyText value={d.total} currency={d.currency} /></p>
              </div>
              <div className="rebates__actions">
                <button type="button" className="button button--ghost button--small" onClick={() => navigate('receiveRecords')}>{t('records')}</button>
              </div>
            </section>
            <section aria-labelledby="awards-list">
              <h2 id="awards-list" className="section-title">{t('pending')}</h2>
              {d.list.length === 0 ? (
                <p>{t('noAwards')}</p>
              ) : (
                <ul className="awards" role="list">
                  {d.list.map((a, i) => (
                    <li key={`${a.source}-${a.activeId ?? i}`} className="awards__item" aria-label={nameOf(a)}>
                      <span className="awards__name">{nameOf(a)}</span>
                      <span className="awards__amount"><MoneyText value={a.amount} /></span>
                      <span className="rebates__meta">{t('count', { count: a.count })}</span>
                      <button type="button" className="button button--primary button--small" aria-label={t('goTo', { award: nameOf(a) })} onClick={() => go(a)}>
                        {t('go')}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </div>
    </PageFrame>
  )
}
