import { useCallback, useEffect, useState } from 'react'
import { api, type AuditEntry, type Me } from './api'
import { useConsole } from './i18n'
import { Cell, Row, Table } from './Table'

/** The recorded actions the console names in words (locales: audit.action.<action with _ for .>). */
const NAMED: ReadonlySet<string> = new Set([
  'search', 'traces.searched', 'session.opened', 'log.downloaded', 'timeline.forked', 'signed-in', 'sign-in.refused', 'account.added',
  'account.disabled', 'account.enabled', 'account.password-reset', 'account.role-changed', 'refused', 'ops.withdraw.opened',
  'ops.withdraw.approved', 'ops.withdraw.refused', 'ops.withdraw.paid', 'ops.withdraw.threshold-set', 'ops.deposit.confirmed',
  'ops.deposit.rejected', 'ops.deposit.settled', 'ops.player.searched', 'ops.player.opened',
])

/** An operator action not named above, readable: 'ops.content.message.published' → 'Content: message published'. */
const opsActionName = (action: string): string => {
  const [area = '', ...rest] = action.slice('ops.'.length).split('.')
  const what = rest.join(' ').replace(/-/g, ' ')
  return `${area.charAt(0).toUpperCase()}${area.slice(1)}${what === '' ? '' : `: ${what}`}`
}

const COLUMNS = ['time', 'account', 'action', 'session', 'player', 'details'] as const

const PAGE_SIZE = 50
const DAY_MS = 24 * 60 * 60 * 1000

/** A detail's value as text: an object as its JSON, never `[object Object]`. */
const shown = (v: unknown): string => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))

type T = ReturnType<typeof useConsole>['t']

/** What an operator's action kept, who and why first: the order, the amount, the reason, the references, the approvals. */
const opsDetails = (t: T, money: ReturnType<typeof useConsole>['money'], d: Readonly<Record<string, unknown>>): string => {
  const parts: string[] = []
  const used = new Set<string>()
  const take = (k: string, text: (v: string) => string) => {
    if (d[k] === undefined || d[k] === null || d[k] === '') return
    used.add(k)
    parts.push(text(shown(d[k])))
  }
  take('orderNo', (v) => t('audit.detail.order', { orderNo: v }))
  if (d['amount'] !== undefined) {
    used.add('amount').add('currency')
    parts.push(money(shown(d['amount']), d['currency'] === undefined ? undefined : shown(d['currency'])))
  }
  take('reason', (v) => t('audit.detail.why', { text: v }))
  take('note', (v) => t('audit.detail.note', { text: v }))
  take('payoutReference', (v) => t('audit.detail.payout', { text: v }))
  take('reference', (v) => t('audit.detail.provider', { text: v }))
  if (Array.isArray(d['approvals'])) {
    used.add('approvals').add('approvalsNeeded')
    const who = d['approvals'].map(shown).join(', ') || t('audit.detail.nobody')
    parts.push(`${t('audit.detail.approvedBy', { who })}${d['approvalsNeeded'] === undefined ? '' : ` ${t('audit.detail.needed', { count: Number(d['approvalsNeeded']) })}`}`)
  }
  for (const [k, v] of Object.entries(d)) if (!used.has(k) && v !== undefined && v !== null) parts.push(`${k} ${shown(v)}`)
  return parts.join('; ')
}

const details = (t: T, money: ReturnType<typeof useConsole>['money'], e: AuditEntry): string => {
  const d = e.detail
  if (e.action.startsWith('ops.')) return opsDetails(t, money, d)
  switch (e.action) {
    case 'search': {
      const criteria = Object.entries((d['criteria'] ?? {}) as Record<string, unknown>).map(([k, v]) => `${k} ${String(v)}`)
      return `${criteria.length === 0 ? t('audit.detail.newest') : criteria.join(', ')}; ${t('audit.detail.found', { count: Number(d['found'] ?? 0) })}`
    }
    case 'timeline.forked':
      return t('audit.detail.atSeq', { seq: String(d['seq']) })
    case 'session.opened':
      return d['view'] === 'summary' ? t('audit.detail.summary') : t('audit.detail.timeline')
    case 'sign-in.refused':
      return `${String(d['reason'])}${d['address'] ? ` ${t('audit.detail.from', { address: shown(d['address']) })}` : ''}`
    case 'signed-in':
      return d['address'] ? t('audit.detail.from', { address: shown(d['address']) }) : ''
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
  const { t, money, dateTime } = useConsole()
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
        return setError(r.status === 403 ? t('audit.leadsOnly', { error: r.body.error ?? '403' }) : (r.body.error ?? t('audit.failed')))
      }
      setError(null)
      setResult({ entries: r.body.entries ?? [], total: r.body.total ?? 0, page: r.body.page ?? page })
    },
    [onOut, t],
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
      <h1>{t('audit.title')}</h1>
      {me.role !== 'lead' ? null : (
        <p className="sc-note">{t('audit.note')}</p>
      )}
      <form
        role="search"
        aria-label={t('audit.filter')}
        className="sc-form"
        onSubmit={(e) => {
          e.preventDefault()
          setShown({ filters: form, page: 1 })
        }}
      >
        {field('account', t('audit.account'))}
        {field('player', t('audit.player'))}
        {field('from', t('audit.from'), 'date')}
        {field('to', t('audit.to'), 'date')}
        <button type="submit">{t('audit.submit')}</button>
      </form>
      {error === null ? null : (
        <p role="alert" className="sc-error">
          {error}
        </p>
      )}
      {result === null ? null : (
        <>
          <p role="status" className="sc-note">
            {result.total === 0 ? t('audit.none') : t('audit.count', { count: result.total, page: result.page, pages })}
          </p>
          {result.entries.length === 0 ? null : (
            <Table label={t('audit.table')} head={COLUMNS.map((c) => t(`audit.col.${c}`))}>
              {result.entries.map((e) => (
                <Row key={e.id}>
                  <Cell label={t('audit.col.time')}>{dateTime(e.at)}</Cell>
                  <Cell label={t('audit.col.account')}>{e.account}</Cell>
                  <Cell label={t('audit.col.action')}>{NAMED.has(e.action) ? t(`audit.action.${e.action.replace(/\./g, '_')}`) : e.action.startsWith('ops.') ? opsActionName(e.action) : e.action}</Cell>
                  <Cell label={t('audit.col.session')}>
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
                  <Cell label={t('audit.col.player')}>{[e.playerId === null ? null : t('audit.playerId', { id: e.playerId }), ...e.usernames].filter((x) => x !== null).join(', ') || '—'}</Cell>
                  <Cell label={t('audit.col.details')}>{details(t, money, e) || '—'}</Cell>
                </Row>
              ))}
            </Table>
          )}
          {pages <= 1 ? null : (
            <nav className="sc-pager" aria-label={t('audit.pages')}>
              <button type="button" disabled={result.page <= 1} onClick={() => setShown({ ...shown, page: result.page - 1 })}>
                {t('audit.previous')}
              </button>
              <button type="button" disabled={result.page >= pages} onClick={() => setShown({ ...shown, page: result.page + 1 })}>
                {t('audit.next')}
              </button>
            </nav>
          )}
        </>
      )}
    </main>
  )
}
