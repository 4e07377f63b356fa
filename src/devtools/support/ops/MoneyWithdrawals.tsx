import { useCallback, useEffect, useState } from 'react'
import { api, utc } from '../api'
import { Cell, Row, Table } from '../Table'
import { OutcomeLine, WITHDRAW_STATUS, type Outcome, type QueueRow } from './MoneyShared'

const STATES = [
  ['open', 'Open (waiting or approved)'],
  ['pending', 'Waiting for review'],
  ['approved', 'Approved, not paid'],
  ['paid', 'Paid'],
  ['refused', 'Refused'],
  ['all', 'All'],
] as const

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
 * order shows its page (MoneyOrder).
 */
export const MoneyWithdrawals = ({ onOpen, onOut }: { onOpen: (orderNo: string) => void; onOut: () => void }) => {
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
      if (!r.body.ok) return setOutcome({ ok: false, text: r.status === 403 ? `Only a finance account can see withdrawals (${r.body.error ?? 'refused'}).` : (r.body.error ?? 'the queue could not be read') })
      setOutcome(null)
      setRows({ orders: r.body.orders ?? [], total: r.body.total ?? 0, pageSize: r.body.pageSize ?? 50 })
    },
    [onOut],
  )
  useEffect(() => {
    void load(EMPTY, 1)
  }, [load])
  const set = (k: keyof Filters) => (e: { target: { value: string } }) => setFilters({ ...filters, [k]: e.target.value })

  return (
    <main className="sc-page">
      <h1>Withdrawals</h1>
      <p className="sc-note">Waiting for review first, then approved, oldest first. Open an order to approve, refuse or mark it paid; every decision is in the audit trail.</p>
      <form
        role="search"
        aria-label="Filter withdrawals"
        className="sc-form"
        onSubmit={(e) => {
          e.preventDefault()
          setPage(1)
          void load(filters, 1)
        }}
      >
        <label>
          State{' '}
          <select value={filters.state} onChange={set('state')}>
            {STATES.map(([v, label]) => (
              <option key={v} value={v}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Site <input value={filters.site} onChange={set('site')} autoCapitalize="none" inputMode="numeric" />
        </label>
        <label>
          Amount from <input value={filters.min} onChange={set('min')} inputMode="decimal" />
        </label>
        <label>
          Amount to <input value={filters.max} onChange={set('max')} inputMode="decimal" />
        </label>
        <label>
          Older than (minutes) <input value={filters.olderThanMinutes} onChange={set('olderThanMinutes')} inputMode="numeric" />
        </label>
        <button type="submit">Filter</button>
      </form>
      <OutcomeLine outcome={outcome} />
      {rows === null ? null : rows.orders.length === 0 ? (
        <p role="status">No withdrawal matches.</p>
      ) : (
        <>
          <p className="sc-note">
            {rows.total} order{rows.total === 1 ? '' : 's'}
          </p>
          <Table label="Withdrawals" head={['Order', 'Player', 'Site', 'Amount', 'Status', 'Asked (UTC)', 'Approvals', 'Open']}>
            {rows.orders.map((o) => (
              <Row key={o.orderNo}>
                <Cell label="Order">
                  <code>{o.orderNo}</code>
                </Cell>
                <Cell label="Player">{o.username}</Cell>
                <Cell label="Site">{o.siteCode}</Cell>
                <Cell label="Amount">
                  {o.amount} {o.currency} ({o.accountKind})
                </Cell>
                <Cell label="Status">{WITHDRAW_STATUS[o.status] ?? o.status}</Cell>
                <Cell label="Asked (UTC)">
                  {utc(o.createdAt)} ({o.ageMinutes} min ago)
                </Cell>
                <Cell label="Approvals">
                  {o.approvals.length}/{o.approvalsNeeded}
                  {o.approvals.length > 0 ? ` (${o.approvals.join(', ')})` : ''}
                </Cell>
                <Cell label="Open">
                  <button type="button" onClick={() => onOpen(o.orderNo)} aria-label={`Open withdrawal ${o.orderNo}`}>
                    Open
                  </button>
                </Cell>
              </Row>
            ))}
          </Table>
          <nav aria-label="Pages of withdrawals" className="sc-pager">
            <button
              type="button"
              disabled={page <= 1}
              onClick={() => {
                setPage(page - 1)
                void load(filters, page - 1)
              }}
            >
              Previous page
            </button>
            <span>Page {page}</span>
            <button
              type="button"
              disabled={page * rows.pageSize >= rows.total}
              onClick={() => {
                setPage(page + 1)
                void load(filters, page + 1)
              }}
            >
              Next page
            </button>
          </nav>
        </>
      )}
    </main>
  )
}
