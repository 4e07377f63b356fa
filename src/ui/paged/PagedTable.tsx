import { useId, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Column, PagedIntents, PagedView } from './types'
import './paged.css'

/** Digits only (spec §4 go-to-page): anything else typed is dropped. */
export const digitsOnly = (text: string): string => text.replace(/\D+/g, '')

/** The state line of a list: loading, failed with a retry, or empty; null when rows show. */
export const ListState = ({ view, intents, empty }: { view: PagedView<unknown>; intents: PagedIntents; empty?: string }) => {
  const { t } = useTranslation('ui')
  if (view.status === 'failed') {
    return (
      <div className="paged__state" role="alert">
        <span>{t('failed')}</span>
        <button type="button" className="button button--ghost button--small" onClick={intents.retry}>
          {t('retry')}
        </button>
      </div>
    )
  }
  if (view.rows.length > 0) return null
  if (view.status === 'loading' || view.status === 'idle') return <p className="paged__state" role="status">{t('loading')}</p>
  return <p className="paged__state">{empty ?? t('empty')}</p>
}

/**
 * The paged table of the web layout (spec §4 Table, §9): a caption, the caller's columns, and a
 * pager with previous and next, the page size (10 to 50, where the list lets the player choose) and go-to-page (digits only, applied on
 * Enter). Rows stay on screen while the next page loads (aria-busy), so nothing jumps.
 */
export const PagedTable = <Row,>({
  caption, columns, view, intents, rowKey, empty, footer,
}: {
  caption: string
  columns: ReadonlyArray<Column<Row>>
  view: PagedView<Row>
  intents: PagedIntents
  rowKey: (row: Row) => string
  empty?: string
  /** A last row under the columns (the totals). */
  footer?: ReactNode
}) => {
  const { t } = useTranslation('ui')
  const [goTo, setGoTo] = useState('')
  const id = useId()
  const pages = Math.max(1, Math.ceil(view.total / view.size))
  const onGoTo = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || goTo === '') return
    intents.goTo(Number(goTo))
    setGoTo('')
  }
  return (
    <div className="paged">
      <div className="paged__scroll">
        <table className="paged__table" aria-busy={view.status === 'loading'}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col" className={c.align === 'end' ? 'paged__cell--end' : undefined}>{c.header}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {view.rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c) => (
                  <td key={c.key} className={c.align === 'end' ? 'paged__cell--end' : undefined}>{c.cell(row)}</td>
                ))}
              </tr>
            ))}
          </tbody>
          {footer !== undefined && view.rows.length > 0 && <tfoot>{footer}</tfoot>}
        </table>
      </div>
      <ListState view={view} intents={intents} {...(empty === undefined ? {} : { empty })} />
      <nav className="paged__pager" aria-label={t('pager', { caption })}>
        <span className="paged__total">{t('total', { count: view.total })}</span>
        <button type="button" className="button button--ghost button--small" disabled={view.page <= 1} onClick={() => intents.goTo(view.page - 1)}>
          {t('previous')}
        </button>
        <span aria-live="polite">{t('pageOf', { page: view.page, pages })}</span>
        <button type="button" className="button button--ghost button--small" disabled={view.page >= pages} onClick={() => intents.goTo(view.page + 1)}>
          {t('next')}
        </button>
        {view.sizes.length > 1 && (
          <span className="paged__field">
            <label htmlFor={`${id}-size`}>{t('perPage')}</label>
            <select id={`${id}-size`} value={view.size} onChange={(e) => intents.setSize(Number(e.target.value))}>
              {view.sizes.map((s) => (
                <option key={s} value={s}>{s}</option>
              ))}
            </select>
          </span>
        )}
        <span className="paged__field">
          <label htmlFor={`${id}-goto`}>{t('goTo')}</label>
          <input
            id={`${id}-goto`}
            inputMode="numeric"
            className="paged__goto"
            value={goTo}
            onChange={(e) => setGoTo(digitsOnly(e.target.value))}
            onKeyDown={onGoTo}
            aria-describedby={`${id}-hint`}
          />
          <span id={`${id}-hint`} className="visually-hidden">{t('goToHint', { pages })}</span>
        </span>
      </nav>
    </div>
  )
}
