import { useCallback, useEffect, useState } from 'react'
import { api } from '../api'
import { useConsole } from '../i18n'
import { Cell, Row, Table } from '../Table'
import { OutcomeLine, type DepositRow, type Outcome } from './MoneyShared'

const STATES = ['waiting', 'online', 'decided'] as const
type State = (typeof STATES)[number]
const HEAD = ['order', 'player', 'site', 'method', 'amount', 'status', 'made'] as const

/**
 * The deposits of the operator's console (finance; docs/operations.md): offline transfers and
 * crypto deposits waiting for confirmation (confirm, or reject with a reason), online orders
 * their provider never confirmed (settle by hand with the provider's reference, once), and what
 * was decided here, by whom.
 */
export const MoneyDeposits = ({ onOut }: { onOut: () => void }) => {
  const { t, money, dateTime } = useConsole()
  const [state, setState] = useState<State>('waiting')
  const [rows, setRows] = useState<ReadonlyArray<DepositRow> | null>(null)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [texts, setTexts] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  const load = useCallback(
    async (s: State) => {
      const r = await api<{ deposits: DepositRow[] }>(`ops/deposits?state=${s}`)
      if (r.status === 401) return onOut()
      if (!r.body.ok) return setOutcome({ ok: false, text: r.status === 403 ? t('deposits.financeOnly', { why: r.body.error ?? t('refused') }) : (r.body.error ?? t('deposits.failed')) })
      setRows(r.body.deposits ?? [])
    },
    [onOut, t],
  )
  useEffect(() => {
    void load(state)
  }, [load, state])

  const decide = async (orderNo: string, action: 'confirm' | 'reject' | 'settle', body: Record<string, string>, said: string) => {
    setBusy(true)
    try {
      const r = await api<{ changed: boolean; decidedBy: string }>(`ops/deposits/${encodeURIComponent(orderNo)}/${action}`, body)
      if (r.status === 401) return onOut()
      if (!r.body.ok) return setOutcome({ ok: false, text: r.body.error ?? t('deposits.refused') })
      setOutcome({ ok: true, text: r.body.changed === true ? `${said} ${orderNo}` : t('deposits.already', { orderNo, who: r.body.decidedBy ?? t('deposits.another') }) })
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
      <h1>{t('deposits.title')}</h1>
      <p className="sc-note">{t('deposits.note')}</p>
      <form aria-label={t('deposits.which')} className="sc-form" onSubmit={(e) => e.preventDefault()}>
        <label>
          {t('deposits.show')}{' '}
          <select
            value={state}
            onChange={(e) => {
              setOutcome(null)
              setRows(null)
              setState(e.target.value as State)
            }}
          >
            {STATES.map((v) => (
              <option key={v} value={v}>
                {t(`deposits.states.${v}`)}
              </option>
            ))}
          </select>
        </label>
      </form>
      <OutcomeLine outcome={outcome} />
      {rows === null ? null : rows.length === 0 ? (
        <p role="status">{t('deposits.none')}</p>
      ) : (
        <Table label={t('deposits.table')} head={[...HEAD.map((h) => t(`deposits.col.${h}`)), t(state === 'decided' ? 'deposits.col.decision' : 'deposits.col.decide')]}>
          {rows.map((d) => (
            <Row key={d.orderNo}>
              <Cell label={t('deposits.col.order')}>
                <code>{d.orderNo}</code>
              </Cell>
              <Cell label={t('deposits.col.player')}>{d.username}</Cell>
              <Cell label={t('deposits.col.site')}>{d.siteCode}</Cell>
              <Cell label={t('deposits.col.method')}>
                {d.channelName} ({d.kind}){d.payerName === '' ? '' : t('deposits.paidBy', { name: d.payerName })}
              </Cell>
              <Cell label={t('deposits.col.amount')}>
                {money(d.amount, d.currency)}
                {d.walletCurrency !== d.currency || d.credit !== d.amount ? t('deposits.credits', { amount: money(d.credit, d.walletCurrency) }) : ''}
              </Cell>
              <Cell label={t('deposits.col.status')}>{t(`depositStatus.${d.status}`, { defaultValue: String(d.status) })}</Cell>
              <Cell label={t('deposits.col.made')}>{dateTime(d.createdAt)}</Cell>
              <Cell label={t(state === 'decided' ? 'deposits.col.decision' : 'deposits.col.decide')}>
                {d.decision !== null ? (
                  <span>
                    {t('deposits.decidedBy', { action: t(`deposits.action.${d.decision.action}`, { defaultValue: d.decision.action }), account: d.decision.account, at: dateTime(d.decision.at) })}
                    {d.decision.reason === '' ? '' : `: ${d.decision.reason}`}
                    {d.decision.reference === '' ? '' : t('deposits.reference', { reference: d.decision.reference })}
                  </span>
                ) : state === 'online' ? (
                  <form
                    aria-label={t('deposits.settlementOf', { orderNo: d.orderNo })}
                    className="sc-actions"
                    onSubmit={(e) => {
                      e.preventDefault()
                      void decide(d.orderNo, 'settle', { reference: text(d.orderNo) }, t('deposits.settled'))
                    }}
                  >
                    <input aria-label={t('deposits.providerReferenceOf', { orderNo: d.orderNo })} placeholder={t('deposits.providerReference')} value={text(d.orderNo)} onChange={typed(d.orderNo)} required autoCapitalize="none" />
                    <button type="submit" disabled={busy} aria-label={t('deposits.settleLabel', { orderNo: d.orderNo })}>
                      {t('deposits.settle')}
                    </button>
                  </form>
                ) : (
                  <div className="sc-actions">
                    <button type="button" disabled={busy} onClick={() => void decide(d.orderNo, 'confirm', {}, t('deposits.confirmed'))} aria-label={t('deposits.confirmLabel', { orderNo: d.orderNo })}>
                      {t('deposits.confirm')}
                    </button>
                    <form
                      aria-label={t('deposits.rejectionOf', { orderNo: d.orderNo })}
                      className="sc-actions"
                      onSubmit={(e) => {
                        e.preventDefault()
                        void decide(d.orderNo, 'reject', { reason: text(d.orderNo) }, t('deposits.rejected'))
                      }}
                    >
                      <input aria-label={t('deposits.reasonOf', { orderNo: d.orderNo })} placeholder={t('deposits.reason')} value={text(d.orderNo)} onChange={typed(d.orderNo)} required />
                      <button type="submit" disabled={busy} aria-label={t('deposits.rejectLabel', { orderNo: d.orderNo })}>
                        {t('deposits.reject')}
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
