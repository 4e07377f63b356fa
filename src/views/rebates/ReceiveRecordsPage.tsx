import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RECEIVE_SOURCES, receiveRecordsActor, type ReceiveRecord, type ReceiveSourceFilter } from '../../../actors/rebates'
import type { Condition } from '../../../schemas/events'
import { usePagedList } from '../../system-react'
import { DateFilter, type DateRange } from '../../ui/filters'
import { MoneyText } from '../../ui/MoneyText'
import { InfiniteList } from '../../ui/paged/InfiniteList'
import { PagedTable } from '../../ui/paged/PagedTable'
import type { Column } from '../../ui/paged/types'
import { DESKTOP_QUERY, useMedia } from '../../ui/useMedia'
import { PageFrame } from '../pages/PageFrame'
import '../records/records.css'
import './rebates.css'

/** The condition of the list: the date filter (with its custom days) and the source. */
const conditionOf = (range: DateRange, source: ReceiveSourceFilter): Condition => ({
  dateType: range.dateType,
  ...(range.dateType === -4 && range.startDate !== undefined && range.startDate !== '' ? { startDate: range.startDate } : {}),
  ...(range.dateType === -4 && range.endDate !== undefined && range.endDate !== '' ? { endDate: range.endDate } : {}),
  source,
})

/**
 * The receive records (screens §2 /home/receive-records and /home/pickUpRecord, private): what the
 * player received from every source (event-centre activities, VIP, rebates, red packets, message
 * awards, tasks, ...), read from the hall's ledger, with the date filter and the source; the sum of
 * the filtered receipts; a table on the web, cards on a phone (the kit's paged list).
 */
export const ReceiveRecordsPage = ({ title }: { title: 'receiveRecords' | 'pickUpRecord' }) => {
  const { t } = useTranslation('rebates')
  const shell = useTranslation().t
  const desktop = useMedia(DESKTOP_QUERY)
  const [range, setRange] = useState<DateRange>({ dateType: 0 })
  const [source, setSource] = useState<ReceiveSourceFilter>('all')
  const sourceId = useId()
  const { view, intents } = usePagedList(receiveRecordsActor, conditionOf(range, source))
  const caption = shell(`route.${title}`)
  const columns: ReadonlyArray<Column<ReceiveRecord>> = [
    { key: 'time', header: t('col.time'), cell: (r) => r.createdAt },
    { key: 'source', header: t('col.source'), cell: (r) => t(`source.${r.source}`) },
    { key: 'amount', header: t('col.received'), cell: (r) => <MoneyText value={r.amount} currency={r.currency} />, align: 'end' },
  ]
  return (
    <PageFrame title={caption}>
      <section className="records">
        <div className="records__filters">
          <DateFilter value={range} onChange={setRange} />
          <span className="paged__field">
            <label htmlFor={sourceId}>{t('col.source')}</label>
            <select id={sourceId} value={source} onChange={(e) => setSource(e.target.value as ReceiveSourceFilter)}>
              {RECEIVE_SOURCES.map((s) => (
                <option key={s} value={s}>{t(`source.${s}`)}</option>
              ))}
            </select>
          </span>
        </div>
        {view.summary !== null && (
          <dl className="records__summary">
            <div><dt>{t('sum')}</dt><dd><MoneyText value={view.summary.amount} /></dd></div>
          </dl>
        )}
        {desktop ? (
          <PagedTable caption={caption} columns={columns} view={view} intents={intents} rowKey={(r) => r.id} empty={t('noRecords')} />
        ) : (
          <InfiniteList
            label={caption}
            view={view}
            intents={intents}
            rowKey={(r) => r.id}
            empty={t('noRecords')}
            render={(r) => (
              <div className="records__card">
                <strong>{t(`source.${r.source}`)}</strong>
                <MoneyText value={r.amount} currency={r.currency} />
                <span className="records__muted">{r.createdAt}</span>
              </div>
            )}
          />
        )}
      </section>
    </PageFrame>
  )
}
