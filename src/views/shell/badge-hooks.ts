import { chargeRateActor, redDotActor, unreadActor, type BadgeData } from '../../../actors/badges'
import { useQuery } from '../../system-react'

/** Reads the badge queries through one of the badge selectors. */
export const useBadges = <T,>(selector: (b: BadgeData) => T): T => {
  const chargeRate = useQuery(chargeRateActor).data
  const redDot = useQuery(redDotActor).data
  const unread = useQuery(unreadActor).data
  return selector({ chargeRate, redDot, unread })
}
