import { useTranslation } from 'react-i18next'
import { marqueeActor } from '../../../actors/messages'
import { useQuery } from '../../system-react'
import './messages.css'

/** Seconds the marquee takes per character, so a long line runs no faster than a short one. */
const SECONDS_PER_CHARACTER = 0.18

/**
 * The site's marquee (notice type 3, /message/marquee) along the top of the home page: its items
 * run from right to left, pause while hovered or focused, and stand still as wrapped text for a
 * player who asks for reduced motion. Nothing shows when the site has none.
 */
export const Marquee = () => {
  const { t } = useTranslation('messages')
  const items = useQuery(marqueeActor).data ?? []
  if (items.length === 0) return null
  const characters = items.reduce((n, i) => n + i.content.length, 0)
  const seconds = Math.max(12, Math.round(characters * SECONDS_PER_CHARACTER))
  return (
    <section className="marquee" role="marquee" aria-label={t('marquee')} tabIndex={0}>
      <div className="marquee__track" style={{ '--marquee-seconds': `${seconds}s` } as React.CSSProperties}>
        {items.map((i) => (
          <span key={i.id}>{i.content}</span>
        ))}
      </div>
    </section>
  )
}
