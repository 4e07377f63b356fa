import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DragScroll } from '../../ui/DragScroll'
import { Icon } from '../../ui/Icon'
import { LineButton } from '../lines/LineButton'
import { MusicButton } from '../music/MusicButton'
import { useNavigate, useRouteName, useRouteQuery } from '../routing/nav-hooks'
import { categoryTarget, visibleCategories } from '../../../schemas/categories'
import { CurrencySwitch, LanguageSwitch } from './Header'
import { useSessionView } from './session-view'
import { useLayout } from './site-look'
import { SystemList } from './SystemMenu'

/** The game category entries (spec §2), each going where its layout sends it. */
const CategoryList = ({ desktop, onChosen, horizontal = false }: { desktop: boolean; onChosen?: () => void; horizontal?: boolean }) => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const session = useSessionView()
  const { traits } = useLayout()
  const route = useRouteName()
  const query = useRouteQuery()
  const current =
    (route === 'game' && query['tabItem'] !== 'mine') || route === 'subgame' ? (query['gameCategoryId'] ?? (route === 'game' ? '0' : null)) : null
  const entries = (
    <>
      {visibleCategories({ real: session.real, desktop, recentCollectOnDesktop: traits.recentCollectOnDesktop }).map((c) => (
        <li key={c.id}>
          <button
            type="button"
            className="menu__item"
            aria-current={current === String(c.id) ? 'page' : undefined}
            onClick={() => {
              const target = categoryTarget(c.id, traits.allCategoriesToList)
              navigate(target.name, { query: target.query })
              onChosen?.()
            }}
          >
            <Icon name={c.icon} className="menu__icon" />
            <span className="menu__label">{t(`category.${c.key}`)}</span>
          </button>
        </li>
      ))}
    </>
  )
  // The bar under the header is a strip a mouse can drag (spec §5: a drag counts after 20 px).
  return horizontal ? (
    <DragScroll as="ul" role="list" className="menu__bar">
      {entries}
    </DragScroll>
  ) : (
    <ul className="menu__list" role="list">
      {entries}
    </ul>
  )
}

/**
 * The side menu on the web layout (spec §2). Classic and cyan-blue: a rail that hovering expands
 * and leaving collapses, unless the player pinned it open; keyboard focus inside expands it too.
 * European-American: an open panel with the system entries below the categories. Simple
 * European-American: a category bar under the header.
 */
export const SideMenu = () => {
  const { t } = useTranslation()
  const { traits } = useLayout()
  const [pinned, setPinned] = useState(false)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  if (traits.desktopMenu === 'bar') {
    return (
      <nav className="menu menu--bar" aria-label={t('menu.label')}>
        <CategoryList desktop horizontal />
      </nav>
    )
  }
  if (traits.desktopMenu === 'panel') {
    return (
      <nav className="menu menu--side menu--panel menu--expanded" aria-label={t('menu.label')}>
        <CategoryList desktop />
        <SystemList />
      </nav>
    )
  }
  const expanded = pinned || hovered || focused
  return (
    <nav
      className={`menu menu--side${expanded ? ' menu--expanded' : ''}${pinned ? ' menu--pinned' : ''}`}
      aria-label={t('menu.label')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      // Keyboard focus expands the rail; a pointer click leaves focus on the entry, and expanding
      // for it would keep the rail open over the list after the pointer left.
      onFocus={(e) => {
        if (e.target.matches(':focus-visible')) setFocused(true)
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false)
      }}
    >
      <button type="button" className="menu__toggle" aria-expanded={pinned} onClick={() => setPinned((p) => !p)}>
        <Icon name={pinned ? 'chevronLeft' : 'chevronRight'} className="menu__icon" />
        <span className="menu__label">{pinned ? t('menu.collapse') : t('menu.expand')}</span>
      </button>
      <CategoryList desktop />
    </nav>
  )
}

/**
 * The side menu on phones: a drawer from the left with the header's secondary tools (language,
 * currency, music, network line: a 390 px header has room only for the logo, the balance or the
 * sign-in buttons, and the menu), the categories, the system entries and the account actions.
 */
export const MenuDrawer = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation()
  const layoutT = useTranslation('layout').t
  const navigate = useNavigate()
  const session = useSessionView()
  const panel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return
    panel.current?.querySelector<HTMLElement>('button')?.focus()
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && document.querySelector('dialog[open]') === null) onClose()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open, onClose])
  if (!open) return null
  return (
    <div className="drawer">
      <div className="drawer__scrim" onClick={onClose} aria-hidden="true" />
      <div ref={panel} className="drawer__panel" role="dialog" aria-modal="true" aria-label={t('menu.label')}>
        <div className="drawer__head">
          <span className="drawer__title">{t('menu.label')}</span>
          <button type="button" className="icon-button" aria-label={t('header.closeMenu')} onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
        <div className="drawer__tools" role="group" aria-label={layoutT('menu.tools')}>
          <LanguageSwitch />
          {!session.real && <CurrencySwitch />}
          <MusicButton />
          <LineButton />
        </div>
        <nav aria-label={t('menu.label')}>
          <CategoryList desktop={false} onChosen={onClose} />
          <SystemList onChosen={onClose} />
        </nav>
        {session.real && (
          <div className="drawer__foot">
            <button
              type="button"
              className="button button--ghost button--block"
              onClick={() => {
                navigate('withdraw')
                onClose()
              }}
            >
              {t('header.withdraw')}
            </button>
          </div>
        )}
      </div>
    </div>
  )
}
