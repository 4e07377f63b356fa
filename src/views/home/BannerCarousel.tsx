import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { frameTarget } from '../../../actors/framebox'
import { homeBannersActor } from '../../../actors/notices'
import type { Banner } from '../../../schemas/hall/calls/site'
import { useQuery, useSend } from '../../system-react'
import { Icon } from '../../ui/Icon'
import { useMedia } from '../../ui/useMedia'
import { useSessionView } from '../shell/session-view'
import { useInjectedBanners } from '../shell/site-look'
import { externalUrl, imageUrl } from './links'
import './home.css'

/** How long a banner shows before the next one while the carousel rotates. */
export const ROTATE_MS = 5000

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'

/**
 * The home page's banner carousel (screens §2 home; /message/banner/index): the site's banners,
 * one at a time, each a button that follows its location type (none 1 shows only the picture,
 * external url 2 opens the address in the lobby's iframe popup or, with jump_window 1, a new
 * window; event 3, task 4, recharge 5, cashback 6, promote 7, vip 8, club 9, yuebao 10 as a pop-up
 * frame's link; a trial player is asked to register instead, a visitor to log in for a deposit).
 *
 * Accessible carousel (WAI-ARIA APG): a labelled region with previous, next and pause controls and
 * one button per banner; arrow keys move between banners; it rotates every 5 s only while nothing
 * in it is hovered or focused, never when the player paused it, and never for a player who asks
 * for reduced motion (then it starts paused and slides without animation). While it rotates the
 * slide change is not announced; once paused, it is (aria-live polite).
 */
export const BannerCarousel = ({ onEmpty }: { onEmpty: () => React.ReactNode }) => {
  const { t } = useTranslation('home')
  const send = useSend()
  const query = useQuery(homeBannersActor)
  // Until the call answers, the banners the page was written with (its first screen painted the
  // first one): the carousel takes that picture over instead of an empty room.
  const injected = useInjectedBanners()
  const session = useSessionView()
  const reduced = useMedia(REDUCED_MOTION)
  const banners = (query.data ?? injected ?? []).filter((b) => imageUrl(b.imgUrl) !== null)
  const [index, setIndex] = useState(0)
  // Slides fade in once the carousel has moved, not as it first shows.
  const [moved, setMoved] = useState(false)
  const [paused, setPaused] = useState(false)
  const [held, setHeld] = useState(false)
  const id = useId()
  const count = banners.length
  const current = count === 0 ? 0 : Math.min(index, count - 1)
  const go = useCallback(
    (to: number) => {
      setMoved(true)
      setIndex(count === 0 ? 0 : ((to % count) + count) % count)
    },
    [count],
  )
  const stopped = paused || reduced || held || count < 2
  const timer = useRef<number | undefined>(undefined)

  useEffect(() => {
    if (stopped) return
    timer.current = window.setTimeout(() => go(current + 1), ROTATE_MS)
    return () => window.clearTimeout(timer.current)
  }, [stopped, current, go])

  if (query.status === 'loading' && query.data === null && injected === null) return <div className="carousel carousel--loading" aria-busy="true" aria-label={t('banners')} role="region" />
  if (count === 0) return <>{onEmpty()}</>

  const follow = (b: Banner) => {
    const target = frameTarget({ location_type: b.location_type, location_value: b.location_value, location_template: b.location_template ?? '' }, session.guest)
    switch (target.kind) {
      case 'route':
        send({ type: 'nav.requested', name: target.name, ...(target.params ? { params: { ...target.params } } : {}), ...(target.query ? { query: { ...target.query } } : {}) })
        return
      case 'popup':
        send({ type: 'popup.openRequested', popup: target.popup === 'pay' && !session.signedIn ? 'login' : target.popup })
        return
      case 'url': {
        const url = externalUrl(target.url)
        if (url === null) return
        if (b.jump_window === 1) window.open(url, '_blank', 'noopener,noreferrer')
        else send({ type: 'popup.openRequested', popup: 'iframePopup', props: { url, title: b.title } })
        return
      }
      case 'none':
        return
    }
  }
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') go(current + 1)
    else if (e.key === 'ArrowLeft') go(current - 1)
    else return
    e.preventDefault()
  }
  const rotating = !stopped
  return (
    <section
      className={`carousel${reduced ? ' carousel--still' : ''}${moved ? ' carousel--moved' : ''}`}
      aria-roledescription={t('carousel')}
      aria-label={t('banners')}
      onKeyDown={onKey}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setHeld(false)
      }}
    >
      <div className="carousel__slides" id={`${id}-slides`} aria-live={rotating ? 'off' : 'polite'}>
        {banners.map((b, i) => (
          <div
            key={b.id}
            className="carousel__slide"
            role="group"
            aria-roledescription={t('slide')}
            aria-label={t('slideOf', { n: i + 1, count })}
            hidden={i !== current}
            data-location-type={b.location_type}
          >
            {b.location_type === 1 ? (
              <img className="carousel__image" src={imageUrl(b.imgUrl) ?? ''} alt={b.title} />
            ) : (
              <button type="button" className="carousel__link" onClick={() => follow(b)} aria-label={b.title}>
                <img className="carousel__image" src={imageUrl(b.imgUrl) ?? ''} alt="" />
              </button>
            )}
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="carousel__controls">
          <button type="button" className="carousel__button" onClick={() => setPaused((p) => !p)} aria-label={paused || reduced ? t('play') : t('pause')} aria-controls={`${id}-slides`}>
            <Icon name={paused || reduced ? 'play' : 'pause'} />
          </button>
          <button type="button" className="carousel__button" onClick={() => go(current - 1)} aria-label={t('previous')} aria-controls={`${id}-slides`}>
            <Icon name="chevronLeft" />
          </button>
          <ul className="carousel__dots" role="list">
            {banners.map((b, i) => (
              <li key={b.id}>
                <button
                  type="button"
                  className="carousel__dot"
                  aria-label={t('show', { title: b.title })}
                  aria-current={i === current ? 'true' : undefined}
                  onClick={() => go(i)}
                />
              </li>
            ))}
          </ul>
          <button type="button" className="carousel__button" onClick={() => go(current + 1)} aria-label={t('next')} aria-controls={`${id}-slides`}>
            <Icon name="chevronRight" />
          </button>
        </div>
      )}
    </section>
  )
}
