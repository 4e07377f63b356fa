import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { REQUESTER_TYPE, selectThirdAttempt } from '../../../actors/thirdparty'
import type { ThirdProvider, ThirdPurpose } from '../../../schemas/events/thirdparty'
import { useActor, useSend } from '../../system-react'
import './third-party.css'

/** The providers in the order the buttons show, with the system info switch of each (screens §3 three-way config). */
const PROVIDERS: ReadonlyArray<{ readonly id: ThirdProvider; readonly name: string; readonly switch: string }> = [
  { id: 'google', name: 'Google', switch: 'useGoogle' },
  { id: 'facebook', name: 'Facebook', switch: 'useFacebook' },
  { id: 'wechat', name: 'WeChat', switch: 'useWechat' },
  { id: 'qq', name: 'QQ', switch: 'useQQ' },
]

/** The providers the site's switches open, as one string (a stable selection). */
const useOpenProviders = (): ReadonlyArray<ThirdProvider> => {
  const open = useActor('site', (s) => PROVIDERS.filter((p) => s.context.sysInfo?.[p.switch] === 'open').map((p) => p.id).join(','))
  return open === '' ? [] : (open.split(',') as ThirdProvider[])
}

/** The provider's display name. */
export const providerName = (id: ThirdProvider): string => PROVIDERS.find((p) => p.id === id)?.name ?? id

/**
 * The third-party sign-in buttons (screens §2 control; §4 timings), one per provider the site
 * opens: Google, WeChat and QQ load for 2 s first, Facebook shows at once (the thirdparty actor).
 * A press opens the provider's window (the thirdparty runner); its token is handed on here: to
 * the session for a sign-in, to `onToken` for a binding.
 */
export const ThirdPartyButtons = ({
  purpose,
  label,
  onToken,
  disabled = false,
  exclude = null,
}: {
  purpose: ThirdPurpose
  label: string
  onToken?: (provider: ThirdProvider, accessToken: string) => void
  disabled?: boolean
  /** A provider not offered (the one bound already). */
  exclude?: ThirdProvider | null
}) => {
  const { t } = useTranslation('account')
  const send = useSend()
  const providers = useOpenProviders().filter((p) => p !== exclude)
  const ready = useActor('thirdparty', (s) => s.matches({ buttons: 'ready' }))
  const attempt = useActor('thirdparty', selectThirdAttempt)
  const mine = attempt !== null && attempt.purpose === purpose ? attempt : null
  useEffect(() => {
    if (mine === null || mine.status !== 'authorized' || mine.accessToken === null) return
    send({ type: 'thirdparty.used', purpose })
    if (purpose === 'login') send({ type: 'session.thirdLoginSubmitted', accessToken: mine.accessToken, requesterType: REQUESTER_TYPE[mine.provider] })
    else onToken?.(mine.provider, mine.accessToken)
  }, [mine, purpose, send, onToken])
  // On screen: they load first (screens §4 timings), once per time they are shown.
  const any = providers.length > 0
  useEffect(() => {
    if (any) send({ type: 'thirdparty.buttonsShown' })
  }, [send, any])
  if (providers.length === 0) return null
  const waiting = mine?.status === 'waiting'
  return (
    <div className="third-party">
      <p className="third-party__label" id={`third-party-${purpose}`}>
        {label}
      </p>
      <div className="third-party__buttons" role="group" aria-labelledby={`third-party-${purpose}`}>
        {providers.map((id) => {
          const shown = id === 'facebook' || ready
          return (
            <button
              key={id}
              type="button"
              className={`third-party__button third-party__button--${id}`}
              disabled={!shown || disabled}
              aria-busy={!shown || (waiting && mine?.provider === id)}
              onClick={() => send({ type: 'thirdparty.requested', provider: id, purpose })}
            >
              <span className="third-party__mark" aria-hidden="true">
                {providerName(id).slice(0, 1)}
              </span>
              {providerName(id)}
            </button>
          )
        })}
      </div>
      {!ready && <p className="third-party__note" role="status">{t('security.loading')}</p>}
      {mine?.status === 'failed' && mine.reason !== null && (
        <p className="third-party__error" role="alert">
          {t(`thirdWay.failed.${mine.reason}`, { provider: providerName(mine.provider) })}
        </p>
      )}
    </div>
  )
}
