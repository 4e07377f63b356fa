import { useCallback, useEffect, useState } from 'react'
import { api } from './api'
import { useConsole } from './i18n'
import { Cell, Row, Table } from './Table'

/** A trace report as the hall lists it (docs/hall-protocol.md, "Trace reports"). */
interface TraceRow {
  readonly id: number
  readonly event: string
  readonly message: string
  readonly source: string
  readonly lineno: number
  readonly colno: number
  readonly href: string
  readonly playerId: string | null
  readonly receivedAt: string
}

interface Filters {
  readonly site: string
  readonly playerId: string
}

const EVENTS: ReadonlyArray<string> = ['error', 'unhandledrejection', 'resource']
const HEAD = ['received', 'kind', 'message', 'where', 'page', 'player'] as const

/**
 * A site's script errors and slow resources, as the lobby reported them (sites whose sysInfo turns
 * `traceReport` on), newest first; filtered by the player's id to see one player's errors. Each
 * read is written to the audit trail by the hall.
 */
export const TracesView = ({ onOut }: { onOut: () => void }) => {
  const { t, dateTime } = useConsole()
  const [form, setForm] = useState<Filters>({ site: '', playerId: '' })
  const [shown, setShown] = useState<Filters | null>(null)
  const [rows, setRows] = useState<ReadonlyArray<TraceRow> | null>(null)
  const [error, setError] = useState<string | null>(null)
  const load = useCallback(
    async (f: Filters) => {
      const params = new URLSearchParams({ site: f.site.trim(), limit: '100' })
      if (f.playerId.trim() !== '') params.set('playerId', f.playerId.trim())
      const r = await api<{ traces: TraceRow[] }>(`traces?${params}`)
      if (r.status === 401) return onOut()
      if (!r.body.ok) {
        setRows(null)
        return setError(r.body.error ?? t('traces.failed'))
      }
      setError(null)
      setRows(r.body.traces ?? [])
    },
    [onOut, t],
  )
  useEffect(() => {
    if (shown !== null) void load(shown)
  }, [load, shown])
  return (
    <main className="sc-page">
      <h1>{t('traces.title')}</h1>
      <p className="sc-note">{t('traces.note')}</p>
      <form
        role="search"
        aria-label={t('traces.search')}
        className="sc-form"
        onSubmit={(e) => {
          e.preventDefault()
          setShown({ ...form })
        }}
      >
        <label>
          {t('traces.site')} <input required value={form.site} onChange={(e) => setForm({ ...form, site: e.target.value })} autoCapitalize="none" />
        </label>
        <label>
          {t('traces.playerId')} <input inputMode="numeric" value={form.playerId} onChange={(e) => setForm({ ...form, playerId: e.target.value })} />
        </label>
        <button type="submit">{t('traces.submit')}</button>
      </form>
      {error === null ? null : (
        <p role="alert" className="sc-error">
          {error}
        </p>
      )}
      {rows === null ? null : rows.length === 0 ? (
        <p role="status">{t('traces.none')}</p>
      ) : (
        <Table label={t('traces.title')} head={HEAD.map((h) => t(`traces.col.${h}`))}>
          {rows.map((r) => (
            <Row key={r.id}>
              <Cell label={t('traces.col.received')}>{dateTime(r.receivedAt)}</Cell>
              <Cell label={t('traces.col.kind')}>{EVENTS.includes(r.event) ? t(`traces.event.${r.event}`) : r.event}</Cell>
              <Cell label={t('traces.col.message')}>{r.message}</Cell>
              <Cell label={t('traces.col.where')}>{r.source === '' ? '—' : `${r.source}${r.lineno > 0 ? `:${r.lineno}:${r.colno}` : ''}`}</Cell>
              <Cell label={t('traces.col.page')}>{r.href}</Cell>
              <Cell label={t('traces.col.player')}>{r.playerId ?? t('traces.visitor')}</Cell>
            </Row>
          ))}
        </Table>
      )}
    </main>
  )
}
