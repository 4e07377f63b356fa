import { useRef, type ReactNode, type UIEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ListState } from './PagedTable'
import type { PagedIntents, PagedView } from './types'
import './paged.css'

/** Past this share of its height, a mobile list asks for the next page (spec §4). */
export const NEXT_PAGE_AT = 0.95

/** Whether a scroll position is past 95% of what can be scrolled. */
export const pastThreshold = (scrollTop: number, clientHeight: number, scrollHeight: number): boolean =>
  scrollHeight > 0 && (scrollTop + clientHeight) / scrollHeight >= NEXT_PAGE_AT

/**
 * The infinite list of the mobile layout (spec §4 Table): rows as cards; scrolling past 95% asks
 * for the next page (the list actor locks it 200 ms and skips while loading), and a button does
 * the same for keyboards and screen readers.
 */
export const InfiniteList = <Row,>({
  label, view, intents, rowKey, render, empty, header,
}: {
  label: string
  view: PagedView<Row>
  intents: PagedIntents
  rowKey: (row: Row) => string
  render: (row: Row) => ReactNode
  empty?: string
  /** Above the rows (the totals). */
  header?: ReactNode
}) => {
  const { t } = useTranslation('ui')
  const box = useRef<HTMLDivElement>(null)
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget
    if (view.hasMore && view.status !== 'loading' && pastThreshold(el.scrollTop, el.clientHeight, el.scrollHeight)) intents.next()
  }
  return (
    <div ref={box} className="paged paged--infinite" onScroll={onScroll}>
      {header}
      <ul className="paged__cards" aria-label={label} aria-busy={view.status === 'loading'}>
        {view.rows.map((row) => (
          <li key={rowKey(row)} className="paged__card">{render(row)}</li>
        ))}
      </ul>
      <ListState view={view} intents={intents} {...(empty === undefined ? {} : { empty })} />
      {view.rows.length > 0 && view.hasMore && (
        <button type="button" className="button button--ghost button--small button--block" disabled={view.status === 'loading'} onClick={intents.next}>
          {view.status === 'loading' ? t('loading') : t('more')}
        </button>
      )}
      {view.rows.length > 0 && !view.hasMore && <p className="paged__end">{t('end', { count: view.total })}</p>}
    </div>
  )
}
