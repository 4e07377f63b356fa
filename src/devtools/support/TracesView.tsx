import { useCallback, useEffect, useState } from 'react'
import { api, utc } from './api'
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

const EVENTS: Readonly<Record<string, string>> = { error: 'Script error', unhandledrejection: 'Unhandled rejection', resource: 'Slow resource' }

/**
 * A site's script errors and slow resources, as the lobby reported them (sites whose sysInfo turns
 * `traceReport` on), newest first; filtered by the player's id to see one player's errors. Each
 * read is written to the audit trail by the hall.
 */
export const TracesView = ({ onOut }: { onOut: () => void }) => {
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
        return setError(r.body.error ?? 'the trace reports could not be read')
      }
      setError(null)
      setRows(r.body.traces ?? [])
    },
    [onOut],
  )
  useEffect(() => {
    if (shown !== null) void load(shown)
  }, [load, shown])
  return (
    <main className="sc-page">
      <h1>Script errors</h1>
      <p className="sc-note">The script errors and slow resources (3000 ms or more) the lobby reported, for the sites that turn trace reports on; newest first.</p>
      <form
        role="search"
        aria-label="Find script errors"
        className="sc-form"
        onSubmit={(e) => {
          e.preventDefault()
          setShown({ ...form })
        }}
      >
        <label>
          Site code <input required value={form.site} onChange={(e) => setForm({ ...form, site: e.target.value })} autoCapitalize="none" />
        </label>
        <label>
          Player id <input inputMode="numeric" value={form.playerId} onChange={(e) => setForm({ ...form, playerId: e.target.value })} />
        </label>
        <button type="submit">Find</button>
      </form>
      {error === null ? null : (
        <p role="alert" className="sc-error">
          {error}
        </p>
      )}
      {rows === null ? null : rows.length === 0 ? (
        <p role="status">No script errors reported.</p>
      ) : (
        <Table label="Script errors" head={['Received', 'Kind', 'Message', 'Where', 'Page', 'Player']}>
          {rows.map((t) => (
            <Row key={t.id}>
              <Cell label="Received">{utc(t.receivedAt)}</Cell>
              <Cell label="Kind">{EVENTS[t.event] ?? t.event}</Cell>
              <Cell label="Message">{t.message}</Cell>
              <Cell label="Where">{t.source === '' ? '—' : `${t.source}${t.lineno > 0 ? `:${t.lineno}:${t.colno}` : ''}`}</Cell>
              <Cell label="Page">{t.href}</Cell>
              <Cell label="Player">{t.playerId ?? 'visitor'}</Cell>
            </Row>
          ))}
        </Table>
      )}
    </main>
  )
}
