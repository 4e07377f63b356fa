import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import { SPORTS_PLATFORM } from '../../../schemas/hall/calls/games'
import {
  selectSportsAvailable, selectSportsBalance, selectSportsFailed, selectSportsInGame, selectSportsLoading, type sportsWalletMachine,
} from '../../../actors/sportswallet'
import { useActorSelector, useSend } from '../../system-react'
import { Icon } from '../../ui/Icon'
import { useNavigate } from '../routing/nav-hooks'
import { formatMoney } from '../shell/Header'

type SportsWalletRef = ActorRefFrom<typeof sportsWalletMachine>
const useWallet = <T,>(selector: (s: SnapshotFrom<typeof sportsWalletMachine>) => T): T => useActorSelector<SportsWalletRef, T>('sportswallet', selector)

/**
 * The sports page (/home/sports): the sports wallet header (provider 136's balance with refresh;
 * 'money in game' while the money is in a game) and the way into the sportsbook.
 */
export const SportsPage = () => {
  const { t, i18n } = useTranslation('games')
  const send = useSend()
  const navigate = useNavigate()
  const available = useWallet(selectSportsAvailable)
  const balance = useWallet(selectSportsBalance)
  const inGame = useWallet(selectSportsInGame)
  const loading = useWallet(selectSportsLoading)
  const failed = useWallet(selectSportsFailed)
  useEffect(() => {
    if (available) send({ type: 'games.sportsWalletRequested' })
  }, [available, send])
  const shown = inGame ? t('moneyInGame') : balance === null ? '—' : formatMoney(Number(balance), i18n.language)
  return (
    <section className="page" aria-labelledby="sports-title">
      <h1 id="sports-title">{t('sports')}</h1>
      {available && (
        <div className="sports-wallet" role="group" aria-label={t('sportsWallet')}>
          <span>{t('sportsWallet')}</span>
          <output aria-label={t('sportsBalance')}>{shown}</output>
          <button type="button" className="icon-button icon-button--small" aria-label={t('refreshSportsWallet')} aria-busy={loading} disabled={loading}
            onClick={() => send({ type: 'games.sportsWalletRequested' })}>
            <Icon name="refresh" />
          </button>
          {failed && <span role="alert">{t('sportsWalletFailed')}</span>}
        </div>
      )}
      <button type="button" className="button button--accent"
        onClick={() => navigate('game', { query: { gameCategoryId: '5', platformId: String(SPORTS_PLATFORM) } })}>
        {t('openSportsbook')}
      </button>
    </section>
  )
}
