import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { auditRecordsActor, withdrawRecordsActor, type AuditRecord, type WithdrawOrder } from '../../../actors/withdraw'
import { usePagedList } from '../../system-react'
import { MoneyText } from '../../ui/MoneyText'
import { StateFilter, type StateFilterValue } from '../../ui/filters'
import { InfiniteList } from '../../ui/paged/InfiniteList'
import { PagedTable } from '../../ui/paged/PagedTable'
import type { Column } from '../../ui/paged/types'
import { DESKTOP_QUERY, useMedia } from '../../ui/useMedia'
import { useNavigate } from '../routing/nav-hooks'

/** A withdrawal's status as words. */
export const useStatusText = () => {
  const { t } = useTranslation('withdraw')
  return (status: number) => t(`status_${status}`)
}

/** The withdraw records: the player's withdrawals with the state filter; each opens its details. */
export const WithdrawRecords = () => {
  const { t } = useTranslation('withdraw')
  const navigate = useNavigate()
  const desktop = useMedia(DESKTOP_QUERY)
  const status = useStatusText()
  const [state, setState] = useState<StateFilterValue>(10000)
  const condition = useMemo(() => (state === 10000 ? {} : { state }), [state])
  const { view, intents } = usePagedList(withdrawRecordsActor, condition)
  const open = (o: WithdrawOrder) => (
    <button type="button" className="button button--ghost button--small" onClick={() => navigate('withdrawDetails', { params: { orderId: o.order_no } })} aria-label={t('detailsOf', { order: o.order_no })}>
      {t('details')}
    </button>
  )
  const columns: ReadonlyArray<Column<WithdrawOrder>> = [
    { key: 'time', header: t('time'), cell: (o) => o.created_at },
    { key: 'order', header: t('orderNo'), cell: (o) => o.order_no },
    { key: 'amount', header: t('amount'), cell: (o) => <MoneyText value={o.amount} />, align: 'end' },
    { key: 'status', header: t('status'), cell: (o) => status(o.status) },
    { key: 'open', header: t('details'), cell: open },
  ]
  return (
    <section className="withdraw__form">
      <div className="withdraw__filters"><StateFilter value={state} onChange={setState} /></div>
      {desktop ? (
        <PagedTable caption={t('tab.records')} columns={columns} view={view} intents={intents} rowKey={(o) => o.order_no} empty={t('empty')} />
      ) : (
        <InfiniteList
          label={t('tab.records')}
          view={view}
          intents={intents}
          rowKey={(o) => o.order_no}
          empty={t('empty')}
          render={(o) => (
            <div className="withdraw__card">
              <strong><MoneyText value={o.amount} /></strong>
              <span>{status(o.status)}</span>
              <span className="withdraw__muted">{o.created_at}</span>
              {open(o)}
            </div>
          )}
        />
      )}
    </section>
  )
}

/** The turnover audits: what each credit needs in bets and how far it went; each opens its details. */
export const AuditRecords = () => {
  const { t } = useTranslation('withdraw')
  const navigate = useNavigate()
  const desktop = useMedia(DESKTOP_QUERY)
  const [state, setState] = useState<StateFilterValue>(10000)
  const condition = useMemo(() => (state === 10000 ? {} : { state }), [state])
  const { view, intents } = usePagedList(auditRecordsActor, condition)
  const open = (a: AuditRecord) => (
    <button type="button" className="button button--ghost button--small" onClick={() => navigate('auditDetails', { params: { id: a.audit_id } })} aria-label={t('auditDetailsOf', { title: a.title === '' ? t(`source_${a.source}`) : a.title, time: a.created_at })}>
      {t('details')}
    </button>
  )
  const columns: ReadonlyArray<Column<AuditRecord>> = [
    { key: 'time', header: t('time'), cell: (a) => a.created_at },
    { key: 'source', header: t('source'), cell: (a) => (a.title === '' ? t(`source_${a.source}`) : a.title) },
    { key: 'amount', header: t('amount'), cell: (a) => <MoneyText value={a.amount} />, align: 'end' },
    { key: 'progress', header: t('progress'), cell: (a) => `${a.done_bet} / ${a.need_bet}`, align: 'end' },
    { key: 'status', header: t('status'), cell: (a) => t(`audit_${a.status}`) },
    { key: 'open', header: t('details'), cell: open },
  ]
  return (
    <section className="withdraw__form">
      <div className="withdraw__filters"><StateFilter value={state} onChange={setState} /></div>
      {desktop ? (
        <PagedTable caption={t('tab.audit')} columns={columns} view={view} intents={intents} rowKey={(a) => a.audit_id} empty={t('empty')} />
      ) : (
        <InfiniteList
          label={t('tab.audit')}
          view={view}
          intents={intents}
          rowKey={(a) => a.audit_id}
          empty={t('empty')}
          render={(a) => (
            <div className="withdraw__card">
              <strong>{a.title === '' ? t(`source_${a.source}`) : a.title}</strong>
              <span>{t(`audit_${a.status}`)}</span>
              <span>{`${a.done_bet} / ${a.need_bet}`}</span>
              {open(a)}
            </div>
          )}
        />
      )}
    </section>
  )
}
