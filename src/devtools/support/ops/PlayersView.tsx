import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { api, utc, type SessionRow } from '../api'
import { Cell, Row, Table } from '../Table'

/** A form field's text ('' when it has none). */
const field = (f: FormData, name: string): string => {
  const v = f.get(name)
  return typeof v === 'string' ? v : ''
}


/** A player as the operator's console lists them (server/support/ops-content-players.ts). */
export interface PlayerSummary {
  readonly id: string
  readonly siteCode: string
  readonly username: string
  readonly userStatus: number
  readonly status?: string
  readonly phone: string
  readonly email: string
  readonly currency: string
  readonly createdAt: string
  readonly twoStep: boolean
  readonly redPacketBlacklisted: boolean
}

interface LedgerEntry {
  readonly id: string
  readonly at: string
  readonly currency: string
  readonly amount: string
  readonly balance: string
  readonly kind: string
}

interface PlayerPage {
  readonly player: PlayerSummary & { readonly status: string }
  readonly vip: { readonly level: number; readonly levelName: string; readonly depositAmount: string; readonly betAmount: string }
  readonly balances: ReadonlyArray<{ readonly currency: string; readonly balance: string; readonly ledger: string; readonly equal: boolean }>
  readonly ledger: { readonly entries: ReadonlyArray<LedgerEntry>; readonly total: number; readonly page: number; readonly pageSize: number; readonly kinds: ReadonlyArray<string> }
  readonly sessions: ReadonlyArray<SessionRow>
}

const STATUS: Readonly<Record<number, string>> = { 1: 'normal', 2: 'frozen', 3: 'frozen (abnormal)', 4: 'may not receive', 5: 'blacklisted' }

type Said = { readonly ok: boolean; readonly text: string } | null

/** What the last action said: a status line, or an alert when it failed. */
export const PlayersSaid = ({ said }: { said: Said }) => (
  <>
    <div role="status" className="sc-note">
      {said?.ok === true ? <p>{said.text}</p> : null}
    </div>
    {said?.ok === false ? (
      <p role="alert" className="sc-error">
        {said.text}
      </p>
    ) : null}
  </>
)

const refusedText = (status: number, error: string | undefined, what: string): string =>
  status === 403 ? `Only a finance account can ${what} (${error ?? 'refused'}).` : (error ?? `could not ${what}`)

/**
 * The players of the operator's console (finance; docs/operations-players-content.md): look a
 * player up by username, id, phone or e-mail and open their page.
 */
export const PlayersView = ({ onOpen, onOut }: { onOpen: (id: string) => void; onOut: () => void }) => {
  const [q, setQ] = useState('')
  const [found, setFound] = useState<ReadonlyArray<PlayerSummary> | null>(null)
  const [said, setSaid] = useState<Said>(null)
  const search = async () => {
    setSaid(null)
    const r = await api<{ players: PlayerSummary[] }>(`ops/players?q=${encodeURIComponent(q)}`)
    if (r.status === 401) return onOut()
    if (!r.body.ok) return setSaid({ ok: false, text: refusedText(r.status, r.body.error, 'look players up') })
    setFound(r.body.players ?? [])
  }
  return (
    <main className="sc-page">
      <h1>Players</h1>
      <p className="sc-note">Find a player by username (or its start), player id, phone number or e-mail. Every search and every page opened is in the audit trail.</p>
      <form
        aria-label="Find a player"
        className="sc-form"
        onSubmit={(e) => {
          e.preventDefault()
          void search()
        }}
      >
        <label>
          Username, id, phone or e-mail <input value={q} onChange={(e) => setQ(e.target.value)} required autoCapitalize="none" autoComplete="off" />
        </label>
        <button type="submit">Find</button>
      </form>
      <PlayersSaid said={said} />
      {found === null ? null : found.length === 0 ? (
        <p role="status">No player found.</p>
      ) : (
        <Table label="Players found" head={['Username', 'Id', 'Site', 'Status', 'Phone', 'E-mail', 'Joined (UTC)', 'Open']}>
          {found.map((p) => (
            <Row key={p.id}>
              <Cell label="Username">{p.username}</Cell>
              <Cell label="Id">
                <code>{p.id}</code>
              </Cell>
              <Cell label="Site">{p.siteCode}</Cell>
              <Cell label="Status">{STATUS[p.userStatus] ?? p.userStatus}</Cell>
              <Cell label="Phone">{p.phone === '' ? '—' : p.phone}</Cell>
              <Cell label="E-mail">{p.email === '' ? '—' : p.email}</Cell>
              <Cell label="Joined (UTC)">{utc(p.createdAt)}</Cell>
              <Cell label="Open">
                <button type="button" onClick={() => onOpen(p.id)} aria-label={`Open ${p.username}`}>
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

const Part = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="sc-part" aria-label={title}>
    <h2>{title}</h2>
    {children}
  </section>
)

/**
 * A player's page (finance): profile, VIP level, each balance beside its ledger's sum, the ledger
 * (filtered by kind and dates, a page at a time), the sessions they uploaded (opened in the
 * session timeline), and the account actions, each with the reason the audit trail keeps.
 */
export const PlayersPage = ({ id, onBack, onSession, onOut }: { id: string; onBack: () => void; onSession: (reference: string) => void; onOut: () => void }) => {
  const [page, setPage] = useState<PlayerPage | null>(null)
  const [said, setSaid] = useState<Said>(null)
  const [filter, setFilter] = useState({ kind: '', from: '', to: '', page: 1 })
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)

  const load = useCallback(
    async (f: typeof filter) => {
      const q = new URLSearchParams({ page: String(f.page) })
      if (f.kind !== '') q.set('kind', f.kind)
      if (f.from !== '') q.set('from', `${f.from}T00:00:00Z`)
      if (f.to !== '') q.set('to', `${f.to}T23:59:59Z`)
      const r = await api<PlayerPage>(`ops/players/${encodeURIComponent(id)}?${q.toString()}`)
      if (r.status === 401) return onOut()
      if (!r.body.ok) return setSaid({ ok: false, text: refusedText(r.status, r.body.error, 'open a player') })
      setPage(r.body as PlayerPage)
    },
    [id, onOut],
  )
  useEffect(() => {
    void load(filter)
  }, [load, filter])

  const act = async (action: string, body: Record<string, unknown>, done: string) => {
    setBusy(true)
    setSaid(null)
    try {
      const r = await api(`ops/players/${encodeURIComponent(id)}/${action}`, { ...body, reason })
      if (r.status === 401) return onOut()
      if (!r.body.ok) return setSaid({ ok: false, text: refusedText(r.status, r.body.error, 'do this') })
      setSaid({ ok: true, text: done })
      setReason('')
      await load(filter)
    } finally {
      setBusy(false)
    }
  }

  if (page === null) {
    return (
      <main className="sc-page">
        <button type="button" onClick={onBack}>
          Back to players
        </button>
        <PlayersSaid said={said} />
        {said === null ? <p role="status">Loading…</p> : null}
      </main>
    )
  }
  const p = page.player
  const ledgerPages = Math.max(1, Math.ceil(page.ledger.total / page.ledger.pageSize))
  return (
    <main className="sc-page">
      <button type="button" onClick={onBack}>
        Back to players
      </button>
      <h1>
        {p.username} <span className="sc-note">({p.siteCode})</span>
      </h1>
      <Part title="Profile">
        <dl className="sc-dl">
          <dt>Player id</dt>
          <dd>
            <code>{p.id}</code>
          </dd>
          <dt>Status</dt>
          <dd className={p.userStatus === 1 ? undefined : 'sc-error'}>{p.status}</dd>
          <dt>Red packets</dt>
          <dd>{p.redPacketBlacklisted ? 'blacklisted' : 'allowed'}</dd>
          <dt>Two-step verification</dt>
          <dd>{p.twoStep ? 'bound' : 'not bound'}</dd>
          <dt>Phone</dt>
          <dd>{p.phone === '' ? '—' : p.phone}</dd>
          <dt>E-mail</dt>
          <dd>{p.email === '' ? '—' : p.email}</dd>
          <dt>Joined (UTC)</dt>
          <dd>{utc(p.createdAt)}</dd>
          <dt>VIP</dt>
          <dd>
            {page.vip.levelName} (level {page.vip.level}; deposits {page.vip.depositAmount}, bets {page.vip.betAmount})
          </dd>
        </dl>
      </Part>
      <Part title="Balances">
        <Table label="Balances" head={['Currency', 'Balance', 'Ledger sum', 'Check']}>
          {page.balances.map((b) => (
            <Row key={b.currency}>
              <Cell label="Currency">{b.currency}</Cell>
              <Cell label="Balance">{b.balance}</Cell>
              <Cell label="Ledger sum">{b.ledger}</Cell>
              <Cell label="Check" {...(b.equal ? {} : { className: 'sc-error' })}>
                {b.equal ? 'equal' : 'DIFFERS'}
              </Cell>
            </Row>
          ))}
        </Table>
      </Part>
      <Part title="Actions">
        <form aria-label="Account actions" className="sc-form" onSubmit={(e) => e.preventDefault()}>
          <label>
            Reason (kept in the audit trail) <input value={reason} onChange={(e) => setReason(e.target.value)} minLength={3} maxLength={500} />
          </label>
          <div className="sc-actions">
            {p.userStatus === 1 ? (
              <button type="button" disabled={busy} onClick={() => void act('freeze', {}, `${p.username} is frozen: signed out everywhere, sign-in refused.`)}>
                Freeze
              </button>
            ) : (
              <button type="button" disabled={busy} onClick={() => void act('unfreeze', {}, `${p.username} may sign in again.`)}>
                Unfreeze
              </button>
            )}
            <button
              type="button"
              disabled={busy}
              onClick={() => void act('redpacket-blacklist', { on: !p.redPacketBlacklisted }, p.redPacketBlacklisted ? `${p.username} may have red packets again.` : `${p.username} gets no red packets.`)}
            >
              {p.redPacketBlacklisted ? 'Allow red packets' : 'Blacklist for red packets'}
            </button>
            <button type="button" disabled={busy} onClick={() => void act('end-sign-ins', {}, `Every sign-in of ${p.username} ended.`)}>
              End all sign-ins
            </button>
            <button type="button" disabled={busy || !p.twoStep} onClick={() => void act('reset-two-step', {}, `Two-step verification of ${p.username} removed: they bind it again.`)}>
              Reset two-step verification
            </button>
          </div>
        </form>
        <p className="sc-note">Reset two-step verification only after checking who asks (documents or the bound phone or e-mail).</p>
        <PlayersSaid said={said} />
      </Part>
      <Part title="Ledger">
        <form
          aria-label="Ledger filter"
          className="sc-form"
          onSubmit={(e) => {
            e.preventDefault()
            const f = new FormData(e.currentTarget)
            setFilter({ kind: field(f, 'kind'), from: field(f, 'from'), to: field(f, 'to'), page: 1 })
          }}
        >
          <label>
            Kind{' '}
            <select name="kind" defaultValue={filter.kind}>
              <option value="">any</option>
              {page.ledger.kinds.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </select>
          </label>
          <label>
            From <input type="date" name="from" defaultValue={filter.from} />
          </label>
          <label>
            To <input type="date" name="to" defaultValue={filter.to} />
          </label>
          <button type="submit">Show</button>
        </form>
        {page.ledger.entries.length === 0 ? (
          <p role="status">No ledger entry here.</p>
        ) : (
          <Table label="Ledger" head={['When (UTC)', 'Kind', 'Amount', 'Balance after', 'Entry']}>
            {page.ledger.entries.map((e) => (
              <Row key={e.id}>
                <Cell label="When (UTC)">{utc(e.at)}</Cell>
                <Cell label="Kind">{e.kind}</Cell>
                <Cell label="Amount">
                  {e.amount} {e.currency}
                </Cell>
                <Cell label="Balance after">{e.balance}</Cell>
                <Cell label="Entry">
                  <code>{e.id}</code>
                </Cell>
              </Row>
            ))}
          </Table>
        )}
        <nav className="sc-pager" aria-label="Ledger pages">
          <button type="button" disabled={filter.page <= 1} onClick={() => setFilter({ ...filter, page: filter.page - 1 })}>
            Newer
          </button>
          <span>
            Page {page.ledger.page} of {ledgerPages} ({page.ledger.total} entries)
          </span>
          <button type="button" disabled={filter.page >= ledgerPages} onClick={() => setFilter({ ...filter, page: filter.page + 1 })}>
            Older
          </button>
        </nav>
      </Part>
      <Part title="Sessions">
        {page.sessions.length === 0 ? (
          <p role="status">This player uploaded no session.</p>
        ) : (
          <Table label="Uploaded sessions" head={['Reference', 'Uploaded (UTC)', 'Errors', 'Open']}>
            {page.sessions.map((s) => (
              <Row key={s.reference}>
                <Cell label="Reference">
                  <code>{s.reference}</code>
                </Cell>
                <Cell label="Uploaded (UTC)">{utc(s.uploadedAt)}</Cell>
                <Cell label="Errors">{s.errorCodes.length === 0 ? '—' : s.errorCodes.join(', ')}</Cell>
                <Cell label="Open">
                  <a
                    href={`/support/sessions/${encodeURIComponent(s.reference)}`}
                    onClick={(e) => {
                      if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return
                      e.preventDefault()
                      onSession(s.reference)
                    }}
                  >
                    Open {s.reference} in the timeline
                  </a>
                </Cell>
              </Row>
            ))}
          </Table>
        )}
      </Part>
    </main>
  )
}
