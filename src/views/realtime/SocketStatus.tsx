import { useTranslation } from 'react-i18next'
import { selectSocketMaxRetries, selectSocketRetries, selectSocketStatus } from '../../../actors/socket'
import { useActor, useSend } from '../../system-react'
import './realtime.css'


/**
 * The realtime socket's status (spec §4 socket): nothing while no player is signed in, a quiet
 * dot while connected, a line while it (re)connects, and once it gave up after its last retry a
 * visible "disconnected" with the manual retry.
 */
export const SocketStatus = () => {
  const { t } = useTranslation('realtime')
  const send = useSend()
  const status = useActor('socket', selectSocketStatus)
  const retries = useActor('socket', selectSocketRetries)
  if (status === 'off') return null
  const label =
    status === 'reconnecting' ? t('status.reconnecting', { attempt: Math.max(1, retries), max: selectSocketMaxRetries() }) : t(`status.${status}`)
  return (
    <div className={`socket-status socket-status--${status}`} role="status" aria-live="polite" data-status={status}>
      <span className="socket-status__dot" aria-hidden="true" />
      <span className={status === 'online' ? 'socket-status__label visually-hidden' : 'socket-status__label'}>{label}</span>
      {status === 'disconnected' ? (
        <button type="button" className="socket-status__retry" onClick={() => send({ type: 'socket.retryRequested' })}>
          {t('retry')}
        </button>
      ) : null}
    </div>
  )
}
