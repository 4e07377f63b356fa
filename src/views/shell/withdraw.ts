import { authInfoActor, boundNow } from '../../../actors/security'
import { selectPhoneBound, selectWithdrawPassSet, withdrawTargetOf } from '../../../actors/session'
import { useActor, useQuery } from '../../system-react'
import { useNavigate } from '../routing/nav-hooks'


/**
 * Goes to withdraw the way the spec asks (§2): withdraw from the user card or the header
 * (`checkPhone`) needs a bound phone, else the security page's phone tab; then a withdraw
 * password, else its withdraw-password tab. Withdrawal management (personal menu, nav card, tab
 * bar) skips the phone check. What is bound is the security actor's active auth info (refetched
 * after every bind) once it is known, the login's user info before.
 */
export const useWithdraw = (checkPhone: boolean): (() => void) => {
  const navigate = useNavigate()
  const phoneAtLogin = useActor('session', selectPhoneBound)
  const passAtLogin = useActor('session', selectWithdrawPassSet)
  const authInfo = useQuery(authInfoActor).data
  const phoneNow = boundNow(authInfo, 'phone')
  const passNow = boundNow(authInfo, 'withdrawPass')
  const phone = phoneNow ?? phoneAtLogin
  const withdrawPass = passNow ?? passAtLogin
  return () => {
    const target = withdrawTargetOf({ phone, withdrawPass }, checkPhone)
    if (target.route === 'withdraw') navigate('withdraw')
    else navigate('security', { query: { current: target.current } })
  }
}
