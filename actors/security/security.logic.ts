import type { BindItem } from '../../schemas/events/postlogin'
import type { AuthInfo } from '../../schemas/hall/calls/security'
import type { NewcomerBenefit } from '../../schemas/hall/calls/task'

/**
 * The security page's rules (screens §2 /home/security): the items in the bind flow's order,
 * whether each is bound by the active auth info, and the newcomer benefit that rewards it.
 */

/** The items of the security page, in the bind flow's order. */
export const SECURITY_ITEMS: ReadonlyArray<BindItem> = ['phone', 'email', 'googleAuth', 'withdrawPass']

/** The newcomer benefit that rewards binding an item. */
export const REWARD_KIND: Readonly<Record<BindItem, NewcomerBenefit['kind']>> = {
  phone: 'bindPhone', email: 'bindEmail', googleAuth: 'bindGoogleAuth', withdrawPass: 'bindWithdrawPass',
}

/** Whether an item is bound, by the auth info. */
export const isBound = (info: AuthInfo | null, item: BindItem): boolean => {
  if (info === null) return false
  switch (item) {
    case 'phone':
      return info.mobile_phone !== ''
    case 'email':
      return info.email !== ''
    case 'googleAuth':
      return info.is_open_google_auth === 1 || info.google_auth_bound === 1
    case 'withdrawPass':
      return info.withdraw_pass === 1
  }
}
