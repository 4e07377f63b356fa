import { useCallback, useEffect, useState } from 'react'
import { api, utc, type AuditEntry, type Me } from './api'
import { Cell, Row, Table } from './Table'

/** What each recorded action is called in the console. */
const ACTIONS: Readonly<Record<string, string>> = {
  search: 'Searched sessions',
  'traces.searched': 'Read script errors',
  'session.opened': 'Opened session',
  'log.downloaded': 'Downloaded log',
  'timeline.forked': 'Forked timeline',
  'signed-in': 'Signed in',
  'sign-in.refused': 'Sign-in refused',
  'account.added': 'Added account',
  'account.disabled': 'Disabled account',
  'account.enabled': 'Enabled account',
  'account.password-reset': 'Reset password',
  'account.role-changed': 'Changed role',
  refused: 'Refused (not for this role)',
  'ops.withdraw.opened': 'Opened withdrawal',
  'ops.withdraw.approved': 'Approved withdrawal',
  'ops.withdraw.refused': 'Refused withdrawal',
  'ops.withdraw.paid': 'Marked withdrawal paid',
  'ops.deposit.confirmed': 'Confirmed deposit',
  'ops.deposit.rejected': 'Rejected deposit',
  'ops.deposit.settled': 'Settled deposit by hand',
  'ops.player.searched': 'Searched players',
  'ops.player.opened': 'Opened player',
}

/** An operator action not named above, readable: 'ops.content.message.published' → 'Content: message published'. */
const opsActionName = (action: string): string => {
  const [area = '', ...rest] = action.slice('ops.'.length).split('.')
  const what = rest.join(' ').replace(/-/g, ' ')
  return `${area.charAt(0).toUpperCase()}${area.slice(1)}${what === '' ? '' : `: ${what}`}`
}

/** What an operator's action kept, who and why first: the order, the amount, the reason, the references, the approvals. */
const opsDetails = (d: Readonly<Record<string, unknown>>): string => {
  const parts: string[] = []
  const used = new Set<string>()
  const take = (k: string, text: (v: unknown) => string) => {
    if (d[k] === undefined || d[k] === null || d[k] === '') return
    used.add(k)
    parts.push(text(d[k]))
  }
  take('orderNo', (v) => `order ${shown(v)}`)
  if (d['amount'] !== undefined) {
    used.add('amount').add('currency')
    parts.push(`${shown(d['amount'])}${d['currency'] === undefined ? '' : ` ${shown(d['currency'])}`}`)
  }
  take('reason', (v) => `why: ${shown(v)}`)
  take('note', (v) => `note: ${shown(v)}`)
  take('payoutReference', (v) => `payout reference ${shown(v)}`)
  take('reference', (v) => `provider reference ${shown(v)}`)
  if (Array.isArray(d['approvals'])) {
    used.add('approvals').add('approvalsNeeded')
    parts.push(`approved by ${d['approvals'].map(shown).join(', ') || 'nobody yet'}${d['approvalsNeeded'] === undefined ? '' : ` (${shown(d['approvalsNeeded'])} needed)`}`)
  }
  for (const [k, v] of Object.entries(d)) if (!used.has(k) && v !== undefined && v !== null) parts.push(`${k} ${shown(v)}`)
  return parts.join('; ')
}

const PAGE_SIZE = 50
const DAY_MS = 24 * 60 * 60 * 1000

/** A detail's value as text: an object as its JSON, never `[object Object]`. */
const shown = (v: unknown): string => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))

const details = (e: AuditEntry): string => {
  const d = e.detail
  if (e.action.startsWith('ops.')) return opsDetails(d)
  switch (e.action) {
    case 'search': {
      const criteria = Object.entries((d['criteria'] ?? {}) as Record<string, unknown>).map(([k, v]) => `${k} ${String(v)}`)
      return `${criteria.length === 0 ? 'newest uploads' : criteria.join(', ')}; ${shown(d['found'] ?? 0)} found`
    }
    case 'timeline.forked':
      return `at seq ${String(d['seq'])}`
    case 'session.opened':
      return d['view'] === 'summary' ? 'summary' : 'timeline'
    case 'sign-in.refused':
      return `${String(d['reason'])}${d['address'] ? ` from ${shown(d['address'])}` : ''}`
    case 'signed-in':
      return d['address'] ? `from ${shown(d['address'])}` : ''
    case 'account.role-changed':
      return `${String(d['username'])}: ${String(d['from'])} → ${String(d['to'])}`
    case 'refused':
      return `${String(d['method'])} ${String(d['path'])}`
    case 'account.added':
      return `${String(d['username'])} (${String(d['role'])})`
    default:
      return typeof d['username'] === 'string' ? d['username'] : ''
  }
}

interface Filters {
  readonly account: string
  readonly player: string
  /** yyyy-mm-dd, UTC days, both included. */
  readonly from: string
  readonly to: string
}

const NO_FILTERS: Filters = { account: '', player: '', from: '', to: '' }

/** The audit trail (leads only; the hall answers 403 to an agent): who looked at which session, when. */
export const AuditView = ({ me, onOpen, onOut }: { me: Me; onOpen: (reference: string) => void; onOut: () => void }) => {
  const [form, setForm] = useState<Filters>(NO_FILTERS)
  const [shown, setShown] = useState<{ filters: Filters; page: number }>({ filters: NO_FILTERS, page: 1 })
  const [result, setResult] = useState<{ entries: ReadonlyArray<AuditEntry>; total: number; page: number } | null>(null)
  const [error, setError] = useState<string | null>(null)

  const load = useCallback(
    async (filters: Filters, page: number) => {
      const params = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) })
      if (filters.account.trim() !== '') params.set('account', filters.account.trim())
      if (filters.player.trim() !== '') params.set('player', filters.player.trim())
      if (filters.from !== '') params.set('from', String(Date.parse(`${filters.from}T00:00:00Z`)))
      if (filters.to !== '') params.set('to', String(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS))
      const r = await api<{ entries: AuditEntry[]; total: number; page: number }>(`audit?${params}`)
      if (r.status === 401) return onOut()
      if (!r.body.ok) {
        setResult(null)
        return setError(r.status === 403 ? `Only a support lead can read the audit trail (${r.body.error ?? 'refused'}).` : (r.body.error ?? 'the audit trail could not be read'))
      }
      setError(null)
      setResult({ entries: r.body.entries ?? [], total: r.body.total ?? 0, page: r.body.page ?? page })
    },
    [onOut],
  )
  useEffect(() => {
    void load(shown.filters, shown.page)
  }, [load, shown])

  const pages = result === null ? 1 : Math.max(1, Math.ceil(result.total / PAGE_SIZE))
  const field = (k: keyof Filters, label: string, type = 'text') => (
    <label>
      {label} <input type={type} value={form[k]} onChange={(e) => setForm({ ...form, [k]: e.target.value })} autoCapitalize="none" />
    </label>
  )
  return (
    <main className="sc-page">
      <h1>Audit trail</h1>
      {me.role !== 'lead' ? null : (
        <p className="sc-note">Every search, session opened, log downloaded and timeline fork by a support account, sign-ins and account changes; newest first.</p>
      )}
      <form
        role="search"
        aria-label="Filter the audit trail"
        className="sc-form"
        onSubmit={(e) => {
          e.preventDefault()
          setShown({ filters: form, page: 1 })
        }}
      >
        {field('account', 'Account')}
        {field('player', 'Player (id or username)')}
        {field('from', 'From (UTC day)', 'date')}
        {field('to', 'To (UTC day)', 'date')}
        <button type="submit">Filter</button>
      </form>
      {error === null ? null : (
        <p role="alert" className="sc-error">
          {error}
        </p>
      )}
      {result === null ? null : (
        <>
          <p role="status" className="sc-note">
            {result.total === 0 ? 'No entry matches.' : `${result.total} entr${result.total === 1 ? 'y' : 'ies'}, page ${result.page} of ${pages}`}
          </p>
          {result.entries.length === 0 ? null : (
            <Table label="Audit entries" head={['Time (UTC)', 'Account', 'Action', 'Session', 'Player', 'Details']}>
              {result.entries.map((e) => (
                <Row key={e.id}>
                  <Cell label="Time (UTC)">{utc(e.at)}</Cell>
                  <Cell label="Account">{e.account}</Cell>
                  <Cell label="Action">{ACTIONS[e.action] ?? (e.action.startsWith('ops.') ? opsActionName(e.action) : e.action)}</Cell>
                  <Cell label="Session">
                    {e.reference === null ? (
                      '—'
                    ) : (
                      <a
                        href={`/support/sessions/${encodeURIComponent(e.reference)}`}
                        onClick={(ev) => {
                          if (ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.button !== 0) return
                          ev.preventDefault()
                          onOpen(e.reference!)
                        }}
                      >
                        {e.reference}
                      </a>
                    )}
                  </Cell>
                  <Cell label="Player">{[e.playerId === null ? null : `id ${e.playerId}`, ...e.usernames].filter((x) => x !== null).join(', ') || '—'}</Cell>
                  <Cell label="Details">{details(e) || '—'}</Cell>
                </Row>
              ))}
            </Table>
          )}
          {pages <= 1 ? null : (
            <nav className="sc-pager" aria-label="Audit trail pages">
              <button type="button" disabled={result.page <= 1} onClick={() => setShown({ ...shown, page: result.page - 1 })}>
                Previous page
              </button>
              <button type="button" disabled={result.page >= pages} onClick={() => setShown({ ...shown, page: result.page + 1 })}>
                Next page
              </button>
            </nav>
          )}
        </>
      )}
    </main>
  )
}
