/**
 * The operator's console routes for players (finance) and for promotions and content (marketing)
 * (docs/operations.md).
 */
import type { OperatorArea } from './operator'

export const contentRoutes: OperatorArea = () => {}
