import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { prizeAmountActor, prizeWinnersActor } from '../../../actors/prizepool'
import { useQuery, useSend } from '../../system-react'
import { formatMoney } from '../shell/Header'

/**
 * The prize pool on the home page (calls §7.8): the win amount, and the winners (the first page
 * of 200, newest first) behind a button, so the list costs nothing until asked for. Both are
 * asked for when the panel appears.
 */
export const PrizePool = () => {
  const { t, i18n } = useTranslation('games')
  const send = useSend()
  const amountQuery = useQuery(prizeAmountActor)
  const winnersQuery = useQuery(prizeWinnersActor)
  const amount = amountQuery.data
  const winners = winnersQuery.data?.winners ?? []
  const total = winnersQuery.data?.total ?? 0
  const loading = amountQuery.status === 'loading' || winnersQuery.status === 'loading'
  const failed = amountQuery.status === 'failed' || winnersQuery.status === 'failed'
  const [open, setOpen] = useState(false)
  useEffect(() => {
    send({ type: 'games.prizePoolOpened' })
  }, [send])
  const money = (a: string | null) => (a === null ? '—' : formatMoney(Number(a), i18n.language))
  return (
    <section className="prize-pool" aria-labelledby="prize-pool-title" aria-busy={loading}>
      <h2 id="prize-pool-title" className="prize-pool__title">{t('prize.title')}</h2>
      <p className="prize-pool__amount">
        <span>{t('prize.winAmount')}</span> <output aria-label={t('prize.winAmount')}>{money(amount)}</output>
      </p>
      {failed && <p role="alert">{t('prize.failed')}</p>}
      <button type="button" className="button button--small button--ghost" aria-expanded={open} aria-controls="prize-pool-winners" onClick={() => setOpen(!open)}>
        {open ? t('prize.hideWinners') : t('prize.showWinners', { count: total })}
      </button>
      {open && (
        <table id="prize-pool-winners" className="prize-pool__winners" aria-label={t('prize.winners')}>
          <thead>
            <tr>
              <th scope="col">{t('prize.player')}</th>
              <th scope="col">{t('prize.game')}</th>
              <th scope="col">{t('prize.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {winners.map((w, i) => (
              <tr key={i}>
                <td>{w.username}</td>
                <td>{w.gameName}</td>
                <td>{money(w.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
