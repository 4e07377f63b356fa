import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { SnapshotFrom } from 'xstate'
import { SPORTS_PLATFORM } from '../../../schemas/hall/calls/games'
import { selectSportsBalance, selectSportsFailed, selectSportsInGame, selectSportsLoading, selectWalletAvailable } from '../../../actors/wallet'
import {
  selectSportsGames, selectSportsGamesFailed, selectSportsGamesLoading, selectSportsPlatform, selectSportsPlatforms, type sportsbookMachine,
} from '../../../actors/sportsbook'
import { useActor, useSend } from '../../system-react'
import { Icon } from '../../ui/Icon'
import { useNavigate } from '../routing/nav-hooks'
import { formatMoney } from '../shell/Header'
import { useWallet } from '../shell/session-view'
import { GameTile } from './GameGrid'

const useSportsbook = <T,>(selector: (s: SnapshotFrom<typeof sportsbookMachine>) => T): T => useActor('sportsbook', selector)

/**
 * The sports page (/home/sports): the sports wallet header (provider 136's balance with refresh;
 * 'money in game' while the money is in a game), the sports platforms with the chosen one's
 * games (the sports platform query: current 1, categoryId 5, platformName, pageSize 10), and the
 * way into the whole sports category.
 */
export const SportsPage = () => {
  const { t, i18n } = useTranslation('games')
  const send = useSend()
  const navigate = useNavigate()
  const available = useWallet(selectWalletAvailable)
  const balance = useWallet(selectSportsBalance)
  const inGame = useWallet(selectSportsInGame)
  const loading = useWallet(selectSportsLoading)
  const failed = useWallet(selectSportsFailed)
  const platforms = useSportsbook(selectSportsPlatforms)
  const platform = useSportsbook(selectSportsPlatform)
  const games = useSportsbook(selectSportsGames)
  const gamesLoading = useSportsbook(selectSportsGamesLoading)
  const gamesFailed = useSportsbook(selectSportsGamesFailed)
  useEffect(() => {
    if (available) send({ type: 'wallet.sportsRequested' })
  }, [available, send])
  useEffect(() => {
    send({ type: 'games.sportsOpened' })
  }, [send])
  const shown = inGame ? t('moneyInGame') : balance === null ? '—' : formatMoney(Number(balance), i18n.language)
  return (
    <section className="page" aria-labelledby="sports-title">
      <h1 id="sports-title">{t('sports')}</h1>
      {available && (
        <div className="sports-wallet" role="group" aria-label={t('sportsWallet')}>
          <span>{t('sportsWallet')}</span>
          <output aria-label={t('sportsBalance')}>{shown}</output>
          <button type="button" className="icon-button icon-button--small" aria-label={t('refreshSportsWallet')} aria-busy={loading} disabled={loading}
            onClick={() => send({ type: 'wallet.sportsRequested' })}>
            <Icon name="refresh" />
          </button>
          {failed && <span role="alert">{t('sportsWalletFailed')}</span>}
        </div>
      )}
      {platforms.length > 1 && (
        <nav aria-label={t('platforms')}>
          <ul className="platforms" role="list">
            {platforms.map((p) => (
              <li key={p.platformId}>
                <button type="button" className="button button--small" aria-current={p.platformName === platform ? 'page' : undefined}
                  onClick={() => send({ type: 'games.sportsPlatformChosen', platformName: p.platformName })}>
                  {p.platformName}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {gamesFailed && <p role="alert" className="game-list__error">{t('loadFailed')}</p>}
      <ul className="sports-games" role="list" aria-label={t('gameList')} aria-busy={gamesLoading}>
        {games.map((g) => (
          <li key={g.gameId}>
            <GameTile game={g} favorite={false} canFavorite={false} demoChoice={false} />
          </li>
        ))}
      </ul>
      <button type="button" className="button button--accent"
        onClick={() => navigate('game', { query: { gameCategoryId: '5', platformId: String(SPORTS_PLATFORM) } })}>
        {t('openSportsbook')}
      </button>
    </section>
  )
}
