import { useCallback, useEffect, useState, type ReactNode } from 'react'
import type { TFunction } from 'i18next'
import { api, type SessionRow } from '../api'
import { useConsole } from '../i18n'
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

const PLAYERS_HEAD = ['username', 'id', 'site', 'status', 'phone', 'email', 'joined', 'open'] as const

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

const refusedText = (t: TFunction, status: number, error: string | undefined, what: 'search' | 'open' | 'act'): string =>
  status === 403 ? t(`players.financeOnly.${what}`, { why: error ?? t('refused') }) : (error ?? t(`players.failed.${what}`))

/**
 * The players of the operator's console (finance; docs/operations-players-content.md): look a
 * player up by username, id, phone or e-mail and open their page.
 */
export const PlayersView = ({ onOpen, onOut }: { onOpen: (id: string) => void; onOut: () => void }) => {
  const { t, dateTime } = useConsole()
  const [q, setQ] = useState('')
  const [found, setFound] = useState<ReadonlyArray<PlayerSummary> | null>(null)
  const [said, setSaid] = useState<Said>(null)
  const search = async () => {
    setSaid(null)
    const r = await api<{ players: PlayerSummary[] }>(`ops/players?q=${encodeURIComponent(q)}`)
    if (r.status === 401) return onOut()
    if (!r.body.ok) return setSaid({ ok: false, text: refusedText(t, r.status, r.body.error, 'search') })
    setFound(r.body.players ?? [])
  }
  return (
    <main className="sc-page">
      <h1>{t('players.title')}</h1>
      <p className="sc-note">{t('players.note')}</p>
      <form
        aria-label={t('players.find')}
        className="sc-form"
        onSubmit={(e) => {
          e.preventDefault()
          void search()
        }}
      >
        <label>
          {t('players.query')} <input value={q} onChange={(e) => setQ(e.target.value)} required autoCapitalize="none" autoComplete="off" />
        </label>
        <button type="submit">{t('players.submit')}</button>
      </form>
      <PlayersSaid said={said} />
      {found === null ? null : found.length === 0 ? (
        <p role="status">{t('players.none')}</p>
      ) : (
        <Table label={t('players.table')} head={PLAYERS_HEAD.map((h) => t(`players.col.${h}`))}>
          {found.map((p) => (
            <Row key={p.id}>
              <Cell label={t('players.col.username')}>{p.username}</Cell>
              <Cell label={t('players.col.id')}>
                <code>{p.id}</code>
              </Cell>
              <Cell label={t('players.col.site')}>{p.siteCode}</Cell>
              <Cell label={t('players.col.status')}>{t(`players.status.${p.userStatus}`, { defaultValue: String(p.userStatus) })}</Cell>
              <Cell label={t('players.col.phone')}>{p.phone === '' ? '—' : p.phone}</Cell>
              <Cell label={t('players.col.email')}>{p.email === '' ? '—' : p.email}</Cell>
              <Cell label={t('players.col.joined')}>{dateTime(p.createdAt)}</Cell>
              <Cell label={t('players.col.open')}>
                <button type="button" onClick={() => onOpen(p.id)} aria-label={t('players.openLabel', { username: p.username })}>
                  {t('players.open')}
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
  const { t, money, dateTime } = useConsole()
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
      if (!r.body.ok) return setSaid({ ok: false, text: refusedText(t, r.status, r.body.error, 'open') })
      setPage(r.body as PlayerPage)
    },
    [id, onOut, t],
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
      if (!r.body.ok) return setSaid({ ok: false, text: refusedText(t, r.status, r.body.error, 'act') })
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
          {t('player.back')}
        </button>
        <PlayersSaid said={said} />
        {said === null ? <p role="status">{t('loading')}</p> : null}
      </main>
    )
  }
  const p = page.player
  const ledgerPages = Math.max(1, Math.ceil(page.ledger.total / page.ledger.pageSize))
  return (
    <main className="sc-page">
      <button type="button" onClick={onBack}>
        {t('player.back')}
      </button>
      <h1>
        {p.username} <span className="sc-note">({p.siteCode})</span>
      </h1>
      <Part title={t('player.profile')}>
        <dl className="sc-dl">
          <dt>{t('player.id')}</dt>
          <dd>
            <code>{p.id}</code>
          </dd>
          <dt>{t('player.status')}</dt>
          <dd className={p.userStatus === 1 ? undefined : 'sc-error'}>{t(`players.status.${p.userStatus}`, { defaultValue: p.status })}</dd>
          <dt>{t('player.redPackets')}</dt>
          <dd>{p.redPacketBlacklisted ? t('player.blacklisted') : t('player.allowed')}</dd>
          <dt>{t('player.twoStep')}</dt>
          <dd>{p.twoStep ? t('player.bound') : t('player.notBound')}</dd>
          <dt>{t('player.phone')}</dt>
          <dd>{p.phone === '' ? '—' : p.phone}</dd>
          <dt>{t('player.email')}</dt>
          <dd>{p.email === '' ? '—' : p.email}</dd>
          <dt>{t('player.joined')}</dt>
          <dd>{dateTime(p.createdAt)}</dd>
          <dt>VIP</dt>
          <dd>
            {t('player.vipIs', { name: page.vip.levelName, level: page.vip.level, deposits: money(page.vip.depositAmount), bets: money(page.vip.betAmount) })}
          </dd>
        </dl>
      </Part>
      <Part title={t('player.balances')}>
        <Table label={t('player.balances')} head={[t('order.col.currency'), t('order.col.balance'), t('order.col.ledgerSum'), t('order.col.check')]}>
          {page.balances.map((b) => (
            <Row key={b.currency}>
              <Cell label={t('order.col.currency')}>{b.currency}</Cell>
              <Cell label={t('order.col.balance')}>{money(b.balance)}</Cell>
              <Cell label={t('order.col.ledgerSum')}>{money(b.ledger)}</Cell>
              <Cell label={t('order.col.check')} {...(b.equal ? {} : { className: 'sc-error' })}>
                {b.equal ? t('order.equal') : t('player.differs')}
              </Cell>
            </Row>
          ))}
        </Table>
      </Part>
      <Part title={t('player.actions')}>
        <form aria-label={t('player.accountActions')} className="sc-form" onSubmit={(e) => e.preventDefault()}>
          <label>
            {t('player.reason')} <input value={reason} onChange={(e) => setReason(e.target.value)} minLength={3} maxLength={500} />
          </label>
          <div className="sc-actions">
            {p.userStatus === 1 ? (
              <button type="button" disabled={busy} onClick={() => void act('freeze', {}, t('player.frozen', { username: p.username }))}>
                {t('player.freeze')}
              </button>
            ) : (
              <button type="button" disabled={busy} onClick={() => void act('unfreeze', {}, t('player.unfrozen', { username: p.username }))}>
                {t('player.unfreeze')}
              </button>
            )}
            <button
              type="button"
              disabled={busy}
              onClick={() => void act('redpacket-blacklist', { on: !p.redPacketBlacklisted }, t(p.redPacketBlacklisted ? 'player.redAllowed' : 'player.redBlocked', { username: p.username }))}
            >
              {p.redPacketBlacklisted ? t('player.allowRed') : t('player.blockRed')}
            </button>
            <button type="button" disabled={busy} onClick={() => void act('end-sign-ins', {}, t('player.ended', { username: p.username }))}>
              {t('player.endSignIns')}
            </button>
            <button type="button" disabled={busy || !p.twoStep} onClick={() => void act('reset-two-step', {}, t('player.twoStepReset', { username: p.username }))}>
              {t('player.resetTwoStep')}
            </button>
          </div>
        </form>
        <p className="sc-note">{t('player.twoStepNote')}</p>
        <PlayersSaid said={said} />
      </Part>
      <Part title={t('player.ledger')}>
        <form
          aria-label={t('player.ledgerFilter')}
          className="sc-form"
          onSubmit={(e) => {
            e.preventDefault()
            const f = new FormData(e.currentTarget)
            setFilter({ kind: field(f, 'kind'), from: field(f, 'from'), to: field(f, 'to'), page: 1 })
          }}
        >
          <label>
            {t('player.kind')}{' '}
            <select name="kind" defaultValue={filter.kind}>
              <option value="">{t('player.anyKind')}</option>
              {page.ledger.kinds.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('player.from')} <input type="date" name="from" defaultValue={filter.from} />
          </label>
          <label>
            {t('player.to')} <input type="date" name="to" defaultValue={filter.to} />
          </label>
          <button type="submit">{t('player.show')}</button>
        </form>
        {page.ledger.entries.length === 0 ? (
          <p role="status">{t('player.noLedger')}</p>
        ) : (
          <Table label={t('player.ledger')} head={[t('player.col.when'), t('player.col.kind'), t('player.col.amount'), t('player.col.balanceAfter'), t('player.col.entry')]}>
            {page.ledger.entries.map((e) => (
              <Row key={e.id}>
                <Cell label={t('player.col.when')}>{dateTime(e.at)}</Cell>
                <Cell label={t('player.col.kind')}>{e.kind}</Cell>
                <Cell label={t('player.col.amount')}>{money(e.amount, e.currency)}</Cell>
                <Cell label={t('player.col.balanceAfter')}>{money(e.balance)}</Cell>
                <Cell label={t('player.col.entry')}>
                  <code>{e.id}</code>
                </Cell>
              </Row>
            ))}
          </Table>
        )}
        <nav className="sc-pager" aria-label={t('player.ledgerPages')}>
          <button type="button" disabled={filter.page <= 1} onClick={() => setFilter({ ...filter, page: filter.page - 1 })}>
            {t('player.newer')}
          </button>
          <span>
            {t('player.pageOf', { page: page.ledger.page, pages: ledgerPages, count: page.ledger.total })}
          </span>
          <button type="button" disabled={filter.page >= ledgerPages} onClick={() => setFilter({ ...filter, page: filter.page + 1 })}>
            {t('player.older')}
          </button>
        </nav>
      </Part>
      <Part title={t('player.sessions')}>
        {page.sessions.length === 0 ? (
          <p role="status">{t('player.noSession')}</p>
        ) : (
          <Table label={t('player.uploaded')} head={[t('player.col.reference'), t('player.col.uploaded'), t('player.col.errors'), t('player.col.open')]}>
            {page.sessions.map((s) => (
              <Row key={s.reference}>
                <Cell label={t('player.col.reference')}>
                  <code>{s.reference}</code>
                </Cell>
                <Cell label={t('player.col.uploaded')}>{dateTime(s.uploadedAt)}</Cell>
                <Cell label={t('player.col.errors')}>{s.errorCodes.length === 0 ? '—' : s.errorCodes.join(', ')}</Cell>
                <Cell label={t('player.col.open')}>
                  <a
                    href={`/support/sessions/${encodeURIComponent(s.reference)}`}
                    onClick={(e) => {
                      if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return
                      e.preventDefault()
                      onSession(s.reference)
                    }}
                  >
                    {t('player.openSession', { reference: s.reference })}
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
