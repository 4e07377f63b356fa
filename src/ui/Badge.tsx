import { useTranslation } from 'react-i18next'
import { badgeText } from '../../actors/badges'
import './Badge.css'

/**
 * A badge on an entry (spec §2; §9: 99+ above 99). `count` shows a count ('Me, 3 unread'),
 * `text` a short value such as a bonus rate, `dot` a red dot; nothing shows for a zero count.
 * The visible badge is hidden from assistive technology and its meaning is added to the entry's
 * accessible name as hidden text, so the entry reads e.g. "Me, 3 unread".
 */
export const Badge = ({ count, text, dot = false, label }: { count?: number; text?: string | null; dot?: boolean; label?: string }) => {
  const { t } = useTranslation('layout')
  const shown = count !== undefined ? badgeText(count) : (text ?? null)
  if (shown === null && !dot) return null
  const spoken = label ?? (count !== undefined ? t('badge.unread', { count: shown }) : shown !== null ? shown : t('badge.new'))
  return (
    <>
      {/* Drawn as generated content: the entry's visible text stays its label alone. */}
      <span className={`badge${shown === null ? ' badge--dot' : ''}`} aria-hidden="true" data-badge={shown ?? ''} />
      <span className="visually-hidden badge__spoken" data-spoken={`, ${spoken}`} />
    </>
  )
}
