/**
 * The areas of the operator's console, each in its file (docs/operations.md): money (withdrawals,
 * deposits) for finance; players for finance and promotions and content for marketing.
 */
import { contentRoutes } from './ops-content'
import { moneyRoutes } from './ops-money'
import type { OperatorArea } from './operator'

export const OPERATOR_AREAS: ReadonlyArray<OperatorArea> = [moneyRoutes, contentRoutes]
