import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { betRecordsActor, movementsActor, statementActor, type BetRecord, type Movement, type MovementKind, type StatementDay } from '../../../actors/records'
import type { Condition } from '../../../schemas/events'
import { usePagedList } from '../../system-react'
import { DateFilter, StateFilter, type DateRange, type StateFilterValue } from '../../ui/filters'
import { InfiniteList } from '../../ui/paged/InfiniteList'
import { PagedTable } from '../../ui/paged/PagedTable'
import type { Column } from '../../ui/paged/types'
import { DESKTOP_QUERY, useMedia } from '../../ui/useMedia'
import { formatMoney } from '../shell/Header'
import './records.css'

const KINDS: ReadonlyArray<MovementKind> = ['all', 'deposit', 'withdraw', 'bet', 'win', 'bonus', 'transfer', 'interest', 'other']

/** The condition of a record list: the date filter (with its custom days) and the rest. */
const conditionOf = (range: DateRange, extra: Condition = {}): Condition => ({
  dateType: range.dateType,
  ...(range.dateType === -4 && range.startDate !== undefined && range.startDate !== '' ? { startDate: range.startDate } : {}),
  ...(range.dateType === -4 && range.endDate !== undefined && range.endDate !== '' ? { endDate: range.endDate } : {}),
  ...extra,
})

const useMoney = () => {
  const { i18n } = useTranslation()
  return (amount: string) => formatMoney(Number(amount), i18n.language)
}

/** A signed amount, coloured by its sign and said with it. */
const Signed = ({ amount }: { amount: string }) => {
  const money = useMoney()
  const n = Number(amount)
  return <span className={n > 0 ? 'records__plus' : n < 0 ? 'records__minus' : undefined}>{n > 0 ? `+${money(amount)}` : money(amount)}</span>
}

/**
 * The betting record (screens §2 /home/records, /home/report current 1): the player's bets with
 * the date and state filters; a table with the totals on the web, cards on a phone.
 */
export const BettingRecord = () => {
  const { t } = useTranslation('records')
  const { t: account } = useTranslation('account')
  const caption = account('personal.bettingRecord')
  const money = useMoney()
  const desktop = useMedia(DESKTOP_QUERY)
  const [range, setRange] = useState<DateRange>({ dateType: 0 })
  const [state, setState] = useState<StateFilterValue>(10000)
  const { view, intents } = usePagedList(betRecordsActor, conditionOf(range, { state }))
  const columns: ReadonlyArray<Column<BetRecord>> = [
    { key: 'time', header: t('time'), cell: (r) => r.betTime },
    { key: 'game', header: t('game'), cell: (r) => `${r.gameName} · ${r.platformName}` },
    { key: 'bet', header: t('bet'), cell: (r) => money(r.betAmount), align: 'end' },
    { key: 'valid', header: t('validBet'), cell: (r) => money(r.validBet), align: 'end' },
    { key: 'win', header: t('win'), cell: (r) => money(r.winAmount), align: 'end' },
    { key: 'profit', header: t('profit'), cell: (r) => <Signed amount={r.profit} />, align: 'end' },
    { key: 'state', header: t('state'), cell: (r) => t(`state_${r.state}`) },
  ]
  const s = view.summary
  return (
    <section className="records">
      <div className="records__filters">
        <DateFilter value={range} onChange={setRange} />
        <StateFilter value={state} onChange={setState} />
      </div>
      {s !== null && (
        <dl className="records__summary">
          <div><dt>{t('bet')}</dt><dd>{money(s.betAmount)}</dd></div>
          <div><dt>{t('validBet')}</dt><dd>{money(s.validBet)}</dd></div>
          <div><dt>{t('win')}</dt><dd>{money(s.winAmount)}</dd></div>
          <div><dt>{t('profit')}</dt><dd><Signed amount={s.profit} /></dd></div>
        </dl>
      )}
      {desktop ? (
        <PagedTable caption={caption} columns={columns} view={view} intents={intents} rowKey={(r) => r.orderNo} empty={t('empty')} />
      ) : (
        <InfiniteList
          label={caption}
          view={view}
          intents={intents}
          rowKey={(r) => r.orderNo}
          empty={t('empty')}
          render={(r) => (
            <div className="records__card">
              <strong>{r.gameName}</strong>
              <span className="records__muted">{r.betTime}</span>
              <span>{t('bet')} {money(r.betAmount)}</span>
              <span>{t('profit')} <Signed amount={r.profit} /></span>
            </div>
          )}
        />
      )}
    </section>
  )
}

/** The account details (/home/report current 0): the movements of the player's money by type. */
export const AccountDetails = () => {
  const { t } = useTranslation('records')
  const { t: account } = useTranslation('account')
  const caption = account('personal.accountDetails')
  const money = useMoney()
  const desktop = useMedia(DESKTOP_QUERY)
  const [range, setRange] = useState<DateRange>({ dateType: 0 })
  const [kind, setKind] = useState<MovementKind>('all')
  const kindId = useId()
  const { view, intents } = usePagedList(movementsActor, conditionOf(range, { kind }))
  const columns: ReadonlyArray<Column<Movement>> = [
    { key: 'time', header: t('time'), cell: (m) => m.createdAt },
    { key: 'kind', header: t('kind'), cell: (m) => t(`kind_${m.kind}`) },
    { key: 'amount', header: t('amount'), cell: (m) => <Signed amount={m.amount} />, align: 'end' },
    { key: 'balance', header: t('balance'), cell: (m) => money(m.balance), align: 'end' },
  ]
  return (
    <section className="records">
      <div className="records__filters">
        <DateFilter value={range} onChange={setRange} />
        <span className="paged__field">
          <label htmlFor={kindId}>{t('kind')}</label>
          <select id={kindId} value={kind} onChange={(e) => setKind(e.target.value as MovementKind)}>
            {KINDS.map((k) => (
              <option key={k} value={k}>{t(`kind_${k}`)}</option>
            ))}
          </select>
        </span>
      </div>
      {desktop ? (
        <PagedTable caption={caption} columns={columns} view={view} intents={intents} rowKey={(m) => m.id} empty={t('empty')} />
      ) : (
        <InfiniteList
          label={caption}
          view={view}
          intents={intents}
          rowKey={(m) => m.id}
          empty={t('empty')}
          render={(m) => (
            <div className="records__card">
              <strong>{t(`kind_${m.kind}`)}</strong>
              <span className="records__muted">{m.createdAt}</span>
              <Signed amount={m.amount} />
              <span>{t('balance')} {money(m.balance)}</span>
            </div>
          )}
        />
      )}
    </section>
  )
}

/** The personal statement (/home/report current 2): the player's money by day, with the totals. */
export const PersonalStatement = () => {
  const { t } = useTranslation('records')
  const { t: account } = useTranslation('account')
  const caption = account('personal.statement')
  const money = useMoney()
  const desktop = useMedia(DESKTOP_QUERY)
  const [range, setRange] = useState<DateRange>({ dateType: 7 })
  const { view, intents } = usePagedList(statementActor, conditionOf(range))
  const columns: ReadonlyArray<Column<StatementDay>> = [
    { key: 'day', header: t('day'), cell: (d) => d.day },
    { key: 'deposit', header: t('deposit'), cell: (d) => money(d.deposit), align: 'end' },
    { key: 'withdraw', header: t('withdraw'), cell: (d) => money(d.withdraw), align: 'end' },
    { key: 'bet', header: t('bet'), cell: (d) => money(d.bet), align: 'end' },
    { key: 'valid', header: t('validBet'), cell: (d) => money(d.validBet), align: 'end' },
    { key: 'win', header: t('win'), cell: (d) => money(d.win), align: 'end' },
    { key: 'bonus', header: t('bonus'), cell: (d) => money(d.bonus), align: 'end' },
    { key: 'profit', header: t('profit'), cell: (d) => <Signed amount={d.profit} />, align: 'end' },
  ]
  const s = view.summary
  const totals = s === null ? undefined : (
    <tr>
      <td>{t('totals')}</td>
      <td className="paged__cell--end">{money(s.deposit)}</td>
      <td className="paged__cell--end">{money(s.withdraw)}</td>
      <td className="paged__cell--end">{money(s.bet)}</td>
      <td className="paged__cell--end">{money(s.validBet)}</td>
      <td className="paged__cell--end">{money(s.win)}</td>
      <td className="paged__cell--end">{money(s.bonus)}</td>
      <td className="paged__cell--end"><Signed amount={s.profit} /></td>
    </tr>
  )
  return (
    <section className="records">
      <div className="records__filters">
        <DateFilter value={range} onChange={setRange} />
      </div>
      {desktop ? (
        <PagedTable caption={caption} columns={columns} view={view} intents={intents} rowKey={(d) => d.day} empty={t('empty')} {...(totals === undefined ? {} : { footer: totals })} />
      ) : (
        <InfiniteList
          label={caption}
          view={view}
          intents={intents}
          rowKey={(d) => d.day}
          empty={t('empty')}
          {...(s === null ? {} : { header: <p className="records__muted">{t('totals')}: {t('profit')} <Signed amount={s.profit} /></p> })}
          render={(d) => (
            <div className="records__card">
              <strong>{d.day}</strong>
              <span>{t('deposit')} {money(d.deposit)} · {t('withdraw')} {money(d.withdraw)}</span>
              <span>{t('bet')} {money(d.bet)} · {t('win')} {money(d.win)}</span>
              <span>{t('profit')} <Signed amount={d.profit} /></span>
            </div>
          )}
        />
      )}
    </section>
  )
}
