import type { ActorRefFrom } from 'xstate'
import { selectPhoneBound, selectWithdrawPassSet, withdrawTargetOf, type sessionMachine } from '../../../actors/session'
import { useActorSelector } from '../../system-react'
import { useNavigate } from '../routing/nav-hooks'

type SessionRef = ActorRefFrom<typeof sessionMachine>

/**
 * Goes to withdraw the way the spec asks (§2): withdraw from the user card or the header
 * (`checkPhone`) needs a bound phone, else the security page's phone tab; then a withdraw
 * password, else its withdraw-password tab. Withdrawal management (personal menu, nav card, tab
 * bar) skips the phone check.
 */
export const useWithdraw = (checkPhone: boolean): (() => void) => {
  const navigate = useNavigate()
  const phone = useActorSelector<SessionRef, boolean>('session', selectPhoneBound)
  const withdrawPass = useActorSelector<SessionRef, boolean>('session', selectWithdrawPassSet)
  return () => {
    const target = withdrawTargetOf({ phone, withdrawPass }, checkPhone)
    if (target.route === 'withdraw') navigate('withdraw')
    else navigate('security', { query: { current: target.current } })
  }
}
