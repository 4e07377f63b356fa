import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import {
  YUEBAO_FILTERS, yuebaoActor, yuebaoProfitActor, yuebaoReceiveActor, yuebaoRecordsActor, yuebaoSaveActor, yuebaoTakeoutActor,
  type YuebaoFilter, type YuebaoRecord,
} from '../../../actors/yuebao'
import { selectBalance, selectSavings } from '../../../actors/wallet'
import { useActor, usePagedList, useQuery, useSend } from '../../system-react'
import { formatAmount } from '../../ui/amount'
import { Icon } from '../../ui/Icon'
import { MoneyInput } from '../../ui/MoneyInput'
import { MoneyText } from '../../ui/MoneyText'
import { InfiniteList } from '../../ui/paged/InfiniteList'
import { PagedTable } from '../../ui/paged/PagedTable'
import type { Column } from '../../ui/paged/types'
import { DESKTOP_QUERY, useMedia } from '../../ui/useMedia'
import { moneyError, moneyParams } from '../../ui/validation'
import { PageFrame } from '../pages/PageFrame'
import './yuebao.css'

/** A request id for one submission: the hall moves the money of one id once. */
const requestId = (): string => globalThis.crypto.randomUUID()

type MoveCommand = typeof yuebaoSaveActor | typeof yuebaoTakeoutActor

/**
 * One movement form (save into savings, or take out): the amount under the money-input rules
 * (spec §5) between the site's least amount and what the source holds, checked before the call;
 * the hall's refusals show under the amount, and what was typed stays until the money moved.
 */
const MoveForm = ({ command, kind, min, max }: { command: MoveCommand; kind: 'save' | 'takeout'; min: string; max: string | null }) => {
  const { t, i18n } = useTranslation('yuebao')
  const { t: auth } = useTranslation('auth')
  const send = useSend()
  const view = useActor(command.id, command.view)
  // Nothing to take out (or no balance to save): the form waits for money.
  const empty = max !== null && !(Number(max) > 0)
  const [amount, setAmount] = useState('')
  const [checked, setChecked] = useState(false)
  const bounds = { min, ...(max === null ? {} : { max }) }
  const problem = moneyError(amount, bounds)
  const submitting = view.status === 'submitting'
  // The money moved: the form starts over (the figures follow from the hall's answer).
  useEffect(() => {
    if (view.status === 'succeeded') {
      setAmount('')
      setChecked(false)
    }
  }, [view.status])
  // Leaving the page forgets the last result.
  useEffect(() => () => send({ type: 'command.reset', command: command.id }), [send, command.id])
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setChecked(true)
    if (problem !== null || submitting || empty) return
    send({ type: 'command.submitted', command: command.id, payload: { amount, request_id: requestId() } })
  }
  const error = checked && problem !== null ? auth(problem, moneyParams(bounds, i18n.language)) : view.formError !== null ? t(view.formError, { min }) : null
  const all = max !== null && Number(max) > 0 ? [max] : []
  return (
    <form className="card yuebao__form" onSubmit={submit} noValidate aria-labelledby={`yuebao-${kind}-title`}>
      <h2 id={`yuebao-${kind}-title`} className="yuebao__form-title">
        {t(`${kind}.title`)}
      </h2>
      <MoneyInput
        label={t(`${kind}.amount`)}
        value={amount}
        onChange={(v) => {
          setAmount(v)
          if (view.status === 'failed') send({ type: 'command.reset', command: command.id })
        }}
        {...(empty ? {} : { min, ...(max === null ? {} : { max }) })}
        error={error}
        quickAmounts={all}
        name={`yuebao-${kind}`}
        disabled={submitting || empty}
      />
      <button type="submit" className="button button--primary" disabled={submitting || empty} aria-busy={submitting}>
        {t(`${kind}.submit`)}
      </button>
      <p className="yuebao__status" role="status">
        {view.status === 'succeeded' && view.result !== null ? t(`${kind}.done`, { amount: formatAmount(view.result.amount, i18n.language) }) : ''}
      </p>
    </form>
  )
}

const FILTER_KEYS: Readonly<Record<YuebaoFilter, string>> = { 0: 'filter.all', 1: 'filter.in', 2: 'filter.out', 3: 'filter.check', 5: 'filter.profit' }
const TYPE_KEYS: Readonly<Record<YuebaoRecord['type'], string>> = { 1: 'type.in', 2: 'type.capital', 3: 'type.interest', 5: 'type.profit' }

/** The savings records under the spec's filter: a table on the web, cards on a phone. */
const Records = () => {
  const { t } = useTranslation('yuebao')
  const desktop = useMedia(DESKTOP_QUERY)
  const [type, setType] = useState<YuebaoFilter>(0)
  const filterId = useId()
  const { view, intents } = usePagedList(yuebaoRecordsActor, { type })
  const columns: ReadonlyArray<Column<YuebaoRecord>> = [
    { key: 'time', header: t('records.time'), cell: (r) => r.createdAt },
    { key: 'type', header: t('records.type'), cell: (r) => t(TYPE_KEYS[r.type]) },
    { key: 'amount', header: t('records.amount'), cell: (r) => <MoneyText value={r.amount} />, align: 'end' },
    { key: 'principal', header: t('records.principal'), cell: (r) => <MoneyText value={r.principal} />, align: 'end' },
  ]
  return (
    <section className="yuebao__records" aria-labelledby="yuebao-records-title">
      <h2 id="yuebao-records-title" className="yuebao__form-title">
        {t('records.title')}
      </h2>
      <span className="paged__field">
        <label htmlFor={filterId}>{t('records.filter')}</label>
        <select id={filterId} value={type} onChange={(e) => setType(Number(e.target.value) as YuebaoFilter)}>
          {YUEBAO_FILTERS.map((f) => (
            <option key={f} value={f}>
              {t(FILTER_KEYS[f])}
            </option>
          ))}
        </select>
      </span>
      {desktop ? (
        <PagedTable caption={t('records.title')} columns={columns} view={view} intents={intents} rowKey={(r) => r.id} empty={t('records.empty')} />
      ) : (
        <InfiniteList
          label={t('records.title')}
          view={view}
          intents={intents}
          rowKey={(r) => r.id}
          empty={t('records.empty')}
          render={(r) => (
            <div className="yuebao__card">
              <strong>{t(TYPE_KEYS[r.type])}</strong>
              <MoneyText value={r.amount} />
              <span className="yuebao__muted">{r.createdAt}</span>
              <span className="yuebao__muted">
                {t('records.principal')} <MoneyText value={r.principal} />
              </span>
            </div>
          )}
        />
      )}
    </section>
  )
}

/**
 * The savings page (screens §2 /home/yuebao, private; §3 yuebao entity): the savings balance
 * (principal), the year rate, yesterday's and the total income (profitCount), the interest not
 * received with its receive button, the save and take-out forms and the records. Opening it reads
 * the figures (and the introduction pops up the first time); every balance shown is the wallet's.
 */
export const YuebaoPage = () => {
  const { t, i18n } = useTranslation('yuebao')
  const send = useSend()
  const index = useQuery(yuebaoActor)
  const profit = useQuery(yuebaoProfitActor)
  const receive = useActor(yuebaoReceiveActor.id, yuebaoReceiveActor.view)
  const principal = useActor('wallet', selectSavings)
  const wallet = useActor('wallet', selectBalance)
  // The introduction, once: when a read answered since the page opened says isPop 1 (the hall answers it once).
  const before = useRef(index.data)
  useEffect(() => {
    const d = index.data
    if (d !== null && d !== before.current && d.isPop === 1) send({ type: 'popup.openRequested', popup: 'yuebaoIntro', props: { yearRate: d.yearRate } })
  }, [index.data, send])
  useEffect(() => {
    send({ type: 'yuebao.opened' })
    return () => send({ type: 'command.reset', command: yuebaoReceiveActor.id })
  }, [send])
  const d = index.data
  const p = profit.data
  const unclaimed = p?.curIncome ?? d?.curIncome ?? '0'
  const receiving = receive.status === 'submitting'
  return (
    <PageFrame title={t('title')}>
      <div className="yuebao">
        {index.status === 'failed' && d === null && (
          <p role="alert" className="yuebao__alert">
            {t('failed')}{' '}
            <button type="button" className="button button--small button--ghost" onClick={() => send({ type: 'query.refreshRequested', query: yuebaoActor.id })}>
              {t('retry')}
            </button>
          </p>
        )}
        {profit.status === 'failed' && (
          <p role="alert" className="yuebao__alert">
            {t('profitFailed')}{' '}
            <button type="button" className="button button--small button--ghost" onClick={() => send({ type: 'query.refreshRequested', query: yuebaoProfitActor.id })}>
              {t('retry')}
            </button>
          </p>
        )}
        {d !== null && d.switchStatus === 'close' && <p className="yuebao__alert">{t('closed')}</p>}
        <section className="card yuebao__summary" aria-label={t('summary')}>
          <dl className="yuebao__figures">
            <div className="yuebao__figure yuebao__figure--main">
              <dt>{t('principal')}</dt>
              <dd data-testid="yuebao-principal">{principal === null ? '—' : <MoneyText value={principal} {...(d === null ? {} : { currency: d.currency })} />}</dd>
            </div>
            <div className="yuebao__figure">
              <dt>{t('yearRate')}</dt>
              <dd>{d === null ? '—' : t('rate', { rate: d.yearRate })}</dd>
            </div>
            <div className="yuebao__figure">
              <dt>{t('yesterday')}</dt>
              <dd>{p === null ? '—' : <MoneyText value={p.yesterday} />}</dd>
            </div>
            <div className="yuebao__figure">
              <dt>{t('totalIncome')}</dt>
              <dd data-testid="yuebao-total">{p === null ? '—' : <MoneyText value={p.totalIncome} />}</dd>
            </div>
            <div className="yuebao__figure">
              <dt>{t('curIncome')}</dt>
              <dd data-testid="yuebao-unclaimed">
                <MoneyText value={unclaimed} />
              </dd>
            </div>
          </dl>
          <div className="yuebao__receive">
            <button
              type="button"
              className="button button--ghost"
              aria-busy={index.status === 'loading' || profit.status === 'loading'}
              onClick={() => {
                send({ type: 'query.refreshRequested', query: yuebaoActor.id })
                send({ type: 'query.refreshRequested', query: yuebaoProfitActor.id })
              }}
            >
              <Icon name="refresh" />
              {t('refresh')}
            </button>
            <button
              type="button"
              className="button button--accent"
              disabled={receiving || !(Number(unclaimed) > 0)}
              aria-busy={receiving}
              onClick={() => send({ type: 'command.submitted', command: yuebaoReceiveActor.id, payload: { request_id: requestId() } })}
            >
              {t('receive.submit')}
            </button>
            <p role="status" className="yuebao__status">
              {receive.status === 'succeeded' && receive.result !== null && Number(receive.result.amount) > 0 ? t('receive.done', { amount: formatAmount(receive.result.amount, i18n.language) }) : ''}
            </p>
          </div>
          {d?.nextSettleTime !== null && d?.nextSettleTime !== undefined && <p className="yuebao__muted">{t('nextSettle', { time: d.nextSettleTime })}</p>}
        </section>
        <div className="yuebao__forms">
          {(d === null || d.switchStatus === 'open') && <MoveForm command={yuebaoSaveActor} kind="save" min={d?.minIn ?? '1'} max={wallet} />}
          <MoveForm command={yuebaoTakeoutActor} kind="takeout" min={d === null || principal === null ? '1' : Number(principal) < Number(d.minOut) ? principal : d.minOut} max={principal} />
        </div>
        <Records />
      </div>
    </PageFrame>
  )
}
