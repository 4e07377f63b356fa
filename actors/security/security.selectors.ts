import type { SnapshotFrom } from 'xstate'
import type { BindItem } from '../../schemas/events/postlogin'
import type { securityMachine } from './security.machine'
import { REWARD_KIND, SECURITY_ITEMS, isBound } from './security.logic'

type SecuritySnapshot = SnapshotFrom<typeof securityMachine>

/** A row of the security page: the item, whether it is bound, what shows of it (masked), its bind reward. */
export interface SecurityRow {
  readonly item: BindItem
  readonly bound: boolean
  readonly shown: string
  /** The reward for binding it while not yet received, or null. */
  readonly reward: string | null
}

const cache = new WeakMap<object, ReadonlyArray<SecurityRow>>()

/** The security page's rows, in the bind order, or null until the auth info is known. */
export const selectSecurityRows = (s: SecuritySnapshot): ReadonlyArray<SecurityRow> | null => {
  const { authInfo, rewards } = s.context
  if (authInfo === null) return null
  const key = s.context
  const hit = cache.get(key)
  if (hit !== undefined) return hit
  const rows = SECURITY_ITEMS.map((item): SecurityRow => {
    const benefit = rewards?.find((r) => r.kind === REWARD_KIND[item])
    return {
      item,
      bound: isBound(authInfo, item),
      shown: item === 'phone' ? authInfo.mobile_phone : item === 'email' ? authInfo.email : '',
      reward: benefit !== undefined && benefit.status !== 1 && benefit.status !== 3 ? benefit.reward : null,
    }
  })
  cache.set(key, rows)
  return rows
}

/** Whether a phone is bound by the active auth info (refetched after a bind), or null until it is known. */
export const selectPhoneBoundNow = (s: SecuritySnapshot): boolean | null => (s.context.authInfo === null ? null : isBound(s.context.authInfo, 'phone'))

/** Whether a withdraw password is set by the active auth info, or null until it is known. */
export const selectWithdrawPassNow = (s: SecuritySnapshot): boolean | null =>
  s.context.authInfo === null ? null : isBound(s.context.authInfo, 'withdrawPass')
