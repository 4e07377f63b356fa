import type { ActorRefFrom } from 'xstate'
import { selectPhoneBoundNow, selectWithdrawPassNow, type securityMachine } from '../../../actors/security'
import { selectPhoneBound, selectWithdrawPassSet, withdrawTargetOf, type sessionMachine } from '../../../actors/session'
import { useActorSelector } from '../../system-react'
import { useNavigate } from '../routing/nav-hooks'

type SessionRef = ActorRefFrom<typeof sessionMachine>
type SecurityRef = ActorRefFrom<typeof securityMachine>

/**
 * Goes to withdraw the way the spec asks (§2): withdraw from the user card or the header
 * (`checkPhone`) needs a bound phone, else the security page's phone tab; then a withdraw
 * password, else its withdraw-password tab. Withdrawal management (personal menu, nav card, tab
 * bar) skips the phone check. What is bound is the security actor's active auth info (refetched
 * after every bind) once it is known, the login's user info before.
 */
export const useWithdraw = (checkPhone: boolean): (() => void) => {
  const navigate = useNavigate()
  const phoneAtLogin = useActorSelector<SessionRef, boolean>('session', selectPhoneBound)
  const passAtLogin = useActorSelector<SessionRef, boolean>('session', selectWithdrawPassSet)
  const phoneNow = useActorSelector<SecurityRef, boolean | null>('security', selectPhoneBoundNow)
  const passNow = useActorSelector<SecurityRef, boolean | null>('security', selectWithdrawPassNow)
  const phone = phoneNow ?? phoneAtLogin
  const withdrawPass = passNow ?? passAtLogin
  return () => {
    const target = withdrawTargetOf({ phone, withdrawPass }, checkPhone)
    if (target.route === 'withdraw') navigate('withdraw')
    else navigate('security', { query: { current: target.current } })
  }
}
