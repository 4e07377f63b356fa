import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { investActor, investingActor, luckyActor, luckyReceiveActor, quizActor, quizAnswerActor, type LuckyOrder } from '../../../actors/play'
import { useCommand, usePagedList, useQuery } from '../../system-react'
import { MoneyInput } from '../../ui/MoneyInput'
import { MoneyText } from '../../ui/MoneyText'
import { InfiniteList } from '../../ui/paged/InfiniteList'
import { PagedTable } from '../../ui/paged/PagedTable'
import type { Column } from '../../ui/paged/types'
import { DESKTOP_QUERY, useMedia } from '../../ui/useMedia'
import { moneyParams } from '../../ui/validation'
import { Pending, requestId, useAmount } from './play-parts'

export const InvestPanel = ({ activeId }: { activeId: number }) => {
  const { t, i18n } = useTranslation('play')
  const { t: auth } = useTranslation('auth')
  const info = useQuery(investActor)
  const invest = useCommand(investingActor)
  const [termId, setTermId] = useState<number | null>(null)
  const [last, setLast] = useState<'invest' | 'redeem' | null>(null)
  const data = info.data
  const term = data?.terms.find((x) => x.termId === termId) ?? data?.terms[0]
  const bounds = term === undefined ? {} : { min: term.minAmount, max: term.maxAmount }
  const amount = useAmount(bounds)
  useEffect(() => {
    if (invest.view.status === 'succeeded' && last === 'invest') amount.reset()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form starts over once the money moved
  }, [invest.view.status])
  if (data === null) return <Pending failed={info.status === 'failed'} query="playinvest" />
  const submitting = invest.view.status === 'submitting'
  const submit = (e: FormEvent) => {
    e.preventDefault()
    amount.setChecked(true)
    if (term === undefined || amount.problem !== null || submitting) return
    setLast('invest')
    invest.submit({ activeId, action: 'invest', termId: term.termId, amount: amount.amount, requestId: requestId() })
  }
  const error = amount.checked && amount.problem !== null ? auth(amount.problem, moneyParams(bounds, i18n.language)) : invest.view.formError !== null && last === 'invest' ? t(invest.view.formError) : null
  const result = invest.view.status === 'succeeded' ? invest.view.result : null
  return (
    <section className="play" aria-labelledby="play-invest">
      <h2 id="play-invest" className="section-title">{t('invest.title')}</h2>
      <form className="card play__form" onSubmit={submit} noValidate aria-labelledby="play-invest">
        <fieldset className="play__terms">
          <legend>{t('invest.term')}</legend>
          {data.terms.map((x) => (
            <label key={x.termId} className="play__term">
              <input type="radio" name="play-term" checked={term?.termId === x.termId} onChange={() => setTermId(x.termId)} />
              {t('invest.termName', { days: x.days, rate: x.rate })}
            </label>
          ))}
        </fieldset>
        <MoneyInput
          label={t('invest.amount')}
          value={amount.amount}
          onChange={(v) => { amount.setAmount(v); if (invest.view.status !== 'idle' && invest.view.status !== 'submitting') invest.reset() }}
          {...bounds}
          error={error}
          name="play-invest-amount"
          disabled={submitting}
        />
        <button type="submit" className="button button--primary" disabled={submitting || term === undefined} aria-busy={submitting}>{t('invest.subscribe')}</button>
        <p role="status" className="play__status">
          {result !== null ? (last === 'invest' ? t('invest.subscribed') : t('invest.received', { profit: result.profit })) : ''}
        </p>
      </form>
      <h2 id="play-invest-mine" className="section-title">{t('invest.mine')}</h2>
      <p>{t('invest.invested')} <MoneyText value={data.invested} /></p>
      {last === 'redeem' && invest.view.formError !== null && <p role="alert" className="field__error">{t(invest.view.formError)}</p>}
      {data.list.length === 0 ? (
        <p>{t('invest.none')}</p>
      ) : (
        <ul className="play__list" role="list" aria-labelledby="play-invest-mine">
          {data.list.map((s) => (
            <li key={s.investId} className="card play__row">
              <strong><MoneyText value={s.amount} /></strong> <span>{t('invest.termName', { days: s.days, rate: s.rate })}</span>{' '}
              <span>{t('invest.return', { profit: s.profit })}</span> <span className="play__meta">{t('invest.maturity', { time: s.maturityTime })}</span>{' '}
              <span className="play__state">{t(`investStatus.${s.status}`)}</span>
              {s.status === 1 && (
                <button
                  type="button"
                  className="button button--primary button--small"
                  disabled={submitting}
                  aria-label={t('invest.receiveLabel', { amount: s.amount, days: s.days })}
                  onClick={() => { setLast('redeem'); invest.submit({ activeId, action: 'redeem', investId: s.investId, requestId: requestId() }) }}
                >
                  {t('invest.receive')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export const LuckyPanel = ({ activeId }: { activeId: number }) => {
  const { t } = useTranslation('play')
  const desktop = useMedia(DESKTOP_QUERY)
  const { view, intents } = usePagedList(luckyActor, { activeId })
  const receive = useCommand(luckyReceiveActor)
  const device = desktop ? 3 : 4
  const busy = receive.view.status === 'submitting'
  const action = (r: LuckyOrder) =>
    r.status === 1 ? (
      <button type="button" className="button button--primary button--small" disabled={busy} aria-label={t('lucky.receiveLabel', { bet: r.betAmount, game: r.gameName, prize: r.rewardAmount })} onClick={() => receive.submit({ activeId, orderNo: r.orderNo, requestDeviceType: device })}>
        {t('lucky.receive')}
      </button>
    ) : (
      t(`luckyStatus.${r.status}`, { defaultValue: '' })
    )
  const columns: ReadonlyArray<Column<LuckyOrder>> = [
    { key: 'time', header: t('time'), cell: (r) => r.createdAt },
    { key: 'game', header: t('lucky.game'), cell: (r) => r.gameName },
    { key: 'bet', header: t('lucky.bet'), cell: (r) => <MoneyText value={r.betAmount} />, align: 'end' },
    { key: 'prize', header: t('lucky.prize'), cell: (r) => <MoneyText value={r.rewardAmount} />, align: 'end' },
    { key: 'state', header: t('state'), cell: action },
  ]
  return (
    <section className="play" aria-labelledby="play-lucky">
      <h2 id="play-lucky" className="section-title">{t('lucky.title')}</h2>
      {receive.view.formError !== null && <p role="alert" className="field__error">{t(receive.view.formError)}</p>}
      <p role="status" className="play__status">{receive.view.status === 'succeeded' && receive.view.result !== null ? t('lucky.received', { amount: receive.view.result.amount }) : ''}</p>
      {desktop ? (
        <PagedTable caption={t('lucky.title')} columns={columns} view={view} intents={intents} rowKey={(r) => r.orderNo} empty={t('lucky.none')} />
      ) : (
        <InfiniteList
          label={t('lucky.title')}
          view={view}
          intents={intents}
          rowKey={(r) => r.orderNo}
          empty={t('lucky.none')}
          render={(r) => (
            <div className="play__row">
              <strong>{r.gameName}</strong> <span>{t('lucky.bet')} <MoneyText value={r.betAmount} /></span> <span>{t('lucky.prize')} <MoneyText value={r.rewardAmount} /></span>{' '}
              <span className="play__meta">{r.createdAt}</span> <span className="play__state">{action(r)}</span>
            </div>
          )}
        />
      )}
    </section>
  )
}

export const QuizPanel = ({ activeId }: { activeId: number }) => {
  const { t } = useTranslation('play')
  const desktop = useMedia(DESKTOP_QUERY)
  const quiz = useQuery(quizActor)
  const answer = useCommand(quizAnswerActor)
  const [picked, setPicked] = useState<Readonly<Record<number, string>>>({})
  const [checked, setChecked] = useState(false)
  const data = quiz.data
  if (data === null) return <Pending failed={quiz.status === 'failed'} query="playquiz" />
  const done = data.status !== 1
  const complete = data.list.every((q) => picked[q.questionId] !== undefined)
  const submitting = answer.view.status === 'submitting'
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setChecked(true)
    if (!complete || submitting || done) return
    answer.submit({ activeId, answers: data.list.map((q) => ({ questionId: q.questionId, answer: picked[q.questionId]! })), requestDeviceType: desktop ? 3 : 4 })
  }
  return (
    <section className="play" aria-labelledby="play-quiz">
      <h2 id="play-quiz" className="section-title">{t('quiz.title')}</h2>
      <p>{t('quiz.reward')} <MoneyText value={data.reward} /></p>
      {done ? (
        <p role="status" className="play__outcome">{data.status === 2 ? t('quiz.won', { amount: data.reward }) : t('quiz.lost', { correct: data.correct, total: data.list.length })}</p>
      ) : (
        <form className="card play__form" onSubmit={submit} noValidate aria-labelledby="play-quiz">
          {data.list.map((q, i) => (
            <fieldset key={q.questionId} className="play__question">
              <legend>{t('quiz.question', { n: i + 1, text: q.question })}</legend>
              {q.choices.map((c) => (
                <label key={c} className="play__choice">
                  <input type="radio" name={`play-q-${q.questionId}`} checked={picked[q.questionId] === c} onChange={() => setPicked({ ...picked, [q.questionId]: c })} disabled={submitting} />
                  {c}
                </label>
              ))}
            </fieldset>
          ))}
          {checked && !complete && <p role="alert" className="field__error">{t('quiz.answerAll')}</p>}
          {answer.view.formError !== null && <p role="alert" className="field__error">{t(answer.view.formError)}</p>}
          <button type="submit" className="button button--primary" disabled={submitting} aria-busy={submitting}>{t('quiz.submit')}</button>
        </form>
      )}
    </section>
  )
}
