/**
 * The operator's side of the support console (docs/operations.md): the routes under
 * /support/api/ops, on the same sign-in, CSRF and origin checks as the rest of the console
 * (routes.ts mounts them behind its middleware). Every route names the roles that may use it; any
 * other role, a lead included, gets 403 and the attempt goes to the audit trail. Each area keeps
 * its routes in its own file and is listed once in OPERATOR_AREAS (operator-areas.ts).
 */
import type { Context, Hono } from 'hono'
import type { Db } from '../db'
import type { SocketHub } from '../ws'
import type { SupportRole, SupportUser } from './accounts'
import type { AuditIn } from './audit'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyContext = Context<any>

/** What an operator area's routes run with. */
export interface OperatorKit {
  readonly db: Db
  /** The hall's socket hub (a decision reaches the player at once); undefined when the hall runs without one. */
  readonly socket: SocketHub | undefined
  /** The hall's clock (ms). */
  readonly now: () => number
  readonly log: (line: string) => void
  /** The signed-in console account of a request. */
  readonly userOf: (c: AnyContext) => SupportUser
  /** Writes an audit entry for the signed-in account. */
  readonly audit: (c: AnyContext, e: Omit<AuditIn, 'account'>) => Promise<void>
  /** The request's JSON object body, or undefined when it is not one. */
  readonly readJson: (c: AnyContext) => Promise<Record<string, unknown> | undefined>
  /**
   * Undefined when the signed-in account has one of `roles`; otherwise the 403 answer to return,
   * with the refused attempt written to the audit trail.
   */
  readonly refuseUnless: (c: AnyContext, roles: ReadonlyArray<SupportRole>) => Promise<Response | undefined>
}

/** An area of the operator's console: mounts its routes under /support/api/ops. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OperatorArea = (app: Hono<any>, kit: OperatorKit) => void
