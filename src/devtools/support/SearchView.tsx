import { useCallback, useEffect, useState } from 'react'
import { api, utc, type Me, type SessionRow } from './api'
import { Cell, Row, Table } from './Table'

const FIELDS = [
  ['username', 'Username'],
  ['playerId', 'Player id'],
  ['site', 'Site'],
  ['reference', 'Reference'],
  ['errorCode', 'Error code'],
] as const

/** The search of uploaded sessions (every search is in the audit trail), and how long they are kept. */
export const SearchView = ({ me, onOpen, onOut }: { me: Me; onOpen: (reference: string) => void; onOut: () => void }) => {
  const [q, setQ] = useState<Record<string, string>>({})
  const [rows, setRows] = useState<ReadonlyArray<SessionRow> | null>(null)
  const [error, setError] = useState<string | null>(null)
  const search = useCallback(
    async (query: Record<string, string>) => {
      const params = new URLSearchParams()
      for (const [k, v] of Object.entries(query)) {
        if (v.trim() === '') continue
        params.set(k, k === 'from' || k === 'to' ? String(new Date(v).getTime()) : v.trim())
      }
      const r = await api<{ sessions: SessionRow[] }>(`sessions?${params}`)
      if (r.status === 401) return onOut()
      if (!r.body.ok) return setError(r.body.error ?? 'search failed')
      setError(null)
      setRows(r.body.sessions ?? [])
    },
    [onOut],
  )
  useEffect(() => {
    void search({})
  }, [search])
  return (
    <main className="sc-page">
      <h1>Uploaded sessions</h1>
      <p className="sc-note">
        Sessions are kept for {me.retentionDays} day{me.retentionDays === 1 ? '' : 's'} after they are uploaded, then deleted. Every search and every
        session you open is recorded in the audit trail.
      </p>
      <form
        role="search"
        aria-label="Search sessions"
        className="sc-form"
        onSubmit={(e) => {
          e.preventDefault()
          void search(q)
        }}
      >
        {FIELDS.map(([k, label]) => (
          <label key={k}>
            {label} <input value={q[k] ?? ''} onChange={(e) => setQ({ ...q, [k]: e.target.value })} autoCapitalize="none" />
          </label>
        ))}
        <label>
          From <input type="datetime-local" value={q['from'] ?? ''} onChange={(e) => setQ({ ...q, from: e.target.value })} />
        </label>
        <label>
          To <input type="datetime-local" value={q['to'] ?? ''} onChange={(e) => setQ({ ...q, to: e.target.value })} />
        </label>
        <button type="submit">Search</button>
      </form>
      {error === null ? null : (
        <p role="alert" className="sc-error">
          {error}
        </p>
      )}
      {rows === null ? null : rows.length === 0 ? (
        <p role="status">No uploaded session matches.</p>
      ) : (
        <Table label="Sessions" head={['Reference', 'Username', 'Player id', 'Site', 'Started (UTC)', 'Uploaded (UTC)', 'Records', 'Errors', 'Timeline']}>
          {rows.map((r) => (
            <Row key={r.reference} className={r.errorCodes.length > 0 ? 'sc-row--errors' : ''}>
              <Cell label="Reference">
                <code>{r.reference}</code>
              </Cell>
              <Cell label="Username">{r.usernames.length > 0 ? r.usernames.join(', ') : '(visitor)'}</Cell>
              <Cell label="Player id">{r.playerId ?? '—'}</Cell>
              <Cell label="Site">{r.siteCode}</Cell>
              <Cell label="Started (UTC)">{utc(r.startedAt)}</Cell>
              <Cell label="Uploaded (UTC)">{utc(r.uploadedAt)}</Cell>
              <Cell label="Records">{r.records ?? '—'}</Cell>
              <Cell label="Errors" className="sc-errors">
                {r.errorCodes.join(', ') || '—'}
              </Cell>
              <Cell label="Timeline">
                <button type="button" onClick={() => onOpen(r.reference)} aria-label={`Open ${r.reference}`}>
                  Open
                </button>
              </Cell>
            </Row>
          ))}
        </Table>
      )}
    </main>
  )
}
