import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { auditActor, withdrawOrderActor } from '../../../actors/withdraw'
import { selectParams } from '../../../actors/nav'
import { useActor, useQuery, useSend } from '../../system-react'
import { MoneyText } from '../../ui/MoneyText'
import { PageFrame } from '../pages/PageFrame'
import { useNavigate } from '../routing/nav-hooks'
import { useStatusText } from './WithdrawLists'
import './withdraw.css'

/**
 * A withdrawal's details (screens §2 /home/withdraw/withdraw-details/{orderId}): amount, fee, what
 * arrives, the account, the status with each step's time, the reason of a rejection. The socket's
 * progress of this order reads it again, so the status changes on screen as the hall decides.
 */
export const WithdrawDetailsPage = () => {
  const { t } = useTranslation('withdraw')
  const send = useSend()
  const navigate = useNavigate()
  const status = useStatusText()
  const orderNo = useActor('nav', selectParams)['orderId'] ?? ''
  useEffect(() => {
    if (/^\d+$/.test(orderNo)) send({ type: 'withdraw.detailsOpened', orderNo })
  }, [send, orderNo])
  const q = useQuery(withdrawOrderActor)
  const o = q.data !== null && q.data.order_no === orderNo ? q.data : null
  return (
    <PageFrame title={t('detailsTitle')}>
      <div className="withdraw">
        <button type="button" className="button button--ghost button--small withdraw__back" onClick={() => navigate('withdraw', { query: { tab: 'records' } })}>
          {t('backToRecords')}
        </button>
        {o === null ? (
          q.status === 'failed' ? <p role="alert">{t('loadFailed')}</p> : <p role="status">{t('loading')}</p>
        ) : (
          <>
            <p className="withdraw__status" role="status" aria-live="polite">
              {t('status')}: <strong>{status(o.status)}</strong>
            </p>
            <dl className="withdraw__summary">
              <div><dt>{t('orderNo')}</dt><dd>{o.order_no}</dd></div>
              <div><dt>{t('amount')}</dt><dd><MoneyText value={o.amount} currency={o.currency} /></dd></div>
              <div><dt>{t('feeLabel')}</dt><dd><MoneyText value={o.fee} currency={o.currency} /></dd></div>
              <div><dt>{t('arrive')}</dt><dd><MoneyText value={o.arrive_amount} currency={o.currency} /></dd></div>
              <div><dt>{t('account')}</dt><dd>{`${o.account.name} · ${o.account.account_no}`}</dd></div>
              <div><dt>{t('speed')}</dt><dd>{t(`speed_${o.speed}`)}</dd></div>
            </dl>
            {o.reason !== '' && <p className="withdraw__note">{t('reason', { reason: o.reason })}</p>}
            <h2 className="withdraw__subheading">{t('steps')}</h2>
            <ol className="withdraw__steps">
              {o.steps.map((s) => (
                <li key={`${s.status}-${s.time}`}>
                  <strong>{status(s.status)}</strong> <span className="withdraw__muted">{s.time}</span>
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
    </PageFrame>
  )
}

/**
 * A turnover audit's details (screens §2 /home/withdraw/audit-details/{id}): what was credited, the
 * bets it needs, the bets done and what remains, and the rounds that counted.
 */
export const AuditDetailsPage = () => {
  const { t } = useTranslation('withdraw')
  const send = useSend()
  const navigate = useNavigate()
  const auditId = useActor('nav', selectParams)['id'] ?? ''
  useEffect(() => {
    if (/^\d+$/.test(auditId)) send({ type: 'withdraw.auditOpened', auditId })
  }, [send, auditId])
  const q = useQuery(auditActor)
  const a = q.data !== null && q.data.audit_id === auditId ? q.data : null
  const remaining = a === null ? '0' : String(Math.max(0, Math.round((Number(a.need_bet) - Number(a.done_bet)) * 100) / 100))
  return (
    <PageFrame title={t('auditTitle')}>
      <div className="withdraw">
        <button type="button" className="button button--ghost button--small withdraw__back" onClick={() => navigate('withdraw', { query: { tab: 'audit' } })}>
          {t('backToAudits')}
        </button>
        {a === null ? (
          q.status === 'failed' ? <p role="alert">{t('loadFailed')}</p> : <p role="status">{t('loading')}</p>
        ) : (
          <>
            <p className="withdraw__status">
              {t('status')}: <strong>{t(`audit_${a.status}`)}</strong>
            </p>
            <dl className="withdraw__summary">
              <div><dt>{t('source')}</dt><dd>{a.title === '' ? t(`source_${a.source}`) : a.title}</dd></div>
              <div><dt>{t('amount')}</dt><dd><MoneyText value={a.amount} currency={a.currency} /></dd></div>
              <div><dt>{t('needBet')}</dt><dd><MoneyText value={a.need_bet} currency={a.currency} /></dd></div>
              <div><dt>{t('doneBet')}</dt><dd><MoneyText value={a.done_bet} currency={a.currency} /></dd></div>
              <div><dt>{t('remaining')}</dt><dd><MoneyText value={remaining} currency={a.currency} /></dd></div>
            </dl>
            <h2 className="withdraw__subheading">{t('countedBets')}</h2>
            {a.bets.length === 0 ? (
              <p className="withdraw__note">{t('noBets')}</p>
            ) : (
              <ul className="withdraw__steps" aria-label={t('countedBets')}>
                {a.bets.map((b, i) => (
                  <li key={`${b.time}-${i}`}>
                    <strong>{b.game_name}</strong> · {t('validBet')} <MoneyText value={b.valid_bet} /> <span className="withdraw__muted">{b.time}</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </PageFrame>
  )
}
