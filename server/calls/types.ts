/**
 * What a call implementation sees and returns. The pipeline (server/pipeline.ts) has already
 * checked the protocol and decoded the request with the call's schema; an implementation returns
 * the envelope's data or throws a ServiceError for a service code of the spec's catalogue, which
 * travels with HTTP 200 like any answer.
 */
import type { HallCall } from '../../schemas/hall/call'
import type { Db } from '../db'
import type { HallState } from '../state'
import type { SessionRow, SiteRow } from '../store'
import type { SocketHub } from '../ws'

/** Settings of a running hall that calls depend on. */
export interface HallConfig {
  readonly mode: 'production' | 'dev' | 'test'
  readonly sessionTtlMs: number
  /** The stand-in counterparts are served (dev and test modes, or production with --stand-ins); absent: outside production. */
  readonly standIns?: boolean
}

/** The context of one decoded call. */
export interface CallContext {
  readonly db: Db
  readonly site: SiteRow
  /** The session named by the token header, live or not; undefined for visitors. */
  readonly session: SessionRow | undefined
  readonly state: HallState
  readonly config: HallConfig
  readonly ip: string
  readonly device: string
  /** The caller's fingerprint header (the lobby keeps one per browser), or ''. */
  readonly fingerprint: string
  /** The hall's clock for this call (ms since epoch). */
  readonly now: number
  /** The caller's interface language (the language header, e.g. 'pt_PT'), or ''. */
  readonly language: string
  /** The realtime socket, for calls whose change the player hears of (absent in halls without one). */
  readonly socket?: SocketHub
}

export { ServiceError } from '../service-error'

/** Service codes the reference hall answers (spec §8 and the hall's own, see docs/hall.md). */
export const ServiceCodes = {
  tokenExpired: -1,
  loginError: 1011,
  accountFrozen: 1025,
  usernameTaken: 1030,
  invalidUsername: 1031,
  invalidPassword: 1032,
  notGuest: 1033,
  unsupportedCurrency: 1034,
} as const

/** An implemented call: the description and the function answering it. */
export interface Implementation {
  readonly call: HallCall
  readonly run: (ctx: CallContext, params: unknown) => Promise<unknown>
}

/**
 * Binds an implementation to its description; the request and the answer are typed by the call's
 * schemas, so an implementation that drifts from the description fails to type-check.
 */
export const implement = <C extends HallCall>(
  call: C,
  run: (ctx: CallContext, params: C['request']['Type']) => Promise<C['response']['Type']>,
): Implementation => ({ call, run })

