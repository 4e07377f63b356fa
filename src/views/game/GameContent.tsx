import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { CATEGORY, goesToGameList, selectCategory, selectPlatforms, selectRedirect, selectSkin } from '../../../actors/games'
import { useNavigate } from '../routing/nav-hooks'
import { GameGrid } from './GameGrid'
import { PrizePool } from './PrizePool'
import { useGames } from './games-hooks'
import { ClubNote } from '../home/Entries'

/** The game content of the home page and the sub-game list: platforms (when the category has them) and the games. */
export const GameContent = () => {
  const { t } = useTranslation('games')
  const navigate = useNavigate()
  const { category, platform } = useGames(selectCategory)
  const platforms = useGames(selectPlatforms)
  const redirect = useGames(selectRedirect)
  const skin = useGames(selectSkin)
  useEffect(() => {
    if (redirect !== null) navigate('game', { query: { gameCategoryId: String(redirect) }, replace: true })
  }, [redirect, navigate])
  const list = goesToGameList(category, skin)
  const own = platforms.filter((p) => p.gameCategoryId === category)
  return (
    <section className="game-content" aria-label={t('games')}>
      {category === CATEGORY.hot && <PrizePool />}
      {!list && own.length > 0 && (
        <nav aria-label={t('platforms')}>
          <ul className={`platforms${own.length > 6 ? ' platforms--scroll' : ''}`} role="list">
            <li>
              <button type="button" className="button button--small" aria-current={String(platform).endsWith('999') ? 'page' : undefined}
                onClick={() => navigate('game', { query: { gameCategoryId: String(category), platformId: `${category}999` } })}>
                {t('allPlatforms')}
              </button>
            </li>
            {own.map((p) => (
              <li key={p.platformId}>
                <button type="button" className="button button--small" aria-current={p.platformId === platform ? 'page' : undefined}
                  onClick={() => navigate('game', { query: { gameCategoryId: String(category), platformId: String(p.platformId) } })}>
                  {p.platformName}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {category === CATEGORY.club || category === CATEGORY.clubFriend ? <ClubNote /> : <GameGrid label={t('gameList')} />}
    </section>
  )
}
