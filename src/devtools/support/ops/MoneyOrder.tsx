import { useCallback, useEffect, useState } from 'react'
import { api } from '../api'
import { useConsole } from '../i18n'
import { Cell, Row, Table } from '../Table'
import { OutcomeLine, Part, type Approval, type OrderView, type Outcome } from './MoneyShared'

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
  const { t, money, dateTime } = useConsole()
  const ws = (n: number) => t(`withdrawStatus.${n}`, { defaultValue: String(n) })
  const ds = (n: number) => t(`depositStatus.${n}`, { defaultValue: String(n) })
  const [view, setView] = useState<OrderView | null>(null)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [approveReason, setApproveReason] = useState('')
  const [refuseReason, setRefuseReason] = useState('')
  const [payoutReference, setPayoutReference] = useState('')
  const [busy, setBusy] = useState(false)

  const load = useCallback(async () => {
    const r = await api<OrderView>(`ops/withdrawals/${encodeURIComponent(orderNo)}`)
    if (r.status === 401) return onOut()
    if (!r.body.ok) return setOutcome({ ok: false, text: r.body.error ?? t('order.failed') })
    setView(r.body as unknown as OrderView)
  }, [orderNo, onOut, t])
  useEffect(() => {
    void load()
  }, [load])

  const decide = async (action: 'approve' | 'refuse' | 'paid', body: Record<string, string>, said: string) => {
    setBusy(true)
    try {
      const r = await api<Decision>(`ops/withdrawals/${encodeURIComponent(orderNo)}/${action}`, body)
      if (r.status === 401) return onOut()
      if (!r.body.ok) return setOutcome({ ok: false, text: r.body.error ?? t('order.refused') })
      setOutcome({ ok: true, text: r.body.changed === true ? said : t('order.already', { said }) })
      await load()
    } finally {
      setBusy(false)
    }
  }

  const o = view?.order
  return (
    <main className="sc-page">
      <nav aria-label={t('order.nav')} className="sc-nav">
        <button type="button" onClick={onBack}>
          {t('order.back')}
        </button>
      </nav>
      <h1>{t('order.title', { orderNo })}</h1>
      <OutcomeLine outcome={outcome} />
      {view === null || o === undefined ? null : (
        <>
          <Part title={t('order.order')}>
            <dl className="sc-dl">
              <dt>{t('order.player')}</dt>
              <dd>
                {t('order.playerIs', { username: view.player.username, id: view.player.id, site: view.player.siteCode })}
              </dd>
              <dt>{t('order.amount')}</dt>
              <dd>
                {t('order.amountIs', { amount: money(o.amount, o.currency), fee: money(o.fee), arrives: money(o.arrive_amount) })}
              </dd>
              <dt>{t('order.to')}</dt>
              <dd>
                {o.account.name} {o.account.account_no} {o.account.holder === '' ? '' : `(${o.account.holder})`}
              </dd>
              <dt>{t('order.status')}</dt>
              <dd data-testid="order-status">{ws(o.status)}</dd>
              <dt>{t('order.asked')}</dt>
              <dd>{dateTime(o.created_at)}</dd>
              {o.reason === '' ? null : (
                <>
                  <dt>{t('order.reason')}</dt>
                  <dd>{o.reason}</dd>
                </>
              )}
              {o.payout_reference === '' ? null : (
                <>
                  <dt>{t('order.payoutReference')}</dt>
                  <dd>{o.payout_reference}</dd>
                </>
              )}
            </dl>
          </Part>
          <Part title={t('order.approvals')}>
            <p className="sc-note">
              {view.approvalsNeeded === 2
                ? t('order.needTwo', { amount: money(view.rules.secondApprovalOver) })
                : t('order.needOne', { amount: money(view.rules.secondApprovalOver) })}
            </p>
            {view.approvals.length === 0 ? (
              <p>{t('order.noApproval')}</p>
            ) : (
              <ul aria-label={t('order.approvedBy')}>
                {view.approvals.map((a) => (
                  <li key={a.account}>
                    {t(a.reason === '' ? 'order.approvedByAt' : 'order.approvedByAtWhy', { account: a.account, at: dateTime(a.at), reason: a.reason })}
                  </li>
                ))}
              </ul>
            )}
          </Part>
          {o.status === 0 || o.status === 1 ? (
            <Part title={t('order.decide')}>
              <form
                aria-label={t('order.approve')}
                className="sc-form"
                onSubmit={(e) => {
                  e.preventDefault()
                  void decide('approve', { reason: approveReason }, t('order.approved')).then(() => setApproveReason(''))
                }}
              >
                <label>
                  {t('order.note')} <input value={approveReason} onChange={(e) => setApproveReason(e.target.value)} maxLength={500} />
                </label>
                <button type="submit" disabled={busy}>
                  {t('order.approve')}
                </button>
              </form>
              <form
                aria-label={t('order.refuse')}
                className="sc-form"
                onSubmit={(e) => {
                  e.preventDefault()
                  void decide('refuse', { reason: refuseReason }, t('order.refusedDone'))
                }}
              >
                <label>
                  {t('order.refuseReason')} <input value={refuseReason} onChange={(e) => setRefuseReason(e.target.value)} maxLength={500} required />
                </label>
                <button type="submit" disabled={busy}>
                  {t('order.refuse')}
                </button>
              </form>
              {o.status === 1 ? (
                <form
                  aria-label={t('order.markPaid')}
                  className="sc-form"
                  onSubmit={(e) => {
                    e.preventDefault()
                    void decide('paid', { payoutReference }, t('order.markedPaid'))
                  }}
                >
                  <label>
                    {t('order.payoutReference')} <input value={payoutReference} onChange={(e) => setPayoutReference(e.target.value)} maxLength={500} required autoCapitalize="none" />
                  </label>
                  <button type="submit" disabled={busy}>
                    {t('order.markPaid')}
                  </button>
                </form>
              ) : null}
            </Part>
          ) : null}
          <Part title={t('order.balances')}>
            <Table label={t('order.balances')} head={[t('order.col.currency'), t('order.col.balance'), t('order.col.ledgerSum'), t('order.col.check')]}>
              {view.balances.map((b) => (
                <Row key={b.currency}>
                  <Cell label={t('order.col.currency')}>{b.currency}</Cell>
                  <Cell label={t('order.col.balance')}>{money(b.balance)}</Cell>
                  <Cell label={t('order.col.ledgerSum')}>{money(b.ledgerSum)}</Cell>
                  <Cell label={t('order.col.check')}>{Number(b.balance) === Number(b.ledgerSum) ? t('order.equal') : t('order.different')}</Cell>
                </Row>
              ))}
            </Table>
            <p className="sc-note">
              {t('order.withdrawable', { withdrawable: money(view.withdrawable.withdrawable, view.player.currency), frozen: money(view.withdrawable.frozen), locked: money(view.withdrawable.locked) })}
            </p>
          </Part>
          <Part title={t('order.rules')}>
            <p className="sc-note">
              {t('order.fee', { rate: view.rules.feeRate ?? '—', fast: view.rules.fastExtraRate, owed: money(view.withdrawable.auditNeed, view.player.currency) })}
            </p>
            {view.rules.turnover.length === 0 ? (
              <p>{t('order.noTurnover')}</p>
            ) : (
              <Table label={t('order.turnover')} head={[t('order.col.from'), t('order.col.amount'), t('order.col.needBet'), t('order.col.doneBet')]}>
                {view.rules.turnover.map((r) => (
                  <Row key={r.id}>
                    <Cell label={t('order.col.from')}>
                      {r.source}
                      {r.title === '' ? '' : `: ${r.title}`}
                    </Cell>
                    <Cell label={t('order.col.amount')}>{money(r.amount)}</Cell>
                    <Cell label={t('order.col.needBet')}>{money(r.needBet)}</Cell>
                    <Cell label={t('order.col.doneBet')}>{money(r.doneBet)}</Cell>
                  </Row>
                ))}
              </Table>
            )}
          </Part>
          <Part title={t('order.ledgerPart')}>
            <Table label={t('order.ledger')} head={[t('order.col.at'), t('order.col.kind'), t('order.col.amount'), t('order.col.balanceAfter')]}>
              {view.ledger.map((e, i) => (
                <Row key={i}>
                  <Cell label={t('order.col.at')}>{dateTime(e.at)}</Cell>
                  <Cell label={t('order.col.kind')}>{e.kind}</Cell>
                  <Cell label={t('order.col.amount')}>{money(e.amount, e.currency)}</Cell>
                  <Cell label={t('order.col.balanceAfter')}>{money(e.balance)}</Cell>
                </Row>
              ))}
            </Table>
          </Part>
          <Part title={t('order.depositsPart')}>
            {view.deposits.length === 0 ? (
              <p>{t('order.noDeposit')}</p>
            ) : (
              <Table label={t('order.deposits')} head={[t('order.col.order'), t('order.col.kind'), t('order.col.amount'), t('order.col.status'), t('order.col.at')]}>
                {view.deposits.map((d) => (
                  <Row key={d.orderNo}>
                    <Cell label={t('order.col.order')}>{d.orderNo}</Cell>
                    <Cell label={t('order.col.kind')}>{d.kind}</Cell>
                    <Cell label={t('order.col.amount')}>{money(d.amount, d.currency)}</Cell>
                    <Cell label={t('order.col.status')}>{ds(d.status)}</Cell>
                    <Cell label={t('order.col.at')}>{dateTime(d.createdAt)}</Cell>
                  </Row>
                ))}
              </Table>
            )}
          </Part>
          <Part title={t('order.roundsPart')}>
            {view.rounds.length === 0 ? (
              <p>{t('order.noRound')}</p>
            ) : (
              <Table label={t('order.rounds')} head={[t('order.col.game'), t('order.col.bet'), t('order.col.win'), t('order.col.at')]}>
                {view.rounds.map((r) => (
                  <Row key={r.id}>
                    <Cell label={t('order.col.game')}>{r.game}</Cell>
                    <Cell label={t('order.col.bet')}>{money(r.bet, r.currency)}</Cell>
                    <Cell label={t('order.col.win')}>{money(r.win)}</Cell>
                    <Cell label={t('order.col.at')}>{dateTime(r.at)}</Cell>
                  </Row>
                ))}
              </Table>
            )}
          </Part>
          <Part title={t('order.withdrawalsPart')}>
            <Table label={t('order.withdrawals')} head={[t('order.col.order'), t('order.col.amount'), t('order.col.status'), t('order.col.at')]}>
              {view.withdrawals.map((w) => (
                <Row key={w.orderNo}>
                  <Cell label={t('order.col.order')}>{w.orderNo}</Cell>
                  <Cell label={t('order.col.amount')}>{money(w.amount, w.currency)}</Cell>
                  <Cell label={t('order.col.status')}>{ws(w.status)}</Cell>
                  <Cell label={t('order.col.at')}>{dateTime(w.createdAt)}</Cell>
                </Row>
              ))}
            </Table>
          </Part>
        </>
      )}
    </main>
  )
}
