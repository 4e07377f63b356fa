/**
 * The operator's console routes for players (finance) and for promotions and content (marketing)
 * (docs/operations-players-content.md): players in ops-content-players.ts, promotions and content
 * in ops-content-promos.ts (its messages in ops-content-messages.ts).
 */
import type { OperatorArea } from './operator'
import { playerRoutes } from './ops-content-players'
import { promoRoutes } from './ops-content-promos'

export const contentRoutes: OperatorArea = (app, kit) => {
  playerRoutes(app, kit)
  promoRoutes(app, kit)
}
