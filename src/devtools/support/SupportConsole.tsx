import { useCallback, useEffect, useState } from 'react'
import type { LogFile } from '../../bus/ndjson'
import { openLog } from '../open-log'
import { Timeline } from '../timeline/Timeline'

/**
 * The support console: sign in, search the sessions players uploaded with 'send diagnostics'
 * (by username, player id, site, time range, reference number or error code), open one in the
 * timeline. Talks to the hall's /support/api; the sign-in is an HttpOnly cookie.
 */

interface SessionRow {
  readonly reference: string
  readonly siteCode: string
  readonly username: string | null
  readonly usernames: ReadonlyArray<string>
  readonly playerId: string | null
  readonly appVersion: string | null
  readonly language: string | null
  readonly startedAt: string | null
  readonly endedAt: string | null
  readonly uploadedAt: string
  readonly records: number | null
  readonly errorCodes: ReadonlyArray<string>
}

const api = async <T,>(path: string, init?: RequestInit): Promise<{ status: number; body: T }> => {
  const res = await fetch(`/support/api/${path}`, { credentials: 'same-origin', ...init })
  return { status: res.status, body: (await res.json()) as T }
}

const Login = ({ onIn }: { onIn: (username: string) => void }) => {
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  return (
    <main className="sc-login">
      <h1>Lobby support console</h1>
      <form
        aria-label="Sign in"
        onSubmit={(e) => {
          e.preventDefault()
          void api<{ ok: boolean; error?: string }>('login', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username, password }),
          }).then((r) => (r.body.ok ? onIn(username) : setError(r.body.error ?? 'sign-in failed')))
        }}
      >
        <label>
          Username <input value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="username" required />
        </label>
        <label>
          Password <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" required />
        </label>
        <button type="submit">Sign in</button>
        {error === null ? null : (
          <p role="alert" className="tl-error">
            {error}
          </p>
        )}
      </form>
    </main>
  )
}

const FIELDS = [
  ['username', 'Username'],
  ['playerId', 'Player id'],
  ['site', 'Site'],
  ['reference', 'Reference'],
  ['errorCode', 'Error code'],
] as const

const Search = ({ user, onOpen, onOut }: { user: string; onOpen: (reference: string) => void; onOut: () => void }) => {
  const [q, setQ] = useState<Record<string, string>>({})
  const [rows, setRows] = useState<ReadonlyArray<SessionRow> | null>(null)
  const [error, setError] = useState<string | null>(null)
  const search = useCallback(async (query: Record<string, string>) => {
    const params = new URLSearchParams()
    for (const [k, v] of Object.entries(query)) {
      if (v.trim() === '') continue
      params.set(k, k === 'from' || k === 'to' ? String(new Date(v).getTime()) : v.trim())
    }
    const r = await api<{ ok: boolean; sessions?: SessionRow[]; error?: string }>(`sessions?${params}`)
    if (r.status === 401) return onOut()
    if (!r.body.ok) return setError(r.body.error ?? 'search failed')
    setError(null)
    setRows(r.body.sessions ?? [])
  }, [onOut])
  useEffect(() => {
    void search({})
  }, [search])
  return (
    <main className="sc-search">
      <header className="sc-head">
        <h1>Uploaded sessions</h1>
        <span>
          signed in as {user}{' '}
          <button type="button" onClick={() => void api('logout', { method: 'POST' }).then(onOut)}>
            Sign out
          </button>
        </span>
      </header>
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
            {label} <input value={q[k] ?? ''} onChange={(e) => setQ({ ...q, [k]: e.target.value })} />
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
        <p role="alert" className="tl-error">
          {error}
        </p>
      )}
      {rows === null ? null : rows.length === 0 ? (
        <p>No uploaded session matches.</p>
      ) : (
        <table className="sc-table" aria-label="Sessions">
          <thead>
            <tr>
              <th>Reference</th>
              <th>Username</th>
              <th>Player id</th>
              <th>Site</th>
              <th>Started (UTC)</th>
              <th>Uploaded (UTC)</th>
              <th>Records</th>
              <th>Errors</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.reference} className={r.errorCodes.length > 0 ? 'sc-row--errors' : ''}>
                <td>
                  <code>{r.reference}</code>
                </td>
                <td>{r.usernames.length > 0 ? r.usernames.join(', ') : '(visitor)'}</td>
                <td>{r.playerId ?? '—'}</td>
                <td>{r.siteCode}</td>
                <td>{r.startedAt?.replace('T', ' ').slice(0, 19) ?? '—'}</td>
                <td>{r.uploadedAt.replace('T', ' ').slice(0, 19)}</td>
                <td>{r.records ?? '—'}</td>
                <td>{r.errorCodes.join(', ') || '—'}</td>
                <td>
                  <button type="button" onClick={() => onOpen(r.reference)} aria-label={`Open ${r.reference}`}>
                    Open timeline
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  )
}

const SessionView = ({ reference, onBack, onOut }: { reference: string; onBack: () => void; onOut: () => void }) => {
  const [state, setState] = useState<{ file: LogFile } | { error: string } | null>(null)
  useEffect(() => {
    let live = true
    void fetch(`/support/api/sessions/${encodeURIComponent(reference)}/log`, { credentials: 'same-origin' }).then(async (res) => {
      if (res.status === 401) return onOut()
      if (!res.ok) return live && setState({ error: `the session ${reference} could not be loaded (${res.status})` })
      const result = openLog(await res.text())
      if (live) setState(result.ok ? { file: result.file } : { error: `the log of ${reference} cannot be opened: ${result.message}` })
    })
    return () => {
      live = false
    }
  }, [reference, onOut])
  return (
    <div className="sc-session">
      <nav className="sc-nav">
        <button type="button" onClick={onBack}>
          ← Back to search
        </button>{' '}
        <a href={`/support/api/sessions/${encodeURIComponent(reference)}/log`} download>
          Download log (NDJSON)
        </a>
      </nav>
      {state === null ? <p>Loading {reference}…</p> : 'error' in state ? <p role="alert" className="tl-error">{state.error}</p> : <Timeline file={state.file} title={`Session ${reference}`} />}
    </div>
  )
}

export const SupportConsole = () => {
  const [user, setUser] = useState<string | null | undefined>(undefined)
  const [reference, setReference] = useState<string | null>(() => new URLSearchParams(globalThis.location.search).get('ref'))
  useEffect(() => {
    void api<{ ok: boolean; username?: string }>('me').then((r) => setUser(r.body.ok ? (r.body.username ?? '') : null))
  }, [])
  const open = (ref: string | null) => {
    setReference(ref)
    history.pushState(null, '', ref === null ? '/support' : `/support?ref=${encodeURIComponent(ref)}`)
  }
  useEffect(() => {
    const onPop = () => setReference(new URLSearchParams(globalThis.location.search).get('ref'))
    addEventListener('popstate', onPop)
    return () => removeEventListener('popstate', onPop)
  }, [])
  const out = useCallback(() => setUser(null), [])
  if (user === undefined) return <p>Loading…</p>
  if (user === null) return <Login onIn={setUser} />
  return reference === null ? <Search user={user} onOpen={open} onOut={out} /> : <SessionView reference={reference} onBack={() => open(null)} onOut={out} />
}
