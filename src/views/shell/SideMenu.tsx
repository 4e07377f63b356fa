import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSend } from '../../system-react'
import { Icon } from '../../ui/Icon'
import { useNavigate, useRouteName, useRouteQuery } from '../routing/nav-hooks'
import { visibleCategories } from './categories'
import { useSessionView } from './session-view'

/** The game category entries (spec §2): each goes to the game page with its category. */
const CategoryList = ({ desktop, onChosen }: { desktop: boolean; onChosen?: () => void }) => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const session = useSessionView()
  const route = useRouteName()
  const query = useRouteQuery()
  const current = route === 'game' && query['tabItem'] !== 'mine' ? (query['gameCategoryId'] ?? '0') : null
  return (
    <ul className="menu__list" role="list">
      {visibleCategories({ real: session.real, desktop }).map((c) => (
        <li key={c.id}>
          <button
            type="button"
            className="menu__item"
            aria-current={current === String(c.id) ? 'page' : undefined}
            onClick={() => {
              navigate('game', { query: { gameCategoryId: String(c.id) } })
              onChosen?.()
            }}
          >
            <Icon name={c.icon} className="menu__icon" />
            <span className="menu__label">{t(`category.${c.key}`)}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}

/**
 * The side menu on the web layout (spec §2): collapsible; hovering expands it, leaving collapses
 * it, unless the player pinned it open with its toggle. Keyboard focus inside expands it too.
 */
export const SideMenu = () => {
  const { t } = useTranslation()
  const [pinned, setPinned] = useState(false)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const expanded = pinned || hovered || focused
  return (
    <nav
      className={`menu menu--side${expanded ? ' menu--expanded' : ''}${pinned ? ' menu--pinned' : ''}`}
      aria-label={t('menu.label')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false)
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

/** The side menu on phones: a drawer from the left, with the categories and the account actions. */
export const MenuDrawer = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation()
  const send = useSend()
  const navigate = useNavigate()
  const session = useSessionView()
  const panel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return
    panel.current?.querySelector<HTMLElement>('button')?.focus()
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose()
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
        <nav aria-label={t('menu.label')}>
          <CategoryList desktop={false} onChosen={onClose} />
        </nav>
        {session.signedIn && (
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
            <button
              type="button"
              className="button button--ghost button--block"
              onClick={() => {
                send({ type: 'session.logoutRequested' })
                onClose()
              }}
            >
              <Icon name="logout" />
              {t('header.logout')}
            </button>
          </div>
        )}
      </div>
    </div>
  )
}
