import { useCallback, useEffect, useState } from 'react'
import { api } from '../api'
import { useConsole } from '../i18n'
import { Cell, Row, Table } from '../Table'
import { MoneyThreshold } from './MoneyThreshold'
import { OutcomeLine, type Outcome, type QueueRow } from './MoneyShared'

const STATES = ['open', 'pending', 'approved', 'paid', 'refused', 'all'] as const
const HEAD = ['order', 'player', 'site', 'amount', 'status', 'asked', 'approvals', 'open'] as const

interface Filters {
  readonly state: string
  readonly site: string
  readonly min: string
  readonly max: string
  readonly olderThanMinutes: string
}

const EMPTY: Filters = { state: 'open', site: '', min: '', max: '', olderThanMinutes: '' }

/**
 * The withdrawal queue of the operator's console (finance; docs/operations.md): waiting for
 * review first, then approved, oldest first, filtered by state, site, amount and age. Opening an
 * order shows its page (MoneyOrder). Below, the site's second-approval amount (MoneyThreshold).
 */
export const MoneyWithdrawals = ({ onOpen, onOut }: { onOpen: (orderNo: string) => void; onOut: () => void }) => {
  const { t, money, dateTime } = useConsole()
  const [filters, setFilters] = useState<Filters>(EMPTY)
  const [page, setPage] = useState(1)
  const [rows, setRows] = useState<{ orders: ReadonlyArray<QueueRow>; total: number; pageSize: number } | null>(null)
  const [outcome, setOutcome] = useState<Outcome>(null)

  const load = useCallback(
    async (f: Filters, p: number) => {
      const params = new URLSearchParams({ page: String(p) })
      for (const [k, v] of Object.entries(f) as Array<[string, string]>) if (v.trim() !== '') params.set(k, v.trim())
      const r = await api<{ orders: QueueRow[]; total: number; pageSize: number }>(`ops/withdrawals?${params}`)
      if (r.status === 401) return onOut()
      if (!r.body.ok) return setOutcome({ ok: false, text: r.status === 403 ? t('withdrawals.financeOnly', { why: r.body.error ?? t('refused') }) : (r.body.error ?? t('withdrawals.failed')) })
      setOutcome(null)
      setRows({ orders: r.body.orders ?? [], total: r.body.total ?? 0, pageSize: r.body.pageSize ?? 50 })
    },
    [onOut, t],
  )
  useEffect(() => {
    void load(EMPTY, 1)
  }, [load])
  const set = (k: keyof Filters) => (e: { target: { value: string } }) => setFilters({ ...filters, [k]: e.target.value })

  return (
    <main className="sc-page">
      <h1>{t('withdrawals.title')}</h1>
      <p className="sc-note">{t('withdrawals.note')}</p>
      <form
        role="search"
        aria-label={t('withdrawals.filter')}
        className="sc-form"
        onSubmit={(e) => {
          e.preventDefault()
          setPage(1)
          void load(filters, 1)
        }}
      >
        <label>
          {t('withdrawals.state')}{' '}
          <select value={filters.state} onChange={set('state')}>
            {STATES.map((v) => (
              <option key={v} value={v}>
                {t(`withdrawals.states.${v}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('withdrawals.site')} <input value={filters.site} onChange={set('site')} autoCapitalize="none" inputMode="numeric" />
        </label>
        <label>
          {t('withdrawals.min')} <input value={filters.min} onChange={set('min')} inputMode="decimal" />
        </label>
        <label>
          {t('withdrawals.max')} <input value={filters.max} onChange={set('max')} inputMode="decimal" />
        </label>
        <label>
          {t('withdrawals.older')} <input value={filters.olderThanMinutes} onChange={set('olderThanMinutes')} inputMode="numeric" />
        </label>
        <button type="submit">{t('withdrawals.submit')}</button>
      </form>
      <OutcomeLine outcome={outcome} />
      {rows === null ? null : rows.orders.length === 0 ? (
        <p role="status">{t('withdrawals.none')}</p>
      ) : (
        <>
          <p className="sc-note">
            {t('withdrawals.total', { count: rows.total })}
          </p>
          <Table label={t('withdrawals.table')} head={HEAD.map((h) => t(`withdrawals.col.${h}`))}>
            {rows.orders.map((o) => (
              <Row key={o.orderNo}>
                <Cell label={t('withdrawals.col.order')}>
                  <code>{o.orderNo}</code>
                </Cell>
                <Cell label={t('withdrawals.col.player')}>{o.username}</Cell>
                <Cell label={t('withdrawals.col.site')}>{o.siteCode}</Cell>
                <Cell label={t('withdrawals.col.amount')}>
                  {money(o.amount, o.currency)} ({o.accountKind})
                </Cell>
                <Cell label={t('withdrawals.col.status')}>{t(`withdrawStatus.${o.status}`, { defaultValue: String(o.status) })}</Cell>
                <Cell label={t('withdrawals.col.asked')}>
                  {t('withdrawals.ago', { at: dateTime(o.createdAt), count: o.ageMinutes })}
                </Cell>
                <Cell label={t('withdrawals.col.approvals')}>
                  {o.approvals.length}/{o.approvalsNeeded}
                  {o.approvals.length > 0 ? ` (${o.approvals.join(', ')})` : ''}
                </Cell>
                <Cell label={t('withdrawals.col.open')}>
                  <button type="button" onClick={() => onOpen(o.orderNo)} aria-label={t('withdrawals.openLabel', { orderNo: o.orderNo })}>
                    {t('withdrawals.open')}
                  </button>
                </Cell>
              </Row>
            ))}
          </Table>
          <nav aria-label={t('withdrawals.pages')} className="sc-pager">
            <button
              type="button"
              disabled={page <= 1}
              onClick={() => {
                setPage(page - 1)
                void load(filters, page - 1)
              }}
            >
              {t('withdrawals.previous')}
            </button>
            <span>{t('withdrawals.page', { page })}</span>
            <button
              type="button"
              disabled={page * rows.pageSize >= rows.total}
              onClick={() => {
                setPage(page + 1)
                void load(filters, page + 1)
              }}
            >
              {t('withdrawals.next')}
            </button>
          </nav>
        </>
      )}
      {rows === null ? null : <MoneyThreshold onOut={onOut} />}
    </main>
  )
}
