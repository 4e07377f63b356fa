import { useEffect, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { selectWebPushBusy, selectWebPushOn, selectWebPushProblem, selectWebPushShown } from '../../../actors/webpush'
import { useActor, useSend } from '../../system-react'

/** The problem's explanation (account namespace). */
const PROBLEM_KEYS = {
  denied: 'setting.pushDenied',
  unreachable: 'setting.pushUnreachable',
  unsupported: 'setting.pushUnsupported',
  hall: 'setting.pushHall',
} as const

/**
 * The settings page's notifications row (web push; actors/webpush): shown to a signed-in real
 * player when the site's push is open. Opening the page reads the site's switch and the browser's
 * state; the switch subscribes or unsubscribes, the browser's permission asked only on that press.
 * Why switching on failed (refused, the push service not reached, no support) is said in the
 * player's language under the switch.
 */
export const WebPushSetting = () => {
  const { t } = useTranslation('account')
  const send = useSend()
  const shown = useActor('webpush', selectWebPushShown)
  const on = useActor('webpush', selectWebPushOn)
  const busy = useActor('webpush', selectWebPushBusy)
  const problem = useActor('webpush', selectWebPushProblem)
  const labelId = useId()
  const noteId = useId()
  useEffect(() => {
    send({ type: 'webPush.opened' })
  }, [send])
  if (!shown) return null
  return (
    <li className="settings__row settings__row--push">
      <span className="settings__name" id={labelId}>{t('setting.notifications')}</span>
      <button
        type="button"
        role="switch"
        className={`switch${on ? ' switch--on' : ''}`}
        aria-checked={on}
        aria-labelledby={labelId}
        aria-describedby={problem === null ? undefined : noteId}
        aria-busy={busy}
        disabled={busy || problem === 'unsupported'}
        onClick={() => send({ type: 'webPush.toggled', on: !on })}
      >
        <span className="switch__knob" aria-hidden="true" />
        <span className="switch__text">{on ? t('setting.pushOn') : t('setting.pushOff')}</span>
      </button>
      {problem !== null && (
        <p className="settings__note" id={noteId} role="alert">
          {t(PROBLEM_KEYS[problem])}
        </p>
      )}
    </li>
  )
}
