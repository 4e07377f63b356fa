import { useTranslation } from 'react-i18next'
import { SPORTS_PLATFORM } from '../../../schemas/hall/calls/games'
import { useNavigate } from '../routing/nav-hooks'
import { selectGameGold } from '../../../actors/games'
import { useLaunch } from './games-hooks'

/** The sports page (/home/sports): the sports wallet header (provider 136) and the way into the sportsbook. */
export const SportsPage = () => {
  const { t } = useTranslation('games')
  const navigate = useNavigate()
  const gold = useLaunch(selectGameGold)
  const inGame = gold === '-1'
  return (
    <section className="page" aria-labelledby="sports-title">
      <h1 id="sports-title">{t('sports')}</h1>
      <div className="sports-wallet" role="group" aria-label={t('sportsWallet')}>
        <span>{t('sportsWallet')}</span>
        <output aria-label={t('sportsBalance')}>{inGame ? t('moneyInGame') : (gold ?? '—')}</output>
      </div>
      <button type="button" className="button button--accent"
        onClick={() => navigate('game', { query: { gameCategoryId: '5', platformId: String(SPORTS_PLATFORM) } })}>
        {t('openSportsbook')}
      </button>
    </section>
  )
}
