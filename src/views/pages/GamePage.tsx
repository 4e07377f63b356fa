import { useTranslation } from 'react-i18next'
import { useSend } from '../../system-react'
import { Icon, type IconName } from '../../ui/Icon'
import { GameContent } from '../game/GameContent'
import { useNavigate, useRouteQuery } from '../routing/nav-hooks'
import { CATEGORIES, visibleCategories } from '../../../schemas/categories'
import { useSiteName } from '../shell/Header'
import { useSessionView } from '../shell/session-view'
import { useMedia, DESKTOP_QUERY } from '../../ui/useMedia'
import { MineView } from './MineView'
import { Marquee } from '../messages/Marquee'
import { BannerCarousel } from '../home/BannerCarousel'
import { SiteFooter } from '../home/SiteFooter'
import { memo, useEffect, useRef } from 'react'

/**
 * The game page (/home/game): the lobby's home: the marquee, the site's banner carousel (the
 * welcome card when the site has no banners), the categories and their games, and the site
 * footer; opening it reads the banners and the footer (home.opened). With tabItem=mine it is the
 * Mine view (spec §2).
 */
export const GamePage = () => {
  const query = useRouteQuery()
  return query['tabItem'] === 'mine' ? <MineView /> : <Lobby categoryId={query['gameCategoryId'] ?? '0'} />
}

const Lobby = ({ categoryId }: { categoryId: string }) => {
  const { t } = useTranslation()
  const send = useSend()
  const navigate = useNavigate()
  const session = useSessionView()
  const desktop = useMedia(DESKTOP_QUERY)
  useEffect(() => {
    send({ type: 'home.opened' })
  }, [send])
  const category = CATEGORIES.find((c) => String(c.id) === categoryId) ?? CATEGORIES[0]!
  const tiles = useRef<HTMLUListElement>(null)
  // On a phone the categories are one row that scrolls sideways: the current one is brought into
  // it (a page opened on a category far along the row), sideways only, the page itself not scrolled.
  useEffect(() => {
    const row = tiles.current
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]')?.parentElement
    if (row == null || current == null || row.scrollWidth <= row.clientWidth) return
    const left = current.offsetLeft - row.offsetLeft
    if (left < row.scrollLeft || left + current.offsetWidth > row.scrollLeft + row.clientWidth) row.scrollLeft = Math.max(0, left - (row.clientWidth - current.offsetWidth) / 2)
  }, [category.id])
  return (
    <section className="lobby" aria-labelledby="page-title">
      <LobbyTop />
      <h2 className="section-title">{t('game.categories')}</h2>
      <ul ref={tiles} className="tiles" role="list">
        {visibleCategories({ real: session.real, desktop }).map((c) => (
          <CategoryTile key={c.id} id={c.id} icon={c.icon} label={t(`category.${c.key}`)} current={c.id === category.id} navigate={navigate} />
        ))}
      </ul>

      <h2 className="section-title">{t(`category.${category.key}`)}</h2>
      <LobbyGames />
      <LobbyFooter />
    </section>
  )
}

/**
 * The lobby's head (marquee, title, banners or the welcome card). Its own component, kept when
 * the category changes: a category switch redraws the list, not the banners.
 */
const LobbyTop = memo(() => {
  const { t } = useTranslation()
  const send = useSend()
  const site = useSiteName()
  const session = useSessionView()
  return (
    <>
      <Marquee />
      <h1 id="page-title" className="visually-hidden">
        {t('game.welcome', { site })}
      </h1>
      <BannerCarousel
        onEmpty={() => (
          <div className="hero">
            <div className="hero__text">
              <p className="hero__eyebrow">{t('game.eyebrow')}</p>
              <p className="hero__title">{t('game.welcome', { site })}</p>
              <p className="hero__body">{t('game.pitch')}</p>
              {!session.signedIn && (
                <div className="hero__actions">
                  <button type="button" className="button button--accent" onClick={() => send({ type: 'popup.openRequested', popup: 'register' })}>
                    {t('game.join')}
                  </button>
                </div>
              )}
            </div>
            <div className="hero__art" aria-hidden="true">
              <Icon name="cards" />
              <Icon name="slot" />
              <Icon name="trophy" />
            </div>
          </div>
        )}
      />
    </>
  )
})
LobbyTop.displayName = 'LobbyTop'

/** A category's tile: only the two tiles whose mark changes render again on a switch. */
const CategoryTile = memo(
  ({ id, icon, label, current, navigate }: { id: number; icon: IconName; label: string; current: boolean; navigate: ReturnType<typeof useNavigate> }) => (
    <li>
      <button type="button" className="tile" aria-current={current ? 'page' : undefined} onClick={() => navigate('game', { query: { gameCategoryId: String(id) } })}>
        <span className="tile__icon">
          <Icon name={icon} />
        </span>
        <span className="tile__label">{label}</span>
      </button>
    </li>
  ),
)
CategoryTile.displayName = 'CategoryTile'

/** The list and the footer read their own actors: a category switch does not render them again from here. */
const LobbyGames = memo(GameContent)
const LobbyFooter = memo(SiteFooter)
