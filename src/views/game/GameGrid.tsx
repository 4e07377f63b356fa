import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { FavoriteRef, Game } from '../../../schemas/hall/calls/games'
import {
  CATEGORY, selectCanFavorite, selectCategory, selectFavorites, selectGames, selectHasMore, selectListCached, selectListFailed, selectListKey,
  selectLoading, selectTotal,
} from '../../../actors/games'
import { useSend } from '../../system-react'
import { useNavigate } from '../routing/nav-hooks'
import { useGames } from './games-hooks'
import './games.css'

const TILE = 132
const GAP = 12
/** Narrow screens (phones) take smaller tiles, so three fit across. */
const minTileOf = (width: number): number => (width < 600 ? 96 : TILE)
/** The name line under a tile, before the row is measured. */
const NAME = 28

/** Columns for a width: as many tiles of the minimum size as fit, at least 2; the tiles then share the width. */
const columnsOf = (width: number): number => Math.max(2, Math.floor((width + GAP) / (minTileOf(width) + GAP)))

/**
 * The list to draw: the games held (a list read before is held from the games actor's cache while
 * its first page is asked for again), or while another list's first page is on its way and the
 * lobby has nothing of it (a category never shown, a new search matching no game read) the list
 * drawn before, so the tap paints at once and the old tiles go when the new ones come, not in the
 * tap's frame. `stale` marks the kept list.
 */
const useShownGames = (games: ReadonlyArray<Game>, loading: boolean): { readonly shown: ReadonlyArray<Game>; readonly stale: boolean } => {
  const last = useRef(games)
  const waiting = loading && games.length === 0
  useEffect(() => {
    if (!waiting) last.current = games
  }, [games, waiting])
  return waiting ? { shown: last.current, stale: last.current.length > 0 } : { shown: games, stale: false }
}

/**
 * The game list: a virtualized grid (only the rows in view and a few around are in the DOM) of
 * lazy images; the next page of 20 is asked for when the last rows come into view.
 */
export const GameGrid = ({ label }: { label: string }) => {
  const { t } = useTranslation('games')
  const send = useSend()
  const held = useGames(selectGames)
  const total = useGames(selectTotal)
  const loading = useGames(selectLoading)
  const failed = useGames(selectListFailed)
  const cached = useGames(selectListCached)
  const key = useGames(selectListKey)
  const more = useGames(selectHasMore)
  const favorites = useGames(selectFavorites)
  const canFavorite = useGames(selectCanFavorite)
  const { shown: games, stale } = useShownGames(held, loading)
  // A game opened from the demo list is the demo choice (spec §4): it keeps the demo category.
  const demoChoice = useGames(selectCategory).category === CATEGORY.demo
  const favSet = useMemo(() => new Set(favorites.map((f: FavoriteRef) => f.game_id)), [favorites])
  const parent = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(800)
  useEffect(() => {
    const el = parent.current
    if (el === null) return
    setWidth(el.clientWidth)
    const ro = new ResizeObserver(([entry]) => entry !== undefined && setWidth(entry.contentRect.width))
    ro.observe(el)
    return () => ro.disconnect()
  }, [])
  const columns = columnsOf(width)
  const tile = Math.max(1, (width - GAP * (columns - 1)) / columns)
  const rows = Math.ceil(games.length / columns)
  const virtual = useVirtualizer({ count: rows, getScrollElement: () => parent.current, estimateSize: () => tile + NAME + GAP, overscan: 3 })
  // A new width changes every row's height: measure again.
  useEffect(() => virtual.measure(), [tile, virtual])
  // Another list drawn in place of the one before (from the cache at once, or its answer in place
  // of a kept list): it starts at its top.
  const drawnKey = useRef(key)
  useEffect(() => {
    if (stale || drawnKey.current === key) return
    drawnKey.current = key
    virtual.scrollToOffset(0)
  }, [key, stale, virtual])
  const items = virtual.getVirtualItems()
  const lastRow = items.at(-1)?.index ?? -1
  useEffect(() => {
    if (more && !loading && !stale && lastRow >= rows - 2) send({ type: 'games.moreRequested' })
  }, [lastRow, rows, more, loading, stale, send])

  return (
    <div className="game-list">
      <p className="game-list__count" role="status">
        {loading && (held.length === 0 || cached) ? t('loading') : t('count', { count: total })}
      </p>
      {failed && (
        <p role="alert" className="game-list__error">
          {t('loadFailed')}{' '}
          <button type="button" className="button button--ghost" disabled={loading} onClick={() => send({ type: 'games.listRetried' })}>
            {t('retry')}
          </button>
        </p>
      )}
      {!loading && !failed && held.length === 0 && <p className="game-list__empty">{t('noResults')}</p>}
      <div ref={parent} className={`game-list__scroller${stale ? ' game-list__scroller--stale' : ''}`} role="region" aria-label={label} aria-busy={stale || cached} tabIndex={0}>
        <ul role="list" className="game-list__inner" style={{ height: virtual.getTotalSize() }} inert={stale}>
          {items.map((row) => (
            <li key={row.key} ref={virtual.measureElement} data-index={row.index} className="game-list__row"
              style={{ transform: `translateY(${row.start}px)`, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, paddingBottom: GAP }}>
              {games.slice(row.index * columns, row.index * columns + columns).map((g) => (
                <GameTile key={g.gameId} game={g} favorite={favSet.has(g.gameId)} canFavorite={canFavorite} demoChoice={demoChoice} />
              ))}
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}

export const GameTile = memo(({ game, favorite, canFavorite, demoChoice }: { game: Game; favorite: boolean; canFavorite: boolean; demoChoice: boolean }) => {
  const { t } = useTranslation('games')
  const send = useSend()
  const navigate = useNavigate()
  return (
    <div className="game-tile">
      <button
        type="button"
        className="game-tile__play"
        aria-label={t('play', { name: game.gameName })}
        onClick={() =>
          navigate('embedded', {
            query: { platformId: String(game.platformId), gameId: String(game.gameId), gameName: game.gameName, gameCategoryId: String(demoChoice ? CATEGORY.demo : game.gameCategoryId) },
          })
        }
      >
        <img src={game.url} alt="" loading="lazy" decoding="async" width={TILE} height={TILE} />
        <span className="game-tile__name">{game.gameName}</span>
      </button>
      {canFavorite || favorite ? (
        <button
          type="button"
          className="game-tile__star"
          aria-pressed={favorite}
          disabled={!canFavorite}
          aria-label={t(favorite ? 'unfavorite' : 'favorite', { name: game.gameName })}
          onClick={() => send({ type: 'games.favoriteToggled', gameId: game.gameId, platformId: game.platformId, categoryId: game.gameCategoryId })}
        >
          {favorite ? '★' : '☆'}
        </button>
      ) : null}
    </div>
  )
})
GameTile.displayName = 'GameTile'
