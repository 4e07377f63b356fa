import type { BindItem } from '../../schemas/events/postlogin'
import type { AuthInfo } from '../../schemas/hall/calls/security'
import type { NewcomerBenefit } from '../../schemas/hall/calls/task'
import { REWARD_KIND, SECURITY_ITEMS, isBound } from './security.logic'

/** A row of the security page: the item, whether it is bound, what shows of it (masked), its bind reward. */
export interface SecurityRow {
  readonly item: BindItem
  readonly bound: boolean
  readonly shown: string
  /** The reward for binding it while not yet received, or null. */
  readonly reward: string | null
}

/** The security page's rows, in the bind order, or null until the auth info is known. */
export const securityRowsOf = (authInfo: AuthInfo | null, rewards: ReadonlyArray<NewcomerBenefit> | null): ReadonlyArray<SecurityRow> | null => {
  if (authInfo === null) return null
  return SECURITY_ITEMS.map((item): SecurityRow => {
    const benefit = rewards?.find((r) => r.kind === REWARD_KIND[item])
    return {
      item,
      bound: isBound(authInfo, item),
      shown: item === 'phone' ? authInfo.mobile_phone : item === 'email' ? authInfo.email : '',
      // Only a reward the hall offers and still owes: none listed, zero, received or sent shows none.
      reward: benefit !== undefined && Number(benefit.reward) > 0 && benefit.status !== 1 && benefit.status !== 3 ? benefit.reward : null,
    }
  })
}

/** Whether an item is bound by the active auth info (refetched after a bind), or null until it is known. */
export const boundNow = (authInfo: AuthInfo | null, item: BindItem): boolean | null => (authInfo === null ? null : isBound(authInfo, item))
