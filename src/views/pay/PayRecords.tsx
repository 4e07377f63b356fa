import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { payOrderActor, payRecordsActor, type DepositOrder } from '../../../actors/pay'
import type { Condition } from '../../../schemas/events'
import { useQuery, usePagedList, useSend } from '../../system-react'
import { DateFilter, StateFilter, type DateRange, type StateFilterValue } from '../../ui/filters'
import { InfiniteList } from '../../ui/paged/InfiniteList'
import { PagedTable } from '../../ui/paged/PagedTable'
import type { Column } from '../../ui/paged/types'
import { DESKTOP_QUERY, useMedia } from '../../ui/useMedia'

const conditionOf = (range: DateRange, state: StateFilterValue): Condition => ({
  dateType: range.dateType,
  ...(range.dateType === -4 && range.startDate !== undefined && range.startDate !== '' ? { startDate: range.startDate } : {}),
  ...(range.dateType === -4 && range.endDate !== undefined && range.endDate !== '' ? { endDate: range.endDate } : {}),
  state,
})

/**
 * The deposit records (calls §7.5 orderListV3) with the date and state filters: a table on the
 * web, cards on a phone (the kit's paged list). Details opens an order (orderInfo): its state as
 * the hall says now, its amounts and times.
 */
export const PayRecords = () => {
  const { t } = useTranslation('pay')
  const send = useSend()
  const desktop = useMedia(DESKTOP_QUERY)
  const [range, setRange] = useState<DateRange>({ dateType: 0 })
  const [state, setState] = useState<StateFilterValue>(10000)
  const [open, setOpen] = useState<string | null>(null)
  const { view, intents } = usePagedList(payRecordsActor, conditionOf(range, state))
  const details = (o: DepositOrder) => (
    <button
      type="button"
      className="button button--small button--ghost"
      aria-label={t('records.detailsOf', { no: o.order_no })}
      onClick={() => {
        setOpen(o.order_no)
        send({ type: 'pay.orderOpened', orderNo: o.order_no })
      }}
    >
      {t('records.details')}
    </button>
  )
  if (open !== null) return <OrderDetails orderNo={open} onBack={() => setOpen(null)} />
  const columns: ReadonlyArray<Column<DepositOrder>> = [
    { key: 'time', header: t('records.time'), cell: (o) => o.created_at },
    { key: 'amount', header: t('amountLabel'), cell: (o) => `${o.amount} ${o.currency}`, align: 'end' },
    { key: 'status', header: t('statusLabel'), cell: (o) => t(`status.${o.status}`) },
    { key: 'details', header: t('records.details'), cell: details },
  ]
  return (
    <section className="pay__records">
      <div className="records__filters">
        <DateFilter value={range} onChange={setRange} />
        <StateFilter value={state} onChange={setState} />
      </div>
      {desktop ? (
        <PagedTable caption={t('records.title')} columns={columns} view={view} intents={intents} rowKey={(o) => o.order_no} empty={t('records.empty')} />
      ) : (
        <InfiniteList
          label={t('records.title')}
          view={view}
          intents={intents}
          rowKey={(o) => o.order_no}
          empty={t('records.empty')}
          render={(o) => (
            <div className="pay__record">
              <strong>{o.amount} {o.currency}</strong>
              <span>{t(`status.${o.status}`)}</span>
              <span className="pay__muted">{o.created_at} · {o.channel_name}</span>
              {details(o)}
            </div>
          )}
        />
      )}
    </section>
  )
}

/** One order as the hall says it now (orderInfo). */
const OrderDetails = ({ orderNo, onBack }: { orderNo: string; onBack: () => void }) => {
  const { t } = useTranslation('pay')
  const q = useQuery(payOrderActor)
  const o = q.data !== null && q.data.order_no === orderNo ? q.data : null
  return (
    <section className="pay__order" aria-label={t('order', { no: orderNo })}>
      {o === null ? (
        <p role="status">{q.status === 'failed' ? t('loadFailed') : t('loading')}</p>
      ) : (
        <dl className="pay__details">
          <dt>{t('orderNo')}</dt>
          <dd>{o.order_no}</dd>
          <dt>{t('records.method')}</dt>
          <dd>{o.channel_name}</dd>
          <dt>{t('amountLabel')}</dt>
          <dd>{o.amount} {o.currency}</dd>
          <dt>{t('fee')}</dt>
          <dd>{o.fee} {o.currency}</dd>
          <dt>{t('bonus')}</dt>
          <dd>{o.bonus} {o.currency}</dd>
          <dt>{t('statusLabel')}</dt>
          <dd>{t(`status.${o.status}`)}</dd>
          <dt>{t('records.time')}</dt>
          <dd>{o.created_at}</dd>
          {o.paid_at !== null && (
            <>
              <dt>{t('records.paidAt')}</dt>
              <dd>{o.paid_at}</dd>
            </>
          )}
        </dl>
      )}
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={onBack}>
          {t('records.back')}
        </button>
      </div>
    </section>
  )
}
