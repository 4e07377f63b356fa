import { useEffect, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { guessActor, guessesActor, matchesActor, type Match, type MatchBetRecord } from '../../../actors/play'
import { useCommand, usePagedList, useQuery } from '../../system-react'
import { MoneyInput } from '../../ui/MoneyInput'
import { MoneyText } from '../../ui/MoneyText'
import { InfiniteList } from '../../ui/paged/InfiniteList'
import { PagedTable } from '../../ui/paged/PagedTable'
import type { Column } from '../../ui/paged/types'
import { DESKTOP_QUERY, useMedia } from '../../ui/useMedia'
import { moneyParams } from '../../ui/validation'
import { Pending, requestId, useAmount } from './play-parts'

/** Sports guessing: the matches, a bet on one option, the player's bets. */
export const GuessPanel = ({ activeId }: { activeId: number }) => {
  const { t, i18n } = useTranslation('play')
  const { t: auth } = useTranslation('auth')
  const matches = useQuery(matchesActor)
  const guess = useCommand(guessActor)
  const [chosen, setChosen] = useState<{ matchId: number; optionId: number } | null>(null)
  const data = matches.data
  const bounds = data === null ? {} : { min: data.minAmount, max: data.maxAmount }
  const stake = useAmount(bounds)
  const stakeId = useId()
  useEffect(() => {
    if (guess.view.status === 'succeeded') {
      stake.reset()
      setChosen(null)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form starts over once a guess is placed
  }, [guess.view.status])
  if (data === null) return <Pending failed={matches.status === 'failed'} query="playmatches" />
  const match = data.list.find((m) => m.matchId === chosen?.matchId)
  const option = match?.options.find((o) => o.optionId === chosen?.optionId)
  const submitting = guess.view.status === 'submitting'
  const submit = (e: FormEvent) => {
    e.preventDefault()
    stake.setChecked(true)
    if (chosen === null || stake.problem !== null || submitting) return
    guess.submit({ activeId, matchId: chosen.matchId, optionId: chosen.optionId, amount: stake.amount, requestId: requestId() })
  }
  const error = stake.checked && stake.problem !== null ? auth(stake.problem, moneyParams(bounds, i18n.language)) : guess.view.formError !== null ? t(guess.view.formError) : null
  return (
    <section className="play" aria-labelledby="play-matches">
      <h2 id="play-matches" className="section-title">{t('guess.title')}</h2>
      <ul className="play__matches" role="list">
        {data.list.map((m) => (
          <MatchCard key={m.matchId} match={m} chosen={chosen?.optionId ?? null} onChoose={(optionId) => { setChosen({ matchId: m.matchId, optionId }); guess.reset() }} />
        ))}
      </ul>
      <form className="card play__form" onSubmit={submit} noValidate aria-labelledby="play-guess-form">
        <h3 id="play-guess-form" className="play__form-title">{t('guess.form')}</h3>
        <p id={stakeId}>
          {match !== undefined && option !== undefined
            ? t('guess.yourPick', { match: t('guess.vs', { home: match.home, away: match.away }), pick: t(`pick.${option.pick}`), odds: option.odds })
            : t('guess.choose')}
        </p>
        <MoneyInput
          label={t('guess.stake')}
          value={stake.amount}
          onChange={(v) => { stake.setAmount(v); if (guess.view.status === 'failed' || guess.view.status === 'succeeded') guess.reset() }}
          {...bounds}
          error={error}
          name="play-stake"
          describedBy={stakeId}
          disabled={submitting}
        />
        <button type="submit" className="button button--primary" disabled={submitting || chosen === null} aria-busy={submitting}>{t('guess.place')}</button>
        <p role="status" className="play__status">{guess.view.status === 'succeeded' ? t('guess.placed') : ''}</p>
      </form>
      <GuessRecords activeId={activeId} />
    </section>
  )
}

export const MatchCard = ({ match: m, chosen, onChoose }: { match: Match; chosen: number | null; onChoose: (optionId: number) => void }) => {
  const { t } = useTranslation('play')
  const title = t('guess.vs', { home: m.home, away: m.away })
  const headingId = useId()
  return (
    <li className="card play__match" aria-labelledby={headingId}>
      <h3 id={headingId} className="play__match-title">{title}</h3>
      <p className="play__meta">{t('guess.kickoff', { time: m.kickoff })} · {t(`matchStatus.${m.status}`)}</p>
      <div className="play__options" role="group" aria-label={t('guess.options', { match: title })}>
        {m.options.map((o) => (
          <button
            key={o.optionId}
            type="button"
            className={`button button--small ${chosen === o.optionId ? 'button--primary' : 'button--ghost'} ${m.result === o.optionId ? 'play__option--won' : ''}`}
            aria-pressed={chosen === o.optionId}
            disabled={m.status !== 0}
            onClick={() => onChoose(o.optionId)}
          >
            {t(`pick.${o.pick}`)} <span className="play__odds">{o.odds}</span>
          </button>
        ))}
      </div>
    </li>
  )
}

export const GuessRecords = ({ activeId }: { activeId: number }) => {
  const { t } = useTranslation('play')
  const desktop = useMedia(DESKTOP_QUERY)
  const { view, intents } = usePagedList(guessesActor, { activeId })
  const columns: ReadonlyArray<Column<MatchBetRecord>> = [
    { key: 'time', header: t('time'), cell: (r) => r.createdAt },
    { key: 'match', header: t('guess.match'), cell: (r) => r.matchName },
    { key: 'pick', header: t('guess.pick'), cell: (r) => `${t(`pick.${r.optionName}`, { defaultValue: r.optionName })} · ${r.odds}` },
    { key: 'stake', header: t('guess.stake'), cell: (r) => <MoneyText value={r.amount} />, align: 'end' },
    { key: 'win', header: t('guess.payout'), cell: (r) => <MoneyText value={r.winAmount} />, align: 'end' },
    { key: 'state', header: t('state'), cell: (r) => t(`guessStatus.${r.status}`) },
  ]
  return (
    <section aria-labelledby="play-guesses">
      <h2 id="play-guesses" className="section-title">{t('guess.records')}</h2>
      {desktop ? (
        <PagedTable caption={t('guess.records')} columns={columns} view={view} intents={intents} rowKey={(r) => r.orderNo} empty={t('guess.none')} />
      ) : (
        <InfiniteList
          label={t('guess.records')}
          view={view}
          intents={intents}
          rowKey={(r) => r.orderNo}
          empty={t('guess.none')}
          render={(r) => (
            <div className="play__row">
              <strong>{r.matchName}</strong> <span>{t(`pick.${r.optionName}`, { defaultValue: r.optionName })} · {r.odds}</span>{' '}
              <MoneyText value={r.amount} /> → <MoneyText value={r.winAmount} /> <span className="play__state">{t(`guessStatus.${r.status}`)}</span>
            </div>
          )}
        />
      )}
    </section>
  )
}
