import { useTranslation } from 'react-i18next'
import { selectSearchHistory, selectSearchText } from '../../../actors/games'
import { useSend } from '../../system-react'
import { GameGrid } from './GameGrid'
import { useGames } from './games-hooks'

/** The search page (/home/search): search as you type over the whole catalogue, with the persisted history. */
export const SearchPage = () => {
  const { t } = useTranslation('games')
  const send = useSend()
  const text = useGames(selectSearchText)
  const history = useGames(selectSearchHistory)
  return (
    <section className="page" aria-labelledby="search-title">
      <h1 id="search-title">{t('searchTitle')}</h1>
      <form className="search-box" role="search" onSubmit={(e) => { e.preventDefault(); send({ type: 'games.searchSubmitted', text }) }}>
        <input type="search" aria-label={t('searchPlaceholder')} placeholder={t('searchPlaceholder')} value={text}
          onChange={(e) => send({ type: 'games.searchTyped', text: e.currentTarget.value })} />
        <button type="submit" className="button button--accent">{t('search')}</button>
      </form>
      {history.length > 0 && (
        <nav aria-label={t('history')}>
          <ul className="search-history" role="list">
            {history.map((h) => (
              <li key={h}><button type="button" className="button button--small" onClick={() => send({ type: 'games.searchSubmitted', text: h })}>{h}</button></li>
            ))}
            <li><button type="button" className="button button--ghost button--small" onClick={() => send({ type: 'games.searchHistoryCleared' })}>{t('clearHistory')}</button></li>
          </ul>
        </nav>
      )}
      {text.trim() !== '' && <GameGrid label={t('results')} />}
    </section>
  )
}
