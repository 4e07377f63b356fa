import { getAccessRestrictedInfo, type AccessRestrictedInfo } from '../../schemas/hall/calls/site'
import { queryActor } from '../kit'

/**
 * The access-restricted page's details (spec screens §2 /pages/403/; calls §7.3
 * getAccessRestrictedInfo), a query for anyone: read when the page shows. The page says in the
 * lobby's words why access is refused; the hall adds the operator's title and text, the address
 * it saw and where to reach support.
 */
export const restrictedActor = queryActor({
  id: 'restricted',
  call: getAccessRestrictedInfo,
  audience: 'anyone',
  fetchOn: { 'restricted.opened': true },
  payload: {},
  select: (d): AccessRestrictedInfo => d,
})

export type { AccessRestrictedInfo }
