import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useActor, useSend } from '../../system-react'
import { useNavigate } from '../routing/nav-hooks'
import './promotion.css'

/**
 * /promote-game (screens §4): the loading page's skeleton while the site starts, a guest signs in
 * and the demo launch runs (the promote-game actor); the runner then replaces the page with the
 * game address. The view carries out what the actor asks: a visitor asks for a guest (trial)
 * account, and a missing id, a failed launch or a real player goes to root.
 */
export const PromoteGamePage = () => {
  const { t } = useTranslation()
  const status = useActor('promoteGame', (s) => s.context.status)
  const send = useSend()
  const navigate = useNavigate()
  const asked = useRef(false)
  useEffect(() => {
    if (status === 'needsGuest' && !asked.current) {
      asked.current = true
      send({ type: 'session.trialRequested' })
    } else if (status === 'toRoot') {
      navigate('game', { replace: true })
    }
  }, [status, send, navigate])
  return (
    <section className="promote-game" aria-busy="true" aria-labelledby="promote-game-title">
      <h1 id="promote-game-title" className="promote-game__title">
        {t('route.promoteGame')}
      </h1>
      <div className="promote-game__skeleton" aria-hidden="true">
        <span className="promote-game__bone promote-game__bone--hero" />
        <span className="promote-game__bone" />
        <span className="promote-game__bone promote-game__bone--short" />
        <span className="promote-game__bone" />
      </div>
    </section>
  )
}
