/**
 * The operator's console routes for players (finance) and for promotions and content (marketing)
 * (docs/operations-players-content.md): players in ops-content-players.ts, promotions and content
 * in ops-content-promos.ts.
 */
import type { OperatorArea } from './operator'
import { playerRoutes } from './ops-content-players'

export const contentRoutes: OperatorArea = (app, kit) => {
  playerRoutes(app, kit)
}
