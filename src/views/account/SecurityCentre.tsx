import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { profileActor, questionActor } from '../../../actors/account'
import { REQUESTER_TYPE, bindThirdUserCommand, providerOfType } from '../../../actors/thirdparty'
import type { ThirdProvider } from '../../../schemas/events/thirdparty'
import { ThirdPartyButtons, providerName } from '../auth/ThirdPartyButtons'
import { selectQuery } from '../../../actors/nav'
import { selectBindForm } from '../../../actors/postlogin'
import { authInfoActor, rewardBindActor, securityRowsOf } from '../../../actors/security'
import type { AuthInfo } from '../../../schemas/hall/calls/security'
import { actionOf, centreItems, itemOfQuery, rowState, type CentreItem, type Flow } from '../../models/security'
import { useActor, useCommand, useQuery, useSend } from '../../system-react'
import { FormAlert } from '../auth/Field'
import { PageFrame } from '../pages/PageFrame'
import { PhoneCheckDialog } from './PhoneCheck'
import { FlowDialog } from './SecurityFlow'
import { commandError } from './SecurityForms'
import '../postlogin/postlogin.css'
import './account.css'

/**
 * The security centre (screens §2 /home/security; calls §7.2): the login password, phone, email,
 * Google authenticator, withdraw password and secret question, each with its state and its
 * actions. An unbound phone, email, authenticator or withdraw password opens the bind form of the
 * post-login flow; a bound one is changed after the verification the hall asks for (verifymodify:
 * a code to the old phone or email, or the login password in the verifyUserPassword popup), the
 * authenticator switched off and on with its current code, the login password changed with the old
 * one, the secret question set (after the login password) or changed with its answer. The query
 * `current` (an index of the items, or an item) marks an item; with `from=bindModal` its form opens.
 */
export const SecurityCentre = () => {
  const { t } = useTranslation('account')
  const { t: shell } = useTranslation()
  const send = useSend()
  const authInfo = useQuery(authInfoActor).data
  const rewards = useQuery(rewardBindActor).data
  const question = useQuery(questionActor)
  const query = useActor('nav', selectQuery)
  const current = itemOfQuery(query['current'])
  const bindOpen = useActor('postlogin', selectBindForm) !== null
  const [flow, setFlow] = useState<Flow | null>(null)
  const [phoneCheck, setPhoneCheck] = useState(false)
  useEffect(() => send({ type: 'account.opened' }), [send])
  const rows = securityRowsOf(authInfo, rewards)
  const opened = useRef(false)
  const act = (item: CentreItem, info: AuthInfo, replace = false) => {
    const action = actionOf(item, info, rows ?? [], replace)
    if ('bind' in action) send({ type: 'postlogin.bindOpened', item: action.bind })
    else setFlow(action.flow)
  }
  // Came from the bind modal: the named item's form opens once the state is known.
  useEffect(() => {
    if (opened.current || authInfo === null || current === null || query['from'] !== 'bindModal') return
    opened.current = true
    act(current, authInfo)
  })
  if (authInfo === null || rows === null) {
    return (
      <PageFrame title={shell('route.security')}>
        <p className="security__loading" role="status">{t('security.loading')}</p>
      </PageFrame>
    )
  }
  const items = centreItems(authInfo)
  return (
    <PageFrame title={shell('route.security')}>
      <ul className="security" aria-label={t('security.title')}>
        {items.map((item) => {
          const s = rowState(item, authInfo, rows, question.data)
          const name = t(`security.item.${item}`)
          return (
            <li key={item} className={`security__row${current === item ? ' security__row--current' : ''}`} data-item={item} aria-current={current === item ? 'true' : undefined}>
              <span className="security__name">{name}</span>
              {s.shown !== '' && <span className="security__shown">{s.shown}</span>}
              {s.question !== null && <span className="security__shown">{t(`question.q${s.question.questionId}`, { defaultValue: s.question.question })}</span>}
              {s.reward !== null && <span className="security__reward">{t('security.reward', { amount: s.reward })}</span>}
              <span className={`security__state security__state--${s.bound ? 'bound' : 'unbound'}`}>{t(s.state)}</span>
              <button type="button" className="button button--primary button--small" disabled={bindOpen || flow !== null} onClick={() => act(item, authInfo)}>
                {t(s.action)}
                <span className="visually-hidden"> {name}</span>
              </button>
              {item === 'phone' && s.bound && (
                <button type="button" className="button button--ghost button--small" disabled={bindOpen || flow !== null || phoneCheck} onClick={() => setPhoneCheck(true)}>
                  {t('security.action.verifyPhone')}
                </button>
              )}
              {item === 'googleAuth' && s.bound && (
                <button type="button" className="button button--ghost button--small" disabled={bindOpen || flow !== null} onClick={() => act(item, authInfo, true)}>
                  {t('security.action.replace')}
                </button>
              )}
            </li>
          )
        })}
      </ul>
      <ThirdWaySection busy={bindOpen || flow !== null} />
      {phoneCheck && <PhoneCheckDialog onClose={() => setPhoneCheck(false)} />}
      {flow !== null && <FlowDialog key={`${flow.item}-${flow.kind}`} flow={flow} info={authInfo} questionSet={question.data !== null && question.data !== undefined} onClose={() => setFlow(null)} />}
    </PageFrame>
  )
}

/**
 * The third-way binding tab (screens §2 /home/security; §4 bind mode): the third-party account
 * bound (its provider and masked email, from the profile), and a button per provider the site
 * opens to bind one (thirduser/bind with the provider's token; success
 * lobby.center.security.thirdWay.success, the profile read again).
 */
const ThirdWaySection = ({ busy }: { busy: boolean }) => {
  const { t } = useTranslation('account')
  const profile = useQuery(profileActor).data
  const bind = useCommand(bindThirdUserCommand)
  const { reset, submit } = bind
  useEffect(() => reset(), [reset])
  const onToken = useCallback(
    (provider: ThirdProvider, accessToken: string) => submit({ os_type: 3, access_token: accessToken, requester_type: REQUESTER_TYPE[provider] }),
    [submit],
  )
  const boundType = profile?.thirdType ?? 0
  const bound = boundType === 0 ? null : providerOfType(boundType)
  return (
    <section className="security__third" aria-labelledby="security-third-title">
      <h2 className="security__third-title" id="security-third-title">
        {t('security.item.thirdWay')}
      </h2>
      <p className="security__third-state" data-testid="third-state">
        {bound === null ? t('security.state.unbound') : `${providerName(bound)} · ${profile?.thirdEmail ?? ''}`}
      </p>
      {bind.view.status === 'succeeded' && <p className="security__third-done" role="status">{t('thirdWay.success')}</p>}
      <FormAlert text={commandError(t, bind.view)} />
      <ThirdPartyButtons purpose="bind" label={t('thirdWay.bindWith')} onToken={onToken} disabled={busy || bind.view.status === 'submitting'} exclude={bound} />
    </section>
  )
}
