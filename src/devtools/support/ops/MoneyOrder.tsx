import { useCallback, useEffect, useState } from 'react'
import { api, utc } from '../api'
import { Cell, Row, Table } from '../Table'
import { DEPOSIT_STATUS, OutcomeLine, Part, WITHDRAW_STATUS, type Approval, type OrderView, type Outcome } from './MoneyShared'

interface Decision {
  readonly changed: boolean
  readonly status: number
  readonly approvals: ReadonlyArray<Approval>
  readonly approvalsNeeded: number
}

/**
 * One withdrawal in the operator's console (finance; docs/operations.md): the order, its
 * player's balances each beside its ledger's sum, recent ledger entries, deposits, rounds and
 * withdrawals, the rules that apply (turnover still owed, fees, the second-approval amount), who
 * approved so far, and the decisions: approve, refuse with a reason the player sees, mark paid
 * with the payout's reference. The hall enforces four-eyes; its refusal shows as an alert.
 */
export const MoneyOrder = ({ orderNo, onBack, onOut }: { orderNo: string; onBack: () => void; onOut: () => void }) => {
  const [view, setView] = useState<OrderView | null>(null)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [approveReason, setApproveReason] = useState('')
  const [refuseReason, setRefuseReason] = useState('')
  const [payoutReference, setPayoutReference] = useState('')
  const [busy, setBusy] = useState(false)

  const load = useCallback(async () => {
    const r = await api<OrderView>(`ops/withdrawals/${encodeURIComponent(orderNo)}`)
    if (r.status === 401) return onOut()
    if (!r.body.ok) return setOutcome({ ok: false, text: r.body.error ?? 'the order could not be read' })
    setView(r.body as unknown as OrderView)
  }, [orderNo, onOut])
  useEffect(() => {
    void load()
  }, [load])

  const decide = async (action: 'approve' | 'refuse' | 'paid', body: Record<string, string>, said: string) => {
    setBusy(true)
    try {
      const r = await api<Decision>(`ops/withdrawals/${encodeURIComponent(orderNo)}/${action}`, body)
      if (r.status === 401) return onOut()
      if (!r.body.ok) return setOutcome({ ok: false, text: r.body.error ?? 'the decision was refused' })
      setOutcome({ ok: true, text: r.body.changed === true ? said : `${said} already: nothing changed` })
      await load()
    } finally {
      setBusy(false)
    }
  }

  const o = view?.order
  return (
    <main className="sc-page">
      <nav aria-label="Withdrawal" className="sc-nav">
        <button type="button" onClick={onBack}>
          Back to withdrawals
        </button>
      </nav>
      <h1>Withdrawal {orderNo}</h1>
      <OutcomeLine outcome={outcome} />
      {view === null || o === undefined ? null : (
        <>
          <Part title="Order">
            <dl className="sc-dl">
              <dt>Player</dt>
              <dd>
                {view.player.username} (id {view.player.id}, site {view.player.siteCode})
              </dd>
              <dt>Amount</dt>
              <dd>
                {o.amount} {o.currency} (fee {o.fee}, arrives {o.arrive_amount})
              </dd>
              <dt>To</dt>
              <dd>
                {o.account.name} {o.account.account_no} {o.account.holder === '' ? '' : `(${o.account.holder})`}
              </dd>
              <dt>Status</dt>
              <dd data-testid="order-status">{WITHDRAW_STATUS[o.status] ?? o.status}</dd>
              <dt>Asked (UTC)</dt>
              <dd>{o.created_at}</dd>
              {o.reason === '' ? null : (
                <>
                  <dt>Reason</dt>
                  <dd>{o.reason}</dd>
                </>
              )}
              {o.payout_reference === '' ? null : (
                <>
                  <dt>Payout reference</dt>
                  <dd>{o.payout_reference}</dd>
                </>
              )}
            </dl>
          </Part>
          <Part title="Approvals">
            <p className="sc-note">
              {view.approvalsNeeded === 2
                ? `Two approvals from different finance accounts are needed before payout (above the site's second-approval amount of ${view.rules.secondApprovalOver}).`
                : `One approval is needed before payout (at most the site's second-approval amount of ${view.rules.secondApprovalOver}).`}
            </p>
            {view.approvals.length === 0 ? (
              <p>No approval yet.</p>
            ) : (
              <ul aria-label="Approved by">
                {view.approvals.map((a) => (
                  <li key={a.account}>
                    Approved by {a.account} at {utc(a.at)}
                    {a.reason === '' ? '' : `: ${a.reason}`}
                  </li>
                ))}
              </ul>
            )}
          </Part>
          {o.status === 0 || o.status === 1 ? (
            <Part title="Decide">
              <form
                aria-label="Approve"
                className="sc-form"
                onSubmit={(e) => {
                  e.preventDefault()
                  void decide('approve', { reason: approveReason }, 'Approved').then(() => setApproveReason(''))
                }}
              >
                <label>
                  Note (optional) <input value={approveReason} onChange={(e) => setApproveReason(e.target.value)} maxLength={500} />
                </label>
                <button type="submit" disabled={busy}>
                  Approve
                </button>
              </form>
              <form
                aria-label="Refuse"
                className="sc-form"
                onSubmit={(e) => {
                  e.preventDefault()
                  void decide('refuse', { reason: refuseReason }, 'Refused')
                }}
              >
                <label>
                  Reason the player sees <input value={refuseReason} onChange={(e) => setRefuseReason(e.target.value)} maxLength={500} required />
                </label>
                <button type="submit" disabled={busy}>
                  Refuse
                </button>
              </form>
              {o.status === 1 ? (
                <form
                  aria-label="Mark paid"
                  className="sc-form"
                  onSubmit={(e) => {
                    e.preventDefault()
                    void decide('paid', { payoutReference }, 'Marked paid')
                  }}
                >
                  <label>
                    Payout reference <input value={payoutReference} onChange={(e) => setPayoutReference(e.target.value)} maxLength={500} required autoCapitalize="none" />
                  </label>
                  <button type="submit" disabled={busy}>
                    Mark paid
                  </button>
                </form>
              ) : null}
            </Part>
          ) : null}
          <Part title="Balances">
            <Table label="Balances" head={['Currency', 'Balance', 'Ledger sum', 'Check']}>
              {view.balances.map((b) => (
                <Row key={b.currency}>
                  <Cell label="Currency">{b.currency}</Cell>
                  <Cell label="Balance">{b.balance}</Cell>
                  <Cell label="Ledger sum">{b.ledgerSum}</Cell>
                  <Cell label="Check">{Number(b.balance) === Number(b.ledgerSum) ? 'equal' : 'DIFFERENT'}</Cell>
                </Row>
              ))}
            </Table>
            <p className="sc-note">
              Withdrawable now {view.withdrawable.withdrawable} {view.player.currency}; held by open withdrawals {view.withdrawable.frozen}; locked by turnover {view.withdrawable.locked}.
            </p>
          </Part>
          <Part title="Rules that apply">
            <p className="sc-note">
              Fee {view.rules.feeRate ?? '—'}% of the amount ({view.rules.fastExtraRate} point more at fast speed). Turnover still owed: {view.withdrawable.auditNeed}{' '}
              {view.player.currency}.
            </p>
            {view.rules.turnover.length === 0 ? (
              <p>No running turnover requirement.</p>
            ) : (
              <Table label="Turnover requirements" head={['From', 'Amount', 'Bet needed', 'Bet so far']}>
                {view.rules.turnover.map((t) => (
                  <Row key={t.id}>
                    <Cell label="From">
                      {t.source}
                      {t.title === '' ? '' : `: ${t.title}`}
                    </Cell>
                    <Cell label="Amount">{t.amount}</Cell>
                    <Cell label="Bet needed">{t.needBet}</Cell>
                    <Cell label="Bet so far">{t.doneBet}</Cell>
                  </Row>
                ))}
              </Table>
            )}
          </Part>
          <Part title="Recent ledger entries">
            <Table label="Ledger" head={['At (UTC)', 'Kind', 'Amount', 'Balance after']}>
              {view.ledger.map((e, i) => (
                <Row key={i}>
                  <Cell label="At (UTC)">{utc(e.at)}</Cell>
                  <Cell label="Kind">{e.kind}</Cell>
                  <Cell label="Amount">
                    {e.amount} {e.currency}
                  </Cell>
                  <Cell label="Balance after">{e.balance}</Cell>
                </Row>
              ))}
            </Table>
          </Part>
          <Part title="Recent deposits">
            {view.deposits.length === 0 ? (
              <p>No deposit.</p>
            ) : (
              <Table label="Deposits" head={['Order', 'Kind', 'Amount', 'Status', 'At (UTC)']}>
                {view.deposits.map((d) => (
                  <Row key={d.orderNo}>
                    <Cell label="Order">{d.orderNo}</Cell>
                    <Cell label="Kind">{d.kind}</Cell>
                    <Cell label="Amount">
                      {d.amount} {d.currency}
                    </Cell>
                    <Cell label="Status">{DEPOSIT_STATUS[d.status] ?? d.status}</Cell>
                    <Cell label="At (UTC)">{utc(d.createdAt)}</Cell>
                  </Row>
                ))}
              </Table>
            )}
          </Part>
          <Part title="Recent rounds">
            {view.rounds.length === 0 ? (
              <p>No round played.</p>
            ) : (
              <Table label="Rounds" head={['Game', 'Bet', 'Win', 'At (UTC)']}>
                {view.rounds.map((r) => (
                  <Row key={r.id}>
                    <Cell label="Game">{r.game}</Cell>
                    <Cell label="Bet">
                      {r.bet} {r.currency}
                    </Cell>
                    <Cell label="Win">{r.win}</Cell>
                    <Cell label="At (UTC)">{utc(r.at)}</Cell>
                  </Row>
                ))}
              </Table>
            )}
          </Part>
          <Part title="Recent withdrawals">
            <Table label="Withdrawals of the player" head={['Order', 'Amount', 'Status', 'At (UTC)']}>
              {view.withdrawals.map((w) => (
                <Row key={w.orderNo}>
                  <Cell label="Order">{w.orderNo}</Cell>
                  <Cell label="Amount">
                    {w.amount} {w.currency}
                  </Cell>
                  <Cell label="Status">{WITHDRAW_STATUS[w.status] ?? w.status}</Cell>
                  <Cell label="At (UTC)">{utc(w.createdAt)}</Cell>
                </Row>
              ))}
            </Table>
          </Part>
        </>
      )}
    </main>
  )
}
