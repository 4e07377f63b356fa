import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { GAME_EXIT_MESSAGE } from '../../../schemas/hall/calls/games'
import { BANK_CARD_CODE, selectGameUrl, selectLaunchError, selectLaunchPhase, selectLaunchTarget } from '../../../actors/games'
import { useSend } from '../../system-react'
import { useNavigate } from '../routing/nav-hooks'
import { useLaunch } from './games-hooks'

/** The embedded game page (/home/embedded): the game in a frame, or why it did not open. */
export const EmbeddedPage = () => {
  const { t } = useTranslation('games')
  const send = useSend()
  const navigate = useNavigate()
  const phase = useLaunch(selectLaunchPhase)
  const url = useLaunch(selectGameUrl)
  const target = useLaunch(selectLaunchTarget)
  const error = useLaunch(selectLaunchError)
  const name = target?.gameName ?? ''
  const back = () => navigate('game', { query: { gameCategoryId: String(target?.categoryId ?? 0) } })
  // The game's own way back, posted by the game in this frame: the same as the lobby's 'Back to
  // lobby' (the lobby stays loaded; leaving the game page brings the money back by the wallet).
  const frame = useRef<HTMLIFrameElement>(null)
  const leave = useRef(back)
  leave.current = back
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      const data: unknown = e.data
      if (e.source !== null && e.source === frame.current?.contentWindow && typeof data === 'object' && data !== null && (data as { type?: unknown }).type === GAME_EXIT_MESSAGE) leave.current()
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [])
  const message = error === null ? null : error.message === 'lobby.game.fetchingPrize' ? t('fetchingPrize') : error.message === 'needBindBankCard' ? t('needBindBankCard') : error.message.startsWith('games.') ? t(error.message.slice(6)) : error.message
  return (
    <section className="embedded" aria-labelledby="game-title">
      <h1 id="game-title">{name}</h1>
      <div>
        <button type="button" className="button button--ghost button--small" onClick={back}>{t('backToLobby')}</button>
      </div>
      {phase === 'opening' && <p role="status">{t('opening')}</p>}
      {phase === 'needsSignIn' && (
        <div role="alert">
          <p>{t('needLogin')}</p>
          <button type="button" className="button button--accent" onClick={() => send({ type: 'popup.openRequested', popup: 'login' })}>{t('login')}</button>
        </div>
      )}
      {phase === 'playing' && url !== null && <iframe ref={frame} className="embedded__frame" title={t('gameFrame', { name })} src={url} />}
      {message !== null && phase !== 'playing' && phase !== 'opening' && (
        <div role="alert">
          <p>{message}</p>
          {phase === 'needsRegistration' && (
            <button type="button" className="button button--accent" onClick={() => send({ type: 'popup.openRequested', popup: 'register' })}>{t('register')}</button>
          )}
          {phase === 'needsPhone' && (
            <button type="button" className="button button--accent" onClick={() => send({ type: 'popup.openRequested', popup: 'verifyBindPhone' })}>{t('verifyPhone')}</button>
          )}
          {error?.code === BANK_CARD_CODE && (
            <button type="button" className="button button--accent" onClick={() => navigate('withdraw', { query: { tab: 'bankCard' } })}>{t('bindBankCard')}</button>
          )}
          <button type="button" className="button button--ghost" onClick={() => send({ type: 'games.launchRetried' })}>{t('retry')}</button>
        </div>
      )}
    </section>
  )
}
