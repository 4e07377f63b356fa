import { useCallback, useEffect, useState } from 'react'
import { api, utc } from '../api'
import { Cell, Row, Table } from '../Table'
import { DEPOSIT_STATUS, OutcomeLine, type DepositRow, type Outcome } from './MoneyShared'

const STATES = [
  ['waiting', 'Waiting for confirmation'],
  ['online', 'Online, never confirmed'],
  ['decided', 'Decided here'],
] as const
type State = (typeof STATES)[number][0]

/**
 * The deposits of the operator's console (finance; docs/operations.md): offline transfers and
 * crypto deposits waiting for confirmation (confirm, or reject with a reason), online orders
 * their provider never confirmed (settle by hand with the provider's reference, once), and what
 * was decided here, by whom.
 */
export const MoneyDeposits = ({ onOut }: { onOut: () => void }) => {
  const [state, setState] = useState<State>('waiting')
  const [rows, setRows] = useState<ReadonlyArray<DepositRow> | null>(null)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [texts, setTexts] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  const load = useCallback(
    async (s: State) => {
      const r = await api<{ deposits: DepositRow[] }>(`ops/deposits?state=${s}`)
      if (r.status === 401) return onOut()
      if (!r.body.ok) return setOutcome({ ok: false, text: r.status === 403 ? `Only a finance account can see deposits (${r.body.error ?? 'refused'}).` : (r.body.error ?? 'the deposits could not be read') })
      setRows(r.body.deposits ?? [])
    },
    [onOut],
  )
  useEffect(() => {
    void load(state)
  }, [load, state])

  const decide = async (orderNo: string, action: 'confirm' | 'reject' | 'settle', body: Record<string, string>, said: string) => {
    setBusy(true)
    try {
      const r = await api<{ changed: boolean; decidedBy: string }>(`ops/deposits/${encodeURIComponent(orderNo)}/${action}`, body)
      if (r.status === 401) return onOut()
      if (!r.body.ok) return setOutcome({ ok: false, text: r.body.error ?? 'the decision was refused' })
      setOutcome({ ok: true, text: r.body.changed === true ? `${said} ${orderNo}` : `${orderNo} was already decided by ${r.body.decidedBy ?? 'another account'}: nothing changed` })
      setTexts({ ...texts, [orderNo]: '' })
      await load(state)
    } finally {
      setBusy(false)
    }
  }
  const text = (orderNo: string) => texts[orderNo] ?? ''
  const typed = (orderNo: string) => (e: { target: { value: string } }) => setTexts({ ...texts, [orderNo]: e.target.value })

  return (
    <main className="sc-page">
      <h1>Deposits</h1>
      <p className="sc-note">
        Confirm an offline transfer or a crypto deposit once the money is in the account; reject it with the reason when it never arrives. An online order its provider never
        confirmed is settled by hand with the provider&apos;s reference of the payment, once. Every decision is in the audit trail.
      </p>
      <form aria-label="Which deposits" className="sc-form" onSubmit={(e) => e.preventDefault()}>
        <label>
          Show{' '}
          <select
            value={state}
            onChange={(e) => {
              setOutcome(null)
              setRows(null)
              setState(e.target.value as State)
            }}
          >
            {STATES.map(([v, label]) => (
              <option key={v} value={v}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </form>
      <OutcomeLine outcome={outcome} />
      {rows === null ? null : rows.length === 0 ? (
        <p role="status">No deposit here.</p>
      ) : (
        <Table label="Deposits" head={['Order', 'Player', 'Site', 'Method', 'Amount', 'Status', 'Made (UTC)', state === 'decided' ? 'Decision' : 'Decide']}>
          {rows.map((d) => (
            <Row key={d.orderNo}>
              <Cell label="Order">
                <code>{d.orderNo}</code>
              </Cell>
              <Cell label="Player">{d.username}</Cell>
              <Cell label="Site">{d.siteCode}</Cell>
              <Cell label="Method">
                {d.channelName} ({d.kind}){d.payerName === '' ? '' : `, paid by ${d.payerName}`}
              </Cell>
              <Cell label="Amount">
                {d.amount} {d.currency}
                {d.walletCurrency !== d.currency || d.credit !== d.amount ? ` (credits ${d.credit} ${d.walletCurrency})` : ''}
              </Cell>
              <Cell label="Status">{DEPOSIT_STATUS[d.status] ?? d.status}</Cell>
              <Cell label="Made (UTC)">{utc(d.createdAt)}</Cell>
              <Cell label={state === 'decided' ? 'Decision' : 'Decide'}>
                {d.decision !== null ? (
                  <span>
                    {d.decision.action} by {d.decision.account} at {utc(d.decision.at)}
                    {d.decision.reason === '' ? '' : `: ${d.decision.reason}`}
                    {d.decision.reference === '' ? '' : ` (reference ${d.decision.reference})`}
                  </span>
                ) : state === 'online' ? (
                  <form
                    aria-label={`Settlement of ${d.orderNo}`}
                    className="sc-actions"
                    onSubmit={(e) => {
                      e.preventDefault()
                      void decide(d.orderNo, 'settle', { reference: text(d.orderNo) }, 'Settled')
                    }}
                  >
                    <input aria-label={`Provider reference of ${d.orderNo}`} placeholder="Provider reference" value={text(d.orderNo)} onChange={typed(d.orderNo)} required autoCapitalize="none" />
                    <button type="submit" disabled={busy} aria-label={`Settle ${d.orderNo}`}>
                      Settle
                    </button>
                  </form>
                ) : (
                  <div className="sc-actions">
                    <button type="button" disabled={busy} onClick={() => void decide(d.orderNo, 'confirm', {}, 'Confirmed')} aria-label={`Confirm ${d.orderNo}`}>
                      Confirm
                    </button>
                    <form
                      aria-label={`Rejection of ${d.orderNo}`}
                      className="sc-actions"
                      onSubmit={(e) => {
                        e.preventDefault()
                        void decide(d.orderNo, 'reject', { reason: text(d.orderNo) }, 'Rejected')
                      }}
                    >
                      <input aria-label={`Reason to reject ${d.orderNo}`} placeholder="Reason to reject" value={text(d.orderNo)} onChange={typed(d.orderNo)} required />
                      <button type="submit" disabled={busy} aria-label={`Reject ${d.orderNo}`}>
                        Reject
                      </button>
                    </form>
                  </div>
                )}
              </Cell>
            </Row>
          ))}
        </Table>
      )}
    </main>
  )
}
