import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { anyReturnGold, rebateActor, rebateReceiveActor, type RebateCategory } from '../../../actors/rebates'
import { useCommand, useQuery, useSend } from '../../system-react'
import { MoneyText } from '../../ui/MoneyText'
import { PageFrame } from '../pages/PageFrame'
import { useNavigate } from '../routing/nav-hooks'
import { categoryName } from './categories'
import './rebates.css'

/**
 * The cashback screen (screens §2 /home/event/cashback, private; docs/hall-protocol.md "Rebates,
 * awards and receive records"): the return gold waiting, a receive button (enabled while any
 * category gives some) and a way to the receive records; per game category the valid bets not yet
 * rebated, the site's rate and the return gold; the rules as the hall applies them. Every figure
 * is the hall's; receiving moves the header balance at once from the hall's answer.
 */
export const CashbackPage = () => {
  const { t } = useTranslation('rebates')
  const shell = useTranslation().t
  const send = useSend()
  const navigate = useNavigate()
  const rebate = useQuery(rebateActor)
  const receive = useCommand(rebateReceiveActor)
  useEffect(() => {
    send({ type: 'rebate.opened' })
    // Leaving the page forgets the last receipt.
    return () => send({ type: 'command.reset', command: rebateReceiveActor.id })
  }, [send])
  const r = rebate.data
  const busy = receive.view.status === 'submitting'
  const outcome = receive.view.status === 'succeeded' ? receive.view.result : null
  return (
    <PageFrame title={shell('route.eventCashback')}>
      <div className="rebates">
        {r === null ? (
          rebate.status === 'failed' ? (
            <p role="alert">
              {t('failed')}{' '}
              <button type="button" className="button button--ghost button--small" onClick={() => send({ type: 'query.refreshRequested', query: 'rebate' })}>{t('retry')}</button>
            </p>
          ) : <p>{t('loading')}</p>
        ) : (
          <>
            <section className="rebates__card" aria-labelledby="rebate-total">
              <div>
                <p id="rebate-total" className="rebates__label">{t('total')}</p>
                <p className="rebates__total"><MoneyText value={r.total} currency={r.currency} /></p>
              </div>
              <div className="rebates__actions">
                <button type="button" className="button button--ghost button--small" onClick={() => navigate('receiveRecords')}>{t('records')}</button>
                <button type="button" className="button button--primary button--small" disabled={!anyReturnGold(r) || busy} onClick={() => receive.submit({})}>
                  {t('receive')}
                </button>
              </div>
            </section>
            {receive.view.formError !== null && <p className="field__error" role="alert">{t(receive.view.formError)}</p>}
            {outcome !== null && <p role="status" className="rebates__received">{t('received', { amount: outcome.amount })}</p>}
            <section aria-labelledby="rebate-categories">
              <h2 id="rebate-categories" className="section-title">{t('byCategory')}</h2>
              <div className="rebates__table-wrap" tabIndex={0} role="region" aria-labelledby="rebate-categories">
                <table className="rebates__table">
                  <thead>
                    <tr>
                      <th scope="col">{t('col.category')}</th>
                      <th scope="col">{t('col.validBet')}</th>
                      <th scope="col">{t('col.rate')}</th>
                      <th scope="col">{t('col.amount')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {r.list.map((c: RebateCategory) => (
                      <tr key={c.categoryId} className={Number(c.amount) > 0 ? 'rebates__row--open' : undefined}>
                        <th scope="row">{categoryName(shell, c.categoryId)}</th>
                        <td><MoneyText value={c.validBet} /></td>
                        <td>{t('rate', { rate: c.rate })}</td>
                        <td><MoneyText value={c.amount} /></td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
            <section aria-labelledby="rebate-rules">
              <h2 id="rebate-rules" className="section-title">{t('rules')}</h2>
              <ul className="rebates__rules">
                <li>{t('rule.rate')}</li>
                <li>{t('rule.window', { days: r.windowDays, since: r.since })}</li>
                <li>{t('rule.cent')}</li>
                {Number(r.turnoverMultiple) > 0 && <li>{t('rule.turnover', { multiple: r.turnoverMultiple })}</li>}
              </ul>
            </section>
          </>
        )}
      </div>
    </PageFrame>
  )
}
