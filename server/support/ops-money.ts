/**
 * The finance role's routes of the operator's console (docs/operations.md): withdrawals and
 * deposits, through the hall's money core (server/money).
 */
import type { OperatorArea } from './operator'

export const moneyRoutes: OperatorArea = () => {}
