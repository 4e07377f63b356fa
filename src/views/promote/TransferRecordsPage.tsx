import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TRANSFER_DIRECTIONS, transferRecordsActor, type TransferDirection, type TransferRecord } from '../../../actors/promote'
import { usePagedList } from '../../system-react'
import { MoneyText } from '../../ui/MoneyText'
import { InfiniteList } from '../../ui/paged/InfiniteList'
import { PagedTable } from '../../ui/paged/PagedTable'
import type { Column } from '../../ui/paged/types'
import { DESKTOP_QUERY, useMedia } from '../../ui/useMedia'
import { PageFrame } from '../pages/PageFrame'
import '../records/records.css'
import './promote.css'

/**
 * The transfer records (screens §2 /home/myTransferRecord): the proxy transfers the player sent
 * and received, newest first, with the other side and the amount; a direction filter; a table on
 * the web, cards on a phone.
 */
export const TransferRecordsPage = () => {
  const { t } = useTranslation('promote')
  const shell = useTranslation().t
  const desktop = useMedia(DESKTOP_QUERY)
  const [direction, setDirection] = useState<TransferDirection>('all')
  const directionId = useId()
  const { view, intents } = usePagedList(transferRecordsActor, { direction })
  const caption = shell('route.myTransferRecord')
  const signed = (r: TransferRecord) => (r.direction === 'sent' ? `-${r.amount}` : r.amount)
  const columns: ReadonlyArray<Column<TransferRecord>> = [
    { key: 'time', header: t('records.time'), cell: (r) => r.createdAt },
    { key: 'direction', header: t('records.direction'), cell: (r) => t(`records.${r.direction}`) },
    { key: 'counterpart', header: t('records.counterpart'), cell: (r) => r.counterpart },
    { key: 'amount', header: t('records.amount'), cell: (r) => <MoneyText value={signed(r)} currency={r.currency} />, align: 'end' },
  ]
  return (
    <PageFrame title={caption}>
      <section className="records">
        <div className="records__filters">
          <span className="paged__field">
            <label htmlFor={directionId}>{t('records.direction')}</label>
            <select id={directionId} value={direction} onChange={(e) => setDirection(e.target.value as TransferDirection)}>
              {TRANSFER_DIRECTIONS.map((d) => <option key={d} value={d}>{t(`records.${d}`)}</option>)}
            </select>
          </span>
        </div>
        {desktop ? (
          <PagedTable caption={caption} columns={columns} view={view} intents={intents} rowKey={(r) => r.id} empty={t('records.empty')} />
        ) : (
          <InfiniteList
            label={caption}
            view={view}
            intents={intents}
            rowKey={(r) => r.id}
            empty={t('records.empty')}
            render={(r) => (
              <div className="records__card">
                <strong>{t(`records.${r.direction}`)}: {r.counterpart}</strong>
                <MoneyText value={signed(r)} currency={r.currency} />
                <span className="records__muted">{r.createdAt}</span>
              </div>
            )}
          />
        )}
      </section>
    </PageFrame>
  )
}
