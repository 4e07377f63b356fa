import { useCallback, useEffect, useState } from 'react'
import { api, type Me, type SessionRow } from './api'
import { useConsole } from './i18n'
import { Cell, Row, Table } from './Table'

const FIELDS = ['username', 'playerId', 'site', 'reference', 'errorCode'] as const
const HEAD = ['reference', 'username', 'playerId', 'site', 'started', 'uploaded', 'records', 'errors', 'timeline'] as const

/** The search of uploaded sessions (every search is in the audit trail), and how long they are kept. */
export const SearchView = ({ me, onOpen, onOut }: { me: Me; onOpen: (reference: string) => void; onOut: () => void }) => {
  const { t, dateTime } = useConsole()
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
      if (!r.body.ok) return setError(r.body.error ?? t('sessions.failed'))
      setError(null)
      setRows(r.body.sessions ?? [])
    },
    [onOut, t],
  )
  useEffect(() => {
    void search({})
  }, [search])
  return (
    <main className="sc-page">
      <h1>{t('sessions.title')}</h1>
      <p className="sc-note">{t('sessions.note', { count: me.retentionDays })}</p>
      <form
        role="search"
        aria-label={t('sessions.search')}
        className="sc-form"
        onSubmit={(e) => {
          e.preventDefault()
          void search(q)
        }}
      >
        {FIELDS.map((k) => (
          <label key={k}>
            {t(`sessions.col.${k}`)} <input value={q[k] ?? ''} onChange={(e) => setQ({ ...q, [k]: e.target.value })} autoCapitalize="none" />
          </label>
        ))}
        <label>
          {t('sessions.from')} <input type="datetime-local" value={q['from'] ?? ''} onChange={(e) => setQ({ ...q, from: e.target.value })} />
        </label>
        <label>
          {t('sessions.to')} <input type="datetime-local" value={q['to'] ?? ''} onChange={(e) => setQ({ ...q, to: e.target.value })} />
        </label>
        <button type="submit">{t('sessions.submit')}</button>
      </form>
      {error === null ? null : (
        <p role="alert" className="sc-error">
          {error}
        </p>
      )}
      {rows === null ? null : rows.length === 0 ? (
        <p role="status">{t('sessions.none')}</p>
      ) : (
        <Table label={t('sessions.table')} head={HEAD.map((h) => t(`sessions.col.${h}`))}>
          {rows.map((r) => (
            <Row key={r.reference} className={r.errorCodes.length > 0 ? 'sc-row--errors' : ''}>
              <Cell label={t('sessions.col.reference')}>
                <code>{r.reference}</code>
              </Cell>
              <Cell label={t('sessions.col.username')}>{r.usernames.length > 0 ? r.usernames.join(', ') : t('sessions.visitor')}</Cell>
              <Cell label={t('sessions.col.playerId')}>{r.playerId ?? '—'}</Cell>
              <Cell label={t('sessions.col.site')}>{r.siteCode}</Cell>
              <Cell label={t('sessions.col.started')}>{dateTime(r.startedAt)}</Cell>
              <Cell label={t('sessions.col.uploaded')}>{dateTime(r.uploadedAt)}</Cell>
              <Cell label={t('sessions.col.records')}>{r.records ?? '—'}</Cell>
              <Cell label={t('sessions.col.errors')} className="sc-errors">
                {r.errorCodes.join(', ') || '—'}
              </Cell>
              <Cell label={t('sessions.col.timeline')}>
                <button type="button" onClick={() => onOpen(r.reference)} aria-label={t('sessions.openLabel', { reference: r.reference })}>
                  {t('sessions.open')}
                </button>
              </Cell>
            </Row>
          ))}
        </Table>
      )}
    </main>
  )
}
