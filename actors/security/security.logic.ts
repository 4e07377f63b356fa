import type { EventOfType } from '../../schemas/events'
import type { BindItem } from '../../schemas/events/postlogin'
import type { AuthInfo } from '../../schemas/hall/calls/security'
import type { NewcomerBenefit } from '../../schemas/hall/calls/task'

/**
 * The security actor's data and rules (screens §2 /home/security, §4 after login: a login change
 * refetches the active auth info and the reward-bind data).
 */

/** The hall calls this actor makes. */
export const SECURITY_CALLS = { authInfo: 'actionVerify', rewardBind: 'newcomerBenefitStatus' } as const
export type SecurityCall = keyof typeof SECURITY_CALLS

/** The items of the security page, in the bind flow's order. */
export const SECURITY_ITEMS: ReadonlyArray<BindItem> = ['phone', 'email', 'googleAuth', 'withdrawPass']

/** The newcomer benefit that rewards binding an item. */
export const REWARD_KIND: Readonly<Record<BindItem, NewcomerBenefit['kind']>> = {
  phone: 'bindPhone', email: 'bindEmail', googleAuth: 'bindGoogleAuth', withdrawPass: 'bindWithdrawPass',
}

export interface SecurityContext {
  readonly requestCount: number
  readonly real: boolean
  readonly authInfo: AuthInfo | null
  readonly rewards: ReadonlyArray<NewcomerBenefit> | null
  /** Calls asked and not answered, by request id (answers for a past player are ignored). */
  readonly pending: Readonly<Record<string, SecurityCall>>
}

export const initialContext: SecurityContext = { requestCount: 0, real: false, authInfo: null, rewards: null, pending: {} }

/** Whether an item is bound, by the auth info. */
export const isBound = (info: AuthInfo | null, item: BindItem): boolean => {
  if (info === null) return false
  switch (item) {
    case 'phone':
      return info.mobile_phone !== ''
    case 'email':
      return info.email !== ''
    case 'googleAuth':
      return info.is_open_google_auth === 1
    case 'withdrawPass':
      return info.withdraw_pass === 1
  }
}

export type SecurityEvent =
  | EventOfType<'session.loggedIn'>
  | EventOfType<'session.loggedOut'>
  | EventOfType<'postlogin.refreshRequested'>
  | EventOfType<'postlogin.bound'>
  | EventOfType<'hall.responded'>
  | EventOfType<'hall.failed'>

export type SecurityEmitted = EventOfType<'hall.requested'>
